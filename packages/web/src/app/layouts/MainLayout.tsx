import { Button, Layout, Result } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isDevTypeEnv, projectFooter } from '@dcap/core';
import { useInitQuery } from '../../api/system';
import { PageSpin } from '../../components/PageSpin';
import { applyFontSize } from '../../features/account/fontSize';
import { useSignOut } from '../../features/auth/useSignOut';
import { currentLocale } from '../../i18n';
import { displayName } from '../../lib/displayName';
import { AccessGate } from '../AccessGate';
import { useConfigRevisionCheck } from '../configRevision';
import { InitContext } from '../initContext';
import { readProjectContext } from '../projectContext';
import { useSessionToken } from '../services';
import { blockRedirect, shellBlock } from '../shellState';
import { useWindowProjectCheck } from '../windowProject';
import { AppFooter } from '../shell/AppFooter';
import { Brand } from '../shell/Brand';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { ApprovalsBadge } from '../../features/projects/approvals/ApprovalsBadge';
import { NotificationBell } from '../../features/messages/NotificationBell';
import { BulletinDialog } from '../../features/content/BulletinDialog';
import { useUiConfig } from '../../features/content/api';
import { MainMenu } from '../shell/MainMenu';
import { ProjectBar } from '../shell/ProjectBar';
import { UserMenu } from '../shell/UserMenu';

/** Header, content and footer for every signed-in page (spec 000 §2.1, §2.2). */
export function MainLayout() {
  const { t, i18n } = useTranslation();
  const token = useSessionToken();
  const init = useInitQuery(token !== null);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const context = useMemo(() => (init.data ? readProjectContext(init.data) : null), [init.data]);
  // Spec 000 §4.4: the checks a window runs when it regains focus.
  useWindowProjectCheck(context ? (context.project?.id ?? null) : undefined);
  const currentEnv = context?.currentEnv ?? null;
  // Spec 002 §3 "UI settings": the project's homepage logos and its footer replace the platform's.
  const uiConfig = useUiConfig(context?.project?.id).data;
  useConfigRevisionCheck(context?.project?.id, currentEnv?.key ?? null, currentEnv !== null && isDevTypeEnv(currentEnv.type));
  // The user's font size follows them to a new browser: the server's preference wins over the local copy.
  const fontSize = init.data?.user.fontSize;
  useEffect(() => {
    if (fontSize) applyFontSize(fontSize);
  }, [fontSize]);

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
  if (!init.data || !context) return <PageSpin />;

  const { user, menus, version, branding, projectAbilities } = init.data;
  // Spec 000 §4.4: a disabled role or no usable environment sends the user to the matching notice page.
  const blocked = blockRedirect(shellBlock(context), pathname, projectAbilities['env.manage'] === true);
  if (blocked) return <Navigate to={blocked} replace />;

  return (
    <InitContext value={init.data}>
      <Layout className="dcap-main">
        <Layout.Header className="dcap-header">
          <Brand bigLogo={uiConfig?.bigLogo} smallLogo={uiConfig?.smallLogo} />
          <MainMenu menus={menus} />
          <div className="dcap-header__actions">
            <ApprovalsBadge />
            <NotificationBell />
            <LanguageSwitch />
            <UserMenu displayName={displayName(user, currentLocale(i18n))} />
          </div>
        </Layout.Header>
        <ProjectBar />
        <BulletinDialog userId={user.id} />
        <Layout.Content className="dcap-content">
          <AccessGate menus={menus}>
            <Outlet />
          </AccessGate>
        </Layout.Content>
        <Layout.Footer>
          <AppFooter version={version} filingNumber={branding.filingNumber} override={projectFooter(uiConfig, currentLocale(i18n))} />
        </Layout.Footer>
      </Layout>
    </InitContext>
  );
}
