import { z } from 'zod';
import { dbId, queryId, safeText } from '../validation/text.js';
import { ATTACHMENT_KINDS } from './files.js';

/**
 * Calls of attachments and table import (spec 002 §7 "Attachments"). Uploads are multipart (spec 002 §7:
 * upload bodies are not encrypted): every field arrives as text and the file as bytes.
 */

/** The file part of an upload: its bytes (the server's multipart reader gives a Buffer, a Uint8Array). */
export const uploadFileSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'file' });

/** An id in a multipart field; an empty field counts as absent. */
const formId = () => z.preprocess((value) => (value === '' ? undefined : value), queryId());
const optionalFormId = () => z.preprocess((value) => (value === '' ? undefined : value), queryId().optional());
/** A field the original client sends that this server does not need (docs/decisions.md "Attachments"). */
const ignoredText = () => safeText().max(64).optional();

/** A field path (core records/paths.ts): a model or `TABLE#r3.COL`. */
const fieldPathText = () => safeText().min(1).max(200);

/**
 * POST /dcap/project/recordData/attachment/import (spec 002 §7): an image of an upload field. recordId is the
 * subject, eventInsId the visit, instrumentInsId the panel instance and field the field's path (a table cell's
 * is row-stable, `TABLE#r3.COL`: core attachments/cells.ts); each given id must be the panel's own. scheduleId and recordDataId are accepted and not used.
 */
export const fieldAttachmentUploadSchema = z.strictObject({
  file: uploadFileSchema,
  instrumentInsId: formId(),
  field: fieldPathText(),
  recordId: optionalFormId(),
  eventInsId: optionalFormId(),
  scheduleId: ignoredText(),
  recordDataId: ignoredText(),
});

/** POST /dcap/project/recordData/source/import: a source document of a panel, for remote source verification. */
export const sourceDocumentUploadSchema = z.strictObject({ file: uploadFileSchema, instrumentInsId: formId() });

/** POST /dcap/visitTask/uploadVisitRecord (spec 002 §7): a record of a visit task (an event instance). */
export const visitRecordUploadSchema = z.strictObject({ file: uploadFileSchema, eventInsId: formId(), recordId: optionalFormId() });

/** POST /dcap/prescreen/subject/uploadIdCard (spec 002 §7): the identity-card image of a pre-screened subject. */
export const idCardUploadSchema = z.strictObject({ file: uploadFileSchema, recordId: formId() });

export const attachmentKindSchema = z.enum(ATTACHMENT_KINDS);

/**
 * What a list call may ask for: one list of a stored kind, or `panelFields`, every field image of one panel
 * instance at once, its upload fields' and its table cells' together, so the entry page asks once per panel
 * rather than once per field and cell (docs/decisions.md "Attachments").
 */
export const ATTACHMENT_LIST_KINDS = [...ATTACHMENT_KINDS, 'panelFields'] as const;
export const attachmentListKindSchema = z.enum(ATTACHMENT_LIST_KINDS);
export type AttachmentListKind = z.infer<typeof attachmentListKindSchema>;

/**
 * POST /dcap/project/recordData/attachment/list (spec 002 §7): the attachments of one list. A field's images
 * by panel instance and field; source documents by panel instance; visit records by visit; identity cards by
 * subject; all field images of a panel (`panelFields`) by panel instance, each answered with its path.
 */
export const attachmentListRequestSchema = z
  .strictObject({
    kind: attachmentListKindSchema.default('field'),
    recordId: dbId().optional(),
    eventInsId: dbId().optional(),
    instrumentInsId: dbId().optional(),
    field: fieldPathText().optional(),
    scheduleId: z.union([ignoredText(), dbId()]).optional(),
    recordDataId: z.union([ignoredText(), dbId()]).optional(),
  })
  .superRefine((body, ctx) => {
    const need = (key: 'recordId' | 'eventInsId' | 'instrumentInsId' | 'field') => {
      if (body[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'required', params: { message: 'required' } });
    };
    if (body.kind === 'field') {
      need('instrumentInsId');
      need('field');
    } else if (body.kind === 'source' || body.kind === 'panelFields') need('instrumentInsId');
    else if (body.kind === 'visitRecord') need('eventInsId');
    else need('recordId');
  });
export type AttachmentListRequest = z.infer<typeof attachmentListRequestSchema>;

/** One attachment of a list (spec 002 §3: id and name; with its size, type, time and who uploaded it). */
export const attachmentItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: attachmentKindSchema,
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  subjectId: z.number(),
  eventInstanceId: z.number().nullable(),
  panelInstanceId: z.number().nullable(),
  path: z.string().nullable(),
  createdAt: z.string(),
  createdById: z.number().nullable(),
  createdBy: z.string().nullable(),
});
export type AttachmentItem = z.infer<typeof attachmentItemSchema>;
export const attachmentListSchema = z.array(attachmentItemSchema);

/** GET /dcap/project/recordData/attachment/delete/{id}. */
export const attachmentIdParamsSchema = z.strictObject({ id: queryId() });

/**
 * GET /dcap/project/recordData/attachment/picture/{projectId}/{id} (spec 002 §7 "Picture URLs built from a
 * base, project id, attachment id and thumbnail flag"): the bytes with their content type.
 */
export const attachmentPictureParamsSchema = z.strictObject({ projectId: queryId(), id: queryId() });
export const attachmentPictureQuerySchema = z.strictObject({ thumbnail: z.enum(['0', '1', 'true', 'false']).optional() });

/** POST /dcap/project/recordData/import (spec 002 §7 "default import action"): a sheet for one repeatable table. */
export const tableImportUploadSchema = z.strictObject({
  file: uploadFileSchema,
  instrumentInsId: formId(),
  table: safeText().min(1).max(100),
});

/** GET /dcap/project/recordData/importTemplate/{instrumentInsId}/{table}: the sheet to fill in. */
export const tableTemplateParamsSchema = z.strictObject({ instrumentInsId: queryId(), table: safeText().min(1).max(100) });

/** What a read sheet gives: rows to put into the table, and what could not be read. Nothing is saved. */
export const tableImportPreviewSchema = z.object({
  table: z.string(),
  /** Column keys the sheet filled, in table order. */
  columns: z.array(z.string()),
  /** Header cells that match no column. */
  unmatched: z.array(z.string()),
  rows: z.array(z.object({ row: z.number(), values: z.record(z.string(), z.unknown()), cells: z.record(z.string(), z.string()) })),
  errors: z.array(z.object({ row: z.number(), column: z.string(), code: z.string(), message: z.string() })),
  total: z.number(),
  /** Spec 002 §5: above 50 rows the form switches to huge-data rendering. */
  huge: z.boolean(),
});
export type TableImportPreview = z.infer<typeof tableImportPreviewSchema>;
