import { fieldCellPath, parsePath, rowKey } from './paths.js';
import type { FieldPath } from './paths.js';

/**
 * The wire form of a table row's stable key (core records/paths.ts): each row object of a table value carries
 * it under this name, so the browser keeps it while the user edits and the server knows which stored row a
 * submitted row is. A new row has none until the server gives it one on save.
 */
export const ROW_KEY_FIELD = '__rowKey';

const ROW_KEY = /^r(\d+)$/;

/** The number of a row key `r12` → 12; NaN for anything else. */
export function rowKeyNumber(key: string): number {
  const match = ROW_KEY.exec(key);
  return match ? Number(match[1]) : Number.NaN;
}

/** A row's key as carried in its row object, or undefined for a new row (or a malformed key). */
export function rowKeyOf(row: unknown): string | undefined {
  if (row === null || typeof row !== 'object' || !Object.hasOwn(row, ROW_KEY_FIELD)) return undefined;
  const key = (row as Record<string, unknown>)[ROW_KEY_FIELD];
  return typeof key === 'string' && ROW_KEY.test(key) ? key : undefined;
}

/**
 * A panel instance's form values from its stored field values (migration 0015 `field_values`): a plain
 * field's value under its model; a table's rows under the table's model, one row object per row key, in the
 * order of the keys' numbers (the order rows were first saved), each carrying its key (`ROW_KEY_FIELD`).
 * `tables` names the table models of the panel, so a table with no stored row stays absent (the engine then
 * starts it with its preset rows).
 */
export function valuesFromFieldRows(rows: readonly { path: FieldPath; value: unknown }[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const tables = new Map<string, Map<string, Record<string, unknown>>>();
  for (const { path, value } of rows) {
    const parsed = parsePath(path);
    if (parsed.row === undefined || parsed.column === undefined) {
      values[parsed.model] = value;
      continue;
    }
    const table = tables.get(parsed.model) ?? new Map<string, Record<string, unknown>>();
    tables.set(parsed.model, table);
    const row = table.get(parsed.row) ?? { [ROW_KEY_FIELD]: parsed.row };
    table.set(parsed.row, row);
    row[parsed.column] = value;
  }
  for (const [model, table] of tables) {
    values[model] = [...table.entries()].sort(([a], [b]) => rowKeyNumber(a) - rowKeyNumber(b)).map(([, row]) => row);
  }
  return values;
}

/**
 * The other way: every field path of the given form values with its value. Table rows must carry their key
 * (`assignRowKeys` first); a row without one is skipped. `tables` says which models are tables.
 */
export function fieldRowsFromValues(values: Readonly<Record<string, unknown>>, tables: ReadonlySet<string>): Map<FieldPath, unknown> {
  const out = new Map<FieldPath, unknown>();
  for (const [model, value] of Object.entries(values)) {
    if (!tables.has(model)) {
      out.set(model, value ?? null);
      continue;
    }
    if (!Array.isArray(value)) continue;
    for (const row of value as unknown[]) {
      const key = rowKeyOf(row);
      if (key === undefined) continue;
      for (const [column, cell] of Object.entries(row as Record<string, unknown>)) {
        if (column !== ROW_KEY_FIELD) out.set(fieldCellPath(model, key, column), cell ?? null);
      }
    }
  }
  return out;
}

/**
 * Gives every table row without a key (or with a key the panel never handed out, or one used twice) a new
 * key from `next`, the panel instance's next row key number; returns the values with keys and the next
 * number after them. Keys already known to the panel (`known`) are kept, so a row stays the same row.
 */
export function assignRowKeys(
  values: Readonly<Record<string, unknown>>,
  tables: ReadonlySet<string>,
  next: number,
  known: ReadonlySet<string>,
): { values: Record<string, unknown>; next: number } {
  let counter = next;
  const out: Record<string, unknown> = { ...values };
  for (const model of tables) {
    const rows = out[model];
    if (!Array.isArray(rows)) continue;
    const seen = new Set<string>();
    out[model] = (rows as unknown[]).map((row) => {
      const cells = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
      let key = rowKeyOf(cells);
      if (key === undefined || !known.has(fieldTableRowId(model, key)) || seen.has(key)) key = rowKey(counter++);
      seen.add(key);
      return { ...cells, [ROW_KEY_FIELD]: key };
    });
  }
  return { values: out, next: counter };
}

/** The identity of one stored table row, `TABLE#r3`, as `known` of `assignRowKeys` lists them. */
export const fieldTableRowId = (table: string, key: string): string => `${table}#${key}`;
