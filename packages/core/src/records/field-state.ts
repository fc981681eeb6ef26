/**
 * The workflow state of one field (spec 002 §3 "submitted value entry": status, freeze, inactiveType; spec 002
 * §4 "Data status"). `status` is the position on the forward chain Entering → Completed → Verified → Reviewed
 * → Signed → Locked, blank when nothing was entered; freezing and inactivation are separate flags.
 */
export const FIELD_STATUSES = ['', 'ENTERING', 'COMPLETED', 'VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED'] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];

/** Spec 002 §3 "Special value codes": not detected, not applicable, input error, other. */
export const INACTIVE_TYPES = ['ND', 'NA', 'IE', 'OTHER'] as const;
export type InactiveType = (typeof INACTIVE_TYPES)[number];

export interface FieldState {
  status: FieldStatus;
  frozen: boolean;
  inactiveType: InactiveType | null;
}

export const BLANK_FIELD_STATE: FieldState = { status: '', frozen: false, inactiveType: null };

function blank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The state of a field whose value a save changed (spec 002 §4; COMPLIANCE ES-5): whatever verification,
 * review or signature the old value had is lost, and the field is completed again, or blank when the new
 * value is. Frozen and locked fields never get here: saving them is refused (core records/workflow.ts).
 */
export function stateAfterValueChange(state: FieldState, value: unknown): FieldState {
  return { status: blank(value) ? '' : 'COMPLETED', frozen: state.frozen, inactiveType: state.inactiveType };
}

/** Whether a save changed a value: JSON equality, so a change to or from blank counts (COMPLIANCE AT-6). */
export function valueChanged(before: unknown, after: unknown): boolean {
  return JSON.stringify(before ?? null) !== JSON.stringify(after ?? null);
}
