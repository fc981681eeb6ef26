import { labResultLevel, suggestedClinicalSignificance } from '@dcap/core';
import type { PanelIndex } from './panelIndex';
import { levelKey } from './subscriptions';
import type { Subscriptions } from './subscriptions';
import type { TableRows } from './tableRows';
import { isBlank } from './validation';

/**
 * Lab rows (spec 002 §4): a row whose table has result, low and up columns gets a result level, recomputed
 * 500 ms after typing stops (§9), and its clinical significance is suggested while the user has not chosen one.
 */
export interface LabRows {
  level(table: string, rowId: number): number | null;
  cellChanged(table: string, rowId: number, column: string, byUser: boolean): void;
  computeAll(): void;
  flush(): void;
  dispose(): void;
}

const rowRef = (table: string, rowId: number) => `${table}:${String(rowId)}`;

export function createLabRows(index: PanelIndex, tables: TableRows, subscriptions: Subscriptions, debounceMs: number): LabRows {
  const levels = new Map<string, number | null>();
  /** Rows whose significance the renderer filled in; a user's own choice is never overwritten. */
  const suggested = new Set<string>();
  const pending = new Map<string, { table: string; rowId: number }>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function compute(table: string, rowId: number): void {
    const roles = index.tables.get(table)?.roles;
    if (!roles?.result) return;
    const cell = (column: string | undefined) => (column === undefined ? null : tables.getCell(table, rowId, column));
    const result = cell(roles.result);
    const level = isBlank(result) ? null : labResultLevel(result, cell(roles.low), cell(roles.up));
    const ref = rowRef(table, rowId);
    if (levels.get(ref) !== level) {
      levels.set(ref, level);
      subscriptions.emit(levelKey(table, rowId));
    }
    const significance = roles.clinicalSig;
    if (significance === undefined) return;
    const chosen = tables.getCell(table, rowId, significance);
    if (!isBlank(chosen) && !suggested.has(ref)) return;
    const suggestion = level === null ? null : suggestedClinicalSignificance(level);
    if (suggestion === null) suggested.delete(ref);
    else suggested.add(ref);
    tables.setCell(table, rowId, significance, suggestion);
  }

  function runPending(): void {
    timer = null;
    const rows = [...pending.values()];
    pending.clear();
    for (const { table, rowId } of rows) compute(table, rowId);
  }

  return {
    level: (table, rowId) => levels.get(rowRef(table, rowId)) ?? null,
    cellChanged(table, rowId, column, byUser) {
      const roles = index.tables.get(table)?.roles;
      if (!roles?.result) return;
      if (byUser && column === roles.clinicalSig) {
        suggested.delete(rowRef(table, rowId));
        return;
      }
      if (column !== roles.result && column !== roles.low && column !== roles.up) return;
      pending.set(rowRef(table, rowId), { table, rowId });
      if (debounceMs <= 0) {
        runPending();
        return;
      }
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(runPending, debounceMs);
    },
    computeAll() {
      for (const [table, entry] of index.tables) {
        if (entry.roles.result) for (const rowId of tables.rowIds(table)) compute(table, rowId);
      }
    },
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      runPending();
    },
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
