import { isUploadWidget } from '../attachments/cells.js';
import type { CellError, SheetCell } from '../attachments/table-import.js';
import { cellText, importCell } from '../attachments/table-import.js';
import type { FormIndex } from '../forms/form-index.js';
import type { Locale } from '../i18n/locale.js';
import type { Widget } from '../panels/schema.js';
import { designReadOnly } from '../records/read-only.js';
import type { RowProblem } from './problems.js';
import { problem } from './problems.js';

/**
 * Reading a record import sheet (docs/decisions.md "Record import"): the first column names the subject, the
 * second the visit, then one column per field of the panel, matched by its model or its title in either
 * language (a template's header is in the language of whoever downloaded it). The template's second row holds
 * the keys and is skipped. Cells are read by the rules of the table import (spec 002 §4/§5: dates rewritten in
 * the field's format, options matched by key, value or label, numbers kept numbers) and checked by the field's
 * own rules (core forms/field-check.ts), so a value the entry screen would refuse is refused here too.
 */

/** The keys of the two identifying columns in the template's key row. */
export const SUBJECT_KEY = 'subject';
export const VISIT_KEY = 'visit';

/** What a column of the sheet is. */
export type SheetColumn =
  | { kind: 'field'; model: string; widget: Widget }
  /** A field no sheet may fill: computed, an upload, or read-only by design. */
  | { kind: 'notImportable'; model: string; why: 'formula' | 'upload' | 'readonly' }
  | { kind: 'unknown'; header: string }
  | { kind: 'blank' };

/** One data row as read: the identifying cells, the field values it brings and its problems so far. */
export interface SheetRow {
  /** The row's number in the sheet (1-based, as the spreadsheet shows it). */
  row: number;
  subject: string;
  visit: string;
  /** Values of the non-blank cells by field model; a blank cell keeps what the panel holds. */
  values: Record<string, unknown>;
  /** The cells as text by field model (and by header for unknown columns), for the report. */
  cells: Record<string, string>;
  problems: RowProblem[];
}

export interface RecordSheet {
  /** The field columns the sheet fills, in sheet order. */
  fields: { model: string; widget: Widget }[];
  rows: SheetRow[];
}

const norm = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** A field's title in a language (spec 002 §3: name and nameEn). */
export const fieldTitle = (widget: Pick<Widget, 'name' | 'nameEn'>, locale: Locale): string => (locale === 'en-US' && widget.nameEn ? widget.nameEn : widget.name);

/**
 * The fields of a panel a sheet may fill, in panel order: value fields outside tables (tables are imported
 * into a panel on screen, spec 002 §5), less computed fields (the engine's), uploads (files, not cells) and
 * fields the design makes read-only (a disabled widget), which the panel's save refuses to change.
 */
export function importableFields(index: FormIndex): Widget[] {
  return [...index.fields.values()].filter((widget) => notImportable(index, widget) === null);
}

function notImportable(index: FormIndex, widget: Widget): 'formula' | 'upload' | 'readonly' | null {
  if (index.formulas.has(widget.model) || widget.options.expression?.trim()) return 'formula';
  if (isUploadWidget(widget)) return 'upload';
  if (designReadOnly(widget) !== null) return 'readonly';
  return null;
}

/** What each header cell after the two identifying columns names. */
export function matchColumns(header: readonly SheetCell[], index: FormIndex): SheetColumn[] {
  const taken = new Set<string>();
  const widgets = [...index.fields.values()];
  return header.slice(2).map((cell) => {
    const text = cellText(cell);
    if (text === '') return { kind: 'blank' };
    const wanted = norm(text);
    const widget = widgets.find((candidate) => !taken.has(candidate.model) && [candidate.model, candidate.name, candidate.nameEn ?? ''].some((name) => name !== '' && norm(name) === wanted));
    if (!widget) return { kind: 'unknown', header: text };
    taken.add(widget.model);
    const why = notImportable(index, widget);
    return why ? { kind: 'notImportable', model: widget.model, why } : { kind: 'field', model: widget.model, widget };
  });
}

/** A cell problem of the table import's rules as a row problem of the record import, by the table import's code. */
const CELL_PROBLEMS: Partial<Record<CellError['code'], (column: string, params: CellError['params']) => RowProblem>> = {
  'attachment.cell_option': (column, params) => problem('import.value_not_allowed', column, { value: String(params.value ?? '') }),
  'attachment.cell_min': (column, params) => problem('import.out_of_range', column, { bound: `≥ ${String(params.min)}` }),
  'attachment.cell_max': (column, params) => problem('import.out_of_range', column, { bound: `≤ ${String(params.max)}` }),
  'attachment.cell_date': (column, params) => problem('import.date_invalid', column, { value: String(params.value ?? '') }),
  'attachment.cell_time': (column, params) => problem('import.time_invalid', column, { value: String(params.value ?? '') }),
  'attachment.cell_number': (column, params) => problem('import.number_invalid', column, { value: String(params.value ?? '') }),
  'attachment.cell_maxlength': (column, params) => problem('import.too_long', column, { max: Number(params.max) }),
  'attachment.cell_required': (column) => problem('import.required', column),
};

function cellProblem(column: string, error: CellError): RowProblem {
  const known = CELL_PROBLEMS[error.code];
  if (known) return known(column, error.params);
  // A field rule's own wording (spec 001 §5.2) in both languages.
  return problem('import.format', column, { message: String(error.params.message ?? ''), messageEn: String(error.params.messageEn ?? '') });
}

const NOT_IMPORTABLE = { formula: 'import.formula_field', upload: 'import.upload_field', readonly: 'import.readonly_field' } as const;

/** Whether a row holds the template's keys (its second header row), to be skipped. */
function isKeyRow(line: readonly SheetCell[]): boolean {
  return cellText(line[0]) === SUBJECT_KEY && cellText(line[1]) === VISIT_KEY;
}

/**
 * Reads a sheet (header first, the key row skipped, blank rows ignored) into rows of field values with the
 * problems the sheet alone shows: a blank subject or visit, a cell in a column that names no field or a field
 * no sheet may fill, a value the field refuses, the same subject and visit twice. Null when the header names
 * no field of the panel at all. Problems that need the study's data (unknown subject or visit, a locked,
 * frozen or signed target, a required field left blank) are added by `targetProblems`.
 */
export function readRecordSheet(sheet: readonly (readonly SheetCell[])[], index: FormIndex): RecordSheet | null {
  const [header = [], ...body] = sheet;
  const columns = matchColumns(header, index);
  if (!columns.some((column) => column.kind === 'field' || column.kind === 'notImportable')) return null;
  const rows: SheetRow[] = [];
  const seen = new Set<string>();
  for (const [position, line] of body.entries()) {
    const sheetRow = position + 2;
    if (position === 0 && isKeyRow(line)) continue;
    if (line.every((cell) => cellText(cell) === '')) continue;
    const subject = cellText(line[0]);
    const visit = cellText(line[1]);
    const row: SheetRow = { row: sheetRow, subject, visit, values: {}, cells: {}, problems: [] };
    if (subject === '') row.problems.push(problem('import.subject_blank', SUBJECT_KEY));
    if (visit === '') row.problems.push(problem('import.visit_blank', VISIT_KEY));
    for (const [offset, column] of columns.entries()) {
      const cell = line[offset + 2];
      const text = cellText(cell);
      if (text === '' || column.kind === 'blank') continue;
      if (column.kind === 'unknown') {
        row.cells[column.header] = text;
        row.problems.push(problem('import.unknown_field', column.header, { column: column.header }));
        continue;
      }
      row.cells[column.model] = text;
      if (column.kind === 'notImportable') {
        row.problems.push(problem(NOT_IMPORTABLE[column.why], column.model));
        continue;
      }
      const result = importCell(column.widget, cell);
      if (result.ok) row.values[column.model] = result.value;
      else row.problems.push(cellProblem(column.model, result.error));
    }
    const identity = `${norm(subject)}\u0000${norm(visit)}`;
    if (subject !== '' && visit !== '') {
      if (seen.has(identity)) row.problems.push(problem('import.duplicate_row', null));
      seen.add(identity);
    }
    rows.push(row);
  }
  const fields = columns.flatMap((column) => (column.kind === 'field' ? [{ model: column.model, widget: column.widget }] : []));
  return { fields, rows };
}

/** The template's headings of the two identifying columns, in both languages. */
export const IMPORT_HEADINGS = {
  subject: { 'zh-CN': '受试者编号', 'en-US': 'Subject' },
  visit: { 'zh-CN': '访视', 'en-US': 'Visit' },
} as const;
