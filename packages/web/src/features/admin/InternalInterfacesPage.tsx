import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyScope, ApiKeyState } from '@dcap/core';
import { API_KEY_HEADER, API_KEY_MAX_DAYS, API_KEY_SCOPES } from '@dcap/core';
import { useConfirm } from '../../lib/confirm';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';

const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
const STATE_COLOURS: Record<ApiKeyState, string> = { active: 'green', expired: 'orange', revoked: 'default' };

interface CreateForm {
  name: string;
  scopes: ApiKeyScope[];
  expiresOn: Dayjs;
}

/** The new key's dialog: a name, read scopes and an expiry; the secret is shown once after it is made. */
function CreateKeyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateForm>();
  const create = useCreateApiKey();
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    form.resetFields();
    onClose();
  };
  const submit = async (values: CreateForm) => {
    const created = await create.mutateAsync({ name: values.name, scopes: values.scopes, expiresAt: values.expiresOn.endOf('day').format() });
    setSecret(created.secret);
  };
  return (
    <Modal
      open={open}
      title={t('admin.apiKeys.createTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        secret ? (
          <Button type="primary" onClick={close} data-testid="apikey-done">
            {t('admin.apiKeys.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('admin.apiKeys.cancel')}</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="apikey-submit">
              {t('admin.apiKeys.create')}
            </Button>
          </Space>
        )
      }
    >
      {secret ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('admin.apiKeys.secretOnce')} />
          <Typography.Paragraph copyable code data-testid="apikey-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('admin.apiKeys.usage', { header: API_KEY_HEADER })}</Typography.Text>
        </Space>
      ) : (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)} initialValues={{ scopes: ['sysLog.read'], expiresOn: dayjs().add(90, 'day') }}>
          <Form.Item name="name" label={t('admin.apiKeys.columns.name')} rules={[{ required: true, whitespace: true, message: t('admin.apiKeys.nameRequired') }]}>
            <Input maxLength={100} data-testid="apikey-name" />
          </Form.Item>
          <Form.Item name="scopes" label={t('admin.apiKeys.columns.scopes')} rules={[{ required: true, message: t('admin.apiKeys.scopesRequired') }]} extra={t('admin.apiKeys.readOnly')}>
            <Checkbox.Group options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: t(`admin.apiKeys.scopes.${scope}`) }))} data-testid="apikey-scopes" />
          </Form.Item>
          <Form.Item name="expiresOn" label={t('admin.apiKeys.columns.expiresAt')} rules={[{ required: true, message: t('admin.apiKeys.expiryRequired') }]} extra={t('admin.apiKeys.expiryHint', { days: API_KEY_MAX_DAYS })}>
            <DatePicker disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(API_KEY_MAX_DAYS - 1, 'day'))} data-testid="apikey-expiry" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * Internal interfaces (spec 000 §2.2 /sys/internalinterface): API keys other systems call the platform with,
 * each with its read scopes and expiry, revocable; a key's secret is shown only when it is made.
 */
export function InternalInterfacesPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<ApiKey> = [
    { key: 'name', title: t('admin.apiKeys.columns.name'), dataIndex: 'name', width: 180 },
    { key: 'prefix', title: t('admin.apiKeys.columns.prefix'), width: 150, render: (_, k) => <Typography.Text code>{`${k.prefix}…`}</Typography.Text> },
    { key: 'scopes', title: t('admin.apiKeys.columns.scopes'), render: (_, k) => k.scopes.map((scope) => <Tag key={scope}>{t(`admin.apiKeys.scopes.${scope}`)}</Tag>) },
    { key: 'state', title: t('admin.apiKeys.columns.state'), width: 100, render: (_, k) => <Tag color={STATE_COLOURS[k.state]} data-testid={`apikey-state-${String(k.id)}`}>{t(`admin.apiKeys.states.${k.state}`)}</Tag> },
    { key: 'expiresAt', title: t('admin.apiKeys.columns.expiresAt'), width: 150, render: (_, k) => time(k.expiresAt) },
    { key: 'lastUsedAt', title: t('admin.apiKeys.columns.lastUsedAt'), width: 150, render: (_, k) => time(k.lastUsedAt) },
    { key: 'createdBy', title: t('admin.apiKeys.columns.createdBy'), width: 150, render: (_, k) => `${k.createdBy ?? '—'} · ${time(k.createdAt)}` },
    {
      key: 'actions',
      title: t('admin.apiKeys.columns.actions'),
      width: 90,
      render: (_, k) =>
        k.state === 'revoked' ? null : (
          <Button type="link" size="small" danger data-testid={`apikey-revoke-${String(k.id)}`} onClick={() => confirm({ title: t('admin.apiKeys.revokeConfirm', { name: k.name }), danger: true, onOk: () => revoke.mutateAsync(k.id) })}>
            {t('admin.apiKeys.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      title={t('admin.apiKeys.title')}
      extra={
        <Button type="primary" onClick={() => setCreating(true)} data-testid="apikey-new">
          {t('admin.apiKeys.new')}
        </Button>
      }
      data-testid="api-keys"
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin.apiKeys.intro', { header: API_KEY_HEADER })} />
      {keys.isError ? (
        <Alert type="warning" showIcon title={t('admin.loadFailed')} description={keys.error.message} />
      ) : (
        <Table<ApiKey> rowKey="id" size="small" loading={keys.isFetching} columns={columns} dataSource={keys.data ?? []} pagination={false} scroll={{ x: 1100 }} data-testid="apikey-table" />
      )}
      <CreateKeyModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
