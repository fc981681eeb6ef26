import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { ApprovalItem } from '@dcap/core';
import { currentLocale } from '../../../i18n';
import { localName } from '../../../lib/displayName';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABEL_KEYS, STATUS_CHANGE_LABEL_KEYS } from '../../../lib/projectLabels';
import { useApprovalsQuery, useDecideMutation } from './api';
import { ReasonModal } from './ReasonModal';

/** A stable row key: going online has one application per project, status changes their own id. */
export function approvalKey(item: ApprovalItem): string {
  return item.kind === 'online' ? `online-${item.projectId}` : `change-${item.applicationId ?? 0}`;
}

interface Pending {
  item: ApprovalItem;
  approve: boolean;
}

/**
 * The approvals inbox (docs/decisions.md, "Lifecycle gates"): applications to go online and status-change
 * applications the caller may decide, with approve and reject. A rejection needs a reason; both are audited.
 * The server lists only what the caller may decide, never their own applications (four eyes).
 */
export function ApprovalsPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const approvals = useApprovalsQuery();
  const decide = useDecideMutation();
  const [pending, setPending] = useState<Pending | null>(null);

  const application = (item: ApprovalItem) =>
    item.kind === 'online' || item.type === null ? t('approvals.kind.online') : `${t('approvals.kind.statusChange')}: ${t(STATUS_CHANGE_LABEL_KEYS[item.type])}`;

  const columns: TableColumnsType<ApprovalItem> = [
    {
      key: 'project',
      title: t('approvals.columns.project'),
      render: (_v, item) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{item.projectCode}</Typography.Text>
          <Typography.Text type="secondary">{localName({ name: item.projectName, eName: item.projectNameEn }, locale)}</Typography.Text>
        </Space>
      ),
    },
    { key: 'application', title: t('approvals.columns.application'), render: (_v, item) => application(item) },
    {
      key: 'status',
      title: t('approvals.columns.status'),
      render: (_v, item) => <Tag color={PROJECT_STATUS_COLORS[item.status]}>{t(PROJECT_STATUS_LABEL_KEYS[item.status])}</Tag>,
    },
    { key: 'reason', title: t('approvals.columns.reason'), render: (_v, item) => item.reason ?? '-' },
    { key: 'appliedBy', title: t('approvals.columns.appliedBy'), render: (_v, item) => item.appliedBy ?? '-' },
    { key: 'appliedAt', title: t('approvals.columns.appliedAt'), render: (_v, item) => (item.appliedAt ? dayjs(item.appliedAt).format(DATE_TIME_FORMAT) : '-') },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, item) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setPending({ item, approve: true })} data-testid={`approval-approve-${approvalKey(item)}`}>
            {t('lifecycle.approve')}
          </Button>
          <Button type="link" size="small" danger onClick={() => setPending({ item, approve: false })} data-testid={`approval-reject-${approvalKey(item)}`}>
            {t('lifecycle.reject')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('approvals.title')} data-testid="approvals-page">
      <Typography.Paragraph type="secondary">{t('approvals.intro')}</Typography.Paragraph>
      <Table<ApprovalItem>
        rowKey={approvalKey}
        size="small"
        loading={approvals.isLoading}
        columns={columns}
        dataSource={approvals.data ?? []}
        pagination={false}
        locale={{ emptyText: t('approvals.empty') }}
        data-testid="approvals-table"
      />
      <ReasonModal
        open={pending !== null}
        title={pending?.approve ? t('lifecycle.approveTitle') : t('lifecycle.rejectTitle')}
        subject={pending ? `${pending.item.projectCode} · ${application(pending.item)}` : undefined}
        okText={pending?.approve ? t('lifecycle.approve') : t('lifecycle.reject')}
        danger={pending?.approve === false}
        reasonRequired={pending?.approve === false}
        loading={decide.isPending}
        onOk={(reason) =>
          pending
            ? decide.mutateAsync({ kind: pending.item.kind, projectId: pending.item.projectId, applicationId: pending.item.applicationId, approve: pending.approve, reason })
            : Promise.resolve()
        }
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
