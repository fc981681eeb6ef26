/**
 * A CSV reader for REDCap data dictionaries (RFC 4180 as spreadsheet programs write it): fields separated by
 * commas, a field in double quotes may hold commas, line breaks and doubled quotes, lines end in CRLF or LF,
 * and a leading byte-order mark is dropped. Pure, so the server and the browser read a file the same way.
 */

export type CsvResult = { ok: true; rows: string[][] } | { ok: false; line: number };

/**
 * Every row of the text as its fields. A quote left open at the end of the text is the one error (its
 * 1-based line is given): the rest of the file would otherwise be read as one field. Blank lines are kept
 * out; a row's fields are not trimmed (the caller decides).
 */
export function parseCsv(input: string): CsvResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
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
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
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
    } else if (char === ',') {
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
