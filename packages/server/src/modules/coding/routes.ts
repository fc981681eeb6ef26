import {
  codingExportQuerySchema,
  codingCodeResultSchema,
  codingCodeSchema,
  codingDictionaryIdSchema,
  codingDictionaryListSchema,
  codingDictionaryParamsSchema,
  codingDictionarySchema,
  codingEnableSchema,
  codingFieldDeleteSchema,
  codingFieldSaveSchema,
  codingSetupSchema,
  codingTermPageSchema,
  codingTermQuerySchema,
  codingUncodeSchema,
  codingUploadSchema,
  codingValuePageSchema,
  codingValueQuerySchema,
  CODING_MAX_BYTES,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { MANAGE_LIBRARY } from '../library/access.js';
import type { JobWorker } from '../jobs/worker.js';
import * as library from './dictionary-service.js';
import { codingImportJobHandler } from './import-job.js';
import * as project from './project-service.js';

const TAG = 'coding';
const CODE = { project: 'record.code' } as const;
const CODE_AT_SITE = { project: 'record.code', site: 'scoped' } as const;
const CONFIGURE = { project: 'coding.configure' } as const;

/**
 * The coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding library"): dictionaries under
 * /dcap/sys/coding for the platform's library administrators, and coding of the session's project's values
 * under /dcap/coding.
 */
export function registerCodingRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, worker: JobWorker): void {
  worker.register(codingImportJobHandler);
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/coding/list',
    summary: 'Coding dictionaries, every version, with their term and coding counts, their upload state, an import’s progress and a refused file’s row problems',
    tag: TAG,
    access: MANAGE_LIBRARY,
    response: codingDictionaryListSchema,
    handler: ({ caller }) => library.listDictionaries(deps, caller.meta.locale),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/coding/info/:id',
    summary: 'One coding dictionary',
    tag: TAG,
    access: MANAGE_LIBRARY,
    params: codingDictionaryParamsSchema,
    response: codingDictionarySchema,
    handler: ({ caller, params }) => library.dictionaryInfo(deps, params.id, caller.meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/coding/upload',
    summary: 'Upload a coding dictionary as CSV or xlsx (columns code, term, term_en, level, parent_code): the file is stored and imported by a background job, answered at once in state importing; the job checks every row, and a file with a bad row is refused whole (the dictionary failed, its problems listed by row)',
    tag: TAG,
    access: MANAGE_LIBRARY,
    consumes: ['multipart/form-data'],
    upload: { maxBytes: CODING_MAX_BYTES + 1 },
    body: codingUploadSchema,
    response: codingDictionarySchema,
    successMessage: 'ok.coding_uploaded',
    handler: ({ caller, body, request }) => library.uploadDictionary(deps, worker, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/coding/enable',
    summary: 'Enable or disable a coding dictionary; a disabled one is offered for no new coding',
    tag: TAG,
    access: MANAGE_LIBRARY,
    body: codingEnableSchema,
    response: codingDictionarySchema,
    handler: ({ caller, body }) => library.setDictionaryEnabled(deps, caller, body.id, body.enabled),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/coding/delete',
    summary: 'Delete a coding dictionary and its terms; refused while a coding or a coded field uses it',
    tag: TAG,
    access: MANAGE_LIBRARY,
    body: codingDictionaryIdSchema,
    response: codingDictionaryIdSchema,
    handler: ({ caller, body }) => library.deleteDictionary(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/coding/terms',
    summary: "A page of a dictionary's terms by text (either language), code prefix and level",
    tag: TAG,
    access: MANAGE_LIBRARY,
    query: codingTermQuerySchema,
    response: codingTermPageSchema,
    handler: ({ caller, query }) => library.browseTerms(deps, query, caller.meta.locale),
  });

  routes.add(app, {
    method: 'GET',
    url: '/dcap/coding/setup',
    summary: "The session's project's coded fields, the text fields that may be chosen, the enabled dictionaries and the caller's coding rights",
    tag: TAG,
    access: CODE,
    response: codingSetupSchema,
    handler: ({ caller }) => project.codingSetup(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/coding/field/save',
    summary: 'Choose a text field of the design for coding with a dictionary, or change its dictionary',
    tag: TAG,
    access: CONFIGURE,
    body: codingFieldSaveSchema,
    response: codingSetupSchema,
    handler: ({ caller, body }) => project.saveCodingField(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/coding/field/delete',
    summary: 'Stop coding a field; refused while values of it are coded',
    tag: TAG,
    access: CONFIGURE,
    body: codingFieldDeleteSchema,
    response: codingSetupSchema,
    handler: ({ caller, body }) => project.deleteCodingField(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/coding/export',
    summary: "The coding listing of a coded field: every value the caller may see with its coding, as xlsx or CSV in the caller's language; audited",
    tag: TAG,
    access: CODE,
    query: codingExportQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => project.exportCodingValues(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/coding/values',
    summary: "A page of a coded field's captured values in the caller's environment and sites, with subject, visit, site and coding state",
    tag: TAG,
    access: CODE,
    query: codingValueQuerySchema,
    response: codingValuePageSchema,
    handler: ({ caller, query }) => project.listCodingValues(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/coding/terms',
    summary: "A page of an enabled dictionary's terms, for coding",
    tag: TAG,
    access: CODE,
    query: codingTermQuerySchema,
    response: codingTermPageSchema,
    handler: ({ query }) => project.projectTerms(deps, query),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/coding/code',
    summary: "Code a value to a term of its field's dictionary; with sameText also every uncoded or changed value of the field with the same text",
    tag: TAG,
    access: CODE_AT_SITE,
    body: codingCodeSchema,
    response: codingCodeResultSchema,
    handler: ({ caller, body }) => project.codeValue(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/coding/uncode',
    summary: "Remove a value's coding",
    tag: TAG,
    access: CODE_AT_SITE,
    body: codingUncodeSchema,
    response: codingCodeResultSchema,
    handler: ({ caller, body }) => project.uncodeValue(deps, caller, body),
  });
}
