import { isBlank } from '../forms/field-check.js';
import type { FormIndex } from '../forms/form-index.js';
import { ownValue } from '../forms/table-rows.js';
import type { TableColumn, TableRow, Widget } from '../panels/schema.js';
import { canonicalJson } from '../workflow/signature.js';
import { rowKeyOf } from './form-values.js';
import { parsePath } from './paths.js';
import type { FieldPath } from './paths.js';

/**
 * Why the design makes a value read-only (spec 002 §4 "A field is read-only when it … is a
 * reference-upper-limit field … is disabled"; spec 001 §3.9 the prebuilt lab table's rows): a disabled
 * widget, a cell of a lab table's reference upper-limit column (`refCtrl` 'uul'), or a preset row's test
 * item or unit (`refCtrl` 'subject' or 'unit' with a value in the table definition's row), which name what
 * the row measures and are part of the table's design. The renderer greys such controls out or shows the
 * preset as text; the server refuses a save that changes them (`designReadOnlyChange`).
 *
 * The rest of the spec's list is decided elsewhere: formulas are recomputed by the form engine on both
 * sides; frozen, locked and inactive fields by their stored state (save-rules.ts `lockedReason`); rights and
 * the project's state by the permissions. A huge-data table's cells show as text only to keep thousands of
 * rows cheap, and are replaced by a spreadsheet upload, so the server checks them like any other row rather
 * than refusing them (docs/decisions.md, "Panel entry").
 */
export type DesignReadOnly = 'disabled' | 'reference_limit' | 'preset';

/**
 * The design's reason a field, or a cell of `column`, is read-only, or null. `preset` is the cell's value in
 * the table definition's row the cell's row was made from (none for a row a user added): limits and ranges
 * stay editable, as sites have their own, but a preset test item or unit does not.
 */
export function designReadOnly(widget: Pick<Widget, 'disabled'>, column?: Pick<TableColumn, 'refCtrl'>, preset?: unknown): DesignReadOnly | null {
  if (column?.refCtrl === 'uul') return 'reference_limit';
  if ((column?.refCtrl === 'subject' || column?.refCtrl === 'unit') && !isBlank(preset)) return 'preset';
  return widget.disabled === true ? 'disabled' : null;
}

/** A column's widget for a row made from the table definition's row `origin` (spec 002 §3 `widgetMap` by row). */
const widgetAt = (column: TableColumn, origin: number): Widget => column.widgetMap?.[String(origin)] ?? column.widget;

/** A field or cell of a panel as a save holds it: its widget, its column and row, and its value. */
export interface PathValue {
  widget: Widget;
  /** For a cell: its column, its row's position among the table's rows (-1 when absent) and the table's preset rows. */
  cell?: { column: TableColumn; position: number; preset: readonly TableRow[] };
  value: unknown;
}

/**
 * The widget and value at `path` in the form values as the engine evaluated them, or null for a path the
 * panel does not have. A cell's row position picks its per-row widget and its preset row, as the renderer's
 * rows are made (forms/table-rows.ts).
 */
export function valueAtPath(index: FormIndex, path: FieldPath, values: Readonly<Record<string, unknown>>): PathValue | null {
  const parsed = parsePath(path);
  if (parsed.row === undefined || parsed.column === undefined) {
    const widget = index.fields.get(parsed.model);
    return widget ? { widget, value: ownValue(values, parsed.model) ?? null } : null;
  }
  const table = index.tables.get(parsed.model);
  const column = table?.columns.find((candidate) => candidate.key === parsed.column);
  if (!table || !column) return null;
  const rows = ownValue(values, parsed.model);
  const list = Array.isArray(rows) ? (rows as unknown[]) : [];
  const position = list.findIndex((row) => rowKeyOf(row) === parsed.row);
  const value = position < 0 ? null : (ownValue(list[position] as Record<string, unknown>, column.key) ?? null);
  return { widget: widgetAt(column, Math.max(position, 0)), cell: { column, position, preset: table.widget.options.data ?? [] }, value };
}

/**
 * The values the design itself puts in a column's cells: each preset row's cell (else its widget's
 * default), and an added row's default. Any of them is accepted in any row, so deleting a preset row, which
 * moves the rows after it up, never turns their preset cells into changes.
 */
function columnDesignValues(preset: readonly TableRow[], column: TableColumn): unknown[] {
  const defaults = [column.widget, ...Object.values(column.widgetMap ?? {})].map((widget) => widget.options.defaultValue ?? null);
  return [...defaults, ...preset.map((row, origin) => ownValue(row, column.key) ?? widgetAt(column, origin).options.defaultValue ?? null)];
}

/**
 * Whether a save may not hold its value at `path` because the design makes the field or cell read-only
 * (`designReadOnly`): the reason, or null. Callers ask only about paths whose value the save changes. A
 * read-only value may still take what the design gives it (a field's default, a preset cell), as a first
 * save of the form does. `values` are the form values as the engine evaluated them (a cell's row position
 * picks its per-row widget and preset row); `ruleDriven` paths (a formula recomputed, a hidden field
 * cleared, save-rules.ts `ruleDrivenPath`) are the engine's doing and never refused here.
 */
export function designReadOnlyChange(index: FormIndex, path: FieldPath, values: Readonly<Record<string, unknown>>, ruleDriven: boolean): DesignReadOnly | null {
  if (ruleDriven) return null;
  const at = valueAtPath(index, path, values);
  if (!at) return null;
  const same = (candidate: unknown) => canonicalJson(candidate) === canonicalJson(at.value);
  const { widget, cell } = at;
  if (!cell) {
    const why = designReadOnly(widget);
    return why !== null && !same(widget.options.defaultValue ?? widget.defaultValue ?? null) ? why : null;
  }
  const why = designReadOnly(widget, cell.column, cell.position < 0 ? undefined : ownValue(cell.preset[cell.position], cell.column.key));
  if (why === null) return null;
  return columnDesignValues(cell.preset, cell.column).some(same) ? null : why;
}
