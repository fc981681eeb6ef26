import type { ProjectAction } from '../permissions/project.js';
import type { AuditStep } from '../projects/process-config.js';
import type { FieldState, FieldStatus, InactiveType } from './field-state.js';
import { INACTIVE_TYPES, stateAfterValueChange } from './field-state.js';

/**
 * The field workflow of spec 002 §4 "Field action rules" as one table (COMPLIANCE WF-1): which action is
 * allowed from which state, with which right, and where it leads. The server refuses everything the table
 * does not allow; the web builds the field settings menu from the same table (docs/workflow.md is generated
 * from it).
 *
 * The project's process (core projects/process-config.ts, docs/decisions.md "Process configuration") decides
 * which of the audit steps verify, review and sign exist and in which order: a step the project does not use
 * does not exist, each used step starts where the previous used step ends (Completed for the first), and lock
 * comes after the last used step. With the default process this is the spec's forward chain Completed →
 * Verified → Reviewed → Signed → Locked.
 */
export const FIELD_ACTIONS = [
  'verify',
  'unverify',
  'review',
  'unreview',
  'sign',
  'lock',
  'unlock',
  'freeze',
  'unfreeze',
  'inactivate',
  'activate',
  'recalculate',
  'clear',
] as const;
export type FieldAction = (typeof FIELD_ACTIONS)[number];

/** The status a field has once an audit step is done. */
const DONE_STATUS: Record<AuditStep, FieldStatus> = { verify: 'VERIFIED', review: 'REVIEWED', sign: 'SIGNED' };

/**
 * Where a row's status condition points. A step's start is where the previous used step ends (Completed for
 * the first step); its end is its own status; the process end is the end of the last used step.
 */
export type StatusRef =
  | { kind: 'stepStart' }
  | { kind: 'stepDone' }
  | { kind: 'processEnd' }
  | { kind: 'locked' }
  | { kind: 'any'; except: readonly FieldStatus[] }
  | { kind: 'oneOf'; statuses: readonly FieldStatus[] };

export type FlagCondition = 'any' | 'yes' | 'no';

export interface FieldTransition {
  action: FieldAction;
  /** The right the actor needs (core permissions; spec 002 §6). */
  right: ProjectAction;
  /** The audit step the action belongs to; the action exists only when the project uses that step. */
  step?: AuditStep;
  /** Which widgets offer the action (spec 002 §2: "Fields with a formula also get recalculate and clear. Radio fields get clear"). */
  widgets?: 'formula' | 'formulaOrRadio';
  /** Applied to every covered field by signing a panel, visit or subject, never from a field's menu. */
  scopeOnly?: boolean;
  from: { status: StatusRef; frozen: FlagCondition; inactive: FlagCondition };
  /** The resulting status (unchanged when absent). */
  to: { status?: StatusRef | 'valueChange' | 'blank'; frozen?: boolean; inactive?: 'set' | 'clear' };
  /** Spec wording this row implements. */
  rule: string;
}

/** Spec 002 §4 "Field action rules", row by row. */
export const FIELD_TRANSITIONS: readonly FieldTransition[] = [
  {
    action: 'verify',
    right: 'record.verify',
    step: 'verify',
    from: { status: { kind: 'stepStart' }, frozen: 'any', inactive: 'any' },
    to: { status: { kind: 'stepDone' } },
    rule: 'Verify only when status is Completed (the end of the previous used step); frozen data may still be verified.',
  },
  {
    action: 'unverify',
    right: 'record.verify',
    step: 'verify',
    from: { status: { kind: 'stepDone' }, frozen: 'any', inactive: 'any' },
    to: { status: { kind: 'stepStart' } },
    rule: 'Verify toggles: a verified field can be unverified.',
  },
  {
    action: 'review',
    right: 'record.review',
    step: 'review',
    from: { status: { kind: 'stepStart' }, frozen: 'any', inactive: 'any' },
    to: { status: { kind: 'stepDone' } },
    rule: 'Review only when status is Verified (the end of the previous used step).',
  },
  {
    action: 'unreview',
    right: 'record.review',
    step: 'review',
    from: { status: { kind: 'stepDone' }, frozen: 'any', inactive: 'any' },
    to: { status: { kind: 'stepStart' } },
    rule: 'Review toggles: a reviewed field can be unreviewed.',
  },
  {
    action: 'sign',
    right: 'record.sign',
    step: 'sign',
    scopeOnly: true,
    from: { status: { kind: 'stepStart' }, frozen: 'any', inactive: 'any' },
    to: { status: { kind: 'stepDone' } },
    rule: 'Signing a panel, visit or subject signs every covered field that completed the steps before sign (COMPLIANCE ES-3).',
  },
  {
    action: 'lock',
    right: 'record.lock',
    from: { status: { kind: 'processEnd' }, frozen: 'any', inactive: 'any' },
    to: { status: { kind: 'locked' } },
    rule: 'Lock only when signed (the end of the last used step).',
  },
  {
    action: 'unlock',
    right: 'record.lock',
    from: { status: { kind: 'locked' }, frozen: 'any', inactive: 'any' },
    to: { status: { kind: 'processEnd' } },
    rule: 'Unlock only when locked; the audited unlock is the only way back to editable data (COMPLIANCE WF-2).',
  },
  {
    action: 'freeze',
    right: 'record.freeze',
    from: { status: { kind: 'any', except: ['LOCKED'] }, frozen: 'no', inactive: 'any' },
    to: { frozen: true },
    rule: 'Freeze is a separate flag and toggles; locked data does not change at all.',
  },
  {
    action: 'unfreeze',
    right: 'record.freeze',
    from: { status: { kind: 'any', except: ['LOCKED'] }, frozen: 'yes', inactive: 'any' },
    to: { frozen: false },
    rule: 'Freeze toggles.',
  },
  {
    action: 'inactivate',
    right: 'record.enter',
    from: { status: { kind: 'oneOf', statuses: ['', 'ENTERING', 'COMPLETED', 'VERIFIED', 'REVIEWED'] }, frozen: 'no', inactive: 'no' },
    to: { inactive: 'set' },
    rule: 'Set inactive (ND, NA, IE, OTHER) only when Expired, Entering, Completed, Verified or Reviewed, and not signed; frozen data is not edited.',
  },
  {
    action: 'activate',
    right: 'record.enter',
    from: { status: { kind: 'any', except: ['SIGNED', 'LOCKED'] }, frozen: 'no', inactive: 'yes' },
    to: { inactive: 'clear' },
    rule: 'Set active only when an inactive type is present; frozen, signed and locked data is not edited.',
  },
  {
    action: 'recalculate',
    right: 'record.enter',
    widgets: 'formula',
    from: { status: { kind: 'any', except: ['LOCKED'] }, frozen: 'no', inactive: 'no' },
    to: { status: 'valueChange' },
    rule: 'Fields with a formula get recalculate; a changed value is completed again (a signature over it breaks, COMPLIANCE ES-5).',
  },
  {
    action: 'clear',
    right: 'record.enter',
    widgets: 'formulaOrRadio',
    from: { status: { kind: 'any', except: ['LOCKED'] }, frozen: 'no', inactive: 'no' },
    to: { status: 'blank' },
    rule: 'Fields with a formula and radio fields get clear; the value becomes blank.',
  },
];

export interface FieldActionContext {
  /** The actor's rights in the project at the field's site. */
  rights: readonly ProjectAction[];
  /** The project's used audit steps in order. */
  steps: readonly AuditStep[];
  widgetType: string;
  hasFormula: boolean;
}

export interface FieldActionOptions {
  inactiveType?: InactiveType | null;
  /** The value a recalculation produced (its status follows the value, core stateAfterValueChange). */
  value?: unknown;
}

export type FieldActionRefusal =
  | 'unknown_action'
  | 'step_not_used'
  | 'widget'
  | 'right'
  | 'status'
  | 'frozen'
  | 'not_frozen'
  | 'inactive'
  | 'not_inactive'
  | 'inactive_type';

export type FieldActionResult = { ok: true; next: FieldState } | { ok: false; reason: FieldActionRefusal };

/** The status a used step starts from: the end of the previous used step, Completed for the first. */
export function stepStartStatus(step: AuditStep, steps: readonly AuditStep[]): FieldStatus {
  const index = steps.indexOf(step);
  const previous = index > 0 ? steps[index - 1] : undefined;
  return previous ? DONE_STATUS[previous] : 'COMPLETED';
}

/** The status after the last used step: where lock starts and unlock returns (Completed without steps). */
export function processEndStatus(steps: readonly AuditStep[]): FieldStatus {
  const last = steps[steps.length - 1];
  return last ? DONE_STATUS[last] : 'COMPLETED';
}

/**
 * The status a signed field returns to when its signature breaks (COMPLIANCE ES-5): the end of the step before
 * sign. A field whose own value changed is reset by the save instead.
 */
export function statusBeforeSign(steps: readonly AuditStep[]): FieldStatus {
  return stepStartStatus('sign', steps.includes('sign') ? steps : [...steps, 'sign']);
}

/** The status a field has once a step is done. */
export function stepDoneStatus(step: AuditStep): FieldStatus {
  return DONE_STATUS[step];
}

function resolve(ref: StatusRef, row: FieldTransition, steps: readonly AuditStep[]): FieldStatus | null {
  switch (ref.kind) {
    case 'stepStart':
      return row.step ? stepStartStatus(row.step, steps) : null;
    case 'stepDone':
      return row.step ? DONE_STATUS[row.step] : null;
    case 'processEnd':
      return processEndStatus(steps);
    case 'locked':
      return 'LOCKED';
    case 'any':
    case 'oneOf':
      return null;
  }
}

function statusMatches(ref: StatusRef, row: FieldTransition, steps: readonly AuditStep[], status: FieldStatus): boolean {
  if (ref.kind === 'any') return !ref.except.includes(status);
  if (ref.kind === 'oneOf') return ref.statuses.includes(status);
  return resolve(ref, row, steps) === status;
}

const flagMatches = (condition: FlagCondition, value: boolean): boolean => condition === 'any' || (condition === 'yes') === value;

function widgetOffers(row: FieldTransition, context: FieldActionContext): boolean {
  if (row.widgets === 'formula') return context.hasFormula;
  if (row.widgets === 'formulaOrRadio') return context.hasFormula || context.widgetType === 'radio';
  return true;
}

export function transitionOf(action: FieldAction): FieldTransition {
  const row = FIELD_TRANSITIONS.find((candidate) => candidate.action === action);
  if (!row) throw new Error(`no transition row for ${action}`);
  return row;
}

/**
 * Whether one action is allowed on a field, and the state it leads to (COMPLIANCE WF-1). Checked in this
 * order: the action exists in the project's process and for the widget, the right, the status, then the
 * frozen and inactive flags.
 */
export function fieldAction(state: FieldState, action: FieldAction, context: FieldActionContext, options: FieldActionOptions = {}): FieldActionResult {
  const row = FIELD_TRANSITIONS.find((candidate) => candidate.action === action);
  if (!row) return { ok: false, reason: 'unknown_action' };
  if (row.step && !context.steps.includes(row.step)) return { ok: false, reason: 'step_not_used' };
  if (!widgetOffers(row, context)) return { ok: false, reason: 'widget' };
  if (!context.rights.includes(row.right)) return { ok: false, reason: 'right' };
  if (!statusMatches(row.from.status, row, context.steps, state.status)) return { ok: false, reason: 'status' };
  if (!flagMatches(row.from.frozen, state.frozen)) return { ok: false, reason: state.frozen ? 'frozen' : 'not_frozen' };
  if (!flagMatches(row.from.inactive, state.inactiveType !== null)) return { ok: false, reason: state.inactiveType !== null ? 'inactive' : 'not_inactive' };

  let next: FieldState = { ...state };
  if (row.to.inactive === 'set') {
    const type = options.inactiveType;
    if (!type || !INACTIVE_TYPES.includes(type)) return { ok: false, reason: 'inactive_type' };
    next = { ...next, inactiveType: type };
  }
  if (row.to.inactive === 'clear') next = { ...next, inactiveType: null };
  if (row.to.frozen !== undefined) next = { ...next, frozen: row.to.frozen };
  const to = row.to.status;
  if (to === 'valueChange') next = stateAfterValueChange(next, options.value);
  else if (to === 'blank') next = stateAfterValueChange(next, null);
  else if (to) next = { ...next, status: resolve(to, row, context.steps) ?? next.status };
  return { ok: true, next };
}

export interface AvailableFieldAction {
  action: FieldAction;
  /** Allowed now; when false, `reason` says why (a missing right shows the item disabled, spec 002 §6). */
  enabled: boolean;
  reason?: FieldActionRefusal;
}

/**
 * The actions a field's settings menu shows (spec 002 §2 "Field settings menu"): every action that exists
 * in the project's process and for the widget, except signing (done on a panel, visit or subject), each
 * with whether it is allowed now. Of a toggle pair only the applicable side is shown.
 */
export function availableFieldActions(state: FieldState, context: FieldActionContext): AvailableFieldAction[] {
  const result: AvailableFieldAction[] = [];
  for (const row of FIELD_TRANSITIONS) {
    if (row.scopeOnly) continue;
    if (row.step && !context.steps.includes(row.step)) continue;
    if (!widgetOffers(row, context)) continue;
    const outcome = fieldAction(state, row.action, context, { inactiveType: 'ND' });
    result.push(outcome.ok ? { action: row.action, enabled: true } : { action: row.action, enabled: false, reason: outcome.reason });
  }
  const pairs: [FieldAction, FieldAction][] = [
    ['verify', 'unverify'],
    ['review', 'unreview'],
    ['lock', 'unlock'],
    ['freeze', 'unfreeze'],
    ['inactivate', 'activate'],
  ];
  return result.filter((entry) => {
    const pair = pairs.find(([on, off]) => on === entry.action || off === entry.action);
    if (!pair || entry.enabled) return true;
    const other = result.find((candidate) => candidate.action === (pair[0] === entry.action ? pair[1] : pair[0]));
    // Show the disabled "on" side when neither side is allowed, so the item is visible but greyed out.
    return !other?.enabled && entry.action === pair[0];
  });
}

/**
 * Why a save may not change a field's value (COMPLIANCE WF-2; spec 002 §4 read-only rules): locked data is
 * not edited by anyone, administrators included, without an audited unlock; frozen and inactive data is
 * read-only. Null when the value may change.
 */
export function fieldEditRefusal(state: FieldState): 'locked' | 'frozen' | 'inactive' | null {
  if (state.status === 'LOCKED') return 'locked';
  if (state.frozen) return 'frozen';
  if (state.inactiveType !== null) return 'inactive';
  return null;
}

/** Spec 002 §4: "Query is disabled when the status is Locked"; frozen data may still be queried (COMPLIANCE WF-2). */
export function fieldQueryable(state: FieldState): boolean {
  return state.status !== 'LOCKED';
}

/** The statuses a field must have reached to be signed: the end of the step before sign. */
export function readyForSign(state: FieldState, steps: readonly AuditStep[]): boolean {
  return state.status === statusBeforeSign(steps);
}
