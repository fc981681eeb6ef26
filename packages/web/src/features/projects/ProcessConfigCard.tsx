import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_STEPS, processProblems, projectIs } from '@dcap/core';
import type { AuditStep, ProcessConfig, Project } from '@dcap/core';
import { useProcessConfigQuery, useSaveProcessConfigMutation } from '../../api/processConfig';

/**
 * docs/decisions.md "Process configuration": a project setting that needs the design right and a status
 * where configuration may change (spec 000 §4.3), as the server's save checks it.
 */
export function processConfigEditable(project: Project): boolean {
  const designer = project.abilities['design.edit'] === true;
  return designer && projectIs(project.status, 'configDataEditable', { designer });
}

/** The audit steps (spec 000 §6: verify, review, sign) the project uses, in order. */
export function ProcessConfigCard({ project }: { project: Project }) {
  const { t } = useTranslation();
  const detail = useProcessConfigQuery(project.id);
  return (
    <Card title={t('processConfig.title')} loading={detail.isLoading} data-testid="process-config">
      {detail.data ? <ProcessEditor key={`${detail.data.updatedAt ?? ''}-${detail.data.steps.join(',')}`} project={project} config={detail.data} /> : null}
    </Card>
  );
}

function ProcessEditor({ project, config }: { project: Project; config: ProcessConfig }) {
  const { t } = useTranslation();
  const save = useSaveProcessConfigMutation();
  const editable = processConfigEditable(project);
  const [steps, setSteps] = useState<AuditStep[]>(config.steps);
  // The rule the server enforces, so the browser refuses the same orders before saving.
  const problems = processProblems(steps);
  const changed = steps.join(',') !== config.steps.join(',') || !config.saved;
  const unused = AUDIT_STEPS.filter((step) => !steps.includes(step));

  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const target = index + by;
    [next[index], next[target]] = [next[target] as AuditStep, next[index] as AuditStep];
    setSteps(next);
  };
  const toggle = (step: AuditStep, used: boolean) => setSteps(used ? [...steps, step] : steps.filter((other) => other !== step));
  const onSave = () => {
    if (problems.length > 0) return;
    save.mutate({ projectId: project.id, steps });
  };

  const row = (step: AuditStep, index: number | null) => (
    <List.Item
      data-testid={`process-step-${step}`}
      actions={
        index === null || !editable
          ? []
          : [
              <Button
                key="up"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('processConfig.moveUp')}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                data-testid={`process-up-${step}`}
              />,
              <Button
                key="down"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('processConfig.moveDown')}
                disabled={index === steps.length - 1}
                onClick={() => move(index, 1)}
                data-testid={`process-down-${step}`}
              />,
            ]
      }
    >
      <Space>
        <Checkbox checked={index !== null} disabled={!editable} onChange={(event) => toggle(step, event.target.checked)} data-testid={`process-use-${step}`}>
          {t('processConfig.used')}
        </Checkbox>
        {index === null ? <Tag>-</Tag> : <Tag color="blue">{t('processConfig.position', { n: index + 1 })}</Tag>}
        <Typography.Text type={index === null ? 'secondary' : undefined}>{t(`processConfig.steps.${step}`)}</Typography.Text>
      </Space>
    </List.Item>
  );

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('processConfig.intro')}</Typography.Text>
      {editable ? null : <Alert type="info" showIcon title={t('processConfig.readOnly')} data-testid="process-read-only" />}
      {config.saved ? null : <Alert type="warning" showIcon title={t('processConfig.defaultNote')} data-testid="process-default" />}
      <List bordered size="small" dataSource={[...steps.map((step, index) => ({ step, index })), ...unused.map((step) => ({ step, index: null }))]} renderItem={({ step, index }) => row(step, index)} />
      {steps.length === 0 ? <Typography.Text type="secondary">{t('processConfig.none')}</Typography.Text> : null}
      {problems.length > 0 ? (
        <Alert type="error" showIcon title={problems.map((problem) => t(`processConfig.problems.${problem}`)).join(' ')} data-testid="process-problems" />
      ) : null}
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text type="secondary">
          {config.updatedAt && config.updatedBy ? t('processConfig.updated', { by: config.updatedBy, at: new Date(config.updatedAt).toLocaleString() }) : null}
        </Typography.Text>
        {editable ? (
          <Space>
            <Button disabled={save.isPending} onClick={() => setSteps(config.steps)} data-testid="process-reset">
              {t('common.reset')}
            </Button>
            <Button type="primary" loading={save.isPending} disabled={!changed || problems.length > 0} onClick={onSave} data-testid="process-save">
              {t('common.save')}
            </Button>
          </Space>
        ) : null}
      </Flex>
    </Flex>
  );
}
