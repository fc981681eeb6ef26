import type { CodingRowProblem, Locale } from '@dcap/core';
import { AppError, CODING_IMPORT_JOB_KIND, errorMessage, LOCALES, readCodingSheet } from '@dcap/core';
import { z } from 'zod';
import type { Executor } from '../audit/repo.js';
import { appendAudit } from '../audit/trail.js';
import type { StoredJob } from '../jobs/queue.js';
import { requesterUsername } from '../jobs/queue.js';
import type { JobContext, JobHandler } from '../jobs/worker.js';
import { isJobStop, jobErrorOf } from '../jobs/worker.js';
import * as repo from './dictionary-repo.js';
import { readSheet } from './dictionary-service.js';
import type { StoredFailure, StoredRowProblem } from './presenter.js';
import { auditedDictionary } from './presenter.js';

/**
 * The import of an uploaded coding dictionary as a background job (docs/decisions.md "Coding library"). The job
 * reads the stored file and checks every row (core readCodingSheet); a file with any bad row is refused whole:
 * the dictionary is marked failed with its row problems (rendered in the reader's language) and holds no term.
 * A valid file's terms are written in batches, each batch one step of the job committed with its progress, so
 * a job interrupted mid-way resumes after the last batch written and every term is stored once; the last step
 * marks the dictionary ready and frees its file. Any other failure removes the terms written so far.
 */

export const codingImportJobParamsSchema = z.object({ dictionaryId: z.number(), locale: z.enum(LOCALES) });
export type CodingImportJobParams = z.infer<typeof codingImportJobParamsSchema>;

/** Terms written per step: the progress moves every batch (80,000 terms are 40 steps). */
export const TERM_BATCH = 2000;

/** At most this many row problems are kept with a refusal; the count covers them all. */
const KEPT_PROBLEMS = 200;

/** The file was refused: its row problems, nothing written. */
class Refused extends AppError {
  constructor(readonly problems: readonly CodingRowProblem[], locale: Locale) {
    const [first] = problems;
    const count = problems.length;
    const row = first?.row ?? 0;
    const detail = first ? errorMessage(first.code, locale, first.params) : '';
    super('coding.rows_invalid', { count, row, detail });
  }
}

async function auditOutcome(trx: Executor, job: StoredJob, dictionaryId: number, action: string, newValue: unknown): Promise<void> {
  await appendAudit(trx, {
    actorId: job.created_by,
    actorUsername: job.created_by === null ? null : await requesterUsername(trx, job.created_by),
    action,
    entityType: 'coding_dictionary',
    entityId: dictionaryId,
    newValue: { ...(newValue as Record<string, unknown>), job: job.id },
    ip: null,
  });
}

/** Marks the upload failed, removing any term written, with the refusal's problems; audited. */
async function markFailed(context: JobContext, dictionaryId: number, error: unknown): Promise<void> {
  const { deps, job } = context;
  const problems: StoredRowProblem[] = error instanceof Refused ? error.problems.slice(0, KEPT_PROBLEMS).map((item) => ({ row: item.row, column: item.column, code: item.code, params: item.params })) : [];
  const failure: StoredFailure = error instanceof Refused ? { code: 'coding.rows_invalid', params: { count: error.problems.length, row: error.problems[0]?.row ?? 0 } } : jobErrorOf(error);
  const problemCount = error instanceof Refused ? error.problems.length : 0;
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockDictionary(trx, dictionaryId);
    if (row?.status !== 'importing') return;
    await repo.deleteTerms(trx, dictionaryId);
    await repo.updateDictionary(trx, dictionaryId, { status: 'failed', enabled: false, term_count: 0, file_bytes: null, problems: JSON.stringify(problems), problem_count: problemCount, failure: JSON.stringify(failure) });
    await auditOutcome(trx, job, dictionaryId, 'coding.dictionary_import_fail', { ...auditedDictionary(row), problemCount, failure: failure.code });
  });
}

async function importDictionary(context: JobContext): Promise<void> {
  const { deps, job } = context;
  const params = codingImportJobParamsSchema.parse(job.params);
  const id = params.dictionaryId;
  const stored = await repo.dictionaryFile(deps.db, id);
  if (stored?.status !== 'importing' || !stored.file_bytes) return;
  try {
    // The database driver may answer a bytea as a plain Uint8Array; the sheet readers take a Buffer.
    const result = readCodingSheet(stored.kind, await readSheet(Buffer.from(stored.file_bytes)));
    if (!result.ok) throw new Refused(result.problems, params.locale);
    const { terms } = result;
    const batches = Math.ceil(terms.length / TERM_BATCH);
    await context.setTotal(batches + 1);
    for (let batch = 0; batch < batches; batch += 1) {
      await context.step(`terms.${String(batch)}`, async (trx) => {
        await repo.insertTerms(trx, id, terms.slice(batch * TERM_BATCH, (batch + 1) * TERM_BATCH));
        return null;
      });
    }
    await context.step('ready', async (trx) => {
      const row = await repo.lockDictionary(trx, id);
      if (row?.status !== 'importing') throw new AppError('coding.dictionary_not_found');
      await repo.updateDictionary(trx, id, { status: 'ready', enabled: true, term_count: terms.length, file_bytes: null });
      await auditOutcome(trx, job, id, 'coding.dictionary_import', auditedDictionary({ ...row, enabled: true, term_count: terms.length }));
      return { terms: terms.length };
    });
  } catch (error) {
    if (!isJobStop(error)) await markFailed(context, id, error);
    throw error;
  }
}

/** The handler of coding dictionary imports (registered by routes.ts). */
export const codingImportJobHandler: JobHandler = { kind: CODING_IMPORT_JOB_KIND, run: importDictionary };
