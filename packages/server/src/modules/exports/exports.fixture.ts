import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';

/**
 * Readers of exported files for the tests: a CSV parser (RFC 4180, written here so a test reads the file the
 * way a statistician's tools do, not with the writer's own code) and the sheets of an xlsx or zip file.
 */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('CSV without byte order mark');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

export function unzip(bytes: Buffer): Record<string, Buffer> {
  const files = unzipSync(new Uint8Array(bytes));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, Buffer.from(data)]));
}

export type SheetCell = string | number | boolean | Date | null;

/** The sheets of an xlsx workbook by name, each as rows of cells. */
export async function readWorkbook(bytes: Buffer): Promise<Record<string, SheetCell[][]>> {
  const sheets = (await readXlsxFile(bytes)) as { sheet: string; data: SheetCell[][] }[];
  return Object.fromEntries(sheets.map((sheet) => [sheet.sheet, sheet.data]));
}

/** Rows as objects by header name. */
export function byHeader<T>(rows: T[][]): Record<string, T>[] {
  const [header, ...rest] = rows;
  return rest.map((row) => Object.fromEntries((header ?? []).map((name, index) => [String(name), row[index] as T])));
}

const CELL = /<c r="([A-Z]+)\d+"(?: s="\d+")?(?: t="inlineStr")?>(?:<v>([^<]*)<\/v>|<is><t xml:space="preserve">([^<]*)<\/t><\/is>)<\/c>/g;
const ROW = /<row r="\d+">(.*?)<\/row>/g;

const unescapeXml = (text: string) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * Every row of one sheet of a large workbook, read as the zip streams out, without holding the sheet's text
 * whole (a 500,000-row sheet is larger than a JavaScript string may be). It reads the cells this platform
 * writes (numbers, inline strings); the smaller workbooks of the tests are read with read-excel-file too.
 */
export function forEachSheetRow(bytes: Buffer, entry: string, visit: (cells: (string | number)[]) => void): void {
  const decoder = new TextDecoder();
  let pending = '';
  const consume = (final: boolean) => {
    let last = 0;
    for (const match of pending.matchAll(ROW)) {
      const [whole, body = ''] = match;
      const cells: (string | number)[] = [];
      for (const [, letters = 'A', number, text = ''] of body.matchAll(CELL)) {
        cells[columnIndex(letters)] = number !== undefined ? Number(number) : unescapeXml(text);
      }
      visit(Array.from(cells, (value: string | number | undefined) => value ?? ''));
      last = match.index + whole.length;
    }
    pending = pending.slice(last);
    if (final && pending.includes('<row')) throw new Error('a row of the sheet was cut off');
  };
  const seen = { entry: false };
  const unzipper = new Unzip((file) => {
    if (file.name !== entry) return;
    seen.entry = true;
    file.ondata = (error, data, final) => {
      if (error) throw error;
      pending += decoder.decode(data, { stream: !final });
      consume(final);
    };
    file.start();
  });
  unzipper.register(UnzipInflate);
  unzipper.push(new Uint8Array(bytes), true);
  if (!seen.entry) throw new Error(`no ${entry} in the workbook`);
}
