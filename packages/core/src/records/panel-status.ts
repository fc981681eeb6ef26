import type { FieldState, FieldStatus } from './field-state.js';

/**
 * The status of a panel instance (spec 002 §4 "Panel states in labels": expired, incomplete, completed,
 * approved (source verified), reviewed, frozen, signed, locked, not checked), derived from its fields and
 * kept in `panel_instances.status` for lists, the event-panel matrix and charts.
 */
export const PANEL_STATUSES = ['EXPIRED', 'INCOMPLETE', 'COMPLETED', 'VERIFIED', 'REVIEWED', 'FROZEN', 'SIGNED', 'LOCKED', 'NOT_CHECKED'] as const;
export type PanelStatus = (typeof PANEL_STATUSES)[number];

/** One field of the panel as the derivation needs it: its state, its value and whether it must be filled in. */
export interface PanelFieldInput extends FieldState {
  value: unknown;
  /** Required and shown (a hidden field's value is cleared and never counts as missing). */
  required?: boolean;
}

/** The forward chain of spec 002 §4, lowest first. */
const CHAIN: readonly FieldStatus[] = ['COMPLETED', 'VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED'];

function blank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A field counts as entered when it holds a value or was set inactive (not detected, not applicable …). */
export function fieldEntered(field: Pick<PanelFieldInput, 'value' | 'inactiveType'>): boolean {
  return !blank(field.value) || field.inactiveType !== null;
}

/**
 * The panel's status from its fields (docs/decisions.md, "Panel status"), in this order:
 * - NOT_CHECKED when the panel is marked unchecked (spec 002 §5; such a panel holds no values);
 * - EXPIRED when nothing is entered;
 * - INCOMPLETE when a required field is blank and not inactive, or an entered field is still ENTERING;
 * - LOCKED when every entered field is locked; FROZEN when every entered field is frozen;
 * - otherwise the lowest status on the forward chain among the entered, active fields
 *   (COMPLETED < VERIFIED < REVIEWED < SIGNED < LOCKED). Inactive fields count as entered but take no part
 *   in the lowest status, so a panel whose only entries are inactive is COMPLETED.
 */
export function derivePanelStatus(fields: readonly PanelFieldInput[], unchecked: boolean): PanelStatus {
  if (unchecked) return 'NOT_CHECKED';
  const entered = fields.filter(fieldEntered);
  if (entered.length === 0) return 'EXPIRED';
  if (fields.some((field) => field.required === true && !fieldEntered(field))) return 'INCOMPLETE';
  const active = entered.filter((field) => field.inactiveType === null);
  if (active.some((field) => !CHAIN.includes(field.status))) return 'INCOMPLETE';
  if (active.length > 0 && active.every((field) => field.status === 'LOCKED')) return 'LOCKED';
  if (entered.every((field) => field.frozen)) return 'FROZEN';
  let lowest = CHAIN.length - 1;
  for (const field of active) lowest = Math.min(lowest, CHAIN.indexOf(field.status));
  return active.length === 0 ? 'COMPLETED' : (CHAIN[lowest] as PanelStatus);
}

const CLOSED_PANEL_STATUSES: readonly string[] = ['SIGNED', 'LOCKED', 'FROZEN'] satisfies PanelStatus[];

/**
 * Whether a panel's data no longer changes (spec 002 §4: signed, locked or frozen), so neither do its
 * attachments and source documents: the server refuses uploads and deletions, the browser offers none.
 */
export function isPanelClosed(status: string): boolean {
  return CLOSED_PANEL_STATUSES.includes(status);
}
