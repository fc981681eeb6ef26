import { Descriptions, Modal, Space, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, PROJECT_CONFIG_FLAGS } from '@dcap/core';
import type { Project } from '@dcap/core';
import {
  BLIND_METHOD_LABEL_KEYS,
  CONFIG_FLAG_LABEL_KEYS,
  GROUP_SCHEME_LABEL_KEYS,
  PROJECT_STATUS_COLORS,
  PROJECT_STATUS_LABEL_KEYS,
} from '../../lib/projectLabels';

const text = (value: string | null | undefined) => (value ? value : '-');

/** Every field of a project (spec 000 §2.1: the project info dialog is 800 wide). */
export function ProjectInfoModal({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const items: DescriptionsProps['items'] = project
    ? [
        { key: 'code', label: t('projects.fields.code'), children: project.code },
        {
          key: 'status',
          label: t('projects.fields.status'),
          children: <Tag color={PROJECT_STATUS_COLORS[project.status]}>{t(PROJECT_STATUS_LABEL_KEYS[project.status])}</Tag>,
        },
        { key: 'name', label: t('projects.fields.name'), children: project.name },
        { key: 'eName', label: t('projects.fields.eName'), children: text(project.eName) },
        { key: 'pi', label: t('projects.fields.piUserNames'), children: text(project.piUserNames) },
        { key: 'piEn', label: t('projects.fields.piUserNamesEn'), children: text(project.piUserNamesEn) },
        { key: 'sponsor', label: t('projects.fields.sponsorNames'), children: text(project.sponsorNames) },
        { key: 'cro', label: t('projects.fields.croNames'), children: text(project.croNames) },
        { key: 'blind', label: t('projects.fields.blindMethod'), children: t(BLIND_METHOD_LABEL_KEYS[project.blindMethod]) },
        { key: 'group', label: t('projects.fields.groupScheme'), children: t(GROUP_SCHEME_LABEL_KEYS[project.groupScheme]) },
        { key: 'remote', label: t('projects.fields.remoteRandomization'), children: yesNo(project.remoteRandomization) },
        { key: 'share', label: t('projects.fields.shareEventPanel'), children: yesNo(project.shareEventPanel) },
        { key: 'auto', label: t('projects.fields.autoCode'), children: yesNo(project.autoCode) },
        {
          key: 'prev',
          label: t('projects.fields.prevStatus'),
          children: project.prevStatus ? t(PROJECT_STATUS_LABEL_KEYS[project.prevStatus]) : '-',
        },
        {
          key: 'apps',
          label: t('projects.fields.application'),
          span: 2,
          children: (
            <Space size={4} wrap>
              {project.application.map((app) => (
                <Tag key={app}>{app}</Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'config',
          label: t('projects.fields.config'),
          span: 2,
          children: (
            <Space size={4} wrap>
              {PROJECT_CONFIG_FLAGS.filter((flag) => project.config[flag]).map((flag) => (
                <Tag key={flag} color="blue">
                  {t(CONFIG_FLAG_LABEL_KEYS[flag])}
                </Tag>
              ))}
              {PROJECT_CONFIG_FLAGS.some((flag) => project.config[flag]) ? null : '-'}
            </Space>
          ),
        },
        { key: 'audit', label: t('projects.fields.configAuditRequested'), children: yesNo(project.configAuditRequested) },
        { key: 'uat', label: t('projects.fields.uatConfirmed'), children: yesNo(project.uatConfirmed) },
        { key: 'online', label: t('projects.fields.onlineRequested'), children: yesNo(project.onlineRequested) },
        { key: 'version', label: t('projects.fields.version'), children: project.version },
        { key: 'created', label: t('projects.fields.createdAt'), children: dayjs(project.createdAt).format(DATE_TIME_FORMAT) },
        { key: 'updated', label: t('projects.fields.updatedAt'), children: dayjs(project.updatedAt).format(DATE_TIME_FORMAT) },
        { key: 'description', label: t('projects.fields.description'), span: 2, children: text(project.description) },
      ]
    : [];
  return (
    <Modal open={project !== null} title={t('projects.info.title')} width={800} footer={null} onCancel={onClose} destroyOnHidden>
      <Descriptions bordered size="small" column={2} items={items} data-testid="project-info" />
    </Modal>
  );
}
