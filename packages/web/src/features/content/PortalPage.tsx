import { Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { projectFooter } from '@dcap/core';
import { AppFooter } from '../../app/shell/AppFooter';
import { LanguageSwitch } from '../../app/shell/LanguageSwitch';
import { PageSpin } from '../../components/PageSpin';
import { currentLocale } from '../../i18n';
import { LoginForm } from '../auth/LoginPage';
import { usePortal } from './api';
import './content.css';

/**
 * A project's own sign-in page (spec 000 §2.3 /portal/{project}), from its UI settings (spec 002 §3): the
 * login-page logo, background, description, notice and footer; no session needed. Nothing the project
 * configures runs as script here (docs/decisions.md "Bulletins and project portals").
 */
export function PortalPage() {
  const { t, i18n } = useTranslation();
  const { project = '' } = useParams();
  const portal = usePortal(project);
  const english = currentLocale(i18n) === 'en-US';

  if (portal.isLoading) return <PageSpin />;
  if (!portal.data) {
    return <Result status="404" title={t('content.portal.notFound')} subTitle={t('content.portal.notFoundHint', { url: project })} />;
  }
  const config = portal.data;
  const name = english ? (config.projectEName ?? config.projectName) : config.projectName;
  const notice = english ? (config.noticeEn ?? config.notice) : (config.notice ?? config.noticeEn);
  return (
    <div className="dcap-portal" style={config.background ? { backgroundImage: `url("${config.background}")` } : undefined} data-testid="portal">
      <div className="dcap-portal__top">
        <LanguageSwitch />
      </div>
      <Flex vertical align="center" gap={16} className="dcap-portal__body">
        <div className="dcap-portal__panel">
          {config.loginLogo ? <img className="dcap-portal__logo" src={config.loginLogo} alt={t('content.portal.logoAlt', { name })} data-testid="portal-logo" /> : null}
          <Typography.Title level={3} style={{ margin: 0, textAlign: 'center' }} data-testid="portal-name">
            {name}
          </Typography.Title>
          {config.description ? (
            <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', textAlign: 'center', margin: 0 }} data-testid="portal-description">
              {config.description}
            </Typography.Paragraph>
          ) : null}
          {notice ? (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} className="dcap-portal__notice" data-testid="portal-notice">
              {notice}
            </Typography.Paragraph>
          ) : null}
        </div>
        <LoginForm projectId={config.projectId} />
      </Flex>
      <footer className="dcap-portal__footer">
        <AppFooter override={projectFooter(config, currentLocale(i18n))} />
      </footer>
    </div>
  );
}
