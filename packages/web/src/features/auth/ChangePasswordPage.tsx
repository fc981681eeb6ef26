import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import logoUrl from '../../assets/logo.svg';
import { useServices } from '../../app/services';
import { SecuritySettings } from '../account/SecuritySettings';
import { useSignOut } from './useSignOut';

/**
 * Shown after signing in with a password an administrator reset, before anything else: the server refuses
 * every other call until the user has chosen their own (docs/decisions.md, "Password reset"). Once the
 * password is changed the guard sends the user on to the page they asked for.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { session } = useServices();
  const signOut = useSignOut();

  return (
    <Flex vertical align="center" style={{ width: '100%' }}>
      <div className="dcap-user-layout__title">
        <img src={logoUrl} alt={t('app.logoAlt')} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('app.name')}
        </Typography.Title>
      </div>
      <Card style={{ width: '100%', maxWidth: 440, marginTop: 32 }}>
        <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 16 }}>
          {t('login.changePassword.title')}
        </Typography.Title>
        <Alert
          type="warning"
          showIcon
          title={t('login.changePassword.notice')}
          style={{ marginBottom: 24 }}
          data-testid="change-password-notice"
        />
        <SecuritySettings
          oldPasswordLabel={t('login.changePassword.issuedPassword')}
          submitLabel={t('login.changePassword.submit')}
          onChanged={() => {
            session.setMustChangePassword(false);
          }}
        />
        <Button type="link" style={{ padding: 0 }} onClick={() => void signOut()} data-testid="change-password-sign-out">
          {t('login.changePassword.signOut')}
        </Button>
      </Card>
    </Flex>
  );
}
