import type { Locale, SheetCell, TableColumn } from '@dcap/core';
import { columnTitle } from '@dcap/core';
import readXlsxFile from 'read-excel-file/node';
import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first sheet's cells, as the reader gives them (text, numbers, booleans, dates); null when unreadable. */
export async function readFirstSheet(file: Buffer): Promise<SheetCell[][] | null> {
  try {
    const [first] = await readXlsxFile(file);
    if (!first) return null;
    return first.data.map((row) => row.map((cell) => cell as unknown as SheetCell));
  } catch {
    return null;
  }
}

/**
 * The import template of a table: the column titles in the caller's language, then a row of the column keys
 * (the reader matches either and skips the key row), then nothing to fill in.
 */
export async function tableTemplate(columns: readonly TableColumn[], locale: Locale, sheetName: string): Promise<Buffer> {
  const titles: Row = columns.map((column) => ({ value: columnTitle(column, locale), fontWeight: 'bold' as const }));
  const keys: Row = columns.map((column) => ({ value: column.key, color: '#888888' }));
  return writeXlsxFile([{ sheet: sheetName.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Sheet1', data: [titles, keys], stickyRowsCount: 2 }], {}).toBuffer();
}
