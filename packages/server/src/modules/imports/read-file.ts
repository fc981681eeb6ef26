import type { ImportFileFormat, SheetCell } from '@dcap/core';
import { AppError, detectFileKind, readImportCsv, RECORD_IMPORT_MAX_BYTES } from '@dcap/core';
import { readFirstSheet } from '../attachments/sheet.js';

/** An uploaded file as the multipart body delivered it. */
export interface ImportFile {
  name: string;
  bytes: Buffer;
  truncated: boolean;
}

/**
 * CSV text: UTF-8 (with or without a byte-order mark), else GB 18030, which spreadsheets on Chinese systems
 * write when saving as CSV.
 */
export function decodeCsv(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
}

/**
 * Reads an uploaded sheet: an xlsx workbook's first sheet (by its bytes, whatever the name says) or CSV text.
 * The old binary xls is named as such; anything else unreadable is refused.
 */
export async function readImportFile(file: ImportFile): Promise<{ format: ImportFileFormat; sheet: SheetCell[][] }> {
  if (file.bytes.length === 0) throw new AppError('import.file_missing');
  if (file.truncated || file.bytes.length > RECORD_IMPORT_MAX_BYTES) throw new AppError('import.file_too_large');
  const kind = detectFileKind(file.bytes);
  if (kind === 'xls') throw new AppError('import.file_xls');
  if (kind === 'xlsx') {
    const sheet = await readFirstSheet(file.bytes);
    if (!sheet) throw new AppError('import.file_unreadable');
    return { format: 'xlsx', sheet };
  }
  if (kind !== null || file.bytes.includes(0)) throw new AppError('import.file_unreadable');
  const text = decodeCsv(file.bytes);
  const rows = text === null ? null : readImportCsv(text);
  if (!rows) throw new AppError('import.file_unreadable');
  return { format: 'csv', sheet: rows };
}
