import { AppError, EXPORT_JOB_KIND, exportFiltersSchema } from '@dcap/core';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, ExportTaskRow } from '../../db/schema.js';
import type { Actor } from '../../http/context.js';
import type { JobContext, JobHandler } from '../jobs/worker.js';
import { findVersionById, snapshotOf } from '../publishing/snapshot.js';
import type { BatchCoding, CodedFieldRow, SubjectScope } from './data-repo.js';
import * as data from './data-repo.js';
import type { FileState } from './file-writer.js';
import { TooManyRows, appendRows, beginFile, endFile } from './file-writer.js';
import { runCrfReport } from './crf-report.js';
import { finishTask } from './finish.js';
import { runOdmExport } from './odm-file.js';
import { runReport } from './report.js';
import * as repo from './repo.js';
import type { RepeatCounts } from './subject-data.js';
import { designFields, dictionaryRows, headerOf, longRows, wideColumns, wideRows } from './subject-data.js';

const actorSchema = z.custom<Actor>((value) => typeof value === 'object' && value !== null && typeof (value as { userId?: unknown }).userId === 'number');

export const exportJobParamsSchema = z.object({
  designVersionId: z.number(),
  locale: z.enum(['zh-CN', 'en-US']),
  batchSize: z.number().int().positive(),
  /** Who asked, as they stood then: reports are read as that caller (their standing is checked again). */
  requester: z.object({ actor: actorSchema, locale: z.enum(['zh-CN', 'en-US']) }),
});
export type ExportJobParams = z.infer<typeof exportJobParamsSchema>;

/** What each step records: where the file stands and the next subject to read. Replayed on a resumed job. */
interface Cursor {
  counts: RepeatCounts;
  /** The project's coded fields as the first step read them (absent in a job begun before codings were exported). */
  coded?: CodedFieldRow[];
  file: FileState;
  /** The next chunk's sequence number. */
  seq: number;
  /** The last subject id written. */
  after: number;
  done: number;
  finished: boolean;
}

/**
 * The export job (docs/decisions.md, "Exports"): a first step measures the study (subjects, panel repeats,
 * table rows) and writes the file's start; then one step per batch of subjects, read by id after the last
 * one written, appends that batch's rows as one chunk and moves the progress; a last step closes the file.
 * Each step commits its chunk, the progress and its own record together, so a job interrupted between steps
 * continues from the last committed batch and produces the same bytes, and memory holds one batch at a time.
 */
export function exportJobHandler(retentionDays: () => number): JobHandler {
  return {
    kind: EXPORT_JOB_KIND,
    run: async (context) => {
      const db = context.deps.db;
      const task = await repo.taskOfJob(db, context.job.id);
      if (!task) throw new AppError('export.task_not_found');
      const params = exportJobParamsSchema.parse(context.job.params);
      if (task.module === 'queryReport' || task.module === 'auditReport') await runReport(context, task, params, retentionDays());
      else if (task.module === 'crfReport') await runCrfReport(context, task, params, retentionDays());
      else if (task.format === 'odm') await runOdmExport(context, task, params, retentionDays());
      else await runExport(context, task, params, retentionDays());
    },
  };
}

async function runExport(context: JobContext, task: ExportTaskRow, params: ExportJobParams, retentionDays: number): Promise<void> {
  const db = context.deps.db;
  const filters = exportFiltersSchema.parse(task.filters);
  const version = await findVersionById(db, params.designVersionId);
  if (!version) throw new AppError('export.no_design');
  const snapshot = snapshotOf(version);
  const scope: SubjectScope = { envId: task.env_id, siteIds: filters.siteIds, statuses: filters.statuses, eventIds: filters.eventIds, instrumentIds: filters.instrumentIds };
  const sites = await data.siteCodes(db, task.project_id);
  const format = task.format === 'xlsx' ? 'xlsx' : 'csv';
  const guard = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof TooManyRows) throw new AppError('export.too_many_rows');
      throw error;
    }
  };

  let cursor = await context.step('plan', async (trx): Promise<Cursor> => {
    const coded = await data.codedFieldsOf(trx, task.project_id);
    const planned = designFields(snapshot, filters.instrumentIds, filters.fields, coded);
    const counts = task.layout === 'wide' ? await data.repeatCounts(trx, scope) : { panels: {}, tables: {} };
    const total = await data.countSubjects(trx, scope);
    const columns = task.layout === 'wide' ? wideColumns(planned, counts) : null;
    const header = headerOf(task.layout, columns, planned);
    if (format === 'xlsx' && header.length > 16_384) throw new AppError('export.too_many_columns', { count: header.length });
    const begun = beginFile(format, task.dictionary, header, task.created_at, ['data', 'dictionary']);
    await repo.insertChunk(trx, task.id, 0, begun.bytes);
    await repo.updateTask(trx, task.id, { status: 'running', progress_total: total, progress_done: 0 });
    return { counts, coded, file: begun.state, seq: 1, after: 0, done: 0, finished: false };
  });

  // Every later step, in this process or after a restart, writes against the coded fields the first one read.
  const design = designFields(snapshot, filters.instrumentIds, filters.fields, cursor.coded ?? []);
  const rowContext = { design, sites, locale: params.locale, timeZone: filters.timeZone };
  const columns = task.layout === 'wide' ? wideColumns(design, cursor.counts) : null;
  for (let batch = 0; !cursor.finished; batch += 1) {
    const before = cursor;
    cursor = await context.step(`batch:${String(batch)}`, async (trx: Transaction<Database>): Promise<Cursor> => {
      const subjects = await data.subjectBatch(trx, scope, before.after, params.batchSize);
      if (subjects.length === 0) return { ...before, finished: true };
      const ids = subjects.map((subject) => subject.id);
      const events = await data.eventInstancesOf(trx, scope, ids);
      const panels = await data.panelInstancesOf(trx, scope, ids);
      const values = await data.valuesOf(trx, panels.map((panel) => panel.id), task.layout === 'long');
      const users = task.layout === 'long' ? await data.usernamesOf(trx, values) : new Map<number, string>();
      const codings = new Map<string, BatchCoding>();
      if (design.coded) for (const coding of await data.codingsOf(trx, panels.map((panel) => panel.id))) codings.set(`${String(coding.panel_instance_id)}|${coding.path}`, coding);
      const batchData = { subjects, events, panels, values, users, codings };
      const rows = columns ? wideRows(rowContext, columns, batchData) : longRows(rowContext, batchData);
      const written = guard(() => appendRows(before.file, rows));
      await repo.insertChunk(trx, task.id, before.seq, written.bytes);
      const done = before.done + subjects.length;
      await repo.updateTask(trx, task.id, { progress_done: done });
      return { ...before, file: written.state, seq: before.seq + 1, after: ids[ids.length - 1] ?? before.after, done, finished: subjects.length < params.batchSize };
    });
  }

  const last = cursor;
  await context.step('finish', async (trx) => {
    const ended = endFile(last.file, task.dictionary ? dictionaryRows(design) : null);
    await repo.insertChunk(trx, task.id, last.seq, ended.bytes);
    await finishTask(trx, task, { format, size: ended.state.size, done: last.done, now: context.deps.clock.now(), retentionDays });
    return { size: ended.state.size };
  });
}
