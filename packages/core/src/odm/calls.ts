import { z } from 'zod';
import { dbId, queryId, safeText } from '../validation/text.js';

/** The largest ODM file the design import reads. */
export const ODM_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** GET /dcap/project/design/odm: the design an environment runs (the session's, unless `env` names one). */
export const odmDesignQuerySchema = z.strictObject({
  projectId: queryId(),
  env: safeText().regex(/^[A-Za-z][A-Za-z0-9_-]*$/).max(32).optional(),
});
export type OdmDesignQuery = z.infer<typeof odmDesignQuerySchema>;

/**
 * POST /dcap/project/design/importOdm (multipart): the file, and `dryRun` `true` (the default: report only)
 * or `false` (apply to the development draft).
 */
export const odmImportSchema = z.strictObject({
  projectId: z.preprocess((value) => (value === '' ? undefined : value), queryId()),
  dryRun: z.enum(['true', 'false']).default('true'),
  file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'file' }),
});

export const odmImportNoteSchema = z.object({
  element: z.string(),
  oid: z.string(),
  code: z.string(),
  message: z.string(),
  blocking: z.boolean(),
});

export const odmImportReportSchema = z.object({
  applied: z.boolean(),
  studyOid: z.string(),
  versionOid: z.string(),
  instruments: z.array(z.object({ name: z.string(), nameEn: z.string().nullable(), nameAbbr: z.string(), fields: z.number(), id: dbId().nullable() })),
  events: z.array(z.object({ name: z.string(), nameEn: z.string().nullable(), type: z.string(), forms: z.array(z.string()), id: dbId().nullable() })),
  notes: z.array(odmImportNoteSchema),
});
export type OdmImportReport = z.infer<typeof odmImportReportSchema>;
