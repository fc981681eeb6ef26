import { CLINICAL_SIGNIFICANCE_VALUES } from '../clinical/lab-level.js';
import type { FormIndex } from '../forms/form-index.js';
import { isOptionWidget, offeredOptions, valuesOutsideOptions } from '../forms/options.js';
import { referenceChoices } from '../forms/references.js';
import { ownValue } from '../forms/table-rows.js';
import type { OptionItem } from '../panels/schema.js';
import type { FieldPath } from './paths.js';
import { valueAtPath } from './read-only.js';

/** What a `ref` of the panel reads: a field's value, or `TABLE.column` as the list of that column's cells. */
function referencedValue(values: Readonly<Record<string, unknown>>, ref: string): unknown {
  const dot = ref.indexOf('.');
  if (dot < 0) return ownValue(values, ref) ?? null;
  const rows = ownValue(values, ref.slice(0, dot));
  const column = ref.slice(dot + 1);
  return Array.isArray(rows) ? (rows as unknown[]).map((row) => (row !== null && typeof row === 'object' ? (ownValue(row as Record<string, unknown>, column) ?? null) : null)) : [];
}

/** Spec 002 §4: the significances the form engine fills in from a lab row's level, whatever the column lists. */
const SUGGESTED_SIGNIFICANCE: readonly OptionItem[] = CLINICAL_SIGNIFICANCE_VALUES.map((value) => ({ key: value, value, label: value }));

/** The codes a stored option value holds: one, a list (checkbox, multiple select), or a plot's segments. */
function storedCodes(value: unknown): Set<string> {
  const entries = Array.isArray(value) ? (value as unknown[]) : value !== null && typeof value === 'object' ? Object.values(value) : [value];
  return new Set(entries.filter((entry) => typeof entry === 'string' || typeof entry === 'number').map(String));
}

/**
 * What of the value at `path` is not among the options its widget offers (forms/options.ts), as text for a
 * message; empty when it all is, when the widget takes no options, or when its list is not the panel's to
 * know. A disabled option (spec 002 §1 `options[].disabled`) cannot be newly chosen, but a code the field
 * already held before this save (`stored`) stays acceptable, so retiring an option never makes an existing
 * record unsavable (docs/decisions.md, "Panel entry"). `values` are the form values as the engine
 * evaluated them: a reference select (spec 002 §9) offers what is entered where its `ref` points on this
 * panel, and a lab table's clinical significance may hold what the engine suggested from the row's level. Values the form rules drive (`ruleDriven`: a formula, a
 * field cleared by its condition) are the engine's and never refused here. The same rule for a field, for
 * every row of a table and for a huge-data table's rows (spec 002 §5).
 */
export function outsideOptionsAt(index: FormIndex, path: FieldPath, values: Readonly<Record<string, unknown>>, ruleDriven: boolean, stored: unknown = null): string[] {
  if (ruleDriven) return [];
  const at = valueAtPath(index, path, values);
  if (!at || !isOptionWidget(at.widget)) return [];
  const ref = at.cell ? undefined : index.references.get(at.widget.model);
  const listed = offeredOptions(at.widget, ref === undefined ? null : referenceChoices(referencedValue(values, ref)));
  if (listed === null) return [];
  const held = storedCodes(stored);
  const offered = listed.filter((option) => option.disabled !== true || held.has(option.value));
  const significance = at.cell?.column.refCtrl === 'clinicalSig';
  return valuesOutsideOptions(at.widget, at.value, significance ? [...offered, ...SUGGESTED_SIGNIFICANCE] : offered);
}
