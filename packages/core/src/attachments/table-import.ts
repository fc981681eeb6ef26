import type { ErrorCode } from '../errors/catalogue.js';
import { errorMessage } from '../errors/catalogue.js';
import { checkFieldValue } from '../forms/field-check.js';
import type { Locale } from '../i18n/locale.js';
import { HUGE_DATA_ROW_THRESHOLD } from '../panels/constants.js';
import type { TableColumn, Widget } from '../panels/schema.js';
import { tableColumns } from '../panels/walk.js';
import { designReadOnly } from '../records/read-only.js';
import { isUploadWidget } from './cells.js';

/**
 * Reading a spreadsheet into a repeatable table (spec 002 §2 "Excel upload modal", §5 "Excel import"):
 * which sheet column is which table column, and what each cell becomes. Dates are rewritten in the field's
 * format, option fields take the option whose key, label or value the cell holds, numbers of number fields
 * stay numbers and everything else becomes text; each value then passes the field's own checks (core
 * forms/field-check.ts). The server reads the file with these rules and the browser shows what they gave;
 * nothing is saved until the panel is (docs/forms.md "Table import").
 */

/** Spec 002 §5/§9: above this many imported rows the form switches to huge-data rendering. */
export const TABLE_IMPORT_HUGE_ROWS = HUGE_DATA_ROW_THRESHOLD;
/** The most data rows one sheet may bring into a table. */
export const TABLE_IMPORT_MAX_ROWS = 2000;

/** A cell as a spreadsheet reader gives it. */
export type SheetCell = string | number | boolean | Date | null | undefined;

/** A complaint about one cell: a catalogue code of the attachments area with its parameters. */
export interface CellError {
  code: ErrorCode;
  params: Record<string, string | number>;
}

export type CellResult = { ok: true; value: unknown } | { ok: false; error: CellError };

/** Computed columns are the engine's, and image columns take images uploaded to a saved row's cell (cells.ts). */
const sheetColumns = (table: Widget): TableColumn[] => tableColumns(table).filter((column) => !column.widget.options.expression?.trim() && !isUploadWidget(column.widget));

/**
 * The columns of a table a sheet may fill: every column but the computed ones, the image columns and those
 * the design makes read-only (core records/read-only.ts `designReadOnly`: a disabled widget, a reference
 * upper limit), which the panel's save refuses to change; imported rows are added rows, so they take what
 * the design gives those cells.
 */
export function importableColumns(table: Widget): TableColumn[] {
  return sheetColumns(table).filter((column) => designReadOnly(column.widget, column) === null);
}

/** A column's title in a language (spec 002 §3: title and titleEn). */
export const columnTitle = (column: Pick<TableColumn, 'title' | 'titleEn'>, locale: Locale): string => (locale === 'en-US' && column.titleEn ? column.titleEn : column.title);

const norm = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Which column each sheet column fills, matched by the column's key or its title in either language (a
 * template's header is in the language of whoever downloaded it). Null for a sheet column that matches none.
 */
export function matchHeader(header: readonly SheetCell[], columns: readonly TableColumn[]): (string | null)[] {
  const taken = new Set<string>();
  return header.map((cell) => {
    const text = cellText(cell);
    if (text === '') return null;
    const wanted = norm(text);
    const column = columns.find((candidate) => !taken.has(candidate.key) && [candidate.key, candidate.title, candidate.titleEn ?? ''].some((name) => name !== '' && norm(name) === wanted));
    if (!column) return null;
    taken.add(column.key);
    return column.key;
  });
}

/** Whether a row holds exactly the columns' keys (the template's second header row), to be skipped. */
export function isKeyRow(row: readonly SheetCell[], keys: readonly (string | null)[]): boolean {
  let seen = 0;
  for (const [index, key] of keys.entries()) {
    if (key === null) continue;
    if (cellText(row[index]) !== key) return false;
    seen += 1;
  }
  return seen > 0;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** A cell as plain text: dates as ISO date (time when it has one), numbers without exponent noise. */
export function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    const date = `${String(cell.getUTCFullYear())}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
    const time = cell.getUTCHours() + cell.getUTCMinutes() + cell.getUTCSeconds() === 0 ? '' : ` ${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}:${pad(cell.getUTCSeconds())}`;
    return date + time;
  }
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return cell.trim();
}

/** Parts of a date and time, as read from a cell. */
interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function validParts(parts: DateParts): boolean {
  const { year, month, day, hour, minute, second } = parts;
  if (year < 1000 || year > 9999 || month < 1 || month > 12) return false;
  const days = month === 2 && leap(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
  return day >= 1 && day <= days && hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60;
}

/** Excel's day 0 (1899-12-30, counting the fictitious 1900-02-29) in milliseconds since 1970. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function partsOfDate(date: Date): DateParts {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() };
}

const DATE_TEXT = /^(\d{4})\s*[-/.年]\s*(\d{1,2})(?:\s*[-/.月]\s*(\d{1,2})\s*日?)?(?:[ T]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME_TEXT = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;

/** The date and time a cell holds: a date cell, an Excel serial number or text in the usual spellings. */
export function readDateCell(cell: SheetCell): DateParts | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : partsOfDate(cell);
  if (typeof cell === 'number') {
    // A date cell the reader did not recognise as one arrives as its serial number (days since 1899-12-30).
    if (!Number.isFinite(cell) || cell < 1 || cell > 2_958_465) return null;
    return partsOfDate(new Date(EXCEL_EPOCH + Math.round(cell * DAY_MS / 1000) * 1000));
  }
  const text = cellText(cell);
  const compact = COMPACT_DATE.exec(text);
  const match = compact ?? DATE_TEXT.exec(text);
  if (!match) return null;
  const parts: DateParts = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: match[3] === undefined ? 1 : Number(match[3]),
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
    second: Number(match[6] ?? 0),
  };
  return validParts(parts) ? parts : null;
}

/** A time of day a cell holds: a time cell (a date on Excel's day 0), a day fraction or `HH:mm[:ss]`. */
export function readTimeCell(cell: SheetCell): DateParts | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : partsOfDate(cell);
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 0 || cell >= 1) return null;
    const seconds = Math.round(cell * 86_400);
    return { year: 2000, month: 1, day: 1, hour: Math.floor(seconds / 3600) % 24, minute: Math.floor(seconds / 60) % 60, second: seconds % 60 };
  }
  const match = TIME_TEXT.exec(cellText(cell));
  if (!match) return readDateCell(cell);
  const parts = { year: 2000, month: 1, day: 1, hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3] ?? 0) };
  return validParts(parts) ? parts : null;
}

/** Writes date parts in a field's format (spec 001 §9 formats: YYYY, MM, DD, HH, mm, ss tokens). */
export function formatDateParts(parts: DateParts, format: string): string {
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(parts.year, 4);
      case 'MM':
        return pad(parts.month);
      case 'DD':
        return pad(parts.day);
      case 'HH':
        return pad(parts.hour);
      case 'mm':
        return pad(parts.minute);
      default:
        return pad(parts.second);
    }
  });
}

const OPTION_WIDGETS = new Set(['select', 'radio', 'checkbox']);
const NUMBER_WIDGETS = new Set(['number', 'rate', 'slider']);
const LIST_SEPARATOR = /[,，、;；|]/;
const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', '是', '开', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'n', '否', '关', 'off']);

/** The option a text names: by key, then value, then label in either language. */
export function matchOption(widget: Widget, text: string): string | null {
  const options = widget.options.options ?? [];
  const wanted = norm(text);
  if (wanted === '') return null;
  const found =
    options.find((option) => norm(option.key) === wanted) ??
    options.find((option) => norm(option.value) === wanted) ??
    options.find((option) => norm(option.label) === wanted || (option.labelEn !== undefined && norm(option.labelEn) === wanted));
  return found ? found.value : null;
}

/** What one cell becomes in a field (spec 002 §5 "Imported cells"), before the field's own checks. */
function convertCell(widget: Widget, cell: SheetCell): CellResult {
  const text = cellText(cell);
  if (text === '') return { ok: true, value: null };
  if (widget.type === 'date') {
    const parts = readDateCell(cell);
    return parts ? { ok: true, value: formatDateParts(parts, widget.options.format ?? 'YYYY-MM-DD') } : { ok: false, error: { code: 'attachment.cell_date', params: { value: text } } };
  }
  if (widget.type === 'time') {
    const parts = readTimeCell(cell);
    return parts ? { ok: true, value: formatDateParts(parts, widget.options.format ?? 'HH:mm:ss') } : { ok: false, error: { code: 'attachment.cell_time', params: { value: text } } };
  }
  if (OPTION_WIDGETS.has(widget.type)) {
    const parts = widget.type === 'checkbox' ? text.split(LIST_SEPARATOR).map((part) => part.trim()).filter((part) => part !== '') : [text];
    const values: string[] = [];
    for (const part of parts) {
      const value = matchOption(widget, part);
      if (value === null) return { ok: false, error: { code: 'attachment.cell_option', params: { value: part } } };
      if (!values.includes(value)) values.push(value);
    }
    return { ok: true, value: widget.type === 'checkbox' ? values : values[0] };
  }
  if (NUMBER_WIDGETS.has(widget.type)) {
    const number = typeof cell === 'number' ? cell : Number(text.replace(/,/g, ''));
    return Number.isFinite(number) ? { ok: true, value: number } : { ok: false, error: { code: 'attachment.cell_number', params: { value: text } } };
  }
  if (widget.type === 'switch') {
    const word = norm(text);
    if (TRUE_WORDS.has(word)) return { ok: true, value: true };
    if (FALSE_WORDS.has(word)) return { ok: true, value: false };
    return { ok: false, error: { code: 'attachment.cell_option', params: { value: text } } };
  }
  return { ok: true, value: text };
}

/** The complaint of the field's own rules (core forms/field-check.ts) as a cell error. */
function fieldRuleError(widget: Widget, value: unknown): CellError | null {
  const error = checkFieldValue(widget, value);
  if (!error) return null;
  switch (error.code) {
    case 'form.required':
      return { code: 'attachment.cell_required', params: {} };
    case 'form.format':
    case 'form.pattern':
      return { code: 'attachment.cell_format', params: { message: String(error.params.message ?? ''), messageEn: String(error.params.messageEn ?? '') } };
    case 'form.maxlength':
      return { code: 'attachment.cell_maxlength', params: { max: Number(error.params.max) } };
    case 'form.min':
      return { code: 'attachment.cell_min', params: { min: Number(error.params.min) } };
    case 'form.max':
      return { code: 'attachment.cell_max', params: { max: Number(error.params.max) } };
  }
}

/** One cell read into a field and checked by the field's rules. */
export function importCell(widget: Widget, cell: SheetCell): CellResult {
  const converted = convertCell(widget, cell);
  if (!converted.ok) return converted;
  const ruleError = fieldRuleError(widget, converted.value);
  return ruleError ? { ok: false, error: ruleError } : converted;
}

/** One sheet row as it will enter the table. */
export interface ImportedRow {
  /** The row's number in the sheet (1-based, as the spreadsheet shows it). */
  row: number;
  /** The field values by column key; a cell with an error is left empty. */
  values: Record<string, unknown>;
  /** The cells as text by column key, for the preview. */
  cells: Record<string, string>;
}

export interface ImportedCellError extends CellError {
  row: number;
  column: string;
}

export interface TableImport {
  /** The table's columns the sheet filled, in table order. */
  columns: string[];
  /** Header cells that name no column of the table. */
  unmatched: string[];
  /** Columns the sheet names that the design makes read-only, by key: not imported (`importableColumns`). */
  ignored: string[];
  rows: ImportedRow[];
  errors: ImportedCellError[];
  /** Spec 002 §5: more than 50 rows switches the form to huge-data rendering. */
  huge: boolean;
}

/**
 * Reads a sheet (its first row the header, the template's key row skipped, blank rows ignored) into the rows
 * of a table. Null when the header names no column the sheet may fill. A column the design makes read-only is
 * recognised but not read: it is listed in `ignored`, and once among the errors against the header row
 * (`attachment.column_readonly`), so the preview says in the reader's language why it stays as designed.
 */
export function importTableSheet(table: Widget, sheet: readonly (readonly SheetCell[])[]): TableImport | null {
  const columns = importableColumns(table);
  const [header = [], ...body] = sheet;
  const named = matchHeader(header, sheetColumns(table));
  const ignored = sheetColumns(table)
    .filter((column) => named.includes(column.key) && !columns.includes(column))
    .map((column) => column.key);
  const keys = named.map((key) => (key !== null && ignored.includes(key) ? null : key));
  if (keys.every((key) => key === null)) return null;
  const rows: ImportedRow[] = [];
  const errors: ImportedCellError[] = ignored.map((column) => ({ row: 1, column, code: 'attachment.column_readonly', params: {} }));
  for (const [index, line] of body.entries()) {
    const sheetRow = index + 2;
    if (index === 0 && isKeyRow(line, keys)) continue;
    if (keys.every((key, column) => key === null || cellText(line[column]) === '')) continue;
    const values: Record<string, unknown> = {};
    const cells: Record<string, string> = {};
    for (const column of columns) values[column.key] = null;
    for (const [position, key] of keys.entries()) {
      const column = key === null ? undefined : columns.find((candidate) => candidate.key === key);
      if (!column) continue;
      const cell = line[position];
      cells[column.key] = cellText(cell);
      const result = importCell(column.widget, cell);
      if (result.ok) values[column.key] = result.value;
      else errors.push({ row: sheetRow, column: column.key, ...result.error });
    }
    // A required column the sheet lacks is as blank as an empty cell.
    for (const column of columns) {
      if (keys.includes(column.key)) continue;
      const missing = fieldRuleError(column.widget, null);
      if (missing) errors.push({ row: sheetRow, column: column.key, ...missing });
    }
    rows.push({ row: sheetRow, values, cells });
  }
  return {
    columns: columns.filter((column) => keys.includes(column.key)).map((column) => column.key),
    unmatched: header.map((cell, index) => (named[index] === null ? cellText(cell) : '')).filter((text) => text !== ''),
    ignored,
    rows,
    errors,
    huge: rows.length > TABLE_IMPORT_HUGE_ROWS,
  };
}

/** A cell error in a language; a field rule's own wording (spec 001 §5.2) wins over the catalogue's. */
export function cellErrorMessage(error: CellError, locale: Locale): string {
  if (error.code === 'attachment.cell_format') {
    const own = locale === 'en-US' ? error.params.messageEn || error.params.message : error.params.message;
    if (own) return String(own);
  }
  return errorMessage(error.code, locale, error.params);
}
