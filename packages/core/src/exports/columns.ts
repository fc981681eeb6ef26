/**
 * Shapes of exported tables shared by the server that writes them and the screens that describe them
 * (docs/decisions.md, "Exports").
 */

/**
 * The column of one value in the wide layout: `ABBR.MODEL` for a field of the first panel instance,
 * `ABBR[2].MODEL` for a repeat of a repeatable panel, and `ABBR.TABLE[3].COL` for the third row of a table.
 * Row numbers are positions among the rows a panel instance holds, in the order the rows were first saved.
 */
export function wideColumnName(panel: string, panelRepeat: number, model: string, tableRow?: number, column?: string): string {
  const head = panelRepeat > 1 ? `${panel}[${String(panelRepeat)}]` : panel;
  return tableRow === undefined || column === undefined ? `${head}.${model}` : `${head}.${model}[${String(tableRow)}].${column}`;
}

/** The fixed leading columns of the wide layout. */
export const WIDE_KEY_COLUMNS = ['subject', 'site', 'status', 'visit', 'visitRepeat'] as const;

/** The columns of the long layout, one row per stored value. */
export const LONG_COLUMNS = [
  'subject',
  'site',
  'visit',
  'visitRepeat',
  'panel',
  'panelRepeat',
  'path',
  'value',
  'label',
  'status',
  'frozen',
  'inactiveType',
  'changedBy',
  'changedAt',
] as const;
export type LongColumn = (typeof LONG_COLUMNS)[number];

/**
 * What a coded field's value adds to a subject-data export (docs/decisions.md "Exports", codings): the term's
 * code, its text and hierarchy in the requester's language, and the coding state. The wide layout puts them
 * right after the value's own column as `COLUMN:code`, `COLUMN:term`, `COLUMN:path`, `COLUMN:state`.
 */
export const CODING_EXPORT_PARTS = ['code', 'term', 'path', 'state'] as const;
export type CodingExportPart = (typeof CODING_EXPORT_PARTS)[number];

/** The wide layout's column of one part of a coded value, after the value's own column name. */
export function codingColumnName(column: string, part: CodingExportPart): string {
  return `${column}:${part}`;
}

/** The long layout's columns for a coded field's value, after the columns every export has. */
export const LONG_CODING_COLUMNS = ['codingDictionary', 'codedCode', 'codedTerm', 'codedPath', 'codingState'] as const;

/** How the data dictionary describes a coded value's parts, after the field's label, in each language. */
export const CODING_PART_LABELS: Record<'zh-CN' | 'en-US', Record<CodingExportPart, string>> = {
  'zh-CN': { code: '编码代码', term: '编码术语', path: '术语层级', state: '编码状态' },
  'en-US': { code: 'coded code', term: 'coded term', path: 'term hierarchy', state: 'coding state' },
};

/** The columns of the data dictionary. */
export const DICTIONARY_COLUMNS = ['column', 'panel', 'field', 'label', 'labelEn', 'type', 'options', 'unit', 'formula'] as const;

/**
 * A cell a spreadsheet program would read as a formula is written as text (CSV injection, OWASP): a leading
 * `'` keeps `=1+1` a string. Numbers, and text that is just a number such as `-3`, are not touched.
 */
export function guardFormula(text: string): string {
  const first = text.charCodeAt(0);
  // = + - @ tab and carriage return start a formula; anything else is left alone without a closer look.
  if (first !== 61 && first !== 43 && first !== 45 && first !== 64 && first !== 9 && first !== 13) return text;
  return PLAIN_NUMBER.test(text) ? text : `'${text}`;
}

/** A number written as text (`-3.5`, `+1e-3`): a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** One CSV cell: guarded, then quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvCell(cell: string | number | boolean | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = guardFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line with its CRLF ending. */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  // A loop rather than map and join: an export writes millions of cells, and each array made is garbage.
  let line = '';
  for (let index = 0; index < cells.length; index += 1) line += index === 0 ? csvCell(cells[index]) : `,${csvCell(cells[index])}`;
  return `${line}\r\n`;
}

/** A stored value as export text: strings as they are, numbers in JavaScript's shortest exact form, the rest as JSON. */
export function exportValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
