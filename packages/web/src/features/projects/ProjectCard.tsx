import { InfoCircleOutlined, LoginOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { headerNotice } from '@dcap/core';
import type { Project } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { localName } from '../../lib/displayName';
import { truncateCode } from '../../lib/projectCode';
import { HEADER_NOTICE_LABEL_KEYS, PROJECT_STATUS_COLORS, PROJECT_STATUS_LABEL_KEYS } from '../../lib/projectLabels';
import { ProgressSteps } from './ProgressSteps';

interface ProjectCardProps {
  project: Project;
  current: boolean;
  onEnter: (project: Project) => void;
  onInfo: (project: Project) => void;
}

/** One project of the workplace: code, names, status, pause notice, the nine-step progress, PI and sponsor. */
export function ProjectCard({ project, current, onEnter, onInfo }: ProjectCardProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const english = locale === 'en-US';
  const notice = headerNotice(project.status);
  const pi = (english ? (project.piUserNamesEn ?? project.piUserNames) : project.piUserNames) ?? '-';
  const otherName = english ? project.name : project.eName;
  return (
    <Card
      size="small"
      data-testid={`project-card-${project.code}`}
      title={
        <Flex align="center" gap={8} wrap>
          <Tooltip title={project.code}>
            <Typography.Text strong>{truncateCode(project.code)}</Typography.Text>
          </Tooltip>
          <Typography.Text>{localName(project, locale)}</Typography.Text>
          {otherName && otherName !== project.name ? <Typography.Text type="secondary">{otherName}</Typography.Text> : null}
        </Flex>
      }
      extra={
        <Space size={4}>
          {current ? <Tag color="blue">{t('shell.current')}</Tag> : null}
          <Tag color={PROJECT_STATUS_COLORS[project.status]} data-testid="project-status">
            {t(PROJECT_STATUS_LABEL_KEYS[project.status])}
          </Tag>
          {notice ? <Tag color="orange">{t(HEADER_NOTICE_LABEL_KEYS[notice])}</Tag> : null}
        </Space>
      }
    >
      <div className="dcap-project-card__steps">
        <ProgressSteps project={project} compact />
      </div>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginTop: 12 }}>
        <Space size={24} wrap>
          <Typography.Text type="secondary">
            {t('projects.fields.piUserNames')}: <Typography.Text>{pi}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('projects.fields.sponsorNames')}: <Typography.Text>{project.sponsorNames ?? '-'}</Typography.Text>
          </Typography.Text>
        </Space>
        <Space>
          <Button icon={<InfoCircleOutlined />} onClick={() => onInfo(project)} data-testid={`project-info-${project.code}`}>
            {t('projects.list.info')}
          </Button>
          <Button type="primary" icon={<LoginOutlined />} onClick={() => onEnter(project)} data-testid={`project-enter-${project.code}`}>
            {t('projects.list.enter')}
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
