import { z } from 'zod';
import { uploadFileSchema } from '../attachments/schemas.js';
import { queryId, safeText, dbId, multilineText } from '../validation/text.js';

/**
 * SOP management (spec 000 §2.2 /sopManage/sopDetail; spec 002 "sop file review status"; docs/decisions.md
 * "SOP management"). A project keeps its standard operating procedures as documents; each upload is a new
 * version, reviewed through the statuses of the platform dictionary SOP_STATUS.
 */

/** The review statuses of a version, the codes of the SOP_STATUS dictionary. */
export const SOP_STATUSES = ['DRAFT', 'REVIEW', 'APPROVED', 'OBSOLETE'] as const;
export type SopStatus = (typeof SOP_STATUSES)[number];
export const sopStatusSchema = z.enum(SOP_STATUSES);

/** The dictionary the statuses come from (seeded by migration 0031). */
export const SOP_STATUS_DICT = 'SOP_STATUS';

/** An SOP file is at most 20 MB: a scanned, signed procedure is larger than a study image. */
export const SOP_MAX_BYTES = 20 * 1024 * 1024;

/** What an SOP file may be: PDF, Word or Excel, recognised by name and first bytes together. */
export type SopFileKind = 'pdf' | 'docx' | 'xlsx' | 'doc' | 'xls';
export const SOP_CONTENT_TYPE: Record<SopFileKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};
export const SOP_ACCEPT = '.pdf,.docx,.doc,.xlsx,.xls';

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The kind of an SOP file when its extension and its bytes agree; null otherwise (a renamed text file, say). */
export function sopFileKind(name: string, bytes: Uint8Array): SopFileKind | null {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  switch (extension) {
    case 'pdf':
      return startsWith(bytes, PDF) ? 'pdf' : null;
    case 'docx':
    case 'xlsx':
      return startsWith(bytes, ZIP) ? extension : null;
    case 'doc':
    case 'xls':
      return startsWith(bytes, OLE2) ? extension : null;
    case undefined:
    default:
      return null;
  }
}

const formText = (max: number) => z.preprocess((value) => (value === '' ? undefined : value), safeText().trim().min(1).max(max).optional());
const formId = () => z.preprocess((value) => (value === '' ? undefined : value), queryId().optional());

/**
 * POST /dcap/sop/upload (multipart): a new document (code and title, without documentId) or a new version of
 * one (documentId); the note says what changed.
 */
export const sopUploadSchema = z.strictObject({
  /** Optional here so a missing file gets its own message (sop.file_missing) from the server. */
  file: uploadFileSchema.optional(),
  documentId: formId(),
  code: formText(64),
  title: formText(200),
  titleEn: formText(200),
  note: z.preprocess((value) => (value === '' ? undefined : value), multilineText().max(2000).optional()),
});
export type SopUploadRequest = z.infer<typeof sopUploadSchema>;

/** GET /dcap/sop/list: the project's documents, by keyword (code or title) and the latest version's status. */
export const sopListQuerySchema = z.strictObject({
  keyword: safeText().max(64).optional(),
  status: sopStatusSchema.optional(),
});
export type SopListQuery = z.infer<typeof sopListQuerySchema>;

/** The review actions on one version; a rejection names its reason. */
export const sopVersionActionSchema = z.strictObject({ versionId: dbId(), comment: multilineText().max(2000).optional() });
export const sopRejectSchema = z.strictObject({ versionId: dbId(), comment: multilineText().trim().min(1).max(2000) });
export type SopVersionAction = z.infer<typeof sopVersionActionSchema>;

export const sopDocumentParamsSchema = z.strictObject({ documentId: queryId() });


export const sopVersionSchema = z.object({
  id: z.number(),
  documentId: z.number(),
  version: z.number(),
  status: sopStatusSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  note: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewComment: z.string().nullable(),
});
export type SopVersion = z.infer<typeof sopVersionSchema>;

export const sopDocumentSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  titleEn: z.string(),
  /** The latest version, whatever its status. */
  latest: sopVersionSchema,
  /** The version in force: the approved one, if any. */
  effectiveVersion: z.number().nullable(),
  versionCount: z.number(),
  updatedAt: z.string(),
});
export type SopDocument = z.infer<typeof sopDocumentSchema>;

export const sopDocumentDetailSchema = sopDocumentSchema.extend({ versions: z.array(sopVersionSchema) });
export type SopDocumentDetail = z.infer<typeof sopDocumentDetailSchema>;

/** What the caller may do on the SOP screen, so it shows only the buttons that will work. */
export const sopRightsSchema = z.object({ manage: z.boolean(), approve: z.boolean() });
export type SopRights = z.infer<typeof sopRightsSchema>;

export const sopListSchema = z.object({ documents: z.array(sopDocumentSchema), rights: sopRightsSchema });
export type SopList = z.infer<typeof sopListSchema>;
