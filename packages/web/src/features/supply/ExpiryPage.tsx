import { Alert, Card, InputNumber, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitStatus, SupplyKit } from '@dcap/core';
import { useExpiryQuery } from './api';
import { KIT_STATUS_COLORS } from './KitsPage';
import { kitTypeName, localeOf, locationName } from './labels';

/** The server's default window of expiry alerts (docs/decisions.md "Drug supply"). */
const DEFAULT_DAYS = 30;

/** Expiry alerts (/isupply/expiry): usable kits at the caller's locations expiring within N days, soonest first. */
export function ExpiryPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [days, setDays] = useState(DEFAULT_DAYS);
  const expiring = useExpiryQuery(days);
  const columns: TableColumnsType<SupplyKit> = [
    { title: t('isupply.fields.expiresOn'), dataIndex: 'expiresOn' },
    { title: t('isupply.fields.kitNo'), dataIndex: 'kitNo' },
    { title: t('isupply.fields.kitType'), key: 'kitType', render: (_value, kit) => kitTypeName(kit.kitType, locale) },
    { title: t('isupply.fields.batch'), dataIndex: 'batch' },
    { title: t('isupply.fields.status'), dataIndex: 'status', render: (status: KitStatus) => <Tag color={KIT_STATUS_COLORS[status]}>{t(`isupply.kitStatus.${status}`)}</Tag> },
    { title: t('isupply.fields.location'), key: 'location', render: (_value, kit) => (kit.location ? locationName(kit.location, locale) : '-') },
  ];
  return (
    <Card
      title={t('isupply.expiry.title')}
      data-testid="expiry-page"
      extra={
        <Space>
          <Typography.Text>{t('isupply.fields.days')}</Typography.Text>
          <InputNumber min={0} max={365} value={days} onChange={(value) => setDays(value ?? DEFAULT_DAYS)} data-testid="expiry-days" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('isupply.expiry.hint', { days })}</Typography.Paragraph>
      {expiring.isError ? <Alert type="warning" showIcon title={expiring.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<SupplyKit> rowKey="id" size="small" loading={expiring.isFetching} columns={columns} dataSource={expiring.data ?? []} locale={{ emptyText: t('isupply.expiry.empty') }} data-testid="expiry-table" />
    </Card>
  );
}
