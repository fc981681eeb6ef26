import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CONFIG_CATEGORIES, MESSAGE_FLAGS, PROJECT_ROLE_TEMPLATES, SITE_ROLE_TEMPLATES, unknownPlaceholders } from '@dcap/core';
import type { MessageConfig, MessageEvent, MessageFlag, SaveMessageConfigRequest } from '@dcap/core';
import type { ConfigScope } from './api';
import { messageKindKey } from './kinds';
import { useMessageConfigsQuery, useResetMessageConfigMutation, useSaveMessageConfigMutation, useBlacklistCandidatesQuery } from './api';

const LANGUAGES = ['zh-CN', 'en-US'] as const;

const CHANNEL_FLAGS: MessageFlag[] = ['inSite', 'email', 'wechat'];
const ROLE_CODES = [...PROJECT_ROLE_TEMPLATES, ...SITE_ROLE_TEMPLATES].map((template) => template.code);

interface FormValues extends Omit<SaveMessageConfigRequest, 'receivers'> {
  projectRoles: string[];
  siteRoles: string[];
}

function toForm(config: MessageConfig): FormValues {
  const { id: _id, projectId: _projectId, inherited: _inherited, placeholders: _placeholders, blacklistUsers: _users, updatedAt: _updatedAt, receivers, ...rest } = config;
  return {
    ...rest,
    projectRoles: receivers.filter((receiver) => receiver.level === 'project').map((receiver) => receiver.role),
    siteRoles: receivers.filter((receiver) => receiver.level === 'site').map((receiver) => receiver.role),
  };
}

function fromForm(values: FormValues): SaveMessageConfigRequest {
  const { projectRoles, siteRoles, ...rest } = values;
  return { ...rest, receivers: [...projectRoles.map((role) => ({ role, level: 'project' as const })), ...siteRoles.map((role) => ({ role, level: 'site' as const }))] };
}

/** One event's configuration in a dialog; templates are checked with core's placeholder rule as the server does. */
function ConfigEditor({ scope, config, onClose }: { scope: ConfigScope; config: MessageConfig; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveMessageConfigMutation(scope);
  const directory = useBlacklistCandidatesQuery(scope);
  const known = new Map([...(directory.data ?? []), ...config.blacklistUsers].map((user) => [user.id, `${user.name} (${user.username})`]));
  const placeholderRule = {
    validator: (_rule: unknown, value: unknown) => {
      const unknown = typeof value === 'string' ? unknownPlaceholders(config.event, [value]) : [];
      return unknown.length === 0 ? Promise.resolve() : Promise.reject(new Error(t('messages.config.unknownPlaceholders', { names: unknown.map((name) => `{${name}}`).join(', ') })));
    },
  };

  return (
    <Modal
      open
      width={760}
      title={`${t(messageKindKey(config.event))} · ${t('messages.config.edit')}`}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'message-config-save' }}
      onOk={() => {
        // A refused field shows its message in the form; nothing is sent.
        form.validateFields().then((values) => save.mutate(fromForm(values), { onSuccess: onClose }), () => undefined);
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={toForm(config)} data-testid="message-config-form">
        <Form.Item name="event" hidden>
          <Input />
        </Form.Item>
        <Space size="middle" style={{ display: 'flex' }} align="start">
          <Form.Item name="category" label={t('messages.config.category')} style={{ width: 140 }}>
            <Select options={MESSAGE_CONFIG_CATEGORIES.map((value) => ({ value, label: t(`messages.config.categories.${value}`) }))} />
          </Form.Item>
          <Form.Item name="group" label={t('messages.config.group')} rules={[{ required: true, max: 64 }]} style={{ width: 180 }}>
            <Input />
          </Form.Item>
          <Form.Item name="title" label={t('messages.config.title')} rules={[{ required: true, max: 120 }]} style={{ width: 340 }}>
            <Input data-testid="message-config-title" />
          </Form.Item>
        </Space>
        <Form.Item name="projectRoles" label={t('messages.config.projectRoles')} extra={t('messages.config.rolesHint')}>
          <Select mode="tags" options={ROLE_CODES.map((value) => ({ value }))} data-testid="message-config-project-roles" />
        </Form.Item>
        <Form.Item name="siteRoles" label={t('messages.config.siteRoles')}>
          <Select mode="tags" options={ROLE_CODES.map((value) => ({ value }))} data-testid="message-config-site-roles" />
        </Form.Item>
        <Form.Item name="blacklist" label={t('messages.config.blacklist')}>
          <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={[...known].map(([value, label]) => ({ value, label }))} data-testid="message-config-blacklist" />
        </Form.Item>
        <Space wrap size="large" style={{ marginBottom: 16 }}>
          {MESSAGE_FLAGS.map((flag) => (
            <Space key={flag} size={6}>
              <Form.Item name={flag} valuePropName="checked" noStyle>
                <Switch size="small" data-testid={`message-config-${flag}`} />
              </Form.Item>
              <span>{t(`messages.config.${flag}`)}</span>
            </Space>
          ))}
        </Space>
        <Typography.Paragraph type="secondary">
          {t('messages.config.placeholders')}:{' '}
          {config.placeholders.map((name) => (
            <Tag key={name}>{`{${name}}`}</Tag>
          ))}
        </Typography.Paragraph>
        {LANGUAGES.map((language) => (
          <Card key={language} size="small" title={`${t('messages.config.templates')} · ${language}`} style={{ marginBottom: 12 }}>
            <Form.Item name={['templates', language, 'subject']} label={t('messages.config.subject')} rules={[{ required: true, max: 200 }, placeholderRule]}>
              <Input data-testid={`message-config-subject-${language}`} />
            </Form.Item>
            <Form.Item name={['templates', language, 'body']} label={t('messages.config.body')} rules={[{ required: true, max: 2000 }, placeholderRule]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid={`message-config-body-${language}`} />
            </Form.Item>
          </Card>
        ))}
      </Form>
    </Modal>
  );
}

/**
 * The message configuration (spec 002 §3): the platform's at /sys/messageConfig, the session project's at
 * /project/message, where an event the project has not configured shows the system one it inherits.
 */
export function MessageConfigPage({ scope }: { scope: ConfigScope }) {
  const { t } = useTranslation();
  const configs = useMessageConfigsQuery(scope);
  const reset = useResetMessageConfigMutation();
  const [editing, setEditing] = useState<MessageEvent | null>(null);
  const current = configs.data?.find((config) => config.event === editing);

  const columns: TableColumnsType<MessageConfig> = [
    { key: 'event', title: t('messages.config.event'), render: (_v, row) => t(messageKindKey(row.event)) },
    { key: 'group', title: t('messages.config.group'), dataIndex: 'group', width: 120 },
    { key: 'title', title: t('messages.config.title'), dataIndex: 'title' },
    {
      key: 'receivers',
      title: t('messages.config.receivers'),
      render: (_v, row) => row.receivers.map((receiver) => <Tag key={`${receiver.level}:${receiver.role}`} color={receiver.level === 'site' ? 'blue' : 'purple'}>{receiver.role}</Tag>),
    },
    {
      key: 'channels',
      title: t('messages.config.channels'),
      render: (_v, row) => (row.enabled ? CHANNEL_FLAGS.filter((flag) => row[flag]).map((flag) => <Tag key={flag}>{t(`messages.config.${flag}`)}</Tag>) : <Tag>{t('messages.config.disabled')}</Tag>),
    },
    ...(scope === 'project'
      ? [{ key: 'source', title: '', width: 130, render: (_v: unknown, row: MessageConfig) => <Tag color={row.inherited ? 'default' : 'green'}>{row.inherited ? t('messages.config.inherited') : t('messages.config.own')}</Tag> }]
      : [{ key: 'source', title: '', width: 80, render: (_v: unknown, row: MessageConfig) => (row.id === null ? <Tag>{t('messages.config.default')}</Tag> : null) }]),
    {
      key: 'actions',
      title: '',
      width: 200,
      render: (_v, row) => (
        <Space>
          <Button size="small" type="link" onClick={() => setEditing(row.event)} data-testid={`message-config-edit-${row.event}`}>
            {t('messages.config.edit')}
          </Button>
          {scope === 'project' && !row.inherited && (
            <Popconfirm title={t('messages.config.resetConfirm')} onConfirm={() => reset.mutate(row.event)}>
              <Button size="small" type="link" danger>
                {t('messages.config.reset')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t(scope === 'system' ? 'messages.config.systemTitle' : 'messages.config.projectTitle')}>
      <Alert type="info" showIcon title={t(scope === 'system' ? 'messages.config.systemIntro' : 'messages.config.projectIntro')} style={{ marginBottom: 12 }} />
      {configs.isError && <Alert type="error" showIcon title={t('common.loadFailed')} />}
      <Table size="small" rowKey="event" loading={configs.isLoading} columns={columns} dataSource={configs.data ?? []} pagination={false} data-testid="message-config-table" />
      {current && <ConfigEditor scope={scope} config={current} onClose={() => setEditing(null)} />}
    </Card>
  );
}

export function SystemMessageConfigPage() {
  return <MessageConfigPage scope="system" />;
}

export function ProjectMessageConfigPage() {
  return <MessageConfigPage scope="project" />;
}
