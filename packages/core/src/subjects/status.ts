import type { PanelStatus } from '../records/panel-status.js';

/**
 * Subject statuses (spec 002 §4): screening, screening passed or failed, enrolled (ARMED), on treatment
 * (TESTING), completed (TEST_FIX), quit (TEST_EXIT) and deleted (DEL), plus RECORD_STATUS_PRESCREEN for a
 * candidate of a project that pre-screens (project flag `preScreen`).
 */
export const SUBJECT_STATUSES = [
  'RECORD_STATUS_PRESCREEN',
  'RECORD_STATUS_SCREENING',
  'SCREEN_SUCCESS',
  'SCREEN_FAILURE',
  'ARMED',
  'TESTING',
  'TEST_FIX',
  'TEST_EXIT',
  'DEL',
] as const;
export type SubjectStatus = (typeof SUBJECT_STATUSES)[number];

/** The statuses a list shows and counts: every one but DEL (a deleted subject is kept, never listed). */
export const LISTED_SUBJECT_STATUSES: readonly SubjectStatus[] = SUBJECT_STATUSES.filter((status) => status !== 'DEL');

/** Statuses of a subject who has been enrolled: spec 002 §4 "Enrolment cannot be undone". */
export const ENROLLED_STATUSES: readonly SubjectStatus[] = ['ARMED', 'TESTING', 'TEST_FIX', 'TEST_EXIT'];

export function isEnrolled(status: SubjectStatus): boolean {
  return ENROLLED_STATUSES.includes(status);
}

/**
 * Every allowed status change, from → to (docs/decisions.md, "Subject statuses"). The spec names only
 * enrolment (never undone), completion (refused over unsigned, frozen or locked panels) and the rollback
 * request; the rest is the usual EDC lifecycle:
 * - a pre-screened candidate goes on to screening, fails pre-screening, or is deleted;
 * - screening ends in success or failure, or the subject is enrolled straight away; a subject who passed
 *   screening may still fail before enrolment (consent withdrawn);
 * - a screening outcome returns to screening only through an approved rollback request (spec 002 §4);
 * - an enrolled subject starts treatment, completes or quits; completion and quitting are final;
 * - only a subject never enrolled can be deleted (DEL keeps the row and its data, COMPLIANCE RT-2).
 */
export const SUBJECT_TRANSITIONS: Readonly<Record<SubjectStatus, readonly SubjectStatus[]>> = {
  RECORD_STATUS_PRESCREEN: ['RECORD_STATUS_SCREENING', 'SCREEN_FAILURE', 'DEL'],
  RECORD_STATUS_SCREENING: ['SCREEN_SUCCESS', 'SCREEN_FAILURE', 'ARMED', 'DEL'],
  SCREEN_SUCCESS: ['ARMED', 'SCREEN_FAILURE', 'DEL'],
  SCREEN_FAILURE: ['DEL'],
  ARMED: ['TESTING', 'TEST_FIX', 'TEST_EXIT'],
  TESTING: ['TEST_FIX', 'TEST_EXIT'],
  TEST_FIX: [],
  TEST_EXIT: [],
  DEL: [],
};

/** Changes that need a reason: a failure, quitting the trial and deletion. */
export const REASON_REQUIRED_STATUSES: readonly SubjectStatus[] = ['SCREEN_FAILURE', 'TEST_EXIT', 'DEL'];

/** The three values spec 002 §5 requires for enrolment. */
export interface EnrolmentValues {
  randomNo: string;
  treatmentPhase: string;
  firstDrugNo: string;
}

/** Panel statuses that do not stop completion: nothing entered, marked not checked, or signed. */
export const COMPLETION_READY_PANEL_STATUSES: readonly PanelStatus[] = ['EXPIRED', 'NOT_CHECKED', 'SIGNED'];

/**
 * The panels that stop a subject from completing the trial (spec 002 §4: "A subject with unsigned, frozen
 * or locked panels cannot be marked as completing the trial"), read literally: every panel holding data
 * must be signed, and none may be frozen or locked yet — completion is the site's last act, before data
 * management freezes and locks (docs/decisions.md, "Subject statuses").
 */
export function completionBlockers<T extends { status: string }>(panels: readonly T[]): T[] {
  return panels.filter((panel) => !(COMPLETION_READY_PANEL_STATUSES as readonly string[]).includes(panel.status));
}

export type SubjectTransitionProblem = 'same_status' | 'transition_forbidden' | 'reason_required' | 'enrolment_incomplete' | 'panels_not_signed';

export interface TransitionContext {
  reason?: string | null;
  /** The enrolment values, for a change to ARMED. */
  enrolment?: Partial<EnrolmentValues> | null;
  /** The subject's panels with their statuses, for a change to TEST_FIX. */
  panels?: readonly { status: string }[];
}

function filled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** The missing enrolment values, in the order of spec 002 §5. */
export function missingEnrolmentValues(values: Partial<EnrolmentValues> | null | undefined): (keyof EnrolmentValues)[] {
  const keys: (keyof EnrolmentValues)[] = ['randomNo', 'treatmentPhase', 'firstDrugNo'];
  return keys.filter((key) => !filled(values?.[key]));
}

/** Why a change from → to is refused, or null when it is allowed. Web and server ask the same question. */
export function subjectTransitionProblem(from: SubjectStatus, to: SubjectStatus, context: TransitionContext = {}): SubjectTransitionProblem | null {
  if (from === to) return 'same_status';
  if (!SUBJECT_TRANSITIONS[from].includes(to)) return 'transition_forbidden';
  if (REASON_REQUIRED_STATUSES.includes(to) && !filled(context.reason)) return 'reason_required';
  if (to === 'ARMED' && missingEnrolmentValues(context.enrolment).length > 0) return 'enrolment_incomplete';
  if (to === 'TEST_FIX' && completionBlockers(context.panels ?? []).length > 0) return 'panels_not_signed';
  return null;
}

/** Changes the general status call makes: every allowed one except enrolment, which has its own call with the three values. */
export function statusCallTargets(from: SubjectStatus): SubjectStatus[] {
  return SUBJECT_TRANSITIONS[from].filter((to) => to !== 'ARMED');
}

/** Whether the screening-result call applies: the subject is in screening or has passed it. */
export function canRecordScreeningResult(status: SubjectStatus): boolean {
  return status === 'RECORD_STATUS_SCREENING' || status === 'SCREEN_SUCCESS';
}

/** Whether the subject can be enrolled now. */
export function canEnrol(status: SubjectStatus): boolean {
  return SUBJECT_TRANSITIONS[status].includes('ARMED');
}

/**
 * Whether a screening-plan rollback may be requested (spec 002 §4): the screening period has an outcome
 * and the subject was never enrolled.
 */
export function canRequestScreeningRollback(status: SubjectStatus): boolean {
  return status === 'SCREEN_SUCCESS' || status === 'SCREEN_FAILURE';
}

export const SUBJECT_REQUEST_KINDS = ['screeningRollback'] as const;
export type SubjectRequestKind = (typeof SUBJECT_REQUEST_KINDS)[number];
export const SUBJECT_REQUEST_STATES = ['pending', 'approved', 'rejected'] as const;
export type SubjectRequestState = (typeof SUBJECT_REQUEST_STATES)[number];
