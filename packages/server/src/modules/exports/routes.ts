import { exportRequestSchema, exportTaskIdQuerySchema, exportTaskIdSchema, exportTaskListQuerySchema, exportTaskPageSchema, exportTaskSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import type { JobWorker } from '../jobs/worker.js';
import { exportJobHandler } from './handler.js';
import { cancelExport, createExport, deleteExport, downloadExport, exportTask, listExports } from './service.js';

const TAG = 'exports';
/** Exports read study data across the caller's sites; the service narrows every read to those sites. */
const EXPORT = { project: 'data.export' } as const;

/** Export tasks (spec 000 §2.2 `/export/exportIndex` and the export task list; spec 002 §3 export modules). */
export function registerExportRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, worker: JobWorker): void {
  worker.register(exportJobHandler(() => deps.config.exports.retentionDays));
  routes.add(app, {
    method: 'POST',
    url: '/dcap/export/task/create',
    summary: 'Queue an export of the session environment: subject data (CSV or xlsx, wide or long, with its data dictionary; or CDISC ODM 1.3.2), the CRF report (blank CRF and casebook PDFs in a zip), or the query or audit report; returns the task',
    tag: TAG,
    access: EXPORT,
    body: exportRequestSchema,
    response: exportTaskSchema,
    successMessage: 'export.queued',
    handler: ({ caller, body }) => createExport(deps, worker, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/export/task/list',
    summary: 'Export tasks of the session environment, newest first, with status, progress, size, who and when (managers see everyone’s)',
    tag: TAG,
    access: EXPORT,
    query: exportTaskListQuerySchema,
    response: exportTaskPageSchema,
    handler: ({ caller, query }) => listExports(deps, caller, query.page ?? 1, query.pageSize ?? 20),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/export/task/detail',
    summary: 'One export task with its progress (subjects done of total), filters and sealed audit head',
    tag: TAG,
    access: EXPORT,
    query: exportTaskIdQuerySchema,
    response: exportTaskSchema,
    handler: ({ caller, query }) => exportTask(deps, caller, query.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/export/task/download',
    summary: 'The file of a finished export task, streamed; refused while it is written and once it expired',
    tag: TAG,
    access: EXPORT,
    query: exportTaskIdQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => downloadExport(deps, caller, query.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/export/task/cancel',
    summary: 'Cancel a queued or running export task; the pieces written so far are deleted',
    tag: TAG,
    access: EXPORT,
    body: exportTaskIdSchema,
    response: exportTaskSchema,
    successMessage: 'export.cancelled',
    handler: ({ caller, body }) => cancelExport(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/export/task/delete',
    summary: 'Delete the file of an ended export task; the task leaves the list, its audit rows stay',
    tag: TAG,
    access: EXPORT,
    body: exportTaskIdSchema,
    response: z.null(),
    successMessage: 'export.deleted',
    handler: ({ caller, body }) => deleteExport(deps, caller, body.id),
  });
}
