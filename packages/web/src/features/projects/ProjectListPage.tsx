import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Input, Row, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PROJECT_LIST_FILTERS } from '@dcap/core';
import type { Project, ProjectListFilter } from '@dcap/core';
import { useProjectListQuery } from '../../api/projects';
import { useStoreProjectMutation } from '../../api/session';
import { DASHBOARD_PATH } from '../../app/guard';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { PROJECT_APPLY_PATH } from '../../app/shellState';
import { currentLocale } from '../../i18n';
import { useConfirm } from '../../lib/confirm';
import { localName } from '../../lib/displayName';
import { LIST_FILTER_LABEL_KEYS } from '../../lib/projectLabels';
import { ProjectCard } from './ProjectCard';
import { ProjectInfoModal } from './ProjectInfoModal';
import { StatusChart } from './StatusChart';

/** The workplace (spec 000 §2.2 `/project/projectList`): the spec's filters, the projects, and entering one. */
export function ProjectListPage() {
  const { t, i18n } = useTranslation();
  const init = useAppInit();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [filter, setFilter] = useState<ProjectListFilter>('mine');
  const [keyword, setKeyword] = useState('');
  const [info, setInfo] = useState<Project | null>(null);
  const list = useProjectListQuery(filter, keyword);
  const store = useStoreProjectMutation();
  const currentId = useProjectContext().project?.id;

  /** Entering a project switches the session to it (spec 000 §5: after a confirmation) and opens its home page. */
  const enter = (project: Project) => {
    if (project.id === currentId) {
      void navigate(DASHBOARD_PATH);
      return;
    }
    confirm({
      title: t('shell.project.confirmTitle'),
      content: t('shell.project.confirmContent', { code: project.code, name: localName(project, currentLocale(i18n)) }),
      onOk: async () => {
        await store.mutateAsync(project.id);
        await navigate(DASHBOARD_PATH);
      },
    });
  };

  const projects = list.data ?? [];

  return (
    <Card
      title={t('projects.list.title')}
      extra={
        <Flex gap={8}>
          <Input.Search
            allowClear
            placeholder={t('projects.list.search')}
            onSearch={(value) => setKeyword(value)}
            style={{ width: 260 }}
            data-testid="project-search"
          />
          {init.abilities.createProject ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(PROJECT_APPLY_PATH)} data-testid="project-apply">
              {t('projects.list.apply')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Tabs
        activeKey={filter}
        onChange={(key) => setFilter(PROJECT_LIST_FILTERS.find((option) => option === key) ?? 'mine')}
        items={PROJECT_LIST_FILTERS.map((option) => ({
          key: option,
          label: <span data-testid={`project-filter-${option}`}>{t(LIST_FILTER_LABEL_KEYS[option])}</span>,
        }))}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={18}>
          <Spin spinning={list.isFetching}>
            {projects.length === 0 && !list.isPending ? (
              <Empty description={t('projects.list.empty')} data-testid="project-list-empty" />
            ) : (
              <Flex vertical gap={12} data-testid="project-list">
                {projects.map((project) => (
                  <ProjectCard key={project.id} project={project} current={project.id === currentId} onEnter={enter} onInfo={setInfo} />
                ))}
              </Flex>
            )}
          </Spin>
        </Col>
        <Col xs={24} lg={6}>
          <StatusChart projects={projects} />
        </Col>
      </Row>
      <ProjectInfoModal project={info} onClose={() => setInfo(null)} />
    </Card>
  );
}
