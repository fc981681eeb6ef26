import type { ExportFileFormat } from '@dcap/core';
import { csvLine } from '@dcap/core';
import type { XlsxCell } from './xlsx.js';
import { ColumnNames, SHEET_END, SHEET_START, XLSX_MAX_ROWS, sheetRow, workbookParts } from './xlsx.js';
import type { ZipState } from './zip.js';
import { addEntry, closeEntry, finishZip, newZip, openEntry, writeEntry } from './zip.js';

/**
 * Writes an export file piece by piece, its whole state a JSON value recorded with each job step
 * (docs/decisions.md, "Exports"): a plain CSV (UTF-8 with a byte order mark, so spreadsheet programs read
 * Chinese), a zip of the CSV and its data dictionary, or an xlsx workbook with a data sheet and a dictionary
 * sheet. Every call returns the bytes to append and the next state; nothing is kept in between.
 */
export interface FileState {
  format: 'csv' | 'xlsx';
  /** CSV with its dictionary is a zip of two CSV files. */
  zipped: boolean;
  zip: ZipState | null;
  /** Rows written to the data sheet, header included. */
  rows: number;
  /** Bytes written so far. */
  size: number;
}

export interface Written {
  bytes: Buffer;
  state: FileState;
}

const BOM = '\uFEFF';
export const DATA_FILE = 'data.csv';
export const DICTIONARY_FILE = 'dictionary.csv';

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml',
} as const;

/** The file's extension: a CSV with its dictionary and a CRF report (many PDFs) are zips, ODM is XML. */
export function fileExtension(format: ExportFileFormat, dictionary: boolean): keyof typeof CONTENT_TYPES {
  if (format === 'odm') return 'xml';
  if (format === 'pdf') return 'zip';
  return format === 'xlsx' ? 'xlsx' : dictionary ? 'zip' : 'csv';
}

export class TooManyRows extends Error {}

function renderRows(state: FileState, rows: readonly (readonly XlsxCell[])[], header: boolean): string {
  if (state.format === 'csv') {
    let text = '';
    for (const row of rows) text += csvLine(row);
    return text;
  }
  const letters = new ColumnNames();
  let text = '';
  rows.forEach((row, index) => {
    text += sheetRow(state.rows + index + 1, row, letters, header);
  });
  return text;
}

function advance(state: FileState, bytes: Buffer, rows: number, zip: ZipState | null): Written {
  return { bytes, state: { ...state, zip, rows: state.rows + rows, size: state.size + bytes.length } };
}

/** The start of the file: for xlsx the workbook's fixed parts, then the data sheet's header row. */
export function beginFile(format: 'csv' | 'xlsx', dictionary: boolean, header: readonly string[], at: Date, sheets: readonly string[]): Written {
  const state: FileState = { format, zipped: format === 'xlsx' || dictionary, zip: null, rows: 0, size: 0 };
  if (!state.zipped) return appendRows(state, [header], true, BOM);
  let zip = newZip(at);
  const parts: Buffer[] = [];
  if (format === 'xlsx') {
    for (const [name, text] of workbookParts(dictionary ? sheets : sheets.slice(0, 1))) {
      const out = addEntry(zip, name, text);
      parts.push(out.bytes);
      zip = out.state;
    }
  }
  const opened = openEntry(zip, format === 'xlsx' ? 'xl/worksheets/sheet1.xml' : DATA_FILE);
  parts.push(opened.bytes);
  const started = advance(state, Buffer.concat(parts), 0, opened.state);
  const rest = appendRows(started.state, [header], true, format === 'xlsx' ? SHEET_START : BOM);
  return { bytes: Buffer.concat([started.bytes, rest.bytes]), state: rest.state };
}

/** Rows rendered and compressed at a time, so a step's text never has to exist whole. */
const ROWS_PER_PIECE = 5000;

/**
 * More rows of the data sheet, rendered and compressed ROWS_PER_PIECE at a time as they are drawn from
 * `rows`: a generator's rows are made, written and dropped a piece at a time, never held for a whole step.
 */
export function appendRows(state: FileState, rows: Iterable<readonly XlsxCell[]>, header = false, prefix = ''): Written {
  const pieces: Buffer[] = [];
  let current = state;
  let slice: (readonly XlsxCell[])[] = [];
  const flush = () => {
    const first = pieces.length === 0;
    if (current.format === 'xlsx' && current.rows + slice.length > XLSX_MAX_ROWS) throw new TooManyRows();
    const text = Buffer.from((first ? prefix : '') + renderRows(current, slice, header), 'utf8');
    const out = !current.zipped || !current.zip ? advance(current, text, slice.length, null) : advanceZip(current, text, slice.length);
    pieces.push(out.bytes);
    current = out.state;
    slice = [];
  };
  for (const row of rows) {
    slice.push(row);
    if (slice.length === ROWS_PER_PIECE) flush();
  }
  // The first piece is written even without rows: it carries the prefix.
  if (pieces.length === 0 || slice.length > 0) flush();
  return { bytes: pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces), state: current };
}

function advanceZip(state: FileState, text: Buffer, rows: number): Written {
  const out = writeEntry(state.zip as ZipState, text);
  return advance(state, out.bytes, rows, out.state);
}

/** The end: the data sheet closed, the dictionary added (when asked for), the zip's directory. */
export function endFile(state: FileState, dictionary: readonly (readonly XlsxCell[])[] | null): Written {
  if (!state.zipped || !state.zip) return { bytes: Buffer.alloc(0), state };
  const parts: Buffer[] = [];
  let zip = state.zip;
  if (state.format === 'xlsx') {
    const tail = writeEntry(zip, Buffer.from(SHEET_END, 'utf8'));
    parts.push(tail.bytes);
    zip = tail.state;
  }
  const closed = closeEntry(zip);
  parts.push(closed.bytes);
  zip = closed.state;
  if (dictionary) {
    const letters = new ColumnNames();
    const text =
      state.format === 'xlsx'
        ? SHEET_START + dictionary.map((row, index) => sheetRow(index + 1, row, letters, index === 0)).join('') + SHEET_END
        : BOM + dictionary.map((row) => csvLine(row)).join('');
    const added = addEntry(zip, state.format === 'xlsx' ? 'xl/worksheets/sheet2.xml' : DICTIONARY_FILE, text);
    parts.push(added.bytes);
    zip = added.state;
  }
  parts.push(finishZip(zip));
  const bytes = Buffer.concat(parts);
  return { bytes, state: { ...state, zip, size: state.size + bytes.length } };
}
