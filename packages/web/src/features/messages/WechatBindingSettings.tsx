import { App, Button, Descriptions, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WechatBindingKind } from '@dcap/core';
import { WECHAT_BINDING_KINDS } from '@dcap/core';
import { useWechatBindingChange, useWechatBindings } from './logApi';

/**
 * The binding tab of the account settings (spec 000 §2.3, visible to administrators only, §6): the user's
 * WeChat official-account and mini-app ids, bound by the code WeChat gives and unbound here; the server's
 * bind and unbind notices (spec 000 §8.3) are shown as they come, in the user's language.
 */
export function WechatBindingSettings() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const bindings = useWechatBindings();
  const change = useWechatBindingChange();
  const [binding, setBinding] = useState<WechatBindingKind | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  if (!bindings.data) return <Spin />;
  const { available, bindings: bound } = bindings.data;

  const describe = (kind: WechatBindingKind) => {
    const found = bound.find((b) => b.kind === kind);
    if (found) return t('messages.binding.bound', { openId: found.openId, time: dayjs(found.boundAt).format('YYYY-MM-DD HH:mm') });
    return available.includes(kind) ? t('messages.binding.notBound') : t('messages.binding.notAvailable');
  };
  const unbind = (kind: WechatBindingKind) => {
    modal.confirm({ title: t('messages.binding.unbindConfirm'), onOk: () => change.mutateAsync({ kind }) });
  };
  const submit = async ({ code }: { code: string }) => {
    if (!binding) return;
    await change.mutateAsync({ kind: binding, code: code.trim() });
    setBinding(null);
    form.resetFields();
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="wechat-binding">
      <Typography.Paragraph type="secondary">{t('messages.binding.intro')}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        {WECHAT_BINDING_KINDS.map((kind) => {
          const isBound = bound.some((b) => b.kind === kind);
          return (
            <Descriptions.Item key={kind} label={t(`messages.binding.kinds.${kind}`)}>
              <Space>
                <span data-testid={`wechat-binding-${kind}`}>{describe(kind)}</span>
                {isBound ? (
                  <Button size="small" danger onClick={() => unbind(kind)} data-testid={`wechat-unbind-${kind}`}>
                    {t('messages.binding.unbind')}
                  </Button>
                ) : available.includes(kind) ? (
                  <Button size="small" type="primary" onClick={() => setBinding(kind)} data-testid={`wechat-bind-${kind}`}>
                    {t('messages.binding.bind')}
                  </Button>
                ) : null}
              </Space>
            </Descriptions.Item>
          );
        })}
      </Descriptions>
      <Modal
        open={binding !== null}
        title={binding ? t(`messages.binding.kinds.${binding}`) : ''}
        okText={t('messages.binding.submit')}
        confirmLoading={change.isPending}
        onOk={() => form.submit()}
        onCancel={() => setBinding(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)}>
          <Form.Item name="code" label={t('messages.binding.code')} extra={t('messages.binding.codeHint')} rules={[{ required: true, whitespace: true, message: t('messages.binding.codeRequired') }]}>
            <Input maxLength={256} data-testid="wechat-code" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
