import { Button, Divider, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { Project, StatusChangeApplication, StatusChangeType } from '@dcap/core';
import { useApplyStatusChangeMutation, useLifecycleMutation, useStatusChangeApplicationsQuery } from '../../api/projects';
import { useConfirm } from '../../lib/confirm';
import { STATUS_CHANGE_LABEL_KEYS } from '../../lib/projectLabels';
import { ReasonModal } from './approvals/ReasonModal';

const STATE_COLORS: Record<StatusChangeApplication['state'], string> = { pending: 'processing', approved: 'success', rejected: 'error' };
const STATE_LABEL_KEYS: Record<StatusChangeApplication['state'], string> = {
  pending: 'lifecycle.state.pending',
  approved: 'lifecycle.state.approved',
  rejected: 'lifecycle.state.rejected',
};

interface Decision {
  application: StatusChangeApplication;
  approve: boolean;
}

interface StatusChangePanelProps {
  project: Project;
  changeTypes: readonly StatusChangeType[];
  canDecide: boolean;
  username: string;
}

/**
 * Status-change applications (spec 000 §4.2): a project manager applies with a type and a reason; a
 * platform administrator other than the applicant approves or rejects with a comment.
 */
export function StatusChangePanel({ project, changeTypes, canDecide, username }: StatusChangePanelProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const applications = useStatusChangeApplicationsQuery(project.id);
  const apply = useApplyStatusChangeMutation();
  const decide = useLifecycleMutation();
  const [form] = Form.useForm<{ type: StatusChangeType; reason: string }>();
  const [decision, setDecision] = useState<Decision | null>(null);
  const pending = applications.data?.some((application) => application.state === 'pending') ?? false;

  const onApply = (values: { type: StatusChangeType; reason: string }) => {
    confirm({
      title: t('lifecycle.applyChangeTitle'),
      content: t(STATUS_CHANGE_LABEL_KEYS[values.type]),
      onOk: async () => {
        await apply.mutateAsync({ projectId: project.id, type: values.type, reason: values.reason.trim() });
        form.resetFields();
        await applications.refetch();
      },
    });
  };

  // A rejection needs a reason; both decisions are audited with theirs (docs/decisions.md, "Lifecycle gates").
  const onDecide = async (reason: string | null) => {
    if (!decision) return;
    await decide.mutateAsync({ kind: 'decide', projectId: project.id, id: decision.application.id, approve: decision.approve, comment: reason });
    await applications.refetch();
  };

  const columns: TableColumnsType<StatusChangeApplication> = [
    { key: 'type', title: t('lifecycle.columns.type'), render: (_v, row) => t(STATUS_CHANGE_LABEL_KEYS[row.type]) },
    { key: 'reason', dataIndex: 'reason', title: t('lifecycle.columns.reason') },
    {
      key: 'state',
      title: t('lifecycle.columns.state'),
      render: (_v, row) => <Tag color={STATE_COLORS[row.state]}>{t(STATE_LABEL_KEYS[row.state])}</Tag>,
    },
    { key: 'appliedBy', dataIndex: 'appliedBy', title: t('lifecycle.columns.appliedBy') },
    { key: 'appliedAt', title: t('lifecycle.columns.appliedAt'), render: (_v, row) => dayjs(row.appliedAt).format(DATE_TIME_FORMAT) },
    {
      key: 'decision',
      title: t('lifecycle.columns.decision'),
      render: (_v, row) => (row.decidedBy ? `${row.decidedBy}${row.decisionComment ? `: ${row.decisionComment}` : ''}` : '-'),
    },
    ...(canDecide
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_v: unknown, row: StatusChangeApplication) =>
              // Four eyes: the applicant never decides their own application (the server refuses it too).
              row.state === 'pending' && row.appliedBy !== username ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDecision({ application: row, approve: true })} data-testid={`status-change-approve-${row.id}`}>
                    {t('lifecycle.approve')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setDecision({ application: row, approve: false })} data-testid={`status-change-reject-${row.id}`}>
                    {t('lifecycle.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <Divider titlePlacement="start">{t('lifecycle.applications')}</Divider>
      {changeTypes.length > 0 ? (
        <Form form={form} layout="inline" onFinish={onApply} disabled={pending} style={{ marginBottom: 16 }} data-testid="status-change-form">
          <Form.Item name="type" rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              placeholder={t('lifecycle.columns.type')}
              style={{ minWidth: 220 }}
              options={changeTypes.map((type) => ({ value: type, label: t(STATUS_CHANGE_LABEL_KEYS[type]) }))}
              data-testid="status-change-type"
            />
          </Form.Item>
          <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 1000, message: t('validation.tooLong') }]}>
            <Input placeholder={t('lifecycle.columns.reason')} style={{ minWidth: 320 }} data-testid="status-change-reason" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="status-change-apply">
            {t('lifecycle.applyChange')}
          </Button>
          {pending ? <Tag color="processing">{t('lifecycle.pendingExists')}</Tag> : null}
        </Form>
      ) : null}
      <Table<StatusChangeApplication>
        rowKey="id"
        size="small"
        loading={applications.isLoading}
        columns={columns}
        dataSource={applications.data ?? []}
        pagination={false}
        locale={{ emptyText: t('lifecycle.noApplications') }}
        data-testid="status-change-table"
      />
      <ReasonModal
        open={decision !== null}
        title={decision?.approve ? t('lifecycle.approveTitle') : t('lifecycle.rejectTitle')}
        subject={decision ? t(STATUS_CHANGE_LABEL_KEYS[decision.application.type]) : undefined}
        okText={decision?.approve ? t('lifecycle.approve') : t('lifecycle.reject')}
        danger={decision?.approve === false}
        reasonRequired={decision?.approve === false}
        loading={decide.isPending}
        onOk={onDecide}
        onClose={() => setDecision(null)}
      />
    </>
  );
}
