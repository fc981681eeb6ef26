import { Alert, Button, Card, Dropdown, Flex, Input, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KIT_STATUSES } from '@dcap/core';
import type { KitAction, KitStatus, SupplyKit, SupplyKitListQuery } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useKitsQuery, useLocationsQuery, usePlanQuery } from './api';
import { GenerateKitsDialog, KitActionDialog, UploadKitsDialog } from './KitListDialogs';
import { kitActionsFor, kitTypeName, localeOf, locationName } from './labels';

const PAGE_SIZE = 50;

export const KIT_STATUS_COLORS: Record<KitStatus, string> = {
  available: 'blue',
  in_transit: 'gold',
  at_site: 'green',
  dispensed: 'purple',
  returned: 'cyan',
  destroyed: 'default',
  lost: 'red',
  damaged: 'red',
  expired: 'volcano',
  quarantined: 'orange',
};

type Dialog = { kind: 'generate' } | { kind: 'upload' } | { kind: 'action'; kitNo: string; action: KitAction };

/**
 * Kits (/isupply/drugManage/kits): generating and uploading kit lists (managers), the kits the caller may
 * see with filters, and each kit's actions as core's kit transitions allow them (site staff). The kit type
 * filter is offered only to callers who see arms: the server ignores it for everyone else.
 */
export function KitsPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const init = useAppInit();
  const plan = usePlanQuery();
  const locations = useLocationsQuery();
  const [filters, setFilters] = useState<Omit<SupplyKitListQuery, 'page' | 'pageSize'>>({});
  const [draft, setDraft] = useState<Omit<SupplyKitListQuery, 'page' | 'pageSize'>>({});
  const [page, setPage] = useState(1);
  const kits = useKitsQuery({ ...filters, page, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mayManage = init.projectAbilities['supply.manage'] === true;
  const maySite = init.projectAbilities['supply.site'] === true;
  const armsVisible = plan.data?.armsVisible === true;
  const depots = (locations.data ?? []).filter((location) => location.kind === 'depot');

  const columns: TableColumnsType<SupplyKit> = [
    { title: t('isupply.fields.kitNo'), dataIndex: 'kitNo' },
    { title: t('isupply.fields.kitType'), key: 'kitType', render: (_value, kit) => kitTypeName(kit.kitType, locale) },
    { title: t('isupply.fields.batch'), dataIndex: 'batch' },
    { title: t('isupply.fields.expiresOn'), dataIndex: 'expiresOn' },
    { title: t('isupply.fields.status'), dataIndex: 'status', render: (status: KitStatus) => <Tag color={KIT_STATUS_COLORS[status]}>{t(`isupply.kitStatus.${status}`)}</Tag> },
    { title: t('isupply.fields.location'), key: 'location', render: (_value, kit) => (kit.location ? locationName(kit.location, locale) : '-') },
    ...(maySite
      ? [
          {
            title: t('isupply.fields.actions'),
            key: 'actions',
            render: (_value: unknown, kit: SupplyKit) => {
              const actions = kitActionsFor(kit);
              if (actions.length === 0) return null;
              return (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: actions.map((action) => ({ key: action, label: <span data-testid={`kit-action-${action}`}>{t(`isupply.kitAction.${action}`)}</span> })),
                    onClick: ({ key }) => setDialog({ kind: 'action', kitNo: kit.kitNo, action: key as KitAction }),
                  }}
                >
                  <Button size="small" data-testid={`kit-actions-${kit.kitNo}`}>
                    {t('isupply.fields.actions')}
                  </Button>
                </Dropdown>
              );
            },
          },
        ]
      : []),
  ];

  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K] | undefined) =>
    setDraft((current) => {
      const { [key]: _dropped, ...rest } = current;
      return value === undefined ? rest : { ...rest, [key]: value };
    });

  return (
    <Card
      title={t('isupply.kits.title')}
      data-testid="kits-page"
      extra={
        mayManage ? (
          <Flex gap={8}>
            <Button type="primary" onClick={() => setDialog({ kind: 'generate' })} disabled={!armsVisible} data-testid="kit-generate">
              {t('isupply.kits.generate')}
            </Button>
            <Button onClick={() => setDialog({ kind: 'upload' })} data-testid="kit-upload">
              {t('isupply.kits.upload')}
            </Button>
          </Flex>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select allowClear style={{ width: 160 }} placeholder={t('isupply.fields.status')} value={draft.status} onChange={(value?: KitStatus) => set('status', value)} data-testid="kit-filter-status" options={KIT_STATUSES.map((value) => ({ value, label: t(`isupply.kitStatus.${value}`) }))} />
        <Select allowClear style={{ width: 220 }} placeholder={t('isupply.fields.location')} value={draft.locationId} onChange={(value?: number) => set('locationId', value)} data-testid="kit-filter-location" options={(locations.data ?? []).map((location) => ({ value: location.id, label: locationName(location, locale) }))} />
        {armsVisible ? (
          <Select allowClear style={{ width: 200 }} placeholder={t('isupply.fields.kitType')} value={draft.kitTypeId} onChange={(value?: number) => set('kitTypeId', value)} data-testid="kit-filter-type" options={(plan.data?.kitTypes ?? []).map((type) => ({ value: type.id, label: kitTypeName(type, locale) }))} />
        ) : null}
        <Input allowClear style={{ width: 140 }} placeholder={t('isupply.fields.batch')} value={draft.batch ?? ''} onChange={(event) => set('batch', event.target.value.trim() || undefined)} data-testid="kit-filter-batch" />
        <Input allowClear style={{ width: 160 }} placeholder={t('isupply.fields.kitNo')} value={draft.kitNo ?? ''} onChange={(event) => set('kitNo', event.target.value.trim() || undefined)} data-testid="kit-filter-kitNo" />
        <Button
          type="primary"
          onClick={() => {
            setFilters(draft);
            setPage(1);
          }}
          data-testid="kit-filter-search"
        >
          {t('isupply.kits.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft({});
            setFilters({});
            setPage(1);
          }}
        >
          {t('isupply.kits.reset')}
        </Button>
      </Flex>
      {kits.isError ? <Alert type="warning" showIcon title={kits.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<SupplyKit>
        rowKey="id"
        size="small"
        loading={kits.isFetching}
        columns={columns}
        dataSource={kits.data?.items ?? []}
        locale={{ emptyText: t('isupply.kits.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: kits.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        data-testid="kit-table"
      />
      {dialog?.kind === 'generate' ? <GenerateKitsDialog depots={depots} kitTypes={plan.data?.kitTypes ?? []} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'upload' ? <UploadKitsDialog depots={depots} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'action' ? <KitActionDialog kitNo={dialog.kitNo} action={dialog.action} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
