import type { Widget } from '@dcap/core';
import { AppError, problemMessage, RECORD_IMPORT_JOB_KIND } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { recordStep } from '../jobs/queue.js';
import type { JobContext, JobHandler } from '../jobs/worker.js';
import { resolveProjectAccess } from '../projects/access.js';
import { designOf } from '../records/design.js';
import { dataScope } from '../subjects/scope.js';
import type { RowInput, RowOutcome } from './check.js';
import { runRows } from './check.js';
import type { ImportJobParams } from './job-params.js';
import { actorOf, importJobParamsSchema } from './job-params.js';
import type { StoredColumn, StoredFailure } from './presenter.js';
import * as repo from './repo.js';
import { dryRun, IMPORT_WRITE } from './service.js';

/** Rows checked per transaction before the write, so the task's progress moves while a large sheet is checked. */
const CHECK_SLICE = 100;

/** Rows that failed at apply time: nothing was written, and the task says which and why. */
class ApplyRefused extends Error {
  constructor(readonly failing: RowOutcome[]) {
    super('apply refused');
  }
}

async function callerOf(deps: ServiceDeps, params: ImportJobParams, projectId: number): Promise<ProjectCaller> {
  const actor = actorOf(params);
  return { actor, meta: { locale: params.locale, ip: params.ip, userAgent: null }, project: await resolveProjectAccess(deps.db, actor, projectId) };
}

/** What a failed apply stores: the first failing row and its first problem, or the refusal itself. */
function failureOf(error: unknown, params: ImportJobParams): StoredFailure {
  if (error instanceof ApplyRefused) {
    const first = error.failing[0];
    const problem = first?.problems[0];
    return { code: 'import.apply_failed', params: { row: first?.row ?? 0, detail: problem ? problemMessage(problem, params.locale) : '' }, ...(problem ? { problem } : {}) };
  }
  if (error instanceof AppError) return { code: error.code, params: error.params };
  return { code: 'job.internal_error', params: {} };
}

/**
 * Applies a checked import (docs/decisions.md "Record import"). First every row is checked again in slices,
 * as the dry run did, so the task's progress shows rows checked; then all rows are written in ONE transaction
 * through the panel save of entry on screen, with the task's result, its audit row and the job's step: all or
 * none. When anything changed since the dry run and a row now fails, nothing is written; the rows' new
 * problems and the failure are stored on the task, and the job fails with it. A job run again after its
 * write committed (a restart) finds the task applied and does nothing.
 */
async function applyTask(context: JobContext): Promise<void> {
  const { deps, job } = context;
  const params = importJobParamsSchema.parse(job.params);
  const task = await repo.findTaskById(deps.db, params.importId);
  if (!task || task.status === 'applied' || task.status === 'failed') return;
  try {
    const caller = await callerOf(deps, params, task.project_id);
    const design = await designOf(deps.db, { design_version_id: task.design_version_id });
    const index = design.index(task.instrument_id);
    if (!index) throw new AppError('import.design_changed');
    const fields: { model: string; widget: Widget }[] = [];
    for (const column of task.columns as StoredColumn[]) {
      const widget = index.fields.get(column.model);
      if (widget) fields.push({ model: column.model, widget });
    }
    const rows: RowInput[] = (await repo.taskRows(deps.db, task.id)).map((row) => ({ row: row.row_no, subject: row.subject, visit: row.visit, values: row.field_values as Record<string, unknown>, problems: [] }));
    await repo.updateTask(deps.db, task.id, { status: 'applying', rows_checked: 0 });
    const failing: RowOutcome[] = [];
    for (let start = 0; start < rows.length; start += CHECK_SLICE) {
      const slice = rows.slice(start, start + CHECK_SLICE);
      const outcomes = await dryRun(deps, caller, { design, instrumentId: task.instrument_id, fields, rows: slice, importId: task.id });
      failing.push(...outcomes.filter((outcome) => outcome.problems.length > 0));
      await repo.updateTask(deps.db, task.id, { rows_checked: start + slice.length });
    }
    if (failing.length > 0) throw new ApplyRefused(failing);
    const reason = (task.reason ?? { code: 'OTHER', text: 'import' }) as { code: 'OTHER'; text: string };
    await projectWrite(deps, caller, IMPORT_WRITE, async (trx, audit) => {
      const locked = await repo.lockTask(trx, task.id);
      if (locked?.status !== 'applying') return;
      const scope = await dataScope(trx, caller);
      if (scope.env.id !== task.env_id) throw new AppError('import.task_not_found');
      const now = deps.clock.now();
      const outcomes = await runRows({ deps, trx, audit, caller, scope, design, instrumentId: task.instrument_id, fields, reason, importId: task.id, now }, rows);
      const refused = outcomes.filter((outcome) => outcome.problems.length > 0);
      if (refused.length > 0) throw new ApplyRefused(refused);
      for (const outcome of outcomes) {
        await repo.updateRow(trx, task.id, outcome.row, { outcome: outcome.changes > 0 ? 'written' : 'unchanged', problems: '[]', changes: outcome.changes, changes_of_saved: outcome.changesOfSaved });
      }
      const rowsWritten = outcomes.filter((outcome) => outcome.changes > 0).length;
      const valuesChanged = outcomes.reduce((sum, outcome) => sum + outcome.changes, 0);
      await repo.updateTask(trx, task.id, { status: 'applied', rows_checked: rows.length, rows_written: rowsWritten, values_changed: valuesChanged, applied_by: params.actor.userId, applied_at: now });
      await audit({ action: 'import.apply', entityType: 'record_import', entityId: task.id, env: scope.env.key, newValue: { job: job.id, rowsWritten, valuesChanged } });
      await recordStep(trx, job.id, 'apply', { rowsWritten, valuesChanged });
    });
  } catch (error) {
    const failure = failureOf(error, params);
    await deps.db.transaction().execute(async (trx) => {
      if (error instanceof ApplyRefused) {
        for (const outcome of error.failing) await repo.updateRow(trx, task.id, outcome.row, { outcome: 'error', problems: JSON.stringify(outcome.problems) });
      }
      await repo.updateTask(trx, task.id, { status: 'failed', failure: JSON.stringify(failure) });
    });
    throw new AppError(failure.code, failure.params);
  }
}

/** The handler of record import jobs (registered by routes.ts). */
export const recordImportJobHandler: JobHandler = { kind: RECORD_IMPORT_JOB_KIND, run: applyTask };
