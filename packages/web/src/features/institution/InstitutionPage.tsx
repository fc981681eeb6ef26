import { Card, Empty, Tabs } from 'antd';
import type { TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Project } from '@dcap/core';
import { useSiteListQuery } from '../../api/sites';
import { useProjectContext } from '../../app/projectContext';
import { AuthLogTable } from './AuthLogTable';
import { HoldersTab } from './HoldersTab';
import { RolesTab } from './RolesTab';
import { SitesTab } from './SitesTab';

/**
 * Sites and roles of the current project (spec 000 §2.2 `/project/institution`). Tabs follow the
 * caller's abilities as the server computed them: the server refuses every call regardless.
 */
export function InstitutionPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  return <InstitutionTabs project={project} />;
}

function InstitutionTabs({ project }: { project: Project }) {
  const { t } = useTranslation();
  const sites = useSiteListQuery(project.id);

  const can = (ability: string) => project.abilities[ability] === true;
  const siteChoices = sites.data ?? [];
  const items: TabsProps['items'] = [
    {
      key: 'sites',
      label: <span data-testid="institution-tab-sites">{t('institution.tabs.sites')}</span>,
      children: <SitesTab projectId={project.id} canManage={can('site.manage') && can('configEditable')} />,
    },
    {
      key: 'roles',
      label: <span data-testid="institution-tab-roles">{t('institution.tabs.roles')}</span>,
      children: <RolesTab projectId={project.id} canManage={can('role.manage')} sites={siteChoices} />,
    },
    ...(can('role.assign')
      ? [
          {
            key: 'holders',
            label: <span data-testid="institution-tab-holders">{t('institution.tabs.holders')}</span>,
            children: <HoldersTab projectId={project.id} sites={siteChoices} />,
          },
        ]
      : []),
    ...(can('role.manage')
      ? [
          {
            key: 'log',
            label: <span data-testid="institution-tab-log">{t('institution.tabs.log')}</span>,
            children: <AuthLogTable projectId={project.id} />,
          },
        ]
      : []),
  ];

  return (
    <Card title={t('institution.title', { code: project.code })}>
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
