import { Alert, Card, DatePicker, Flex, Form, Input, Select, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { currentLocale } from '../../i18n';
import type { AlterationFilters } from './api';
import { useAlterationLog, useQueryFilterOptions } from './api';
import { actionLabel, auditColumns } from './auditColumns';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { localName } from './format';

const PAGE_SIZE = 20;
/** Action families offered by the filter; a single action can still be chosen from the list below them. */
const FAMILIES = ['record.*', 'field.*', 'query.*', 'signature.*', 'subject.*', 'attachment.*', 'schedule.*'] as const;
const ACTIONS = ['record.value', 'record.rowDelete', 'field.verify', 'field.review', 'field.lock', 'field.freeze', 'field.inactive', 'signature.sign', 'signature.break', 'query.open', 'query.answer', 'query.close', 'query.cancel', 'query.autoClose'] as const;

interface FilterForm {
  siteId?: number;
  subject?: string;
  eventId?: number;
  instrumentId?: number;
  userId?: number;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * The alteration log (spec 002 §2; COMPLIANCE AT-7): every change to study data in this environment at the
 * caller's sites, newest first by sequence (TS-3), old → new value, reason, who and in which role, and the
 * time in the user's zone with its offset (TS-2); exportable as xlsx or CSV.
 */
export function AlterationLogPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { project, currentEnv } = useProjectContext();
  const options = useQueryFilterOptions(project?.id ?? null, currentEnv?.key ?? null);
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<AlterationFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const log = useAlterationLog(filters, { pageNo, pageSize: PAGE_SIZE });

  const apply = (values: FilterForm) => {
    const [from, to] = values.range ?? [null, null];
    const subject = values.subject?.trim();
    setFilters({
      siteId: values.siteId,
      subject: subject === '' ? undefined : subject,
      eventId: values.eventId,
      instrumentId: values.instrumentId,
      userId: values.userId,
      action: values.action,
      // The day range is the user's days: from local midnight to the end of the last day, with the offset.
      from: from ? from.startOf('day').format() : undefined,
      to: to ? to.endOf('day').format() : undefined,
    });
    setPageNo(1);
  };
  const named = (item: { id: number; name: string; nameEn: string | null }) => ({ value: item.id, label: localName(locale, item.name, item.nameEn) });

  return (
    <Flex vertical gap={16} data-testid="alteration-log">
      <Card title={t('queries.alteration.title')} extra={<ExportButton what="alteration" filters={filters} />}>
        <FilterBar form={form} onApply={apply} testId="alteration">
          <Form.Item name="siteId" label={t('queries.management.site')}>
            <Select allowClear style={{ width: 160 }} placeholder={t('queries.management.all')} options={(options.data?.sites ?? []).map((site) => ({ value: site.id, label: `${site.code} ${localName(locale, site.name, site.nameEn)}` }))} />
          </Form.Item>
          <Form.Item name="subject" label={t('queries.alteration.subjectId')}>
            <Input allowClear style={{ width: 130 }} placeholder={t('queries.management.subjectPlaceholder')} />
          </Form.Item>
          <Form.Item name="eventId" label={t('queries.management.visit')}>
            <Select allowClear style={{ width: 130 }} placeholder={t('queries.management.all')} options={(options.data?.events ?? []).map(named)} />
          </Form.Item>
          <Form.Item name="instrumentId" label={t('queries.management.panel')}>
            <Select allowClear style={{ width: 130 }} placeholder={t('queries.management.all')} options={(options.data?.instruments ?? []).map(named)} />
          </Form.Item>
          <Form.Item name="userId" label={t('queries.alteration.user')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 160 }}
              placeholder={t('queries.management.all')}
              options={(options.data?.users ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.username})` }))}
            />
          </Form.Item>
          <Form.Item name="action" label={t('queries.alteration.action')}>
            <Select
              allowClear
              style={{ width: 170 }}
              placeholder={t('queries.management.all')}
              options={[
                ...FAMILIES.map((family) => ({ value: family, label: t(`queries.families.${family}`) })),
                ...ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="range" label={t('queries.alteration.range')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </FilterBar>
      </Card>
      <Card size="small">
        {log.isError ? (
          <Alert type="warning" showIcon title={t('queries.loadFailed')} description={log.error.message} />
        ) : (
          <Table<AuditEntry>
            rowKey="id"
            size="small"
            loading={log.isFetching}
            columns={auditColumns(t, { locale, location: true })}
            dataSource={log.data?.list ?? []}
            scroll={{ x: 1500 }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: log.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => `${t('queries.management.total')} ${String(total)}` }}
            data-testid="alteration-table"
          />
        )}
      </Card>
    </Flex>
  );
}
