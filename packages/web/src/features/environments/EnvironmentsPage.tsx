import { PlusOutlined, SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DATE_TIME_FORMAT, groupEnvironments, isCleanableEnv } from '@dcap/core';
import type { Environment, Project } from '@dcap/core';
import { useCleanEnvMutation, useEnvironmentListQuery, useEnvStatusMutation } from '../../api/environments';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { useConfirm } from '../../lib/confirm';
import { ENV_TYPE_LABEL_KEYS } from '../../lib/projectLabels';
import { EnvFormModal } from './EnvFormModal';
import { SYNC_PROJECT_DATA_PATH, SYNC_TASK_LIST_PATH } from './paths';
import type { ResetScope } from './ResetModal';
import { ResetModal } from './ResetModal';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'rename'; env: Environment };

/** The environments of one project, grouped as the shell shows them (spec 000 §2.6, §7.5). */
function EnvironmentTables({ project }: { project: Project }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = project.id;
  const canManage = project.abilities['env.manage'] === true;
  const [resetScope, setResetScope] = useState<ResetScope | null>(null);
  const { currEnv } = useAppInit();
  const confirm = useConfirm();
  const list = useEnvironmentListQuery(projectId);
  const setStatus = useEnvStatusMutation();
  const clean = useCleanEnvMutation();
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });

  const toggle = (env: Environment) => {
    const status = env.status === 'normal' ? 'disable' : 'normal';
    confirm({
      title: status === 'disable' ? t('envs.confirm.disableTitle') : t('envs.confirm.enableTitle'),
      content: t('envs.confirm.statusContent', { name: env.name, key: env.key }),
      danger: status === 'disable',
      onOk: () => setStatus.mutateAsync({ projectId, id: env.id, status }),
    });
  };

  const cleanData = (env: Environment) => {
    confirm({
      title: t('envs.confirm.cleanTitle'),
      content: t('envs.confirm.cleanContent', { name: env.name, key: env.key }),
      okText: t('envs.actions.clean'),
      danger: true,
      onOk: () => clean.mutateAsync({ projectId, id: env.id }),
    });
  };

  const columns: TableColumnsType<Environment> = [
    {
      key: 'key',
      title: t('envs.fields.key'),
      render: (_v, env) => (
        <Space size={4}>
          <Typography.Text code>{env.key}</Typography.Text>
          {env.key === currEnv ? <Tag color="blue">{t('shell.current')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'type', title: t('envs.fields.type'), render: (_v, env) => t(ENV_TYPE_LABEL_KEYS[env.type]) },
    { key: 'name', dataIndex: 'name', title: t('envs.fields.name') },
    { key: 'eName', dataIndex: 'eName', title: t('envs.fields.eName'), render: (value: string | null) => value ?? '-' },
    {
      key: 'status',
      title: t('envs.fields.status'),
      render: (_v, env) => (
        <Switch
          checked={env.status === 'normal'}
          disabled={!canManage}
          checkedChildren={t('envs.status.normal')}
          unCheckedChildren={t('envs.status.disable')}
          onChange={() => toggle(env)}
          data-testid={`env-status-${env.key}`}
        />
      ),
    },
    { key: 'createdAt', title: t('envs.fields.createdAt'), render: (_v, env) => dayjs(env.createdAt).format(DATE_TIME_FORMAT) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, env) =>
        canManage ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditor({ mode: 'rename', env })} data-testid={`env-rename-${env.key}`}>
              {t('envs.actions.rename')}
            </Button>
            {/* Production data is never cleaned (core's isCleanableEnv, COMPLIANCE RT-2). */}
            {isCleanableEnv(env.type) ? (
              <Button type="link" size="small" danger onClick={() => cleanData(env)} data-testid={`env-clean-${env.key}`}>
                {t('envs.actions.clean')}
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];

  const groups = groupEnvironments(list.data ?? []);
  const table = (rows: Environment[], testId: string) => (
    <Table<Environment> rowKey="id" size="middle" loading={list.isLoading} columns={columns} dataSource={rows} pagination={false} data-testid={testId} />
  );

  return (
    <Card
      title={t('envs.title')}
      extra={
        canManage ? (
          <Space wrap>
            {/* Spec 000 §2.2: environment sync and its task list; resets by part (§7.4 resetTest, resetPro). */}
            <Button icon={<SyncOutlined />} onClick={() => void navigate(SYNC_PROJECT_DATA_PATH)} data-testid="env-sync">
              {t('sync.actions.sync')}
            </Button>
            <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(SYNC_TASK_LIST_PATH)} data-testid="env-sync-tasks">
              {t('sync.actions.tasks')}
            </Button>
            {project.abilities['project.lifecycle'] === true ? (
              <Button danger onClick={() => setResetScope('test')} data-testid="env-reset-test">
                {t('sync.actions.resetTest')}
              </Button>
            ) : null}
            {project.abilities['project.resetProduction'] === true ? (
              <Button danger onClick={() => setResetScope('production')} data-testid="env-reset-production">
                {t('sync.actions.resetProduction')}
              </Button>
            ) : null}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="env-create">
              {t('envs.actions.create')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Flex vertical gap={16}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('envs.standardGroup')}
        </Typography.Title>
        {table(groups.standard, 'env-table-standard')}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('shell.env.sdeGroup')}
        </Typography.Title>
        {table(groups.sde, 'env-table-sde')}
      </Flex>
      <EnvFormModal
        open={editor.mode !== 'closed'}
        projectId={projectId}
        env={editor.mode === 'rename' ? editor.env : null}
        onClose={() => setEditor({ mode: 'closed' })}
      />
      <ResetModal project={project} scope={resetScope} onClose={() => setResetScope(null)} />
    </Card>
  );
}

/** Environment management of the current project (spec 000 §2.2 `/project/projectEnv/projectEnv`). */
export function EnvironmentsPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  return <EnvironmentTables project={project} />;
}
