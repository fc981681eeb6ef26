import {
  ATTACHMENT_MAX_BYTES,
  attachmentIdParamsSchema,
  attachmentItemSchema,
  attachmentListRequestSchema,
  attachmentListSchema,
  attachmentPictureParamsSchema,
  attachmentPictureQuerySchema,
  fieldAttachmentUploadSchema,
  idCardUploadSchema,
  sourceDocumentUploadSchema,
  tableImportPreviewSchema,
  tableImportUploadSchema,
  tableTemplateParamsSchema,
  visitRecordUploadSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { fromParams } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import {
  attachmentPicture,
  deleteAttachment,
  listAttachments,
  previewTableImport,
  tableImportTemplate,
  uploadFieldAttachment,
  uploadIdCard,
  uploadSourceDocument,
  uploadVisitRecord,
} from './service.js';

const TAG = 'attachments';
const MULTIPART = ['multipart/form-data'];
/** Files are read up to the limit and one byte more, so a larger file is known to be too large (core attachments/files.ts). */
const UPLOAD = { maxBytes: ATTACHMENT_MAX_BYTES + 1 };

/**
 * Attachments of study data and the spreadsheet import of a repeatable table (spec 002 §2, §5, §7). Every
 * call names data of one site, loaded through the caller's data scope (COMPLIANCE WF-3).
 */
export function registerAttachmentRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/attachment/import',
    summary: 'Upload an image to an upload field of a saved panel, or to an image cell of a saved table row by its row-stable path (JPEG or PNG by its bytes, under 10 MB, a new name)',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    consumes: MULTIPART,
    upload: UPLOAD,
    body: fieldAttachmentUploadSchema,
    response: attachmentItemSchema,
    successMessage: 'ok.attachment_uploaded',
    handler: ({ caller, body, request }) => uploadFieldAttachment(deps, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/source/import',
    summary: 'Upload a source document (image or PDF) of a saved panel for remote source verification',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    consumes: MULTIPART,
    upload: UPLOAD,
    body: sourceDocumentUploadSchema,
    response: attachmentItemSchema,
    successMessage: 'ok.attachment_uploaded',
    handler: ({ caller, body, request }) => uploadSourceDocument(deps, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/visitTask/uploadVisitRecord',
    summary: 'Upload a record (image or PDF) of a visit task, that is of a visit of a subject',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    consumes: MULTIPART,
    upload: UPLOAD,
    body: visitRecordUploadSchema,
    response: attachmentItemSchema,
    successMessage: 'ok.attachment_uploaded',
    handler: ({ caller, body, request }) => uploadVisitRecord(deps, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/prescreen/subject/uploadIdCard',
    summary: 'Upload the identity-card image of a pre-screened subject (projects that pre-screen)',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    consumes: MULTIPART,
    upload: UPLOAD,
    body: idCardUploadSchema,
    response: attachmentItemSchema,
    successMessage: 'ok.attachment_uploaded',
    handler: ({ caller, body, request }) => uploadIdCard(deps, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/attachment/list',
    summary: 'The attachments of a field or table cell, all field and cell images of a panel at once (kind panelFields), a panel’s source documents, a visit’s records or a subject’s identity cards',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    body: attachmentListRequestSchema,
    response: attachmentListSchema,
    handler: ({ caller, body }) => listAttachments(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/recordData/attachment/delete/:id',
    summary: 'Delete an attachment (logically, audited); refused once its field or panel is signed, frozen or locked',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    params: attachmentIdParamsSchema,
    response: attachmentItemSchema,
    successMessage: 'ok.attachment_deleted',
    handler: ({ caller, params }) => deleteAttachment(deps, caller, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/recordData/attachment/picture/:projectId/:id',
    summary: 'The bytes of an attachment with their content type; thumbnail=1 asks for the thumbnail',
    tag: TAG,
    access: { project: 'record.view', locate: fromParams, site: 'scoped' },
    params: attachmentPictureParamsSchema,
    query: attachmentPictureQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, params, query }) => attachmentPicture(deps, caller, params.id, query.thumbnail === '1' || query.thumbnail === 'true'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/import',
    summary: 'Read an xlsx sheet into the rows of a repeatable table, with each cell’s problem; saves nothing',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    consumes: MULTIPART,
    upload: UPLOAD,
    body: tableImportUploadSchema,
    response: tableImportPreviewSchema,
    handler: ({ caller, body, request, meta }) => previewTableImport(deps, caller, body, request.uploadedFile, meta.locale),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/recordData/importTemplate/:instrumentInsId/:table',
    summary: 'The xlsx template of a repeatable table: column titles in the caller’s language, then the column keys',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    params: tableTemplateParamsSchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, params, meta }) => tableImportTemplate(deps, caller, params.instrumentInsId, params.table, meta.locale),
  });
}
