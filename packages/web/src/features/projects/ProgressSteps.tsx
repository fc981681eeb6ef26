import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_STATUSES, headerNotice } from '@dcap/core';
import type { Project } from '@dcap/core';
import { PROJECT_STATUS_LABEL_KEYS } from '../../lib/projectLabels';

/**
 * The nine-step progress of spec 000 §4.1; the current step is the server's `progressStep` (core's
 * rule: paused states show the step they paused, locked the step it was locked from). A paused or
 * locked project marks its step as halted.
 */
export function ProgressSteps({ project, compact = false }: { project: Pick<Project, 'status' | 'progressStep'>; compact?: boolean }) {
  const { t } = useTranslation();
  const halted = headerNotice(project.status) !== null;
  return (
    <Steps
      size="small"
      type={compact ? 'dot' : 'default'}
      titlePlacement={compact ? 'vertical' : 'horizontal'}
      current={project.progressStep}
      status={halted ? 'error' : 'process'}
      items={FLOW_STATUSES.map((status) => ({ key: status, title: t(PROJECT_STATUS_LABEL_KEYS[status]) }))}
      data-testid="project-progress"
      data-current={project.progressStep}
    />
  );
}
