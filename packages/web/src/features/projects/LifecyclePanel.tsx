import { Alert, Button, Card, Divider, Flex, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, FLOW_STATUSES, headerNotice } from '@dcap/core';
import type { GateCondition, Project, ProjectStatus } from '@dcap/core';
import { useLifecycleMutation } from '../../api/projects';
import type { LifecycleRequest } from '../../api/projects';
import { useConfirm } from '../../lib/confirm';
import { HEADER_NOTICE_LABEL_KEYS, PROJECT_STATUS_COLORS, PROJECT_STATUS_LABEL_KEYS } from '../../lib/projectLabels';
import { useApplyOnlineMutation, useDecideMutation, useProjectGatesQuery } from './approvals/api';
import { ReasonModal } from './approvals/ReasonModal';
import { lifecycleOptions } from './lifecycleActions';
import type { LifecycleAction } from './lifecycleActions';
import { ProgressSteps } from './ProgressSteps';
import { StatusChangePanel } from './StatusChangePanel';

const ACTION_LABEL_KEYS: Record<LifecycleAction, string> = {
  nextStep: 'lifecycle.actions.nextStep',
  applyAuditConfig: 'lifecycle.actions.applyAuditConfig',
  saConfirmConfig: 'lifecycle.actions.saConfirmConfig',
  confirmInternalTest: 'lifecycle.actions.confirmInternalTest',
  confirmUatTest: 'lifecycle.actions.confirmUatTest',
  applyOnline: 'lifecycle.actions.applyOnline',
  approveOnline: 'lifecycle.actions.approveOnline',
  rejectOnline: 'lifecycle.actions.rejectOnline',
  lock: 'lifecycle.actions.lock',
  unlock: 'lifecycle.actions.unlock',
  resetTestData: 'lifecycle.actions.resetTestData',
};

const DANGEROUS: ReadonlySet<LifecycleAction> = new Set(['lock', 'rejectOnline', 'resetTestData']);

/** The actions that ask for a reason instead of a plain confirmation (docs/decisions.md, "Lifecycle gates"). */
type ReasonAction = 'applyOnline' | 'approveOnline' | 'rejectOnline';
const REASON_ACTIONS: ReadonlySet<LifecycleAction> = new Set<ReasonAction>(['applyOnline', 'approveOnline', 'rejectOnline']);

/** Which gate list blocks each action: entering internal test, or going online (core `unmetGates`). */
const GATED: Partial<Record<LifecycleAction, 'internalTest' | 'online'>> = {
  applyAuditConfig: 'internalTest',
  saConfirmConfig: 'internalTest',
  applyOnline: 'online',
  approveOnline: 'online',
};

/** The call each action makes (spec 000 §7.4). */
function requestFor(action: LifecycleAction, project: Project): LifecycleRequest {
  const projectId = project.id;
  switch (action) {
    case 'nextStep': {
      const seen = FLOW_STATUSES.find((status) => status === project.status);
      if (!seen) throw new Error(`nextStep from ${project.status}`);
      return { kind: 'nextStep', projectId, seen };
    }
    case 'applyAuditConfig':
      return { kind: 'simple', call: 'applyAuditConfig', projectId };
    case 'saConfirmConfig':
      return { kind: 'simple', call: 'saConfirmConfig', projectId };
    case 'confirmInternalTest':
      return { kind: 'simple', call: 'confirmProjectInternalTest', projectId };
    case 'confirmUatTest':
      return { kind: 'simple', call: 'confirmProjectUatTest', projectId };
    case 'applyOnline':
      return { kind: 'simple', call: 'applyOnline', projectId };
    case 'approveOnline':
      return { kind: 'approveOnline', projectId, approve: true };
    case 'rejectOnline':
      return { kind: 'approveOnline', projectId, approve: false };
    case 'lock':
      return { kind: 'simple', call: 'lockProject', projectId };
    case 'unlock':
      return { kind: 'simple', call: 'unlockProject', projectId };
    case 'resetTestData':
      return { kind: 'resetTest', projectId };
  }
}

/**
 * The lifecycle of the current project (spec 000 §4.2): progress, notice, and only the actions the caller
 * may take from the current status. Every action asks for confirmation first.
 */
export function LifecyclePanel({ project, username, userId }: { project: Project; username: string; userId: number }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const run = useLifecycleMutation();
  const applyOnline = useApplyOnlineMutation();
  const decide = useDecideMutation();
  const gates = useProjectGatesQuery(project.id, project.version);
  const [target, setTarget] = useState<ProjectStatus | undefined>(undefined);
  const [reasonFor, setReasonFor] = useState<ReasonAction | null>(null);
  const options = lifecycleOptions(project, userId);
  const notice = headerNotice(project.status);
  const statusName = (status: ProjectStatus) => t(PROJECT_STATUS_LABEL_KEYS[status]);
  const unmet = (action: LifecycleAction): readonly GateCondition[] => {
    const gate = GATED[action];
    return gate && gates.data ? gates.data[gate] : [];
  };
  // The gate lists shown: internal test while the project is configured, going online while it is tested.
  const shownGates = (['internalTest', 'online'] as const).filter(
    (gate) => gates.data && gates.data[gate].length > 0 && options.actions.some((action) => GATED[action] === gate),
  );

  const submitReason = (reason: string | null) => {
    if (reasonFor === 'applyOnline') return applyOnline.mutateAsync({ projectId: project.id, reason });
    return decide.mutateAsync({ kind: 'online', projectId: project.id, applicationId: null, approve: reasonFor === 'approveOnline', reason });
  };

  const perform = (action: LifecycleAction) => {
    if (REASON_ACTIONS.has(action)) {
      setReasonFor(action as ReasonAction);
      return;
    }
    confirm({
      title: t('lifecycle.confirmTitle', { action: t(ACTION_LABEL_KEYS[action]) }),
      content:
        action === 'resetTestData'
          ? t('lifecycle.resetContent', { code: project.code })
          : t('lifecycle.confirmContent', { code: project.code, status: statusName(project.status) }),
      danger: DANGEROUS.has(action),
      onOk: () => run.mutateAsync(requestFor(action, project)),
    });
  };

  const updateStatus = () => {
    if (!target) return;
    confirm({
      title: t('lifecycle.updateStatusTitle'),
      content: t('lifecycle.updateStatusContent', { from: statusName(project.status), to: statusName(target) }),
      danger: true,
      onOk: async () => {
        await run.mutateAsync({ kind: 'updateStatus', projectId: project.id, status: target, oldStatus: project.status });
        setTarget(undefined);
      },
    });
  };

  return (
    <Card title={t('lifecycle.title')} data-testid="lifecycle-panel">
      <ProgressSteps project={project} />
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <Tag color={PROJECT_STATUS_COLORS[project.status]} data-testid="lifecycle-status">
          {statusName(project.status)}
        </Tag>
        {notice ? <Tag color="orange">{t(HEADER_NOTICE_LABEL_KEYS[notice])}</Tag> : null}
        {project.configAuditRequested ? <Tag color="processing">{t('projects.fields.configAuditRequested')}</Tag> : null}
        {project.uatConfirmed ? <Tag color="success">{t('projects.fields.uatConfirmed')}</Tag> : null}
        {project.onlineRequested ? <Tag color="processing">{t('projects.fields.onlineRequested')}</Tag> : null}
      </Flex>
      {project.onlineRequested && project.onlineRequestedAt ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="lifecycle-online-application">
          {t('lifecycle.onlineApplication', {
            at: dayjs(project.onlineRequestedAt).format(DATE_TIME_FORMAT),
            reason: project.onlineRequestReason ? ` · ${project.onlineRequestReason}` : '',
          })}
        </Typography.Paragraph>
      ) : null}
      {options.ownOnlineApplication && options.canDecide ? (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('lifecycle.fourEyesOwn')} data-testid="lifecycle-four-eyes" />
      ) : null}
      {shownGates.map((gate) => (
        <Alert
          key={gate}
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          title={t(`lifecycle.gates.${gate}`)}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {(gates.data?.[gate] ?? []).map((condition) => (
                <li key={condition} data-testid={`lifecycle-gate-${condition}`}>
                  {t(`lifecycle.gates.${condition}`)}
                </li>
              ))}
            </ul>
          }
          data-testid={`lifecycle-gates-${gate}`}
        />
      ))}
      <Divider titlePlacement="start">{t('lifecycle.available')}</Divider>
      {options.actions.length === 0 && options.statusTargets.length === 0 ? (
        <Typography.Text type="secondary" data-testid="lifecycle-none">
          {t('lifecycle.none')}
        </Typography.Text>
      ) : (
        <Space wrap>
          {options.actions.map((action) => (
            <Button
              key={action}
              type={DANGEROUS.has(action) ? 'default' : 'primary'}
              danger={DANGEROUS.has(action)}
              loading={run.isPending}
              disabled={unmet(action).length > 0}
              onClick={() => perform(action)}
              data-testid={`lifecycle-${action}`}
            >
              {t(ACTION_LABEL_KEYS[action])}
            </Button>
          ))}
          {options.statusTargets.length > 0 ? (
            <Space.Compact>
              <Select<ProjectStatus>
                value={target}
                onChange={setTarget}
                placeholder={t('lifecycle.updateStatusPlaceholder')}
                style={{ minWidth: 200 }}
                options={options.statusTargets.map((status) => ({ value: status, label: statusName(status) }))}
                data-testid="lifecycle-status-target"
              />
              <Button danger disabled={!target} onClick={updateStatus} data-testid="lifecycle-updateStatus">
                {t('lifecycle.actions.updateStatus')}
              </Button>
            </Space.Compact>
          ) : null}
        </Space>
      )}
      <StatusChangePanel project={project} changeTypes={options.changeTypes} canDecide={options.canDecide} username={username} />
      <ReasonModal
        open={reasonFor !== null}
        title={reasonFor === 'applyOnline' ? t('lifecycle.applyOnlineTitle') : reasonFor === 'rejectOnline' ? t('lifecycle.rejectTitle') : t('lifecycle.approveTitle')}
        subject={`${project.code} · ${statusName(project.status)}`}
        okText={reasonFor ? t(ACTION_LABEL_KEYS[reasonFor]) : ''}
        danger={reasonFor === 'rejectOnline'}
        reasonRequired={reasonFor === 'rejectOnline'}
        loading={applyOnline.isPending || decide.isPending}
        onOk={submitReason}
        onClose={() => setReasonFor(null)}
      />
    </Card>
  );
}
