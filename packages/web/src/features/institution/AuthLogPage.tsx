import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectContext } from '../../app/projectContext';
import { AuthLogTable } from './AuthLogTable';

/** The role authorisation log alone (spec 000 §2.2 `/recordDataManage/projectRoleAuthLog`). */
export function AuthLogPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  // The server shows the log to those who manage roles; a holder of grant rights alone is told so.
  if (project.abilities['role.manage'] !== true) return <Empty description={t('authLog.notAllowed')} data-testid="auth-log-not-allowed" />;
  return (
    <Card title={t('authLog.title', { code: project.code })}>
      <AuthLogTable projectId={project.id} />
    </Card>
  );
}
