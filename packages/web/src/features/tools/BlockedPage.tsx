import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useProjectContext } from '../../app/projectContext';
import { shellBlock, WORKPLACE_PATH } from '../../app/shellState';
import type { ShellBlock } from '../../app/shellState';

const TEXTS: Record<ShellBlock, { title: string; description: string }> = {
  envDisabled: { title: 'tools.envDisabled.title', description: 'tools.envDisabled.description' },
  roleDisabled: { title: 'tools.roleDisabled.title', description: 'tools.roleDisabled.description' },
};

/**
 * Spec 000 §4.4: shown while the current role is disabled or no environment is normal; once that is no
 * longer so, the user is sent to the workplace.
 */
function BlockedPage({ kind }: { kind: ShellBlock }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = useProjectContext();
  if (shellBlock(context) !== kind) return <Navigate to={WORKPLACE_PATH} replace />;
  const project = context.project;
  return (
    <Card style={{ width: '100%', maxWidth: 640 }} data-testid={`blocked-${kind}`}>
      <Result
        status="warning"
        title={t(TEXTS[kind].title)}
        subTitle={
          <>
            {project ? <div>{t('tools.project', { code: project.code, name: project.name })}</div> : null}
            <div>{t(TEXTS[kind].description)}</div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => void navigate(WORKPLACE_PATH)} data-testid="blocked-back">
            {t('tools.back')}
          </Button>
        }
      />
    </Card>
  );
}

export function EnvDisabledPage() {
  return <BlockedPage kind="envDisabled" />;
}

export function RoleDisabledPage() {
  return <BlockedPage kind="roleDisabled" />;
}
