import { evaluateForm } from '../forms/evaluate-form.js';
import { indexForm } from '../forms/form-index.js';
import type { FormIndex } from '../forms/form-index.js';
import type { Panel } from '../panels/schema.js';
import { valueChanged } from './field-state.js';
import { ROW_KEY_FIELD, fieldRowsFromValues, fieldTableRowId, rowKeyNumber } from './form-values.js';
import { parsePath } from './paths.js';
import { needsReason, ruleDrivenPath } from './save-rules.js';

/** The models a set of hidden widget keys clears (a grid or table clears what is inside). */
export function hiddenModelsOf(index: FormIndex, hiddenKeys: readonly string[]): Set<string> {
  return new Set(hiddenKeys.flatMap((key) => index.clearedOnHide.get(key) ?? [key]));
}

/**
 * What a save will ask a reason for (COMPLIANCE AT-2; the server applies the same rules): every field path
 * whose saved, non-blank value the new values change, unless the form rules changed it (a formula, a field
 * hidden now), and every saved table row (`TABLE#rN`) the new values no longer hold. `saved` says whether a
 * path was saved before.
 */
export function pathsNeedingReason(
  panel: Pick<Panel, 'list'>,
  stored: Readonly<Record<string, unknown>>,
  saved: (path: string) => boolean,
  next: Readonly<Record<string, unknown>>,
  today: string,
): string[] {
  const index = indexForm(panel);
  const tables = new Set(index.tables.keys());
  const before = fieldRowsFromValues(stored, tables);
  const after = fieldRowsFromValues(next, tables);
  const hidden = hiddenModelsOf(index, evaluateForm(panel, next, { today: () => today }, index).hidden);
  const formulas = new Set(index.formulas.keys());
  const out: string[] = [];
  for (const [path, value] of after) {
    const old = before.get(path) ?? null;
    if (valueChanged(old, value) && needsReason({ value: old, saved: saved(path) }, ruleDrivenPath(path, formulas, hidden))) out.push(path);
  }
  const liveRows = new Set([...after.keys()].map((path) => parsePath(path)).filter((parsed) => parsed.row !== undefined).map((parsed) => fieldTableRowId(parsed.model, parsed.row ?? '')));
  const deleted = new Set<string>();
  for (const [path, value] of before) {
    const parsed = parsePath(path);
    if (parsed.row === undefined) continue;
    const row = fieldTableRowId(parsed.model, parsed.row);
    if (!liveRows.has(row) && needsReason({ value, saved: saved(path) }, false)) deleted.add(row);
  }
  return [...out, ...deleted];
}

/**
 * A field path's label in both languages: a plain field's name; a table cell as the table's name, the row's
 * number (its position among the rows, else the key's number) and the column's title; a deleted row `TABLE#rN`
 * as the table's name and the key's number.
 */
export function fieldPathLabel(panel: Pick<Panel, 'list'>, path: string, values: Readonly<Record<string, unknown>>, index: FormIndex = indexForm(panel)): { label: string; labelEn: string } {
  const parsed = parsePath(path);
  const rowOnly = /^([^#]+)#(r\d+)$/.exec(path);
  if (rowOnly) {
    const table = index.tables.get(rowOnly[1] ?? '');
    const number = String(rowKeyNumber(rowOnly[2] ?? ''));
    return { label: `${table?.widget.name ?? path} #${number}`, labelEn: `${table?.widget.nameEn ?? table?.widget.name ?? path} #${number}` };
  }
  if (parsed.row === undefined) {
    const widget = index.fields.get(parsed.model);
    return { label: widget?.name ?? path, labelEn: widget?.nameEn ?? widget?.name ?? path };
  }
  const table = index.tables.get(parsed.model);
  const column = table?.columns.find((candidate) => candidate.key === parsed.column);
  const rows = values[parsed.model];
  const position = Array.isArray(rows) ? rows.findIndex((row) => (row as Record<string, unknown> | null)?.[ROW_KEY_FIELD] === parsed.row) + 1 : 0;
  const number = String(position > 0 ? position : rowKeyNumber(parsed.row));
  const column_ = parsed.column ?? '';
  return {
    label: `${table?.widget.name ?? parsed.model} ${number} ${column?.title ?? column_}`,
    labelEn: `${table?.widget.nameEn ?? table?.widget.name ?? parsed.model} ${number} ${column?.titleEn ?? column?.title ?? column_}`,
  };
}
