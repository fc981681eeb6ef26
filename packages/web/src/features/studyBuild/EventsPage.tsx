import { Card, Empty, Flex, Tabs } from 'antd';
import type { TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectContext } from '../../app/projectContext';
import { DesignLockNotice } from './DesignButton';
import { useDesignEditability } from './editability';
import { EventMatrixTab } from './EventMatrixTab';
import { EventsTab } from './EventsTab';

/** `/dCapVue/design/events`: the visit schedule and the event × panel matrix. */
export function EventsPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  const lock = useDesignEditability();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;

  const items: TabsProps['items'] = [
    {
      key: 'events',
      label: <span data-testid="events-tab-events">{t('design.events.tab')}</span>,
      children: <EventsTab projectId={project.id} lock={lock} />,
    },
    {
      key: 'matrix',
      label: <span data-testid="events-tab-matrix">{t('design.matrix.tab')}</span>,
      children: <EventMatrixTab projectId={project.id} lock={lock} />,
    },
  ];

  return (
    <Card title={t('design.events.title', { code: project.code })}>
      <Flex vertical gap={12}>
        <DesignLockNotice lock={lock} />
        <Tabs items={items} destroyOnHidden />
      </Flex>
    </Card>
  );
}
