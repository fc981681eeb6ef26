import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Empty, Flex, Form, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SYNC_DIRECTION_NAMES, SYNC_DIRECTIONS } from '@dcap/core';
import type { Project, SyncDirection } from '@dcap/core';
import { useStartSyncMutation } from '../../api/sync';
import { useProjectContext } from '../../app/projectContext';
import { ENVIRONMENTS_PATH } from '../../app/shellState';
import { useConfirm } from '../../lib/confirm';
import { SYNC_TASK_LIST_PATH } from './paths';

/**
 * Starts a synchronisation (spec 000 §2.2 `/project/projectEnv/syncProjectData`, §7.4 syncData and
 * syncDataToTest). Only the design is offered: study data is never copied between environments, which the
 * page says rather than hides. Syncing the development design needs the design right, as publishing does.
 */
function SyncForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const start = useStartSyncMutation();
  const mayDesign = project.abilities['design.edit'] === true;
  const [direction, setDirection] = useState<SyncDirection>(mayDesign ? 'syncData' : 'syncDataToTest');

  const submit = () => {
    confirm({
      title: t('sync.confirm.startTitle'),
      content: t('sync.confirm.startContent', { direction: t(`sync.direction.${direction}`), types: t('sync.type.design') }),
      okText: t('sync.actions.start'),
      onOk: async () => {
        await start.mutateAsync({ projectId: project.id, direction, types: ['design'] });
        await navigate(SYNC_TASK_LIST_PATH);
      },
    });
  };

  return (
    <Card
      title={t('sync.startTitle')}
      extra={
        <Space>
          <Button onClick={() => void navigate(ENVIRONMENTS_PATH)}>{t('sync.actions.backToEnvs')}</Button>
          <Button onClick={() => void navigate(SYNC_TASK_LIST_PATH)} data-testid="sync-open-tasks">
            {t('sync.actions.tasks')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item label={t('sync.fields.direction')}>
          <Radio.Group value={direction} onChange={(event) => setDirection(event.target.value as SyncDirection)} data-testid="sync-direction">
            <Flex vertical gap={8}>
              {SYNC_DIRECTION_NAMES.map((name) => (
                <Radio key={name} value={name} disabled={name === 'syncData' && !mayDesign} data-testid={`sync-direction-${name}`}>
                  <Space orientation="vertical" size={0}>
                    <span>
                      {t(`sync.direction.${name}`)}{' '}
                      <Typography.Text type="secondary" code>{`${SYNC_DIRECTIONS[name].source} → ${SYNC_DIRECTIONS[name].target}`}</Typography.Text>
                    </span>
                    <Typography.Text type="secondary">{name === 'syncData' && !mayDesign ? t('sync.noRight') : t(`sync.directionHint.${name}`)}</Typography.Text>
                  </Space>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('sync.fields.types')}>
          <Checkbox.Group value={['design']} options={[{ value: 'design', label: t('sync.type.design'), disabled: true }, { value: 'data', label: t('sync.type.data'), disabled: true }]} />
          <Alert type="info" showIcon title={t('sync.dataNotCopied')} style={{ marginTop: 8 }} />
        </Form.Item>
        <Button type="primary" icon={<SyncOutlined />} loading={start.isPending} onClick={submit} data-testid="sync-start">
          {t('sync.actions.start')}
        </Button>
      </Form>
    </Card>
  );
}

export function SyncProjectDataPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  return <SyncForm project={project} />;
}
