import { Button, Layout, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useInitQuery } from '../../api/system';
import { PageSpin } from '../../components/PageSpin';
import { useSignOut } from '../../features/auth/useSignOut';
import { currentLocale } from '../../i18n';
import { displayName } from '../../lib/displayName';
import { AccessGate } from '../AccessGate';
import { InitContext } from '../initContext';
import { useSessionToken } from '../services';
import { AppFooter } from '../shell/AppFooter';
import { Brand } from '../shell/Brand';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { MainMenu } from '../shell/MainMenu';
import { UserMenu } from '../shell/UserMenu';

/** Header, content and footer for every signed-in page (spec 000 §2.1, §2.2). */
export function MainLayout() {
  const { t, i18n } = useTranslation();
  const token = useSessionToken();
  const init = useInitQuery(token !== null);
  const signOut = useSignOut();

  if (init.isError) {
    return (
      <Result
        status="warning"
        title={t('init.failed')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void init.refetch()}>
            {t('common.retry')}
          </Button>,
          <Button key="logout" onClick={() => void signOut()}>
            {t('header.logout')}
          </Button>,
        ]}
      />
    );
  }
  if (!init.data) return <PageSpin />;

  const { user, menus, version, branding } = init.data;

  return (
    <InitContext value={init.data}>
      <Layout className="dcap-main">
        <Layout.Header className="dcap-header">
          <Brand />
          <MainMenu menus={menus} />
          <div className="dcap-header__actions">
            <LanguageSwitch />
            <UserMenu displayName={displayName(user, currentLocale(i18n))} />
          </div>
        </Layout.Header>
        <Layout.Content className="dcap-content">
          <AccessGate menus={menus}>
            <Outlet />
          </AccessGate>
        </Layout.Content>
        <Layout.Footer>
          <AppFooter version={version} filingNumber={branding.filingNumber} />
        </Layout.Footer>
      </Layout>
    </InitContext>
  );
}
