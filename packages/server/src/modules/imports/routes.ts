import {
  importApplySchema,
  importInstrumentListSchema,
  importTaskDetailSchema,
  importTaskIdSchema,
  importTaskListSchema,
  importTaskPageSchema,
  importTemplateParamsSchema,
  importUploadSchema,
  RECORD_IMPORT_MAX_BYTES,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import type { JobWorker } from '../jobs/worker.js';
import { recordImportJobHandler } from './handler.js';
import { applyImport, importDetail, importInstruments, importTemplateFile, listImports, uploadImport } from './service.js';

const TAG = 'imports';

/**
 * Record import (spec 000 §2.2 data import list and detail; spec 002 §7 uploadExcel; docs/decisions.md
 * "Record import"): upload a sheet for one panel and get its dry run, apply it as a background job, and the
 * list and detail of the import screens. Every call acts in the session's project and environment, within the
 * caller's sites.
 */
export function registerImportRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, worker: JobWorker): void {
  worker.register(recordImportJobHandler);
  routes.add(app, {
    method: 'POST',
    url: '/dcap/platformDataImport/record/uploadExcel',
    summary: 'Upload an xlsx or CSV sheet of field values for one panel (subject, visit, then one column per field) and get its dry run: every row’s problems, nothing changed',
    tag: TAG,
    access: { project: 'data.import', site: 'scoped' },
    consumes: ['multipart/form-data'],
    // A byte more than the limit, so a larger file is known to be too large.
    upload: { maxBytes: RECORD_IMPORT_MAX_BYTES + 1 },
    body: importUploadSchema,
    response: importTaskDetailSchema,
    successMessage: 'ok.import_checked',
    handler: ({ caller, body, request }) => uploadImport(deps, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/platformDataImport/record/template/:instrumentId',
    summary: 'The xlsx template of a panel: subject, visit and field titles in the caller’s language, then the keys row',
    tag: TAG,
    access: { project: 'data.import', site: 'scoped' },
    params: importTemplateParamsSchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, params }) => importTemplateFile(deps, caller, params.instrumentId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/platformDataImport/record/instruments',
    summary: 'The panels of the environment’s design a sheet may fill, with how many importable fields each has',
    tag: TAG,
    access: { project: 'data.import', site: 'scoped' },
    response: importInstrumentListSchema,
    handler: ({ caller }) => importInstruments(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/platformDataImport/record/list',
    summary: 'The environment’s record import tasks, newest first: panel, file, who, when, status, rows fine and with problems',
    tag: TAG,
    access: { project: 'data.import', site: 'scoped' },
    body: importTaskListSchema,
    response: importTaskPageSchema,
    handler: ({ caller, body }) => listImports(deps, caller, body.page ?? 1, body.pageSize ?? 20),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/platformDataImport/record/detail',
    summary: 'One record import task with its columns and every row’s problems or outcome, and the apply’s progress and result',
    tag: TAG,
    access: { project: 'data.import', site: 'scoped' },
    body: importTaskIdSchema,
    response: importTaskDetailSchema,
    handler: ({ caller, body }) => importDetail(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/platformDataImport/record/apply',
    summary: 'Apply a checked import as a background job: all rows through the panel save in one transaction, or none; a reason is required when saved values change',
    tag: TAG,
    access: { project: 'data.import', site: 'scoped' },
    body: importApplySchema,
    response: importTaskDetailSchema,
    successMessage: 'ok.import_queued',
    handler: ({ caller, body }) => applyImport(deps, worker, caller, body),
  });
}
