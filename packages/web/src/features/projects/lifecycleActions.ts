import {
  canLockFrom,
  canResetTestData,
  isLegalStatusChange,
  mayDecideApplication,
  PROJECT_STATUSES,
  resolveTarget,
  STATUS_CHANGE_TYPES,
  STATUS_CHANGES,
  stepRule,
} from '@dcap/core';
import type { Project, ProjectStatus, StatusChangeType, StepRule } from '@dcap/core';

/** The one-click lifecycle actions of spec 000 §4.2. */
export const LIFECYCLE_ACTIONS = [
  'nextStep',
  'applyAuditConfig',
  'saConfirmConfig',
  'confirmInternalTest',
  'confirmUatTest',
  'applyOnline',
  'approveOnline',
  'rejectOnline',
  'lock',
  'unlock',
  'resetTestData',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export interface LifecycleOptions {
  actions: LifecycleAction[];
  /** Where "update status" may move the project (platform administrators only). */
  statusTargets: ProjectStatus[];
  /** The status-change applications that may be filed from the current status. */
  changeTypes: StatusChangeType[];
  /** Whether the caller decides applications (platform administrators; never their own). */
  canDecide: boolean;
  /** The caller applied to go online, so someone else must decide it (four eyes, docs/decisions.md). */
  ownOnlineApplication: boolean;
}

type ProjectState = Pick<Project, 'status' | 'prevStatus' | 'configAuditRequested' | 'uatConfirmed' | 'onlineRequested' | 'onlineRequestedBy' | 'abilities'>;

/**
 * What the caller may do to the project now, from core's rules and the abilities the server computed
 * ('project.lifecycle' for project managers, 'project.approve' for platform administrators). Nothing here
 * decides anything the server does not check again.
 */
export function lifecycleOptions(project: ProjectState, userId: number | null = null): LifecycleOptions {
  const { status, prevStatus } = project;
  // Four eyes: whoever applied to go online never decides it, whatever their rights.
  const ownOnlineApplication = project.onlineRequested && userId !== null && !mayDecideApplication(project.onlineRequestedBy, userId);
  const manages = project.abilities['project.lifecycle'] === true;
  const approves = project.abilities['project.approve'] === true;
  const mayRun = (rule: StepRule | undefined): rule is StepRule =>
    rule !== undefined && (rule.by === 'platformAdmin' ? approves : manages);

  const next = stepRule('nextStep', status);
  const configRule = stepRule('saConfirmConfig', status);
  const internalRule = stepRule('confirmInternalTest', status);
  const onlineRule = stepRule('approveApplyOnline', status);
  // The audit and UAT steps are the prerequisites core names on the confirming rules.
  const needsAudit = configRule?.requires === 'configAuditRequested';
  const needsUat = onlineRule?.requires === 'uatConfirmed';

  const offered: Record<LifecycleAction, boolean> = {
    nextStep: mayRun(next),
    applyAuditConfig: manages && needsAudit && !project.configAuditRequested,
    saConfirmConfig: mayRun(configRule) && (!needsAudit || project.configAuditRequested),
    confirmInternalTest: mayRun(internalRule),
    confirmUatTest: manages && needsUat && !project.uatConfirmed,
    applyOnline: manages && onlineRule !== undefined && (!needsUat || project.uatConfirmed) && !project.onlineRequested,
    approveOnline: mayRun(onlineRule) && project.onlineRequested && !ownOnlineApplication,
    rejectOnline: approves && project.onlineRequested && !ownOnlineApplication,
    lock: approves && canLockFrom(status),
    unlock: approves && status === 'LOCKED' && prevStatus !== null,
    // Spec 000 §4.2 "reset test data": every non-production environment, while the project is in testing.
    resetTestData: manages && canResetTestData(status),
  };

  return {
    actions: LIFECYCLE_ACTIONS.filter((action) => offered[action]),
    statusTargets: approves ? PROJECT_STATUSES.filter((to) => isLegalStatusChange(status, to, prevStatus)) : [],
    changeTypes: manages
      ? STATUS_CHANGE_TYPES.filter((type) => {
          const change = STATUS_CHANGES[type];
          return change.from.includes(status) && resolveTarget(change.to, prevStatus) !== null;
        })
      : [],
    canDecide: approves,
    ownOnlineApplication,
  };
}
