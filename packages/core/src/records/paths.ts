/**
 * How a field is addressed inside a panel instance (migration 0015 `field_values.path`): a plain field by its
 * model, a table cell by the table's model, the row's stable key and the column, `TABLE#r3.COL`. Row keys
 * are handed out by the server when a row is first saved (`panel_instances.next_row_key`) and never reused,
 * so queries, statuses and audit rows stay with their row when rows before it are deleted.
 */
export type FieldPath = string;

const CELL_PATH = /^([^#]+)#(r\d+)\.(.+)$/;

export const fieldPath = (model: string): FieldPath => model;
export const fieldCellPath = (table: string, rowKey: string, column: string): FieldPath => `${table}#${rowKey}.${column}`;
export const rowKey = (n: number): string => `r${String(n)}`;

export interface ParsedPath {
  model: string;
  /** Present for a table cell. */
  row?: string;
  column?: string;
}

export function parsePath(path: FieldPath): ParsedPath {
  const cell = CELL_PATH.exec(path);
  if (!cell) return { model: path };
  return { model: cell[1] as string, row: cell[2], column: cell[3] };
}
