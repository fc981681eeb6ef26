import { Readable } from 'node:stream';
import type { ExportFilters, ExportRequest, ExportTask, ExportTaskPage } from '@dcap/core';
import { AppError, EXPORT_FORMATS_OF, EXPORT_JOB_KIND, inSiteScope, isExportActive } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import { currentSealedHead, openSealer } from '../audit/seal.js';
import * as jobs from '../jobs/queue.js';
import type { JobWorker } from '../jobs/worker.js';
import { snapshotOf, versionOfEnv } from '../publishing/snapshot.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope } from '../subjects/scope.js';
import { siteCodes } from './data-repo.js';
import { CONTENT_TYPES } from './file-writer.js';
import type { ExportJobParams } from './handler.js';
import { presentTask } from './presenter.js';
import * as repo from './repo.js';
import { fieldNamesOf } from './subject-data.js';

/** Subjects per job step: each step reads them, writes their rows and commits one piece of the file. */
export const DEFAULT_BATCH_SIZE = 200;

/** Managers see every export of the environment; everyone else their own (docs/decisions.md, "Exports"). */
function ownerFilter(caller: ProjectCaller): number | null {
  const access = caller.project.access;
  return access.platformAdmin || access.projectAdmin ? null : caller.actor.userId;
}

async function visibleTask(deps: ServiceDeps, caller: ProjectCaller, scope: DataScope, id: number): Promise<repo.TaskWithUser> {
  const row = await repo.findTask(deps.db, scope.projectId, scope.env.id, id);
  const owner = ownerFilter(caller);
  if (!row || row.status === 'deleted' || (owner !== null && row.created_by !== owner)) throw new AppError('export.task_not_found');
  return row;
}

/**
 * The filters as the server will apply them: every named site must be one of the project's and inside the
 * caller's sites (refused, never silently dropped: spec 000 §6 site scope), visits, panels and fields must
 * exist in the environment's design; no site named means all the caller's sites.
 */
async function narrowFilters(deps: ServiceDeps, scope: DataScope, request: ExportRequest): Promise<{ filters: Omit<ExportFilters, 'report' | 'odmMode'>; designVersionId: number }> {
  const version = await versionOfEnv(deps.db, scope.projectId, scope.env.key);
  if (!version) throw new AppError('export.no_design');
  const snapshot = snapshotOf(version);
  const sites = await siteCodes(deps.db, scope.projectId);
  let siteIds: number[];
  if (request.siteIds && request.siteIds.length > 0) {
    for (const id of request.siteIds) if (!sites.has(id) || !inSiteScope(scope.sites, id)) throw new AppError('export.site_not_found', { id });
    siteIds = [...new Set(request.siteIds)];
  } else {
    siteIds = [...sites.keys()].filter((id) => inSiteScope(scope.sites, id)).sort((a, b) => a - b);
  }
  const eventIds = new Set(snapshot.events.map((event) => event.id));
  for (const id of request.eventIds ?? []) if (!eventIds.has(id)) throw new AppError('export.event_unknown', { id });
  const instrumentIds = new Set(snapshot.instruments.map((instrument) => instrument.id));
  for (const id of request.instrumentIds ?? []) if (!instrumentIds.has(id)) throw new AppError('export.instrument_unknown', { id });
  if (request.fields && request.fields.length > 0) {
    const names = fieldNamesOf(snapshot);
    for (const field of request.fields) if (!names.has(field)) throw new AppError('export.field_unknown', { field });
  }
  const some = <T>(list: T[] | undefined): T[] | null => (list && list.length > 0 ? [...new Set(list)] : null);
  return {
    designVersionId: version.id,
    filters: {
      siteIds,
      eventIds: some(request.eventIds),
      instrumentIds: some(request.instrumentIds),
      fields: some(request.fields),
      statuses: some(request.statuses),
      timeZone: request.timeZone ?? 'UTC',
    },
  };
}

/** The filters of a query or audit report as the queries module reads them; none for subject data. */
function reportFilters(request: ExportRequest): Record<string, unknown> & { siteId?: number } | undefined {
  if (request.module === 'queryReport') return { ...(request.queryFilters ?? {}) };
  if (request.module === 'auditReport') return { ...(request.auditFilters ?? {}) };
  return undefined;
}

/**
 * POST /dcap/export/task/create (spec 000 §2.2 exportIndex): checks and narrows the request, seals the head
 * of the project's audit chain (the file can later be shown to hold data as of that point of the trail),
 * queues the export job and answers with the task. The task, the job and the audit row commit together.
 */
export async function createExport(deps: ServiceDeps, worker: JobWorker, caller: ProjectCaller, request: ExportRequest): Promise<ExportTask> {
  const formats = EXPORT_FORMATS_OF[request.module];
  const format = request.format ?? formats[0] ?? 'csv';
  if (!formats.includes(format)) throw new AppError('export.unsupported', { module: request.module, format });
  // An ODM file holds whole item groups (docs/decisions.md, "CDISC ODM"): it is narrowed by visit and panel only.
  if (format === 'odm' && request.fields && request.fields.length > 0) throw new AppError('export.odm_fields');
  const scope = await dataScope(deps.db, caller);
  if (request.env !== undefined && request.env !== scope.env.key) throw new AppError('export.env_not_current', { current: scope.env.key, env: request.env });
  const report = reportFilters(request);
  const narrowed = await narrowFilters(deps, scope, { ...request, siteIds: report?.siteId === undefined ? request.siteIds : [report.siteId] });
  const filters: ExportFilters = { ...narrowed.filters, report: report ?? null, odmMode: format === 'odm' ? request.odmMode : null };
  const designVersionId = narrowed.designVersionId;
  const sealedHead = await currentSealedHead(openSealer(deps.db, deps.config), scope.projectId);
  const id = await projectWrite(deps, caller, { right: 'data.export' }, async (trx, audit) => {
    // A report is written by the report code of the queries module, which needs the requester as a caller:
    // the job rebuilds it from this, and checks their standing again when it runs.
    const requester = { actor: caller.actor, locale: caller.meta.locale };
    const params: ExportJobParams = { designVersionId, locale: caller.meta.locale, batchSize: deps.config.exports.batchSize, requester };
    const job = await jobs.insertJob(trx, { kind: EXPORT_JOB_KIND, projectId: scope.projectId, env: scope.env.key, params, createdBy: caller.actor.userId, total: 0 });
    const task = await repo.insertTask(trx, {
      project_id: scope.projectId,
      env_id: scope.env.id,
      env: scope.env.key,
      job_id: job.id,
      module: request.module,
      format,
      layout: request.layout,
      dictionary: request.dictionary,
      filters: JSON.stringify(filters),
      sealed_head: sealedHead === null ? null : JSON.stringify(sealedHead),
      created_by: caller.actor.userId,
    });
    await audit({
      action: 'export.request',
      entityType: 'export_task',
      entityId: task.id,
      env: scope.env.key,
      newValue: { module: request.module, format, layout: request.layout, dictionary: request.dictionary, filters, job: job.id, sealedHead },
    });
    return task.id;
  });
  worker.wake();
  return exportTask(deps, caller, id);
}

/** GET /dcap/export/task/list: the environment's export tasks, newest first (managers: everyone's). */
export async function listExports(deps: ServiceDeps, caller: ProjectCaller, page: number, pageSize: number): Promise<ExportTaskPage> {
  const scope = await dataScope(deps.db, caller);
  const { total, rows } = await repo.listTasks(deps.db, scope.projectId, scope.env.id, ownerFilter(caller), (page - 1) * pageSize, pageSize);
  return { total, records: rows.map((row) => presentTask(row, caller.meta.locale)) };
}

/** GET /dcap/export/task/detail: one task with its progress. */
export async function exportTask(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<ExportTask> {
  const scope = await dataScope(deps.db, caller);
  return presentTask(await visibleTask(deps, caller, scope, id), caller.meta.locale);
}

/**
 * POST /dcap/export/task/cancel: a queued or running export stops (a running job at its next step) and the
 * pieces written so far are deleted. The job row is locked before the task row, in the order a job step
 * takes them, so a cancel and a step never wait on each other in a circle.
 */
export async function cancelExport(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<ExportTask> {
  const scope = await dataScope(deps.db, caller);
  const visible = await visibleTask(deps, caller, scope, id);
  await projectWrite(deps, caller, {}, async (trx, audit) => {
    if (visible.job_id !== null) await jobs.cancelJob(trx, visible.job_id);
    const task = await repo.lockTask(trx, scope.projectId, scope.env.id, id);
    if (!task) throw new AppError('export.task_not_found');
    if (!isExportActive(task.status) || visible.job_status === 'failed') throw new AppError('export.task_ended');
    await repo.deleteChunks(trx, id);
    await repo.updateTask(trx, id, { status: 'cancelled', finished_at: deps.clock.now() });
    await audit({ action: 'export.cancel', entityType: 'export_task', entityId: id, env: scope.env.key, oldValue: { status: task.status }, newValue: { status: 'cancelled' } });
  });
  return exportTask(deps, caller, id);
}

/** POST /dcap/export/task/delete: the file of an ended task is deleted; the task stays in the audit trail only. */
export async function deleteExport(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<null> {
  const scope = await dataScope(deps.db, caller);
  const visible = await visibleTask(deps, caller, scope, id);
  await projectWrite(deps, caller, {}, async (trx, audit) => {
    const task = await repo.lockTask(trx, scope.projectId, scope.env.id, id);
    if (!task) throw new AppError('export.task_not_found');
    if (isExportActive(task.status) && visible.job_status !== 'failed') throw new AppError('export.task_active');
    await repo.deleteChunks(trx, id);
    await repo.updateTask(trx, id, { status: 'deleted' });
    await audit({ action: 'export.delete', entityType: 'export_task', entityId: id, env: scope.env.key, oldValue: { status: task.status }, newValue: { status: 'deleted' } });
  });
  return null;
}

const PIECES_PER_READ = 4;

/** The file's pieces in order, read a few at a time while the response is sent. */
function chunkStream(deps: ServiceDeps, taskId: number): Readable {
  async function* pieces(): AsyncGenerator<Buffer> {
    let after = -1;
    for (;;) {
      const rows = await repo.chunksAfter(deps.db, taskId, after, PIECES_PER_READ);
      if (rows.length === 0) return;
      for (const row of rows) yield Buffer.from(row.data);
      after = rows[rows.length - 1]?.seq ?? after;
    }
  }
  return Readable.from(pieces());
}

/**
 * GET /dcap/export/task/download: the file of a finished task, streamed from the database; refused while
 * it is being written and once it expired. Every download is audited (COMPLIANCE AT-3 "exports").
 */
export async function downloadExport(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<FileReply> {
  const scope = await dataScope(deps.db, caller);
  const task = await visibleTask(deps, caller, scope, id);
  const now = deps.clock.now();
  if (task.status === 'expired' || (task.status === 'finished' && task.expires_at !== null && task.expires_at <= now)) throw new AppError('export.expired');
  if (task.status !== 'finished' || task.file_name === null) throw new AppError('export.not_ready');
  await projectWrite(deps, caller, {}, (_trx, audit) =>
    audit({ action: 'export.download', entityType: 'export_task', entityId: id, env: scope.env.key, newValue: { file: task.file_name, size: task.size_bytes } }),
  );
  return { contentType: task.content_type ?? CONTENT_TYPES.csv, filename: task.file_name, body: chunkStream(deps, id) };
}
