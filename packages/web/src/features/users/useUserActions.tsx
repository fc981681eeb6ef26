import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuedPassword, User } from '@dcap/core';
import {
  useBatchDeleteUsersMutation,
  useDeleteUserMutation,
  useLockUserMutation,
  useResetPasswordMutation,
  useUnlockUserMutation,
} from '../../api/users';

/** Failures are already reported by the API client; the dialog just closes. */
async function settle(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch {
    // Reported by the client's notification.
  }
}

const DANGER_OK = { danger: true };

/**
 * The row actions of the user table. Deleting is soft (the login name stays taken) and resetting replaces
 * the password the user knows, so both ask first.
 */
export function useUserActions(onIssued: (issued: IssuedPassword) => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const lock = useLockUserMutation();
  const unlock = useUnlockUserMutation();
  const remove = useDeleteUserMutation();
  const batchRemove = useBatchDeleteUsersMutation();
  const reset = useResetPasswordMutation();

  return {
    lock: (user: User) => settle(() => lock.mutateAsync(user.id)),
    unlock: (user: User) => settle(() => unlock.mutateAsync(user.id)),
    remove: (user: User) => {
      modal.confirm({
        title: t('users.confirm.deleteTitle'),
        content: t('users.confirm.deleteContent', { name: user.name, username: user.username }),
        okText: t('common.delete'),
        okButtonProps: DANGER_OK,
        cancelText: t('common.cancel'),
        onOk: () => settle(() => remove.mutateAsync(user.id)),
      });
    },
    removeMany: (ids: number[], onDone: () => void) => {
      modal.confirm({
        title: t('users.confirm.batchDeleteTitle'),
        content: t('users.confirm.batchDeleteContent', { count: ids.length }),
        okText: t('common.delete'),
        okButtonProps: DANGER_OK,
        cancelText: t('common.cancel'),
        onOk: () =>
          settle(async () => {
            await batchRemove.mutateAsync(ids);
            onDone();
          }),
      });
    },
    resetPassword: (user: User) => {
      // Spec 000 §6 "reset a user's password, shown or e-mailed": a user with an address may be sent it instead.
      const instance = modal.confirm({
        title: t('users.confirm.resetTitle'),
        content: t('users.confirm.resetContent', { name: user.name, username: user.username }),
        okText: t('users.actions.resetPassword'),
        cancelText: t('common.cancel'),
        onOk: () =>
          settle(async () => {
            onIssued(await reset.mutateAsync({ id: user.id }));
          }),
        footer: (_buttons, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            {user.email && (
              <Button
                data-testid="reset-password-email"
                onClick={() => {
                  instance.destroy();
                  void settle(() => reset.mutateAsync({ id: user.id, sendEmail: true }));
                }}
              >
                {t('users.actions.resetPasswordByEmail')}
              </Button>
            )}
            <OkBtn />
          </>
        ),
      });
    },
  };
}
