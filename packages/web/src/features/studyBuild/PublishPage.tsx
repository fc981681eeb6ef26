import { CloudUploadOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, PUBLISH_TARGETS } from '@dcap/core';
import type { DesignVersion, Environment, PublishTarget } from '@dcap/core';
import { useDesignVersionsQuery } from '../../api/publishing';
import { useProjectContext } from '../../app/projectContext';
import { currentLocale } from '../../i18n';
import { BlankCrfButton } from '../crfPdf/CrfPdfButtons';
import { DesignButton, DesignLockNotice } from './DesignButton';
import { useDesignEditability } from './editability';
import { TARGET_LABEL_KEYS } from './labels';
import { PublishDialog } from './PublishDialog';

/** The version an environment runs: the published version listing its key. */
function versionRunning(versions: readonly DesignVersion[], key: string): DesignVersion | null {
  return versions.find((version) => version.environments.includes(key)) ?? null;
}

/** `/dCapVue/design/publish`: which design version test and production run, publishing, and the version history. */
export function PublishPage() {
  const { t } = useTranslation();
  const { project, envs } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  return <PublishOverview projectId={project.id} code={project.code} envs={envs ?? []} designer={project.abilities['design.edit'] === true} />;
}

function PublishOverview({ projectId, code, envs, designer }: { projectId: number; code: string; envs: Environment[]; designer: boolean }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  // Publishing is a design write: it starts from the development environment like any other.
  const lock = useDesignEditability();
  const versions = useDesignVersionsQuery(projectId);
  const [target, setTarget] = useState<PublishTarget | null>(null);
  const list = versions.data ?? [];
  const uatVersion = versionRunning(list, 'uat');

  const envName = (key: PublishTarget) => {
    const env = envs.find((candidate) => candidate.key === key);
    return env ? (english && env.eName ? env.eName : env.name) : t(TARGET_LABEL_KEYS[key]);
  };

  const columns: TableColumnsType<DesignVersion> = [
    { key: 'version', title: t('design.publish.version'), width: 90, render: (_v, version) => <Typography.Text strong>v{version.version}</Typography.Text> },
    { key: 'publishedAt', title: t('design.publish.publishedAt'), width: 170, render: (_v, version) => dayjs(version.publishedAt).format(DATE_TIME_FORMAT) },
    { key: 'publishedBy', title: t('design.publish.publishedBy'), width: 140, render: (_v, version) => version.publishedBy ?? '-' },
    {
      key: 'environments',
      title: t('design.publish.runningIn'),
      width: 160,
      render: (_v, version) =>
        version.environments.length === 0
          ? '-'
          : version.environments.map((key) => (
              <Tag key={key} color={key === 'prd' ? 'red' : 'blue'}>
                {key}
              </Tag>
            )),
    },
    { key: 'note', title: t('design.publish.note'), render: (_v, version) => version.note ?? '-' },
  ];

  return (
    <Card title={t('design.publish.title', { code })} extra={designer ? <BlankCrfButton source="draft" /> : null}>
      <Flex vertical gap={16}>
        <DesignLockNotice lock={lock} />
        <Row gutter={[16, 16]}>
          {PUBLISH_TARGETS.map((key) => {
            const running = versionRunning(list, key);
            const blocked = key === 'prd' && uatVersion === null;
            return (
              <Col key={key} xs={24} md={12}>
                <Card size="small" title={`${envName(key)} (${key})`} data-testid={`publish-env-${key}`}>
                  <Flex justify="space-between" align="end" wrap gap={8}>
                    <Statistic
                      title={t('design.publish.runningVersion')}
                      value={running ? `v${String(running.version)}` : t('design.publish.never')}
                      loading={versions.isLoading}
                    />
                    <DesignButton
                      lock={lock}
                      type="primary"
                      danger={key === 'prd'}
                      icon={<CloudUploadOutlined />}
                      disabled={blocked}
                      title={blocked ? t('design.publish.prdNeedsUat') : undefined}
                      onClick={() => setTarget(key)}
                      data-testid={`publish-${key}`}
                    >
                      {key === 'uat' ? t('design.publish.toUat') : t('design.publish.toPrd')}
                    </DesignButton>
                  </Flex>
                  <Typography.Text type="secondary">{key === 'uat' ? t('design.publish.uatHint') : t('design.publish.prdHint')}</Typography.Text>
                </Card>
              </Col>
            );
          })}
        </Row>
        <Typography.Title level={5}>{t('design.publish.history')}</Typography.Title>
        <Table<DesignVersion> rowKey="version" loading={versions.isLoading} columns={columns} dataSource={list} pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="version-table" />
      </Flex>
      <PublishDialog projectId={projectId} target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
