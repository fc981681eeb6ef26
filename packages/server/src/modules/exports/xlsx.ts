/**
 * The parts of an xlsx workbook (ECMA-376) written as text, so sheets are streamed row by row into the zip
 * (zip.ts) instead of built in memory as write-excel-file does (docs/decisions.md, "Exports"). Text cells
 * are inline strings: a spreadsheet never evaluates them, so `=1+1` stays the text it was entered as and no
 * formula guard is needed here (CSV has one: core exports/columns.ts).
 */
export type XlsxCell = string | number | null;

export const XLSX_MAX_ROWS = 1_048_576;
export const XLSX_MAX_COLUMNS = 16_384;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

// Characters XML 1.0 cannot hold at all; text never holds them (safe text refuses control characters).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

// Anything that needs escaping or removing; most values have none and are written as they are.
// eslint-disable-next-line no-control-regex
const SPECIAL = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function xmlText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A1-style column letters of a 0-based column index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Cached column letters: a wide sheet names the same columns on every row. */
export class ColumnNames {
  private readonly names: string[] = [];
  get(index: number): string {
    let name = this.names[index];
    if (name === undefined) {
      name = columnLetters(index);
      this.names[index] = name;
    }
    return name;
  }
}

/** One `<row>` of a sheet; `row` is 1-based; a header row uses the bold style. */
export function sheetRow(row: number, cells: readonly XlsxCell[], letters: ColumnNames, header = false): string {
  const r = String(row);
  const style = header ? ' s="1"' : '';
  let xml = `<row r="${r}">`;
  for (let index = 0; index < cells.length; index += 1) {
    const cell = cells[index];
    if (cell === null || cell === undefined || cell === '') continue;
    const ref = `${letters.get(index)}${r}`;
    if (typeof cell === 'number' && Number.isFinite(cell)) xml += `<c r="${ref}"${style}><v>${String(cell)}</v></c>`;
    else xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(String(cell))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

export const SHEET_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
export const SHEET_END = '</sheetData></worksheet>';

/** The fixed parts of a workbook with the given sheet names, as zip entries in writing order. */
export function workbookParts(sheets: readonly string[]): [string, string][] {
  const overrides = sheets
    .map((_name, index) => `<Override PartName="/xl/worksheets/sheet${String(index + 1)}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
    .join('');
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`;
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${sheets
    .map((name, index) => `<sheet name="${xmlText(name)}" sheetId="${String(index + 1)}" r:id="rId${String(index + 1)}"/>`)
    .join('')}</sheets></workbook>`;
  const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL_NS}">${sheets
    .map((_name, index) => `<Relationship Id="rId${String(index + 1)}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${String(index + 1)}.xml"/>`)
    .join('')}<Relationship Id="rId${String(sheets.length + 1)}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;
  return [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rootRels],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', workbookRels],
    ['xl/styles.xml', styles],
  ];
}
