import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectContext } from '../../app/projectContext';
import { InstrumentTable } from './InstrumentTable';

/**
 * `/dCapVue/design/instruments`: the project's instruments (panels) and the instrument calls of spec 002 §7.
 * Changing them needs the design right, an editable project status and the development environment.
 */
export function InstrumentsPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  return (
    <Card title={t('design.instruments.title', { code: project.code })}>
      <InstrumentTable projectId={project.id} projectCode={project.code} />
    </Card>
  );
}
