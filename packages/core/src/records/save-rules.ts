import type { FieldState } from './field-state.js';
import { parsePath } from './paths.js';

function blank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A stored field as the save rules see it. */
export interface StoredField extends FieldState {
  value: unknown;
  saved: boolean;
}

/**
 * Why a field may not change on a save (spec 002 §4 read-only list; COMPLIANCE WF-2): frozen, locked,
 * inactive. Null when it may. Formula, huge-data and disabled fields are read-only in the renderer; the
 * server recomputes formulas and refuses a disabled field's change (docs/decisions.md, "Panel entry").
 */
export function lockedReason(stored: FieldState | undefined): 'frozen' | 'locked' | 'inactive' | null {
  if (!stored) return null;
  if (stored.status === 'LOCKED') return 'locked';
  if (stored.frozen) return 'frozen';
  if (stored.inactiveType !== null) return 'inactive';
  return null;
}

/**
 * Whether changing this field needs a reason for change (spec 002 §5; COMPLIANCE AT-2): a value saved
 * before that was not blank. Values the form rules change by themselves (a formula recomputed, a field
 * cleared because a condition now hides it) take the reasons of the edits that caused them, so `ruleDriven`
 * paths need none of their own.
 */
export function needsReason(stored: Pick<StoredField, 'value' | 'saved'> | undefined, ruleDriven: boolean): boolean {
  return !ruleDriven && stored !== undefined && stored.saved && !blank(stored.value);
}

/**
 * Whether a field path is driven by the form rules: a computed field or column (`formulas` holds models and
 * `TABLE.column`), or a field the show conditions hide (`hiddenModels`, tables by model).
 */
export function ruleDrivenPath(path: string, formulas: ReadonlySet<string>, hiddenModels: ReadonlySet<string>): boolean {
  const parsed = parsePath(path);
  if (hiddenModels.has(parsed.model)) return true;
  return parsed.column === undefined ? formulas.has(parsed.model) : formulas.has(`${parsed.model}.${parsed.column}`);
}
