import { parseCsv } from '../csv/read.js';

/**
 * The rows of an import sheet saved as CSV: the platform's CSV reader with the separator detected and blank
 * lines kept, so a row's number is the line a spreadsheet program shows. Null when a quoted field never ends.
 */
export function readImportCsv(text: string): string[][] | null {
  const result = parseCsv(text, { separator: 'detect', keepBlankLines: true });
  return result.ok ? result.rows : null;
}
