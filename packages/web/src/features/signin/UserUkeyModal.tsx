import { Alert, Button, Descriptions, Form, Input, Modal, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { User } from '@dcap/core';
import { UKEY_SERIAL_MAX_LENGTH } from '@dcap/core';
import { useUkeyMutation, useUkeyQuery } from '../../api/signin';

/**
 * The USB key issued to a user, in user administration (spec 000 §7.1 `/dcap/sys/user/ukey`): its serial is
 * recorded or removed. A record of issue, not a proof the key is present (docs/decisions.md "Sign-in channels").
 */
export function UserUkeyModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ukey = useUkeyQuery(user?.id ?? null);
  const save = useUkeyMutation();
  const [form] = Form.useForm<{ serial: string }>();
  const current = ukey.data;
  return (
    <Modal open={user !== null} title={t('signin.ukey.title', { name: user?.name ?? '' })} footer={null} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon title={t('signin.ukey.notice')} style={{ marginBottom: 16 }} />
      {current ? (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('signin.ukey.serial')}>
              <Space>
                <span data-testid="user-ukey-serial">{current.serial ? `${current.serial} (${dayjs(current.boundAt).format('YYYY-MM-DD HH:mm')})` : t('signin.ukey.none')}</span>
                {current.serial && user ? (
                  <Button size="small" danger loading={save.isPending} onClick={() => save.mutate({ userId: user.id, serial: null })} data-testid="user-ukey-remove">
                    {t('signin.ukey.remove')}
                  </Button>
                ) : null}
              </Space>
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={form}
            layout="inline"
            onFinish={(values) => {
              if (user) save.mutate({ userId: user.id, serial: values.serial.trim() }, { onSuccess: () => form.resetFields() });
            }}
          >
            <Form.Item name="serial" rules={[{ required: true, whitespace: true, message: t('validation.required') }, { pattern: /^[A-Za-z0-9-]{4,}$/, message: t('signin.ukey.format') }]}>
              <Input maxLength={UKEY_SERIAL_MAX_LENGTH} placeholder={t('signin.ukey.placeholder')} data-testid="user-ukey-input" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="user-ukey-save">
              {t('signin.ukey.save')}
            </Button>
          </Form>
        </>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
