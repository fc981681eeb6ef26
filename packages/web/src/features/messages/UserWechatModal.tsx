import { App, Button, Descriptions, Modal, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { User } from '@dcap/core';
import { WECHAT_BINDING_KINDS } from '@dcap/core';
import { useAdminUnbind, useUserWechatBindings } from './logApi';

/** A user's WeChat bindings in user administration, with unbinding (spec 002 §7 unbind/{id}, unbindMiniApp/{id}). */
export function UserWechatModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const bindings = useUserWechatBindings(user?.id ?? null);
  const unbind = useAdminUnbind();
  return (
    <Modal open={user !== null} title={t('messages.binding.userTitle', { name: user?.name ?? '' })} footer={null} onCancel={onClose} destroyOnHidden>
      {bindings.data ? (
        <Descriptions column={1} bordered size="small" data-testid="user-wechat">
          {WECHAT_BINDING_KINDS.map((kind) => {
            const found = bindings.data.bindings.find((b) => b.kind === kind);
            return (
              <Descriptions.Item key={kind} label={t(`messages.binding.kinds.${kind}`)}>
                <Space>
                  <span data-testid={`user-wechat-${kind}`}>
                    {found ? t('messages.binding.bound', { openId: found.openId, time: dayjs(found.boundAt).format('YYYY-MM-DD HH:mm') }) : t('messages.binding.notBound')}
                  </span>
                  {found && user ? (
                    <Button
                      size="small"
                      danger
                      data-testid={`user-wechat-unbind-${kind}`}
                      onClick={() => {
                        modal.confirm({ title: t('messages.binding.unbindConfirm'), onOk: () => unbind.mutateAsync({ userId: user.id, kind }) });
                      }}
                    >
                      {t('messages.binding.unbind')}
                    </Button>
                  ) : null}
                </Space>
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
