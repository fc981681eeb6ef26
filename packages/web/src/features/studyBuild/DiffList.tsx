import { Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignChange, DiffDetail } from '@dcap/core';
import { DIFF_CHANGE_COLORS, DIFF_CHANGE_LABEL_KEYS, DIFF_ENTITY_LABEL_KEYS } from './labels';

/** A before or after value as text: widgets arrive as `{name, nameEn, type}`, properties as plain values. */
export function diffValueText(value: unknown, english: boolean): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && 'name' in value && typeof value.name === 'string') {
    const name = english && 'nameEn' in value && typeof value.nameEn === 'string' && value.nameEn ? value.nameEn : value.name;
    return 'type' in value && typeof value.type === 'string' ? `${name} (${value.type})` : name;
  }
  return JSON.stringify(value);
}

function DetailTable({ details, english }: { details: DiffDetail[]; english: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DiffDetail> = [
    { key: 'path', title: t('design.diff.path'), render: (_v, detail) => <Typography.Text code>{detail.path}</Typography.Text> },
    { key: 'before', title: t('design.diff.before'), render: (_v, detail) => <Typography.Text delete={detail.after === null}>{diffValueText(detail.before, english)}</Typography.Text> },
    { key: 'after', title: t('design.diff.after'), render: (_v, detail) => diffValueText(detail.after, english) },
  ];
  return <Table<DiffDetail> rowKey="path" size="small" columns={columns} dataSource={details} pagination={false} />;
}

/** The changes publishing would make, one row per panel, visit or matrix cell, details folded out beneath. */
export function DiffList({ changes, english }: { changes: DesignChange[]; english: boolean }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Empty description={t('design.diff.none')} data-testid="diff-none" />;
  const columns: TableColumnsType<DesignChange> = [
    { key: 'entity', title: t('design.diff.entityTitle'), width: 110, render: (_v, change) => t(DIFF_ENTITY_LABEL_KEYS[change.entity]) },
    {
      key: 'change',
      title: t('design.diff.changeTitle'),
      width: 100,
      render: (_v, change) => <Tag color={DIFF_CHANGE_COLORS[change.change]}>{t(DIFF_CHANGE_LABEL_KEYS[change.change])}</Tag>,
    },
    { key: 'key', title: t('design.diff.key'), render: (_v, change) => <Typography.Text code>{change.key}</Typography.Text> },
    { key: 'name', dataIndex: 'name', title: t('design.diff.name') },
    { key: 'count', title: t('design.diff.detailCount'), width: 90, render: (_v, change) => change.details.length },
  ];
  return (
    <Table<DesignChange>
      rowKey={(change) => `${change.entity}:${change.key}`}
      size="small"
      columns={columns}
      dataSource={changes}
      pagination={false}
      expandable={{
        rowExpandable: (change) => change.details.length > 0,
        expandedRowRender: (change) => <DetailTable details={change.details} english={english} />,
      }}
      data-testid="diff-table"
    />
  );
}
