import { REDCAP_DICTIONARY_COLUMNS } from './dictionary.js';

/** One data dictionary row by column; unnamed columns are empty. */
export type RowSpec = Partial<Record<(typeof REDCAP_DICTIONARY_COLUMNS)[number]['key'], string>>;

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A data dictionary CSV as REDCap writes it: the standard header (or its first `columns`), then one line per row. */
export function dictionaryCsv(rows: readonly RowSpec[], { bom = true, eol = '\r\n', columns = REDCAP_DICTIONARY_COLUMNS.length }: { bom?: boolean; eol?: string; columns?: number } = {}): string {
  const used = REDCAP_DICTIONARY_COLUMNS.slice(0, columns);
  const header = used.map((column) => quote(column.header)).join(',');
  const lines = rows.map((row) => used.map((column) => quote(row[column.key] ?? '')).join(','));
  return `${bom ? '\uFEFF' : ''}${[header, ...lines].join(eol)}${eol}`;
}
