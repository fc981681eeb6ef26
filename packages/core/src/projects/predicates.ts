import type { ProjectStatus } from './status.js';
import { TEST_STATUSES } from './status.js';

/**
 * The global predicates of spec 000 §4.3 as one table, status × predicate. The spec names them but not
 * their rules; docs/decisions.md ("Project statuses") explains each choice. Server and web both call
 * `projectIs`, so a button the web hides is a call the server refuses.
 */
export const PROJECT_PREDICATES = [
  'frozenOnTest',
  'recruitmentSuspended',
  'frozenOnSearch',
  'databaseFrozen',
  'docDelivery',
  'locked',
  'disabled',
  'configDataEditable',
  'userRightsEditable',
  'offline',
  'running',
  'paused',
  'onSearch',
  'test',
  'internalTest',
  'recruitmentFinished',
  'recordDisabled',
  'importRecordDisabled',
  'recordRecruitDisabled',
  'recordDeletable',
] as const;
export type ProjectPredicate = (typeof PROJECT_PREDICATES)[number];

/** Spec 000 §4.3: "Running-paused, locked, database-frozen, doc-delivery and offline are read-only." */
const READ_ONLY: readonly ProjectStatus[] = ['FREEZED_ON_RESEARCH', 'LOCKED', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE'];
/** Spec 000 §4.3: "Editing is allowed in config, internal test, test, online and enrolment-paused states". */
const CONFIG_EDITABLE: readonly ProjectStatus[] = ['PROJECT_STATUS_SET_UP', 'CONFIG', 'INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'RECORD_FREEZED'];
/** Data entry happens in test statuses (test environments) and while the study runs. */
const RECORD_ENTRY: readonly ProjectStatus[] = ['INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'RECORD_FREEZED', 'FIX'];

export interface PredicateContext {
  /** A designer or project administrator: spec 000 §4.3 lets only them edit while paused on test. */
  designer?: boolean;
}

const is =
  (...statuses: ProjectStatus[]) =>
  (status: ProjectStatus) =>
    statuses.includes(status);

const RULES: Record<ProjectPredicate, (status: ProjectStatus, context: PredicateContext) => boolean> = {
  frozenOnTest: is('FREEZED_ON_TEST'),
  recruitmentSuspended: is('RECORD_FREEZED'),
  frozenOnSearch: is('FREEZED_ON_RESEARCH'),
  databaseFrozen: is('DATABASE_FREEZED'),
  docDelivery: is('DOC_DELIVERY'),
  locked: is('LOCKED'),
  offline: is('OFFLINE'),
  disabled: (status) => READ_ONLY.includes(status),
  configDataEditable: (status, context) => CONFIG_EDITABLE.includes(status) || (status === 'FREEZED_ON_TEST' && context.designer === true),
  // Who may access a study must stay manageable in every live state; only an archived project is closed.
  userRightsEditable: (status) => status !== 'OFFLINE',
  running: is('ON_RESEARCH', 'FIX'),
  paused: is('FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'),
  onSearch: is('ON_RESEARCH'),
  test: (status) => TEST_STATUSES.includes(status),
  internalTest: is('INTERNAL_TEST'),
  recruitmentFinished: is('FIX'),
  recordDisabled: (status) => !RECORD_ENTRY.includes(status),
  // New subjects are not enrolled (by hand or by import) once recruitment is paused or completed.
  importRecordDisabled: (status) => !RECORD_ENTRY.includes(status) || status === 'RECORD_FREEZED' || status === 'FIX',
  recordRecruitDisabled: (status) => !RECORD_ENTRY.includes(status) || status === 'RECORD_FREEZED' || status === 'FIX',
  // Records are removed only while testing; an online project never loses data (COMPLIANCE RT-2).
  recordDeletable: is('INTERNAL_TEST', 'TEST'),
};

export function projectIs(status: ProjectStatus, predicate: ProjectPredicate, context: PredicateContext = {}): boolean {
  return RULES[predicate](status, context);
}
