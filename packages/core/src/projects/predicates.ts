import type { ProjectStatus } from './status.js';
import { TEST_STATUSES } from './status.js';

/**
 * The twenty global predicates of spec 000 §4.3, one exported function each. The spec names them but not
 * their rules; docs/decisions.md ("Project statuses and editability") explains each choice. Server and web
 * both call them (directly or through `projectIs`), so a button the web hides is a call the server refuses.
 */

export interface PredicateContext {
  /** A designer or project administrator: spec 000 §4.3 lets only them edit while paused on test. */
  designer?: boolean;
}

/** Spec 000 §4.3: "Running-paused, locked, database-frozen, doc-delivery and offline are read-only." */
const READ_ONLY: readonly ProjectStatus[] = ['FREEZED_ON_RESEARCH', 'LOCKED', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE'];
/**
 * Spec 000 §4.3: "Editing is allowed in config, internal test, test, online and enrolment-paused states".
 * Set-up is not among them: a project applied for is configured only once it has moved to config.
 */
const CONFIG_EDITABLE: readonly ProjectStatus[] = ['CONFIG', 'INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'RECORD_FREEZED'];
/** Data entry happens in test statuses (test environments) and while the study runs. */
const RECORD_ENTRY: readonly ProjectStatus[] = ['INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'RECORD_FREEZED', 'FIX'];

/** Testing paused (FREEZED_ON_TEST). */
export function isFrozenOnTest(status: ProjectStatus): boolean {
  return status === 'FREEZED_ON_TEST';
}

/** Recruitment (enrolment) paused (RECORD_FREEZED). */
export function isRecruitmentSuspended(status: ProjectStatus): boolean {
  return status === 'RECORD_FREEZED';
}

/** The running study paused (FREEZED_ON_RESEARCH). */
export function isFrozenOnSearch(status: ProjectStatus): boolean {
  return status === 'FREEZED_ON_RESEARCH';
}

export function isDatabaseFrozen(status: ProjectStatus): boolean {
  return status === 'DATABASE_FREEZED';
}

export function isDocDelivery(status: ProjectStatus): boolean {
  return status === 'DOC_DELIVERY';
}

export function isLocked(status: ProjectStatus): boolean {
  return status === 'LOCKED';
}

/** Read-only: running-paused, locked, database-frozen, doc-delivery and offline (spec 000 §4.3). */
export function isDisabled(status: ProjectStatus): boolean {
  return READ_ONLY.includes(status);
}

/**
 * Configuration and design may change: config, internal test, test, online and enrolment-paused; paused on
 * test only for a designer or project administrator (spec 000 §4.3). Not in set-up.
 */
export function isConfigDataEditable(status: ProjectStatus, context: PredicateContext = {}): boolean {
  return CONFIG_EDITABLE.includes(status) || (status === 'FREEZED_ON_TEST' && context.designer === true);
}

/** Who may access a study stays manageable in every status but offline: revoking a leaver's access never waits. */
export function isUserRightsEditable(status: ProjectStatus): boolean {
  return status !== 'OFFLINE';
}

export function isOffline(status: ProjectStatus): boolean {
  return status === 'OFFLINE';
}

/** The study runs: online or recruitment completed (follow-up continues). */
export function isRunning(status: ProjectStatus): boolean {
  return status === 'ON_RESEARCH' || status === 'FIX';
}

/** Any of the three pauses: testing, recruitment, or the running study. */
export function isPaused(status: ProjectStatus): boolean {
  return status === 'FREEZED_ON_TEST' || status === 'RECORD_FREEZED' || status === 'FREEZED_ON_RESEARCH';
}

/** Formally online (ON_RESEARCH). */
export function isOnSearch(status: ProjectStatus): boolean {
  return status === 'ON_RESEARCH';
}

/** Spec 000 §4.1: set-up, config, internal test, test and frozen-on-test count as test projects. */
export function isTest(status: ProjectStatus): boolean {
  return TEST_STATUSES.includes(status);
}

export function isInternalTest(status: ProjectStatus): boolean {
  return status === 'INTERNAL_TEST';
}

/** Recruitment completed (FIX). */
export function isRecruitmentFinished(status: ProjectStatus): boolean {
  return status === 'FIX';
}

/** No data entry at all: outside internal test, test, online, recruitment paused and completed. */
export function isRecordDisabled(status: ProjectStatus): boolean {
  return !RECORD_ENTRY.includes(status);
}

/** No subjects imported: as for entry, and also once recruitment is paused or completed. */
export function isImportRecordDisabled(status: ProjectStatus): boolean {
  return isRecordDisabled(status) || status === 'RECORD_FREEZED' || status === 'FIX';
}

/** No subjects enrolled by hand: the same rule as for import. */
export function isRecordRecruitDisabled(status: ProjectStatus): boolean {
  return isImportRecordDisabled(status);
}

/** Records are removed only while testing; an online project never loses data (COMPLIANCE RT-2). */
export function isRecordDeletable(status: ProjectStatus): boolean {
  return status === 'INTERNAL_TEST' || status === 'TEST';
}

/** Data may be entered and cleaned (the complement of recordDisabled): the write rule of data capture. */
export function isRecordEditable(status: ProjectStatus): boolean {
  return !isRecordDisabled(status);
}

/** Subjects may be added and enrolled (the complement of recordRecruitDisabled). */
export function isRecordRecruitable(status: ProjectStatus): boolean {
  return !isRecordRecruitDisabled(status);
}

/** The predicates by their spec names, for callers that choose one at run time. */
const PREDICATES = {
  frozenOnTest: isFrozenOnTest,
  recruitmentSuspended: isRecruitmentSuspended,
  frozenOnSearch: isFrozenOnSearch,
  databaseFrozen: isDatabaseFrozen,
  docDelivery: isDocDelivery,
  locked: isLocked,
  disabled: isDisabled,
  configDataEditable: isConfigDataEditable,
  userRightsEditable: isUserRightsEditable,
  offline: isOffline,
  running: isRunning,
  paused: isPaused,
  onSearch: isOnSearch,
  test: isTest,
  internalTest: isInternalTest,
  recruitmentFinished: isRecruitmentFinished,
  recordDisabled: isRecordDisabled,
  importRecordDisabled: isImportRecordDisabled,
  recordRecruitDisabled: isRecordRecruitDisabled,
  recordDeletable: isRecordDeletable,
  recordEditable: isRecordEditable,
  recordRecruitable: isRecordRecruitable,
} as const satisfies Record<string, (status: ProjectStatus, context?: PredicateContext) => boolean>;

export type ProjectPredicate = keyof typeof PREDICATES;
export const PROJECT_PREDICATES: readonly ProjectPredicate[] = Object.keys(PREDICATES) as ProjectPredicate[];

export function projectIs(status: ProjectStatus, predicate: ProjectPredicate, context: PredicateContext = {}): boolean {
  const rule: (status: ProjectStatus, context: PredicateContext) => boolean = PREDICATES[predicate];
  return rule(status, context);
}
