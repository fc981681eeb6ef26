import { z } from 'zod';
import { changeReasonSchema } from '../records/schemas.js';
import { dbId, queryId } from '../validation/text.js';

/**
 * Record import (spec 000 §2.2 data import list and detail; spec 002 §7 uploadExcel): a sheet of field values
 * for one panel (instrument), checked row by row as a dry run, then applied all at once through the same save
 * as entry on screen (docs/decisions.md "Record import").
 */

/** Spec 002 §3 dictionary "import task type": what a task imports. Only field values of one panel so far. */
export const IMPORT_TASK_TYPES = ['record'] as const;
export type ImportTaskType = (typeof IMPORT_TASK_TYPES)[number];

/**
 * Spec 002 §3 dictionary "data import record status": `checked` after the dry run, `queued` and `applying`
 * while the apply job runs, then `applied` (every row written) or `failed` (nothing written; the task says why).
 */
export const IMPORT_TASK_STATUSES = ['checked', 'queued', 'applying', 'applied', 'failed'] as const;
export type ImportTaskStatus = (typeof IMPORT_TASK_STATUSES)[number];

/** What became of one row: found fine or with errors by the dry run; written, unchanged or failed by the apply. */
export const IMPORT_ROW_OUTCOMES = ['ok', 'error', 'written', 'unchanged'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

export const IMPORT_FILE_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFileFormat = (typeof IMPORT_FILE_FORMATS)[number];

/** The most data rows one upload may hold. */
export const RECORD_IMPORT_MAX_ROWS = 5000;
/** The largest file accepted, in bytes. */
export const RECORD_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** One complaint about a row: the column it is about (null: the row as a whole), a catalogue code and its text. */
export const importRowErrorSchema = z.object({
  column: z.string().nullable(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importRowResultSchema = z.object({
  /** The row's number in the sheet, as the spreadsheet shows it. */
  row: z.number(),
  subject: z.string(),
  visit: z.string(),
  /** The cells as text, by field model. */
  cells: z.record(z.string(), z.string()),
  outcome: z.enum(IMPORT_ROW_OUTCOMES),
  errors: z.array(importRowErrorSchema),
  /** Values the row changes (dry run: would change; apply: changed). */
  changes: z.number(),
  /** Changes of values saved before, which need the reason for change (spec 002 §5). */
  changesOfSaved: z.number(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importColumnSchema = z.object({ model: z.string(), title: z.string() });
export type ImportColumn = z.infer<typeof importColumnSchema>;

export const importTaskSchema = z.object({
  id: z.number(),
  type: z.enum(IMPORT_TASK_TYPES),
  instrumentId: z.number(),
  instrumentName: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FILE_FORMATS),
  status: z.enum(IMPORT_TASK_STATUSES),
  rowsTotal: z.number(),
  rowsOk: z.number(),
  rowsWithErrors: z.number(),
  /** Values the dry run found would change, and of them those saved before (a reason is needed). */
  changes: z.number(),
  changesOfSaved: z.number(),
  /** Rows checked by the apply job so far, out of all. */
  progress: z.object({ done: z.number(), total: z.number() }),
  /** After the apply: rows written and values changed. */
  rowsWritten: z.number(),
  valuesChanged: z.number(),
  /** Why the apply wrote nothing, in the reader's language. */
  failure: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  appliedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
  /** What the caller may do with the task now. */
  canApply: z.boolean(),
});
export type ImportTask = z.infer<typeof importTaskSchema>;

export const importTaskDetailSchema = z.object({ task: importTaskSchema, columns: z.array(importColumnSchema), rows: z.array(importRowResultSchema) });
export type ImportTaskDetail = z.infer<typeof importTaskDetailSchema>;

export const IMPORT_TASK_PAGE_MAX = 100;
export const importTaskListSchema = z.strictObject({
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(IMPORT_TASK_PAGE_MAX).optional(),
});
export const importTaskPageSchema = z.object({ total: z.number(), records: z.array(importTaskSchema) });
export type ImportTaskPage = z.infer<typeof importTaskPageSchema>;

export const importTaskIdSchema = z.strictObject({ id: dbId() });

/** POST /dcap/platformDataImport/record/apply: the reason covers every change of a value saved before. */
export const importApplySchema = z.strictObject({ id: dbId(), reason: changeReasonSchema.optional() });
export type ImportApplyRequest = z.infer<typeof importApplySchema>;

const uploadBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'file' });

/** POST /dcap/platformDataImport/record/uploadExcel (multipart): the sheet and the panel it fills. */
export const importUploadSchema = z.strictObject({
  file: uploadBytes,
  instrumentId: z.preprocess((value) => (value === '' ? undefined : value), queryId()),
});

/** GET /dcap/platformDataImport/record/template/{instrumentId}. */
export const importTemplateParamsSchema = z.strictObject({ instrumentId: queryId() });

/** The instruments a caller may import into: those of the environment's running design with fields. */
export const importInstrumentSchema = z.object({ id: z.number(), name: z.string(), nameAbbr: z.string(), fields: z.number() });
export const importInstrumentListSchema = z.array(importInstrumentSchema);
export type ImportInstrument = z.infer<typeof importInstrumentSchema>;

/** The background job that applies a checked import (ARCHITECTURE §1). */
export const RECORD_IMPORT_JOB_KIND = 'record.import';
