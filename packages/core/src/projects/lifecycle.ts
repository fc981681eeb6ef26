import type { ProjectStatus } from './status.js';
import { PROJECT_STATUSES } from './status.js';

/**
 * Who may move a project, and where (spec 000 §4.2). The spec lists the actions but neither who performs
 * them nor which moves are legal; these are the choices of a regulated sponsor (docs/decisions.md,
 * "Project lifecycle"): the study team (project administrators) drives set-up and testing and applies
 * for every change that affects a running study; a platform administrator, never the applicant,
 * approves. Every other move is refused.
 */
export type LifecycleActor = 'projectAdmin' | 'platformAdmin';

export interface StepRule {
  from: ProjectStatus;
  to: ProjectStatus;
  by: LifecycleActor;
  /** What must have happened first (the config audit, the UAT confirmation). */
  requires?: 'configAuditRequested' | 'uatConfirmed';
}

/** `nextStep` and the confirmations: each moves the project one step along the flow. */
export const STEP_RULES = {
  nextStep: [
    { from: 'PROJECT_STATUS_SET_UP', to: 'CONFIG', by: 'projectAdmin' },
    { from: 'ON_RESEARCH', to: 'FIX', by: 'projectAdmin' },
    { from: 'DATABASE_FREEZED', to: 'DOC_DELIVERY', by: 'platformAdmin' },
    { from: 'DOC_DELIVERY', to: 'OFFLINE', by: 'platformAdmin' },
  ],
  saConfirmConfig: [{ from: 'CONFIG', to: 'INTERNAL_TEST', by: 'platformAdmin', requires: 'configAuditRequested' }],
  confirmInternalTest: [{ from: 'INTERNAL_TEST', to: 'TEST', by: 'projectAdmin' }],
  approveApplyOnline: [{ from: 'TEST', to: 'ON_RESEARCH', by: 'platformAdmin', requires: 'uatConfirmed' }],
} as const satisfies Record<string, readonly StepRule[]>;
export type StepAction = keyof typeof STEP_RULES;

export function stepRule(action: StepAction, from: ProjectStatus): StepRule | undefined {
  return (STEP_RULES[action] as readonly StepRule[]).find((rule) => rule.from === from);
}

/** Spec 000 §4.2 status-change applications, each from the statuses listed to the target. */
export const STATUS_CHANGE_TYPES = [
  'APPLY_SUSPEND_RECRUIT',
  'APPLY_CONTINUE_RECRUIT',
  'APPLY_PROJECT_LOCKED',
  'APPLY_PROJECT_UNLOCKED',
  'APPLY_FREEZED_ON_RESEARCH',
  'APPLY_UNFREEZE_CONTINUE_RECRUIT',
  'APPLY_DATABASE_FREEZED',
  'APPLY_DATABASE_UNFREEZED',
] as const;
export type StatusChangeType = (typeof STATUS_CHANGE_TYPES)[number];

/** `previous` returns the project to the status it was locked from. */
export type StatusTarget = ProjectStatus | 'previous';

const LOCKABLE: readonly ProjectStatus[] = PROJECT_STATUSES.filter((s) => s !== 'LOCKED' && s !== 'OFFLINE');

export const STATUS_CHANGES: Record<StatusChangeType, { from: readonly ProjectStatus[]; to: StatusTarget }> = {
  APPLY_SUSPEND_RECRUIT: { from: ['ON_RESEARCH'], to: 'RECORD_FREEZED' },
  APPLY_CONTINUE_RECRUIT: { from: ['RECORD_FREEZED'], to: 'ON_RESEARCH' },
  APPLY_PROJECT_LOCKED: { from: LOCKABLE, to: 'LOCKED' },
  APPLY_PROJECT_UNLOCKED: { from: ['LOCKED'], to: 'previous' },
  APPLY_FREEZED_ON_RESEARCH: { from: ['ON_RESEARCH', 'RECORD_FREEZED'], to: 'FREEZED_ON_RESEARCH' },
  APPLY_UNFREEZE_CONTINUE_RECRUIT: { from: ['FREEZED_ON_RESEARCH'], to: 'ON_RESEARCH' },
  APPLY_DATABASE_FREEZED: { from: ['FIX'], to: 'DATABASE_FREEZED' },
  APPLY_DATABASE_UNFREEZED: { from: ['DATABASE_FREEZED'], to: 'FIX' },
};

/** Resolves a target against the project's previous status; null when there is nothing to return to. */
export function resolveTarget(target: StatusTarget, prevStatus: ProjectStatus | null): ProjectStatus | null {
  return target === 'previous' ? prevStatus : target;
}

/** Pausing and resuming testing have no application type; a platform administrator does them directly. */
const DIRECT_EDGES: readonly [ProjectStatus, ProjectStatus][] = [
  ['TEST', 'FREEZED_ON_TEST'],
  ['FREEZED_ON_TEST', 'TEST'],
];

/**
 * Whether a platform administrator's "update status" (new and old status) may move `from` to `to`: only
 * along an edge that some step, application or direct pause exists for. Moving out of LOCKED is
 * legal only back to the status it was locked from.
 */
export function isLegalStatusChange(from: ProjectStatus, to: ProjectStatus, prevStatus: ProjectStatus | null): boolean {
  if (from === to) return false;
  if (from === 'LOCKED') return to === prevStatus;
  const steps = Object.values(STEP_RULES).flat() as readonly StepRule[];
  if (steps.some((rule) => rule.from === from && rule.to === to)) return true;
  if (Object.values(STATUS_CHANGES).some((change) => change.to === to && change.from.includes(from))) return true;
  return DIRECT_EDGES.some(([a, b]) => a === from && b === to);
}

/** Lock and unlock by a platform administrator (spec 000 §4.2 "lock; unlock"). */
export function canLockFrom(status: ProjectStatus): boolean {
  return LOCKABLE.includes(status);
}

/** Reset test data is for projects still in testing (spec 000 §4.2 "reset test data"). */
export function canResetTestData(status: ProjectStatus): boolean {
  return ['CONFIG', 'INTERNAL_TEST', 'TEST', 'FREEZED_ON_TEST'].includes(status);
}
