/**
 * The one CSV reader of the platform (RFC 4180 as spreadsheet programs write it), used by the REDCap data
 * dictionary import and the record import: a field in double quotes may hold separators, line breaks and
 * doubled quotes, lines end in CRLF or LF, and a leading byte-order mark is dropped (spreadsheets write one
 * so Chinese text opens right). Pure, so the server and the browser read a file the same way.
 */

export type CsvResult = { ok: true; rows: string[][] } | { ok: false; line: number };

export interface CsvOptions {
  /**
   * `detect` takes a semicolon or a tab when the first line holds one and no comma (spreadsheets set to a
   * locale with a decimal comma save so); a comma otherwise.
   */
  separator?: ',' | ';' | '\t' | 'detect';
  /** Blank lines stay as rows of one empty cell, so row numbers match what a spreadsheet program shows. */
  keepBlankLines?: boolean;
}

function separatorOf(text: string, option: CsvOptions['separator']): string {
  if (option !== 'detect') return option ?? ',';
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  return firstLine.includes('\t') ? '\t' : ',';
}

/**
 * Every row of the text as its fields. A quote left open at the end of the text is the one error (its
 * 1-based line is given): the rest of the file would otherwise be read as one field. Blank lines are kept
 * out unless kept; a row's fields are not trimmed (the caller decides).
 */
export function parseCsv(input: string, options: CsvOptions = {}): CsvResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const separator = separatorOf(text, options.separator);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let index = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (options.keepBlankLines === true || !(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (index < text.length) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"') {
        if (text.charAt(index + 1) === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text.charAt(index + 1) === '\n') index += 1;
      endRow();
      line += 1;
    } else {
      // A quote inside an unquoted field is kept as written, as spreadsheet programs read it.
      field += char;
    }
    index += 1;
  }
  if (quoted) return { ok: false, line: quoteLine };
  if (field !== '' || row.length > 0) endRow();
  return { ok: true, rows };
}
