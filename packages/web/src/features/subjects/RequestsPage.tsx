import { App, Button, Card, Form, Input, Segmented, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubjectRequest, SubjectRequestState } from '@dcap/core';
import { DATE_TIME_FORMAT, SUBJECT_LONG_TEXT_MAX, SUBJECT_REQUEST_STATES } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { useDecideRequestMutation, useSubjectRequestsQuery } from './api';
import { SubjectStatusTag, subjectPath } from './SubjectStatusTag';

const STATE_COLOR: Record<SubjectRequestState, string> = { pending: 'orange', approved: 'green', rejected: 'red' };
const PAGE_SIZE = 20;

/**
 * Screening-plan rollback requests (spec 002 §4): those of the caller's sites, by state; a holder of the
 * decide right approves or rejects (a rejection with a comment), never their own request.
 */
export function RequestsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const [state, setState] = useState<SubjectRequestState>('pending');
  const [pageNo, setPageNo] = useState(1);
  const requests = useSubjectRequestsQuery(project?.id ?? null, currentEnv?.key ?? null, { state, pageNo, pageSize: PAGE_SIZE });
  const decide = useDecideRequestMutation();
  const [form] = Form.useForm<{ comment?: string }>();
  const canDecide = init.projectAbilities['subject.decide'] === true;
  const me = init.user.id;

  const ask = (request: SubjectRequest, approve: boolean) => {
    form.resetFields();
    modal.confirm({
      title: t('subjects.requests.decideTitle'),
      okText: approve ? t('subjects.requests.approve') : t('subjects.requests.reject'),
      okButtonProps: { danger: !approve },
      cancelText: t('common.cancel'),
      content: (
        <Form form={form} layout="vertical">
          <Form.Item name="comment" label={t('subjects.requests.comment')} rules={approve ? [] : [{ required: true, whitespace: true, message: t('subjects.requests.commentRequired') }]}>
            <Input.TextArea maxLength={SUBJECT_LONG_TEXT_MAX} rows={3} data-testid="decide-comment" />
          </Form.Item>
        </Form>
      ),
      onOk: async () => {
        const values = await form.validateFields();
        await decide.mutateAsync({ id: request.id, approve, comment: values.comment ?? null });
      },
    });
  };

  const columns: TableColumnsType<SubjectRequest> = [
    { key: 'subject', title: t('subjects.requests.subject'), render: (_, row) => <Link to={subjectPath(row.subjectId)}>{row.subjectLabel}</Link> },
    { key: 'site', dataIndex: 'siteName', title: t('subjects.fields.site') },
    { key: 'status', title: t('subjects.fields.status'), render: (_, row) => <SubjectStatusTag status={row.subjectStatus} /> },
    { key: 'reason', dataIndex: 'reason', title: t('subjects.requests.reason') },
    { key: 'requestedBy', dataIndex: 'requestedBy', title: t('subjects.requests.requestedBy') },
    { key: 'requestedAt', title: t('subjects.requests.requestedAt'), render: (_, row) => dayjs(row.requestedAt).format(DATE_TIME_FORMAT) },
    { key: 'state', title: t('subjects.requests.stateTitle'), render: (_, row) => <Tag color={STATE_COLOR[row.state]}>{t(`subjects.requests.state.${row.state}`)}</Tag> },
    ...(state === 'pending'
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, row: SubjectRequest) =>
              canDecide && row.requestedById !== me ? (
                <Space>
                  <Button size="small" type="link" onClick={() => ask(row, true)} data-testid={`approve-${String(row.id)}`}>
                    {t('subjects.requests.approve')}
                  </Button>
                  <Button size="small" type="link" danger onClick={() => ask(row, false)} data-testid={`reject-${String(row.id)}`}>
                    {t('subjects.requests.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : [
          { key: 'decidedBy', dataIndex: 'decidedBy', title: t('subjects.requests.decidedBy') },
          { key: 'comment', dataIndex: 'decisionComment', title: t('subjects.requests.comment') },
        ]),
  ];

  return (
    <Card
      title={t('subjects.requests.title')}
      data-testid="subject-requests"
      extra={
        <Segmented<SubjectRequestState>
          value={state}
          onChange={(value) => {
            setState(value);
            setPageNo(1);
          }}
          options={SUBJECT_REQUEST_STATES.map((value) => ({ value, label: t(`subjects.requests.state.${value}`) }))}
        />
      }
    >
      <Table<SubjectRequest>
        rowKey="id"
        size="small"
        loading={requests.isFetching}
        columns={columns}
        dataSource={requests.data?.list ?? []}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: requests.data?.total ?? 0, onChange: setPageNo }}
      />
    </Card>
  );
}
