import type { CodingDictionary, CodingDictionaryStatus, CodingTerm, ErrorCode, Locale } from '@dcap/core';
import { errorMessage } from '@dcap/core';
import type { CodingTermRow } from '../../db/schema.js';
import type { DictionaryInfo } from './dictionary-repo.js';

/** A refused file's row problem as stored: the catalogue code and parameters, rendered when read. */
export interface StoredRowProblem {
  row: number;
  column: string | null;
  code: ErrorCode;
  params: Record<string, string | number>;
}

/** A failure as stored on the dictionary (the refusal's code and parameters). */
export interface StoredFailure {
  code: ErrorCode;
  params: Record<string, string | number>;
}

/**
 * The state shown: a dictionary still `importing` whose job ended without finishing it (given up after repeated
 * interruptions) is shown as failed with the job's error.
 */
export function importGivenUp(row: Pick<DictionaryInfo, 'status' | 'job_status'>): boolean {
  return row.status === 'importing' && (row.job_status === 'failed' || row.job_status === 'cancelled');
}

/** Whether an upload ended without its terms: refused by its job, or given up (shown as failed either way). */
export function uploadFailed(row: Pick<DictionaryInfo, 'status' | 'job_status'>): boolean {
  return row.status === 'failed' || importGivenUp(row);
}

function stateOf(row: DictionaryInfo): { status: CodingDictionaryStatus; failure: StoredFailure | null } {
  if (importGivenUp(row)) {
    return { status: 'failed', failure: (row.job_error as StoredFailure | null) ?? { code: 'job.internal_error', params: {} } };
  }
  return { status: row.status, failure: row.status === 'failed' ? (row.failure as StoredFailure | null) : null };
}

/** A refusal names its first problem, rendered in the reader's language like the problems themselves. */
function failureMessage(failure: StoredFailure, first: StoredRowProblem | undefined, locale: Locale): string {
  if (failure.code !== 'coding.rows_invalid') return errorMessage(failure.code, locale, failure.params);
  const detail = first ? errorMessage(first.code, locale, first.params) : '';
  return errorMessage(failure.code, locale, { ...failure.params, detail });
}

/** Rows of the coding library as the wire shows them, in the reader's language (docs/decisions.md "Coding library"). */
export function presentDictionary(row: DictionaryInfo, locale: Locale): CodingDictionary {
  const { status, failure } = stateOf(row);
  const problems = status === 'failed' ? ((row.problems ?? []) as StoredRowProblem[]) : [];
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    version: row.version,
    language: row.language,
    licenceNote: row.licence_note,
    termCount: row.term_count,
    enabled: row.enabled,
    codingCount: row.coding_count,
    uploadedBy: row.uploaded_name ?? '',
    uploadedAt: row.uploaded_at.toISOString(),
    status,
    fileName: row.file_name,
    progress: status === 'importing' ? { done: row.job_done ?? 0, total: row.job_total ?? 0 } : null,
    failure: failure ? failureMessage(failure, problems[0], locale) : null,
    problemCount: status === 'failed' ? row.problem_count : 0,
    problems: problems.map((item) => ({ row: item.row, column: item.column, message: errorMessage(item.code, locale, item.params) })),
  };
}

export function presentTerm(row: CodingTermRow): CodingTerm {
  return { code: row.code, term: row.term, termEn: row.term_en, level: row.level, parentCode: row.parent_code, path: row.path, pathEn: row.path_en };
}

/** What an audit row records of a dictionary: what it is, never its terms. */
export const auditedDictionary = (row: { name: string; kind: string; version: string; language: string; term_count: number; enabled: boolean }) => ({
  name: row.name,
  kind: row.kind,
  version: row.version,
  language: row.language,
  termCount: row.term_count,
  enabled: row.enabled,
});
