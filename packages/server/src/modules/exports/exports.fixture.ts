import { unzipSync } from 'fflate';
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
