import { labResultLevel, suggestedClinicalSignificance } from '../clinical/lab-level.js';
import type { ClinicalSignificance, LabResultLevel } from '../clinical/lab-level.js';
import type { LabColumnRole } from '../panels/schema.js';
import { isBlank } from './field-check.js';
import type { FormIndex } from './form-index.js';
import type { FormListener, FormScheduler } from './listener.js';
import type { TableRows } from './table-rows.js';

export interface LabRowOutcome {
  /** Spec 002 §4 result level, null while the result is blank. */
  level: LabResultLevel | null;
  /** The clinical significance the level suggests, null while there is no level. */
  suggestion: ClinicalSignificance | null;
}

/** One lab row's level and suggested significance from its cells, read by role (clinical/lab-level.ts). */
export function labRowOutcome(cell: (role: LabColumnRole) => unknown): LabRowOutcome {
  const result = cell('result');
  const level = isBlank(result) ? null : labResultLevel(result, cell('low'), cell('up'));
  return { level, suggestion: level === null ? null : suggestedClinicalSignificance(level) };
}

/**
 * Spec 002 §4: a significance is filled in from the level while nobody has chosen one; a chosen one (a
 * non-blank value that is not the engine's own earlier suggestion) is never overwritten.
 */
export function suggestedSignificanceValue(current: unknown, suggestedBefore: boolean, outcome: LabRowOutcome): { value: unknown; suggested: boolean } {
  if (!isBlank(current) && !suggestedBefore) return { value: current, suggested: false };
  return { value: outcome.suggestion, suggested: outcome.suggestion !== null };
}

/**
 * The lab rows of a form (spec 002 §4): a row whose table has a result column gets a result level, recomputed
 * 500 ms after typing stops (§9), and its clinical significance is suggested while the user has not chosen one.
 */
export interface LabRows {
  level(table: string, rowId: number): number | null;
  cellChanged(table: string, rowId: number, column: string, byUser: boolean): void;
  computeAll(): void;
  /** Runs the rows waiting for their level now. */
  runPending(): void;
}

const rowRef = (table: string, rowId: number) => `${table}:${String(rowId)}`;

export function createLabRows(index: FormIndex, tables: TableRows, listener: FormListener, schedule: FormScheduler): LabRows {
  const levels = new Map<string, number | null>();
  /** Rows whose significance the engine filled in; a user's own choice is never overwritten. */
  const suggested = new Set<string>();
  const pending = new Map<string, { table: string; rowId: number }>();

  function compute(table: string, rowId: number): void {
    const roles = index.tables.get(table)?.roles;
    if (!roles?.result) return;
    const outcome = labRowOutcome((role) => {
      const column = roles[role];
      return column === undefined ? null : tables.getCell(table, rowId, column);
    });
    const ref = rowRef(table, rowId);
    if (levels.get(ref) !== outcome.level) {
      levels.set(ref, outcome.level);
      listener.level(table, rowId);
    }
    const significance = roles.clinicalSig;
    if (significance === undefined) return;
    const next = suggestedSignificanceValue(tables.getCell(table, rowId, significance), suggested.has(ref), outcome);
    if (next.suggested) suggested.add(ref);
    else suggested.delete(ref);
    tables.setCell(table, rowId, significance, next.value);
  }

  function runPending(): void {
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
      schedule('levels', runPending);
    },
    computeAll() {
      for (const [table, entry] of index.tables) {
        if (entry.roles.result) for (const rowId of tables.rowIds(table)) compute(table, rowId);
      }
    },
    runPending,
  };
}
