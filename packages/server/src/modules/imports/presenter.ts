import type { ImportColumn, ImportRowResult, ImportRowError, ImportTask, Locale, RowProblem } from '@dcap/core';
import { errorMessage, problemMessage } from '@dcap/core';
import type { RecordImportRowRow } from '../../db/schema.js';
import type { ImportTaskRow } from './repo.js';

/**
 * A stored failure of an apply: a catalogue code with its values and, for a row that failed, the row's
 * problem, all rendered in the reader's language.
 */
export type StoredFailure = Pick<RowProblem, 'code' | 'params'> & { problem?: RowProblem };

export function failureMessage(failure: StoredFailure, locale: Locale): string {
  const params = failure.problem ? { ...failure.params, detail: problemMessage(failure.problem, locale) } : failure.params;
  return errorMessage(failure.code, locale, params);
}

export function presentProblems(problems: unknown, locale: Locale): ImportRowError[] {
  return ((problems ?? []) as RowProblem[]).map((item) => ({ column: item.column, code: item.code, params: item.params, message: problemMessage(item, locale) }));
}

export function presentTask(row: ImportTaskRow, instrumentName: string, locale: Locale, canApply: boolean): ImportTask {
  const failure = row.failure as StoredFailure | null;
  const applying = row.status === 'queued' || row.status === 'applying';
  return {
    id: row.id,
    type: row.type,
    instrumentId: row.instrument_id,
    instrumentName,
    fileName: row.file_name,
    format: row.file_format,
    status: row.status,
    rowsTotal: row.rows_total,
    rowsOk: row.rows_ok,
    rowsWithErrors: row.rows_error,
    changes: row.changes,
    changesOfSaved: row.changes_of_saved,
    progress: { done: applying || row.status === 'failed' ? row.rows_checked : row.status === 'applied' ? row.rows_total : 0, total: row.rows_total },
    rowsWritten: row.rows_written,
    valuesChanged: row.values_changed,
    failure: failure ? failureMessage(failure, locale) : null,
    createdBy: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    appliedBy: row.applied_by_name,
    appliedAt: row.applied_at?.toISOString() ?? null,
    canApply: canApply && row.status === 'checked' && row.rows_error === 0 && row.changes > 0,
  };
}

export function presentRow(row: RecordImportRowRow, locale: Locale): ImportRowResult {
  return {
    row: row.row_no,
    subject: row.subject,
    visit: row.visit,
    cells: row.cells as Record<string, string>,
    outcome: row.outcome,
    errors: presentProblems(row.problems, locale),
    changes: row.changes,
    changesOfSaved: row.changes_of_saved,
  };
}

/** A field column of the sheet as stored: its model and its names in both languages. */
export interface StoredColumn {
  model: string;
  name: string;
  nameEn: string | null;
}

export const presentColumns = (columns: unknown, locale: Locale): ImportColumn[] =>
  ((columns ?? []) as StoredColumn[]).map((column) => ({ model: column.model, title: locale === 'en-US' && column.nameEn ? column.nameEn : column.name }));
