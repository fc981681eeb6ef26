import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuedPassword } from '@dcap/core';

export interface IssuedPasswordNotice {
  issued: IssuedPassword & { password: string };
  reason: 'created' | 'reset';
}

/**
 * A generated password is shown exactly once (the server keeps only its hash), so the dialog says so and
 * offers a copy button; closing it is the only way out. Its one button takes the focus as the dialog
 * opens, so Escape closes it even when pressed at once.
 */
export function IssuedPasswordModal({ notice, onClose }: { notice: IssuedPasswordNotice | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={notice !== null}
      title={notice?.reason === 'reset' ? t('users.issued.resetTitle') : t('users.issued.createdTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" autoFocus onClick={onClose} data-testid="issued-password-close">
          {t('users.issued.done')}
        </Button>
      }
    >
      {notice ? (
        <>
          <Alert type="warning" showIcon title={t('users.issued.warning')} description={t('users.issued.firstSignIn')} style={{ marginBottom: 16 }} data-testid="issued-first-sign-in" />
          {/* Plain text rather than a table, so the login name here is not mistaken for a row of the user list. */}
          <Flex vertical gap={12}>
            <div>
              <Typography.Text type="secondary">{t('user.fields.username')}</Typography.Text>
              <div>
                <Typography.Text strong>{notice.issued.user.username}</Typography.Text>
              </div>
            </div>
            <div>
              <Typography.Text type="secondary">{t('users.issued.password')}</Typography.Text>
              <div>
                <Typography.Text
                  code
                  style={{ fontSize: 16 }}
                  copyable={{ text: notice.issued.password, tooltips: [t('users.issued.copy'), t('users.issued.copied')] }}
                >
                  <span data-testid="issued-password">{notice.issued.password}</span>
                </Typography.Text>
              </div>
            </div>
          </Flex>
        </>
      ) : null}
    </Modal>
  );
}
