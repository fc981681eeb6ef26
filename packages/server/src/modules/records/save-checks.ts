import type { ChangeReason, FieldError, FormError, FormEvaluation, FormIndex, Locale, Panel } from '@dcap/core';
import {
  AppError,
  ROW_KEY_FIELD,
  designReadOnlyChange,
  errorMessage,
  evaluateForm,
  fieldRowsFromValues,
  lockedReason,
  needsReason,
  outsideOptionsAt,
  parsePath,
  reasonComplete,
  ruleDrivenPath,
} from '@dcap/core';
import type { FieldValueRow } from '../../db/schema.js';
import { errorFieldPath } from './status.js';

export function blank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** JSON with sorted keys, so a hand-made request's key order never counts as a difference. */
export function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** A table's rows with every column present (a missing cell is blank), for comparing submitted and evaluated rows. */
function fullRows(rows: unknown, columns: readonly string[]): unknown {
  if (!Array.isArray(rows)) return rows ?? null;
  return rows.map((row) => {
    const cells = (row ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const column of columns) out[column] = cells[column] ?? null;
    if (cells[ROW_KEY_FIELD] !== undefined) out[ROW_KEY_FIELD] = cells[ROW_KEY_FIELD];
    return out;
  });
}

function formErrorMessage(error: FormError, locale: Locale): string {
  const params = error.params as Record<string, string | number>;
  switch (error.code) {
    case 'form.min':
      return errorMessage('record.value_min', locale, params);
    case 'form.max':
      return errorMessage('record.value_max', locale, params);
    case 'form.maxlength':
      return errorMessage('record.value_maxlength', locale, params);
    case 'form.required':
    case 'form.format':
    case 'form.pattern':
      return String((locale === 'en-US' ? (params.messageEn ?? params.message) : params.message) ?? error.code);
  }
}

/**
 * Spec 002 §4 "formulas recomputed and a mismatch refused, hidden fields cleared": refuses a browser's
 * submission whose computed or hidden values differ from the engine's.
 */
export function refuseEngineMismatch(submitted: Readonly<Record<string, unknown>>, evaluation: FormEvaluation, index: FormIndex, hiddenModels: ReadonlySet<string>, locale: Locale): void {
  const mismatches: FieldError[] = [];
  for (const [model, value] of Object.entries(evaluation.values)) {
    const columns = index.tables.get(model)?.columns.map((column) => column.key);
    const sent = Object.hasOwn(submitted, model) ? submitted[model] : null;
    const same = columns ? canonical(fullRows(sent, columns)) === canonical(fullRows(value, columns)) : canonical(sent) === canonical(value);
    if (same) continue;
    mismatches.push({
      path: model,
      message: hiddenModels.has(model) ? errorMessage('record.value_hidden', locale) : errorMessage('record.value_computed', locale, { expected: canonical(value) }),
    });
  }
  if (mismatches.length > 0) throw new AppError('record.mismatch', { fields: mismatches.map((item) => item.path).join(', ') }, mismatches);
}

/** Type, range and pattern errors refuse the save; a blank required field does not (the panel is INCOMPLETE). */
export function refuseInvalidValues(evaluation: FormEvaluation, locale: Locale): void {
  const invalid = Object.entries(evaluation.errors)
    .filter(([, error]) => error.code !== 'form.required')
    .map(([path, error]) => ({ path: errorFieldPath(path, evaluation.values), message: formErrorMessage(error, locale) }));
  if (invalid.length > 0) throw new AppError('record.invalid_values', { detail: invalid.map((item) => `${item.path} ${item.message}`).join('; ') }, invalid);
}

/**
 * Refuses a save that changes an option field or cell to a value outside the options its widget offers
 * (core forms/options.ts, records/option-values.ts): the design's list, or for a reference select what is
 * entered where it points, less its disabled options unless the path already held them (`stored`). Every
 * changed path is checked, in every row of every table, huge-data tables included; values the form rules
 * drive are the engine's. A refusal names each path with what is not an option, as the type and range
 * checks do (`record.invalid_values`).
 */
export function refuseValuesOutsideOptions(
  changed: readonly string[],
  index: FormIndex,
  values: Readonly<Record<string, unknown>>,
  stored: ReadonlyMap<string, Pick<FieldValueRow, 'value'>>,
  rules: RuleDriven,
  locale: Locale,
): void {
  const invalid: FieldError[] = [];
  for (const path of changed) {
    const outside = outsideOptionsAt(index, path, values, ruleDrivenPath(path, rules.formulas, rules.hiddenModels), stored.get(path)?.value ?? null);
    if (outside.length > 0) invalid.push({ path, message: errorMessage('record.value_option', locale, { value: outside.join(', ') }) });
  }
  if (invalid.length > 0) throw new AppError('record.invalid_values', { detail: invalid.map((item) => `${item.path} ${item.message}`).join('; ') }, invalid);
}

/** Spec 002 §5: an unchecked panel cannot be saved with values entered (anything beyond the form's own defaults). */
export function refuseUncheckedWithValues(panel: Pick<Panel, 'list'>, index: FormIndex, next: ReadonlyMap<string, unknown>, today: string): void {
  const defaults = fieldRowsFromValues(evaluateForm(panel, {}, { today: () => today }, index).values, new Set());
  const preset = (model: string) => (index.tables.get(model)?.widget.options.data ?? []) as Record<string, unknown>[];
  const entered = [...next.entries()].some(([path, value]) => {
    if (blank(value)) return false;
    const parsed = parsePath(path);
    if (parsed.row === undefined) return canonical(defaults.get(path)) !== canonical(value);
    return !preset(parsed.model).some((row) => canonical(row[parsed.column ?? '']) === canonical(value));
  });
  if (entered) {
    throw new AppError('record.unchecked_has_values');
  }
}

/**
 * What a save changes: the changed paths, the deleted rows (`TABLE#rN`), the stored fields and the form
 * values as the engine evaluated them.
 */
export interface SaveChanges {
  changed: readonly string[];
  deletedRows: readonly string[];
  stored: ReadonlyMap<string, FieldValueRow>;
  storedRows: readonly FieldValueRow[];
  values: Readonly<Record<string, unknown>>;
}

/** What tells whether a path is driven by the form rules (core records/save-rules.ts `ruleDrivenPath`). */
export interface RuleDriven {
  formulas: ReadonlySet<string>;
  hiddenModels: ReadonlySet<string>;
}

const STATE_MESSAGE = { frozen: 'record.field_frozen', locked: 'record.field_locked', inactive: 'record.field_inactive' } as const;
const DESIGN_MESSAGE = { disabled: 'record.field_disabled', reference_limit: 'record.field_reference_limit', preset: 'record.field_preset' } as const;

/**
 * Refuses a save that changes a read-only path or deletes a row holding one, then one that changes saved data
 * without a reason (COMPLIANCE AT-2). Read-only is the field's stored state (frozen, locked, inactive;
 * COMPLIANCE WF-2) and the design (a disabled widget, a reference upper-limit cell, a preset lab row's test
 * item or unit; spec 002 §4, spec 001 §3.9, core records/read-only.ts), the same rule the renderer greys
 * controls out by, for every row of every table, huge-data tables included.
 */
export function refuseReadOnlyOrUnreasoned(changes: SaveChanges, index: FormIndex, rules: RuleDriven, reasonFor: (path: string) => ChangeReason | undefined, locale: Locale): void {
  const { changed, deletedRows, stored, storedRows, values } = changes;
  const { formulas, hiddenModels } = rules;
  const readonly: FieldError[] = [];
  const missingReasons: FieldError[] = [];
  for (const path of changed) {
    const before = stored.get(path);
    const why = lockedReason(before ? { status: before.status, frozen: before.frozen, inactiveType: before.inactive_type } : undefined);
    if (why) readonly.push({ path, message: errorMessage(STATE_MESSAGE[why], locale) });
    const ruleDriven = ruleDrivenPath(path, formulas, hiddenModels);
    const design = designReadOnlyChange(index, path, values, ruleDriven);
    if (design) readonly.push({ path, message: errorMessage(DESIGN_MESSAGE[design], locale) });
    if (needsReason(before, ruleDriven) && !reasonComplete(reasonFor(path))) {
      missingReasons.push({ path, message: errorMessage('record.reason_missing', locale) });
    }
  }
  for (const row of deletedRows) {
    const cells = storedRows.filter((candidate) => candidate.path.startsWith(`${row}.`));
    for (const cell of cells) {
      const why = lockedReason({ status: cell.status, frozen: cell.frozen, inactiveType: cell.inactive_type });
      if (why) readonly.push({ path: cell.path, message: errorMessage(STATE_MESSAGE[why], locale) });
    }
    if (cells.some((cell) => needsReason(cell, false)) && !reasonComplete(reasonFor(row))) {
      missingReasons.push({ path: row, message: errorMessage('record.reason_missing', locale) });
    }
  }
  if (readonly.length > 0) throw new AppError('record.field_readonly', { fields: readonly.map((item) => item.path).join(', ') }, readonly);
  if (missingReasons.length > 0) throw new AppError('record.reason_required', { fields: missingReasons.map((item) => item.path).join(', ') }, missingReasons);
}
