import { HUGE_DATA_ROW_THRESHOLD, TABLE_ROWS_DEFAULT } from '../panels/constants.js';
import { tableRowTitle } from '../panels/factory-lab.js';
import type { Locale } from '../i18n/locale.js';
import type { TableColumn, TableRow, Widget } from '../panels/schema.js';
import type { FormIndex } from './form-index.js';
import type { FormListener } from './listener.js';
import { ROW_KEY_FIELD, rowKeyOf } from '../records/form-values.js';

interface Row {
  id: number;
  /** The row of the table definition whose per-row widgets (`widgetMap`) this row uses. */
  origin: number;
  /** The preset row of the table definition this row was made from, if any (not for added rows). */
  preset: TableRow | undefined;
  cells: Map<string, unknown>;
  /** The stored row's key (core records/form-values.ts `ROW_KEY_FIELD`), carried through untouched; none for a new row. */
  key: string | undefined;
}

interface TableState {
  columns: TableColumn[];
  rows: Row[];
  byId: Map<number, Row>;
  /** A fresh array whenever rows are added or removed, so subscribers can compare snapshots. */
  ids: readonly number[];
}

/** The rows of every table of a form, each cell addressable on its own by a row id stable across edits. */
export interface TableRows {
  rowIds(table: string): readonly number[];
  /** The stored row's key (`r3`) the row carries, undefined for a row not saved yet. */
  rowKey(table: string, rowId: number): string | undefined;
  /** The preset row's title in the given language (a card's title, a lab row's test name). */
  rowTitle(table: string, rowId: number, locale: Locale): string | undefined;
  /** The value the table definition presets for this cell; undefined for added rows. */
  presetCell(table: string, rowId: number, column: string): unknown;
  getCell(table: string, rowId: number, column: string): unknown;
  /** Returns false when nothing changed; `notify` false leaves telling dependents to the caller. */
  setCell(table: string, rowId: number, column: string, value: unknown, notify?: boolean): boolean;
  cellWidget(table: string, rowId: number, column: string): Widget | undefined;
  addRow(table: string): void;
  deleteRow(table: string, rowId: number): void;
  replaceRows(table: string, rows: readonly Record<string, unknown>[]): void;
  clearCells(table: string): void;
  rowValues(table: string): Record<string, unknown>[];
  /** Spec 002 §5: above 50 rows the table switches to huge-data rendering, its cells read-only. */
  isHuge(table: string): boolean;
}

const EMPTY_IDS: readonly number[] = [];

/** The value stored under `key` in a row or value object itself, never one inherited from Object.prototype. */
export function ownValue(record: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

export function createTableRows(index: FormIndex, initialValues: Readonly<Record<string, unknown>>, listener: FormListener, onChange: (table: string, column?: string) => void): TableRows {
  const tables = new Map<string, TableState>();
  let nextId = 1;

  function makeRow(columns: TableColumn[], origin: number, preset: TableRow | undefined, values: Record<string, unknown> | undefined): Row {
    const cells = new Map<string, unknown>();
    for (const column of columns) {
      const widget = column.widgetMap?.[String(origin)] ?? column.widget;
      // Own keys only, so a column keyed `constructor` or `toString` starts blank, not with an inherited function.
      const value = values && Object.hasOwn(values, column.key) ? values[column.key] : (ownValue(preset, column.key) ?? widget.options.defaultValue ?? null);
      cells.set(column.key, value);
    }
    return { id: nextId++, origin, preset, cells, key: rowKeyOf(values) };
  }

  for (const [model, entry] of index.tables) {
    const preset = entry.widget.options.data ?? [];
    const initial = ownValue(initialValues, model);
    const values = Array.isArray(initial) ? (initial as Record<string, unknown>[]) : null;
    const count = values ? values.length : preset.length > 0 ? preset.length : TABLE_ROWS_DEFAULT;
    const rows = Array.from({ length: count }, (_, row) => makeRow(entry.columns, row, preset[row], values?.[row]));
    tables.set(model, { columns: entry.columns, rows, byId: new Map(rows.map((row) => [row.id, row])), ids: rows.map((row) => row.id) });
  }

  const findRow = (table: string, rowId: number) => tables.get(table)?.byId.get(rowId);

  function rowsChanged(table: string, state: TableState): void {
    state.ids = state.rows.map((row) => row.id);
    state.byId = new Map(state.rows.map((row) => [row.id, row]));
    listener.rows(table);
    onChange(table);
  }

  return {
    rowIds: (table) => tables.get(table)?.ids ?? EMPTY_IDS,
    rowKey: (table, rowId) => findRow(table, rowId)?.key,
    rowTitle: (table, rowId, locale) => tableRowTitle(findRow(table, rowId)?.preset, locale),
    presetCell: (table, rowId, column) => ownValue(findRow(table, rowId)?.preset, column),
    getCell: (table, rowId, column) => findRow(table, rowId)?.cells.get(column) ?? null,
    setCell(table, rowId, column, value, notify = true) {
      const row = findRow(table, rowId);
      if (!row || Object.is(row.cells.get(column), value)) return false;
      row.cells.set(column, value);
      listener.cell(table, rowId, column);
      if (notify) onChange(table, column);
      return true;
    },
    cellWidget(table, rowId, column) {
      const state = tables.get(table);
      const row = findRow(table, rowId);
      const definition = state?.columns.find((candidate) => candidate.key === column);
      if (!row || !definition) return undefined;
      return definition.widgetMap?.[String(row.origin)] ?? definition.widget;
    },
    addRow(table) {
      const state = tables.get(table);
      if (!state) return;
      // Spec 002 §4: new rows take row 0's widgets, kept as a backup even after row 0 is deleted.
      state.rows.push(makeRow(state.columns, 0, undefined, {}));
      rowsChanged(table, state);
    },
    deleteRow(table, rowId) {
      const state = tables.get(table);
      if (!state) return;
      state.rows = state.rows.filter((row) => row.id !== rowId);
      rowsChanged(table, state);
    },
    replaceRows(table, values) {
      const state = tables.get(table);
      if (!state) return;
      const preset = index.tables.get(table)?.widget.options.data ?? [];
      state.rows = values.map((row, position) => makeRow(state.columns, position, preset[position], row));
      rowsChanged(table, state);
    },
    clearCells(table) {
      const state = tables.get(table);
      if (!state) return;
      for (const row of state.rows) {
        for (const [column, value] of row.cells) {
          if (value === null) continue;
          row.cells.set(column, null);
          listener.cell(table, row.id, column);
        }
      }
      onChange(table);
    },
    rowValues: (table) =>
      (tables.get(table)?.rows ?? []).map((row) => {
        const values: Record<string, unknown> = Object.fromEntries(row.cells);
        if (row.key !== undefined) values[ROW_KEY_FIELD] = row.key;
        return values;
      }),
    isHuge: (table) => (tables.get(table)?.rows.length ?? 0) > HUGE_DATA_ROW_THRESHOLD,
  };
}
