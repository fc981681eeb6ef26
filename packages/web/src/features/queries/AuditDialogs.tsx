import { Alert, Descriptions, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useDerivedLog, useFieldAudit } from './api';
import { auditColumns } from './auditColumns';

interface FieldTarget {
  panelInstanceId: number;
  path: string;
}

function AuditTable({ rows, loading }: { rows: AuditEntry[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      columns={auditColumns(t, { locale: currentLocale(i18n) })}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: t('queries.audit.empty') }}
      scroll={{ x: 900 }}
      data-testid="audit-table"
    />
  );
}

/** The audit log of one field (spec 002 §2 field settings "audit log"; COMPLIANCE AT-7), oldest first by sequence (TS-3). */
export function FieldAuditContent({ field }: { field: FieldTarget }) {
  const { t } = useTranslation();
  const log = useFieldAudit(field.panelInstanceId, field.path);
  if (log.isError) return <Alert type="warning" showIcon title={t('queries.loadFailed')} description={log.error.message} />;
  return <AuditTable rows={log.data?.rows ?? []} loading={log.isPending} />;
}

/** The derived log of a formula field (spec 002 §2 "derived log"): its formula, its inputs and their changes in one sequence. */
export function DerivedLogContent({ field }: { field: FieldTarget }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const log = useDerivedLog(field.panelInstanceId, field.path);
  if (log.isError) return <Alert type="warning" showIcon title={t('queries.loadFailed')} description={log.error.message} />;
  return (
    <>
      {log.data ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('queries.audit.formula')}>
            <code data-testid="derived-formula">{log.data.formula}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('queries.audit.inputs')}>
            {log.data.references.map((ref) => (
              <Tag key={ref.path}>{locale === 'en-US' ? (ref.labelEn ?? ref.label) : ref.label}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <AuditTable rows={log.data?.rows ?? []} loading={log.isPending} />
    </>
  );
}
