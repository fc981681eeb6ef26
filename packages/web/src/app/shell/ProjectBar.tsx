import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { headerNotice } from '@dcap/core';
import { HEADER_NOTICE_LABEL_KEYS } from '../../lib/projectLabels';
import { useAppInit } from '../initContext';
import { useProjectContext } from '../projectContext';
import { AppSwitcher } from './AppSwitcher';
import { EnvironmentSwitcher } from './EnvironmentSwitcher';
import { ProjectSwitcher } from './ProjectSwitcher';
import { RoleSwitcher } from './RoleSwitcher';

/**
 * The project half of the header (spec 000 §2.1): project code and switcher, role alias and switcher,
 * pause notices, the application switcher and the environment button. It sits in a second row so the
 * main menu keeps its width.
 */
export function ProjectBar() {
  const { t } = useTranslation();
  const init = useAppInit();
  const context = useProjectContext();
  const { project } = context;
  const notice = project ? headerNotice(project.status) : null;

  return (
    <Flex className="dcap-projectbar" align="center" justify="space-between" gap={12} wrap data-testid="project-bar">
      <Flex align="center" gap={8} wrap>
        <ProjectSwitcher projects={context.projects} current={project} />
        {project ? <RoleSwitcher roles={context.roles} current={context.role} sites={context.allSites} /> : null}
        {notice ? (
          <Tag color="orange" data-testid="header-notice">
            {t(HEADER_NOTICE_LABEL_KEYS[notice])}
          </Tag>
        ) : null}
      </Flex>
      {project ? (
        <Flex align="center" gap={12} wrap>
          <AppSwitcher applications={project.application} projectId={project.id} user={init.user} roleCount={context.roles.length} />
          <EnvironmentSwitcher projectId={project.id} envs={context.envs} current={context.currentEnv} />
        </Flex>
      ) : null}
    </Flex>
  );
}
