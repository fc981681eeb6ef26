import { ReloadOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Progress, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DATE_TIME_FORMAT, isJobFinished, jobPercent } from '@dcap/core';
import type { JobStatus, ProjectAction, SyncDirection, SyncTask } from '@dcap/core';
import { hasActiveTask, useCancelSyncTaskMutation, useSyncTaskListQuery } from '../../api/sync';
import { useConfirm } from '../../lib/confirm';
import { useProjectContext } from '../../app/projectContext';
import { ENVIRONMENTS_PATH } from '../../app/shellState';
import { SYNC_PROJECT_DATA_PATH } from './paths';

const STATUS_COLOR: Record<JobStatus, string> = { queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', cancelled: 'warning' };
const PAGE_SIZE = 10;

/** The right that starting, and so cancelling, a sync in this direction needs (the server checks it again). */
const SYNC_RIGHT: Record<SyncDirection, ProjectAction> = { syncData: 'design.edit', syncDataToTest: 'env.manage' };

const when = (at: string | null) => (at ? dayjs(at).format(DATE_TIME_FORMAT) : '-');
/** Dates and directions keep to one line, so a narrow window wraps the free text instead. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** What a task did, part by part, or why it failed (in the reader's language, from the server). */
function TaskResult({ task }: { task: SyncTask }) {
  const { t } = useTranslation();
  if (task.error) return <Typography.Text type="danger">{task.error.message}</Typography.Text>;
  const design = task.result.design;
  if (!design || design.version === undefined) return <>-</>;
  return (
    <Space size={4} wrap>
      <span>{t('sync.result.design', { version: design.version, previous: design.previousVersion ?? t('sync.result.none') })}</span>
      {design.changes === undefined ? null : <Typography.Text type="secondary">{t('sync.result.changes', { count: design.changes })}</Typography.Text>}
    </Space>
  );
}

function TaskDetail({ task }: { task: SyncTask }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={3} data-testid={`sync-task-detail-${task.id}`}>
      <Descriptions.Item label={t('sync.fields.startedAt')}>{when(task.startedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('sync.fields.finishedAt')}>{when(task.finishedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('sync.fields.attempts')}>{task.attempts}</Descriptions.Item>
      <Descriptions.Item label={t('sync.fields.result')} span={3}>
        <TaskResult task={task} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Cancels a queued or running task after a confirmation; ended tasks offer nothing (docs/decisions.md, "Background jobs"). */
function CancelButton({ projectId, task, may }: { projectId: number; task: SyncTask; may: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const cancel = useCancelSyncTaskMutation();
  if (!may || isJobFinished(task.status)) return null;
  return (
    <Button
      size="small"
      danger
      icon={<StopOutlined />}
      loading={cancel.isPending}
      data-testid={`sync-task-cancel-${task.id}`}
      onClick={() =>
        confirm({
          title: t('sync.confirm.cancelTitle', { id: task.id }),
          content: t('sync.confirm.cancelContent'),
          okText: t('sync.actions.cancelTask'),
          danger: true,
          onOk: () => cancel.mutateAsync({ projectId, id: task.id }),
        })
      }
    >
      {t('sync.actions.cancel')}
    </Button>
  );
}

function TaskTable({ projectId, abilities }: { projectId: number; abilities: Partial<Record<ProjectAction, boolean>> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useSyncTaskListQuery(projectId, page, PAGE_SIZE);
  const active = hasActiveTask(list.data);

  const columns: TableColumnsType<SyncTask> = [
    { key: 'id', dataIndex: 'id', title: t('sync.fields.id'), width: 80 },
    {
      key: 'direction',
      title: t('sync.fields.direction'),
      render: (_v, task) => (
        <Space size={4} style={NO_WRAP}>
          <span>{t(`sync.direction.${task.direction}`)}</span>
          <Typography.Text type="secondary" code>{`${task.source} → ${task.target}`}</Typography.Text>
        </Space>
      ),
    },
    { key: 'types', title: t('sync.fields.types'), render: (_v, task) => task.types.map((type) => t(`sync.type.${type}`)).join(', ') },
    {
      key: 'status',
      title: t('sync.fields.status'),
      render: (_v, task) => (
        <Tag color={STATUS_COLOR[task.status]} icon={task.status === 'running' ? <SyncOutlined spin /> : undefined} data-testid={`sync-task-status-${task.id}`}>
          {t(`sync.status.${task.status}`)}
        </Tag>
      ),
    },
    {
      key: 'progress',
      title: t('sync.fields.progress'),
      width: 180,
      render: (_v, task) => (
        <Progress
          size="small"
          percent={jobPercent(task.status, task.progress)}
          status={task.status === 'failed' ? 'exception' : task.status === 'running' ? 'active' : undefined}
          format={() => `${task.progress.done}/${task.progress.total}`}
        />
      ),
    },
    { key: 'createdBy', title: t('sync.fields.createdBy'), render: (_v, task) => task.createdBy ?? '-' },
    { key: 'createdAt', title: t('sync.fields.createdAt'), render: (_v, task) => <span style={NO_WRAP}>{when(task.createdAt)}</span> },
    { key: 'finishedAt', title: t('sync.fields.finishedAt'), render: (_v, task) => <span style={NO_WRAP}>{when(task.finishedAt)}</span> },
    { key: 'result', title: t('sync.fields.result'), render: (_v, task) => <TaskResult task={task} /> },
    {
      key: 'actions',
      title: t('sync.fields.actions'),
      render: (_v, task) => <CancelButton projectId={projectId} task={task} may={abilities[SYNC_RIGHT[task.direction]] === true} />,
    },
  ];

  return (
    <Card
      title={t('sync.listTitle')}
      extra={
        <Space>
          <Button onClick={() => void navigate(ENVIRONMENTS_PATH)}>{t('sync.actions.backToEnvs')}</Button>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} data-testid="sync-task-refresh">
            {t('sync.actions.refresh')}
          </Button>
          <Button type="primary" icon={<SyncOutlined />} onClick={() => void navigate(SYNC_PROJECT_DATA_PATH)} data-testid="sync-task-new">
            {t('sync.actions.sync')}
          </Button>
        </Space>
      }
    >
      {active ? <Alert type="info" showIcon title={t('sync.polling')} style={{ marginBottom: 16 }} data-testid="sync-task-polling" /> : null}
      <Table<SyncTask>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty description={t('sync.empty')} /> }}
        expandable={{ expandedRowRender: (task) => <TaskDetail task={task} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        data-testid="sync-task-table"
      />
    </Card>
  );
}

/** The sync task list (spec 000 §2.2 `/project/projectEnv/syncProjectDataTask`): live while a task runs. */
export function SyncTaskListPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  return <TaskTable projectId={project.id} abilities={project.abilities} />;
}
