import { ProjectOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import { useNavigate } from 'react-router';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { WORKPLACE_PATH } from '../../app/shellState';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABEL_KEYS } from '../../lib/projectLabels';
import { ProgressSteps } from '../projects/ProgressSteps';
import { currentLocale } from '../../i18n';
import { displayName, localName } from '../../lib/displayName';
import { greetingForHour } from './greeting';
import { StudyFigures } from './StudyFigures';

/**
 * The landing page after sign-in (spec 000 §2.2): a greeting and the current project with its progress,
 * then the study figures of the session's environment (spec 002 §2 data display dashboard). Without a
 * current project and environment there are no figures to show, and the page shows no sample numbers.
 */
export function DataDisplayPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAppInit();
  const now = dayjs();
  const locale = currentLocale(i18n);
  const userName = displayName(user, locale);
  const navigate = useNavigate();
  const { project, projects, role, currentEnv } = useProjectContext();

  return (
    <Flex vertical gap={24}>
      <Card data-testid="welcome-card">
        <Flex align="center" gap={20} wrap>
          <Avatar size={64} icon={<UserOutlined />} style={{ backgroundColor: '#1890FF' }} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="greeting">
              {t('dashboard.greeting', { greeting: t(`greeting.${greetingForHour(now.hour())}`), name: userName })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('dashboard.welcome', { system: t('app.name') })}
            </Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
            {t('dashboard.now', { time: now.format(DATE_TIME_FORMAT) })}
          </Typography.Text>
        </Flex>
      </Card>
      <Card
        title={
          <Flex gap={8} align="center">
            <ProjectOutlined />
            {t('dashboard.currentProject')}
          </Flex>
        }
        extra={
          <Button type="link" onClick={() => void navigate(WORKPLACE_PATH)} data-testid="dashboard-workplace">
            {t('dashboard.toWorkplace', { count: projects.length })}
          </Button>
        }
      >
        {project ? (
          <Flex vertical gap={16} data-testid="current-project">
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{project.code}</Typography.Text>
              <Typography.Text>{localName(project, locale)}</Typography.Text>
              <Tag color={PROJECT_STATUS_COLORS[project.status]}>{t(PROJECT_STATUS_LABEL_KEYS[project.status])}</Tag>
              {role ? <Tag color="blue">{role.alias}</Tag> : null}
            </Flex>
            <ProgressSteps project={project} compact />
          </Flex>
        ) : (
          <Empty
            data-testid="no-projects"
            description={
              <Flex vertical gap={4}>
                <Typography.Text>{projects.length > 0 ? t('dashboard.chooseProject') : t('dashboard.noProjects')}</Typography.Text>
                <Typography.Text type="secondary">{t('dashboard.noProjectsHint')}</Typography.Text>
              </Flex>
            }
          />
        )}
      </Card>
      {project && currentEnv ? <StudyFigures projectId={project.id} env={currentEnv.key} envName={localName(currentEnv, locale)} /> : null}
    </Flex>
  );
}
