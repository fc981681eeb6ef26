import { parseCsv } from '../../csv/read.js';
import type { RedcapReportEntry } from './types.js';
import { redcapMessage } from './messages.js';

/**
 * The columns of a REDCap data dictionary in their standard order. Matching is by position and by the start
 * of the header text with case, spaces and punctuation ignored, so "Variable / Field Name" and
 * "variable_field_name" both match; older dictionaries end after the matrix group column.
 */
export const REDCAP_DICTIONARY_COLUMNS = [
  { key: 'field', header: 'Variable / Field Name', match: 'variable' },
  { key: 'form', header: 'Form Name', match: 'form' },
  { key: 'section', header: 'Section Header', match: 'section' },
  { key: 'type', header: 'Field Type', match: 'fieldtype' },
  { key: 'label', header: 'Field Label', match: 'fieldlabel' },
  { key: 'choices', header: 'Choices, Calculations, OR Slider Labels', match: 'choices' },
  { key: 'note', header: 'Field Note', match: 'fieldnote' },
  { key: 'validation', header: 'Text Validation Type OR Show Slider Number', match: 'textvalidationtype' },
  { key: 'min', header: 'Text Validation Min', match: 'textvalidationmin' },
  { key: 'max', header: 'Text Validation Max', match: 'textvalidationmax' },
  { key: 'identifier', header: 'Identifier?', match: 'identifier' },
  { key: 'branching', header: 'Branching Logic (Show field only if...)', match: 'branching' },
  { key: 'required', header: 'Required Field?', match: 'required' },
  { key: 'alignment', header: 'Custom Alignment', match: 'customalignment' },
  { key: 'questionNumber', header: 'Question Number (surveys only)', match: 'questionnumber' },
  { key: 'matrixGroup', header: 'Matrix Group Name', match: 'matrixgroup' },
  { key: 'matrixRanking', header: 'Matrix Ranking?', match: 'matrixranking' },
  { key: 'annotation', header: 'Field Annotation', match: 'fieldannotation' },
] as const;

/** Dictionaries from REDCap versions before matrix ranking and annotations have the first 16 columns. */
const REQUIRED_COLUMNS = 16;

export type DictionaryKey = (typeof REDCAP_DICTIONARY_COLUMNS)[number]['key'];
export type DictionaryRow = Record<DictionaryKey, string> & { line: number };

export type DictionaryError =
  | { code: 'design_import.csv_unreadable'; params: { line: number } }
  | { code: 'design_import.not_a_dictionary'; params: { column: number; expected: string; found: string } }
  | { code: 'design_import.empty'; params: Record<string, never> };

export type DictionaryResult = { ok: true; rows: DictionaryRow[]; report: RedcapReportEntry[] } | { ok: false; error: DictionaryError };

const normaliseHeader = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The line each row starts on: the header is line 1, and a quoted line break adds a line. */
function startLines(rows: readonly string[][]): number[] {
  const lines: number[] = [];
  let line = 1;
  for (const row of rows) {
    lines.push(line);
    line += 1 + row.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return lines;
}

/**
 * The rows of a data dictionary, each cell trimmed. A file that is not CSV, or whose header is not a data
 * dictionary's, is refused as a whole; a row with more cells than the header is reported and skipped (a
 * shorter row is read with its missing cells empty, as spreadsheet programs drop trailing empty cells).
 */
export function readDictionary(text: string): DictionaryResult {
  const csv = parseCsv(text);
  if (!csv.ok) return { ok: false, error: { code: 'design_import.csv_unreadable', params: { line: csv.line } } };
  const [header = [], ...body] = csv.rows;
  const width = Math.min(header.length, REDCAP_DICTIONARY_COLUMNS.length);
  for (let index = 0; index < Math.max(width, REQUIRED_COLUMNS); index += 1) {
    const column = REDCAP_DICTIONARY_COLUMNS[index];
    const found = header[index]?.trim() ?? '';
    if (column && !normaliseHeader(found).startsWith(column.match)) {
      return { ok: false, error: { code: 'design_import.not_a_dictionary', params: { column: index + 1, expected: column.header, found } } };
    }
  }
  const lines = startLines(csv.rows).slice(1);
  const rows: DictionaryRow[] = [];
  const report: RedcapReportEntry[] = [];
  for (const [index, cells] of body.entries()) {
    const line = lines[index] ?? 0;
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (cells.length > header.length) {
      const field = cells[0]?.trim() ?? '';
      report.push({
        line,
        form: cells[1]?.trim() ?? '',
        field,
        what: 'row',
        level: 'warning',
        code: 'redcap.row_malformed',
        source: cells.join(',').slice(0, 200),
        ...redcapMessage('redcap.row_malformed', { count: cells.length, expected: header.length }),
      });
      continue;
    }
    const row = { line } as DictionaryRow;
    for (const [position, column] of REDCAP_DICTIONARY_COLUMNS.entries()) row[column.key] = position < width ? (cells[position]?.trim() ?? '') : '';
    rows.push(row);
  }
  if (rows.length === 0 && report.length === 0) return { ok: false, error: { code: 'design_import.empty', params: {} } };
  return { ok: true, rows, report };
}
