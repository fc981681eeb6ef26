import {
  sopDocumentDetailSchema,
  sopDocumentParamsSchema,
  sopListQuerySchema,
  sopListSchema,
  sopRejectSchema,
  sopUploadSchema,
  sopVersionActionSchema,
  SOP_MAX_BYTES,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryId } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { downloadSop, listSops, reviewSop, sopDetail, uploadSop } from './service.js';

const TAG = 'sop';
const READ = { project: 'project.view' } as const;
const MANAGE = { project: 'sop.manage' } as const;
const APPROVE = { project: 'sop.approve' } as const;

/**
 * SOP management of the session's project (spec 000 §2.2 /sopManage/sopDetail; docs/decisions.md "SOP
 * management"): the list with filters, a document's versions, uploads, the review steps and downloads.
 */
export function registerSopRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sop/list',
    summary: "The session's project's SOP documents with their latest version, by keyword and status, and the caller's SOP rights",
    tag: TAG,
    access: READ,
    query: sopListQuerySchema,
    response: sopListSchema,
    handler: ({ caller, query }) => listSops(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sop/detail/:documentId',
    summary: 'An SOP document with every version, newest first',
    tag: TAG,
    access: READ,
    params: sopDocumentParamsSchema,
    response: sopDocumentDetailSchema,
    handler: ({ caller, params }) => sopDetail(deps, caller, params.documentId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sop/upload',
    summary: 'Upload a new SOP document (code, title) or a new version of one (documentId): PDF, Word or Excel under 20 MB, as a draft',
    tag: TAG,
    access: MANAGE,
    consumes: ['multipart/form-data'],
    upload: { maxBytes: SOP_MAX_BYTES + 1 },
    body: sopUploadSchema,
    response: sopDocumentDetailSchema,
    successMessage: 'ok.sop_uploaded',
    handler: ({ caller, body, request }) => uploadSop(deps, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sop/submit',
    summary: 'Send a draft version for review',
    tag: TAG,
    access: MANAGE,
    body: sopVersionActionSchema,
    response: sopDocumentDetailSchema,
    handler: ({ caller, body }) => reviewSop(deps, caller, 'submit', body.versionId, body.comment),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sop/approve',
    summary: 'Approve a version under review (not one the caller uploaded); the approved version before it becomes obsolete',
    tag: TAG,
    access: APPROVE,
    body: sopVersionActionSchema,
    response: sopDocumentDetailSchema,
    handler: ({ caller, body }) => reviewSop(deps, caller, 'approve', body.versionId, body.comment),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sop/reject',
    summary: 'Return a version under review to draft, with the reason',
    tag: TAG,
    access: APPROVE,
    body: sopRejectSchema,
    response: sopDocumentDetailSchema,
    handler: ({ caller, body }) => reviewSop(deps, caller, 'reject', body.versionId, body.comment),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sop/retire',
    summary: 'Make the approved version obsolete (the procedure is withdrawn)',
    tag: TAG,
    access: APPROVE,
    body: sopVersionActionSchema,
    response: sopDocumentDetailSchema,
    handler: ({ caller, body }) => reviewSop(deps, caller, 'retire', body.versionId, body.comment),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sop/download',
    summary: 'The file of an SOP version; every download is audited',
    tag: TAG,
    access: READ,
    query: z.strictObject({ versionId: queryId() }),
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => downloadSop(deps, caller, query.versionId),
  });
}
