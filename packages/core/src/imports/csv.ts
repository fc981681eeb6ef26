/**
 * Reads CSV text (RFC 4180: quoted fields may hold separators, quotes doubled, line breaks) into rows of text
 * cells. A leading byte-order mark is dropped (spreadsheets write one so Chinese text opens right); the
 * separator is a comma, or a semicolon or tab when the first line holds those and no comma. Null when a
 * quoted field never ends.
 */
export function parseCsv(text: string): string[][] | null {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let position = 0;
  while (position < source.length) {
    const char = source[position] ?? '';
    if (quoted) {
      if (char === '"') {
        if (source[position + 1] === '"') {
          field += '"';
          position += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[position + 1] === '\n') position += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
    position += 1;
  }
  if (quoted) return null;
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
