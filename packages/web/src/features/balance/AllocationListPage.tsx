import { Alert, Card, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { RandAllocation } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { useAllocationsQuery } from './api';

const PAGE_SIZE = 20;

/** An allocation's arm as the server sent it; a blinded caller's allocation has none, and shows none. */
export function armOf(allocation: Pick<RandAllocation, 'arm' | 'armName'>): string | null {
  if (allocation.arm === undefined) return null;
  return allocation.armName && allocation.armName !== allocation.arm ? `${allocation.arm} ${allocation.armName}` : allocation.arm;
}

/**
 * Balance's allocation list (/balance/allocations): the caller's sites' allocations in the session's
 * environment. The arm column appears only when the server sent arms; the server decides who sees them.
 */
export function AllocationListPage() {
  const { t } = useTranslation();
  const { project, currentEnv } = useProjectContext();
  const [page, setPage] = useState(1);
  const allocations = useAllocationsQuery(project?.id ?? null, currentEnv?.key ?? null, page, PAGE_SIZE);
  const list = allocations.data?.list ?? [];
  const anyArm = list.some((allocation) => allocation.arm !== undefined);

  const columns: TableColumnsType<RandAllocation> = [
    {
      title: t('balance.fields.subject'),
      dataIndex: 'subject',
      render: (subject: string, allocation) => <Link to={`/survey/subject/${String(allocation.subjectId)}`}>{subject}</Link>,
    },
    { title: t('balance.fields.site'), dataIndex: 'site' },
    { title: t('balance.fields.randomNo'), dataIndex: 'randomNo' },
    { title: t('balance.slots.stratum'), dataIndex: 'stratum' },
    {
      title: t('balance.fields.factors'),
      dataIndex: 'factors',
      render: (factors: Record<string, string>) =>
        Object.entries(factors)
          .map(([factor, option]) => `${factor}=${option}`)
          .join(', ') || '-',
    },
    { title: t('balance.fields.allocatedAt'), dataIndex: 'allocatedAt', render: (at: string) => dayjs(at).format(DATE_TIME_FORMAT) },
    { title: t('balance.fields.allocatedBy'), dataIndex: 'allocatedBy', render: (who: string | null) => who ?? '-' },
    ...(anyArm
      ? [{ title: t('balance.fields.armsOne'), key: 'arm', render: (_value: unknown, allocation: RandAllocation) => <span data-testid={`allocation-arm-${String(allocation.id)}`}>{armOf(allocation) ?? '-'}</span> }]
      : []),
    {
      title: t('balance.fields.unblinded'),
      dataIndex: 'unblinded',
      render: (unblinded: boolean) => (unblinded ? <Tag color="red">{t('balance.allocations.unblinded')}</Tag> : null),
    },
  ];

  return (
    <Card title={t('balance.allocations.title')} data-testid="allocation-list">
      {allocations.isError ? <Alert type="warning" showIcon title={allocations.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<RandAllocation>
        rowKey="id"
        size="middle"
        loading={allocations.isFetching}
        columns={columns}
        dataSource={list}
        locale={{ emptyText: t('balance.allocations.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: allocations.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
    </Card>
  );
}
