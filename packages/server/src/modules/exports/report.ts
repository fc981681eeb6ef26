import { AppError, alterationExportQuerySchema, canInProject, exportFiltersSchema, queryExportQuerySchema } from '@dcap/core';
import type { ExportTaskRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectCaller } from '../../http/context.js';
import type { JobContext } from '../jobs/worker.js';
import { resolveProjectAccess } from '../projects/access.js';
import { alterationReportTable, queryReportTable } from '../queries/export.js';
import { appendRows, beginFile, endFile } from './file-writer.js';
import { finishTask } from './finish.js';
import type { ExportJobParams } from './handler.js';
import * as repo from './repo.js';

/**
 * The query report and the audit report as export tasks (spec 002 §3): the rows are those of the query
 * management list and the alteration log under the recorded filters, built by the queries module's report
 * code (modules/queries/export.ts) for the requester as they stand when the job runs: a requester who lost
 * the export right, or the project, in between gets nothing. Both lists are bounded by that code's own
 * limits, so the report is written in one step, its rows rendered and compressed 5,000 at a time.
 */
/**
 * The requester as a caller, as they stand when the job runs (not when they asked): a requester who lost the
 * export right or the project in between is refused, and their sites are those they hold now.
 */
export async function requesterCaller(db: Executor, task: ExportTaskRow, params: ExportJobParams): Promise<ProjectCaller> {
  const actor = { ...params.requester.actor, currentProjectId: task.project_id, currentEnv: task.env };
  const project = await resolveProjectAccess(db, actor, task.project_id);
  if (!canInProject(project.access, 'data.export')) throw new AppError('permission.project_forbidden');
  return { actor, meta: { locale: params.requester.locale, ip: '', userAgent: null }, project };
}

export async function runReport(context: JobContext, task: ExportTaskRow, params: ExportJobParams, retentionDays: number): Promise<void> {
  await context.step('report', async (trx) => {
    // The reads run in the step's transaction (the embedded database has one connection, which it holds).
    const deps = { ...context.deps, db: trx };
    const caller = await requesterCaller(trx, task, params);
    const filters = exportFiltersSchema.parse(task.filters);
    const report = { ...(filters.report ?? {}), timeZone: filters.timeZone, format: 'csv' };
    const table =
      task.module === 'queryReport'
        ? await queryReportTable(deps, caller, queryExportQuerySchema.parse(report))
        : await alterationReportTable(deps, caller, alterationExportQuerySchema.parse(report));
    const format = task.format === 'xlsx' ? 'xlsx' : 'csv';
    await repo.updateTask(trx, task.id, { status: 'running', progress_total: table.rows.length });
    const begun = beginFile(format, false, table.header, task.created_at, [table.sheet]);
    const written = appendRows(begun.state, table.rows);
    const ended = endFile(written.state, null);
    await repo.insertChunk(trx, task.id, 0, Buffer.concat([begun.bytes, written.bytes, ended.bytes]));
    await finishTask(trx, task, { format, size: ended.state.size, done: table.rows.length, now: deps.clock.now(), retentionDays });
    return { rows: table.rows.length };
  });
}
