import { z } from 'zod';
import { uploadFileSchema } from '../attachments/schemas.js';
import type { FormIndex } from '../forms/form-index.js';
import type { Locale } from '../i18n/locale.js';
import { jobProgressSchema } from '../jobs/jobs.js';
import { dbId, multilineText, queryId, safeText } from '../validation/text.js';

export * from './rows.js';

/**
 * The coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding library"): dictionaries a
 * licence holder uploads (MedDRA for adverse events, WHODrug for medications, or another list), searched by
 * term, code and level; and in a project, the verbatim text captured in chosen fields coded to their terms.
 */

export const CODING_DICTIONARY_KINDS = ['MedDRA', 'WHODrug', 'other'] as const;
export type CodingDictionaryKind = (typeof CODING_DICTIONARY_KINDS)[number];
export const codingDictionaryKindSchema = z.enum(CODING_DICTIONARY_KINDS);

/** An uploaded dictionary file: CSV or xlsx, at most 30 MB (a full MedDRA term list is about 10 MB as CSV). */
export const CODING_MAX_BYTES = 30 * 1024 * 1024;
export const CODING_ACCEPT = '.csv,.xlsx';

const formText = (max: number) => z.preprocess((value) => (value === '' ? undefined : value), safeText().min(1).max(max).optional());

/** POST /dcap/sys/coding/upload (multipart): a new dictionary, or a new version of one under the same name. */
export const codingUploadSchema = z.strictObject({
  /** Optional here so a missing file gets its own message (coding.file_missing). */
  file: uploadFileSchema.optional(),
  name: safeText().min(1).max(100),
  kind: codingDictionaryKindSchema,
  version: safeText().min(1).max(32),
  language: formText(16),
  licenceNote: z.preprocess((value) => (value === '' ? undefined : value), multilineText().max(1000).optional()),
});
export type CodingUploadRequest = z.infer<typeof codingUploadSchema>;

/**
 * An upload's state: `importing` while its background job checks the rows and writes the terms, `ready` once
 * every term is stored, `failed` when the file was refused (no term stored). Only a ready dictionary can be
 * enabled and used (docs/decisions.md "Coding library").
 */
export const CODING_DICTIONARY_STATUSES = ['importing', 'ready', 'failed'] as const;
export type CodingDictionaryStatus = (typeof CODING_DICTIONARY_STATUSES)[number];

/** The kind of the background job that imports an uploaded dictionary. */
export const CODING_IMPORT_JOB_KIND = 'coding.import';

/** A refused file's problem on one row and column, in the reader's language. */
export const codingRowProblemSchema = z.object({ row: z.number(), column: z.string().nullable(), message: z.string() });

export const codingDictionarySchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: codingDictionaryKindSchema,
  version: z.string(),
  language: z.string(),
  licenceNote: z.string(),
  termCount: z.number(),
  enabled: z.boolean(),
  /** How many captured values are coded to this dictionary; a dictionary in use cannot be deleted. */
  codingCount: z.number(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  status: z.enum(CODING_DICTIONARY_STATUSES),
  fileName: z.string(),
  /** The import job's progress (steps: the check, then each batch of terms), while importing; null otherwise. */
  progress: jobProgressSchema.nullable(),
  /** Why the upload failed, in the reader's language; null unless failed. */
  failure: z.string().nullable(),
  /** How many row problems a refused file had; `problems` lists the first 200. */
  problemCount: z.number(),
  problems: z.array(codingRowProblemSchema),
});
export type CodingDictionary = z.infer<typeof codingDictionarySchema>;

export const codingDictionaryListSchema = z.array(codingDictionarySchema);
export const codingDictionaryIdSchema = z.strictObject({ id: dbId() });
export const codingDictionaryParamsSchema = z.strictObject({ id: queryId() });
export const codingEnableSchema = z.strictObject({ id: dbId(), enabled: z.boolean() });

/** A level's terms per page at most: the browser shows a page, never the whole dictionary. */
export const CODING_PAGE_MAX = 100;

/** GET term search: text (in either language) and code match from the start or anywhere, level exactly. */
export const codingTermQuerySchema = z.strictObject({
  dictionaryId: queryId(),
  text: safeText().max(100).optional(),
  code: safeText().max(32).optional(),
  level: safeText().max(16).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CODING_PAGE_MAX).default(20),
});
export type CodingTermQuery = z.infer<typeof codingTermQuerySchema>;

export const codingTermSchema = z.object({
  code: z.string(),
  term: z.string(),
  termEn: z.string(),
  level: z.string(),
  parentCode: z.string().nullable(),
  path: z.string(),
  pathEn: z.string(),
});
export type CodingTerm = z.infer<typeof codingTermSchema>;

export const codingTermPageSchema = z.object({ total: z.number(), page: z.number(), pageSize: z.number(), terms: z.array(codingTermSchema) });
export type CodingTermPage = z.infer<typeof codingTermPageSchema>;

/** The coding state of a captured value; `needsRecoding`: the value changed since it was coded. */
export const CODING_STATES = ['uncoded', 'coded', 'needsRecoding'] as const;
export type CodingState = (typeof CODING_STATES)[number];

/** Which state a value is in, computed on read by comparing the verbatim coded with the value now. */
export function codingState(value: string, coded: { verbatim: string } | null): CodingState {
  if (!coded) return 'uncoded';
  return coded.verbatim === value ? 'coded' : 'needsRecoding';
}

/** A coded term's text or hierarchy in the reader's language: the English one where the dictionary has it. */
export function termTextIn(locale: Locale, text: string, textEn: string | null | undefined): string {
  return locale === 'en-US' && textEn ? textEn : text;
}

/** Two verbatims count as the same text for coding them at once when they match ignoring case and spaces around. */
export const sameVerbatim = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

const isTextWidget = (widget: { type: string }): boolean => widget.type === 'input' || widget.type === 'textarea';

/** A field of a panel whose verbatim text can be coded; a table column's path is `TABLE.COLUMN`. */
export interface CodableField {
  path: string;
  name: string;
  nameEn: string | null;
}

/**
 * The fields of a panel holding verbatim text that can be coded: text inputs and text areas, outside tables or
 * as a table's column (an adverse-event log's term, a medication table's drug name), never computed by a formula.
 */
export function codableFields(index: FormIndex): CodableField[] {
  const found: CodableField[] = [];
  for (const [model, widget] of index.fields) {
    if (isTextWidget(widget) && !index.formulas.has(model)) found.push({ path: model, name: widget.name, nameEn: widget.nameEn ?? null });
  }
  for (const [model, table] of index.tables) {
    for (const column of table.columns) {
      const path = `${model}.${column.key}`;
      if (!isTextWidget(column.widget) || index.formulas.has(path)) continue;
      const tableName = table.widget.name;
      const tableNameEn = table.widget.nameEn ?? null;
      found.push({ path, name: `${tableName} / ${column.title}`, nameEn: tableNameEn === null && !column.titleEn ? null : `${tableNameEn ?? tableName} / ${column.titleEn ?? column.title}` });
    }
  }
  return found;
}

/** Where a coded field's values are stored: a plain field's path is its model; a column's cells are `TABLE#rN.COLUMN`. */
export function codedValuePaths(path: string): { exact: string } | { table: string; column: string } {
  const dot = path.indexOf('.');
  return dot < 0 ? { exact: path } : { table: path.slice(0, dot), column: path.slice(dot + 1) };
}

/** A project's field chosen for coding, with the dictionary its values are coded to. */
export const codingFieldSchema = z.object({
  id: z.number(),
  instrumentId: z.number(),
  instrumentName: z.string(),
  instrumentNameEn: z.string().nullable(),
  path: z.string(),
  fieldName: z.string(),
  fieldNameEn: z.string().nullable(),
  dictionaryId: z.number(),
  dictionaryName: z.string(),
  dictionaryVersion: z.string(),
  dictionaryKind: codingDictionaryKindSchema,
});
export type CodingField = z.infer<typeof codingFieldSchema>;

/** A text field of the environment's design that may be chosen for coding. */
export const codingCandidateSchema = z.object({
  instrumentId: z.number(),
  instrumentName: z.string(),
  instrumentNameEn: z.string().nullable(),
  path: z.string(),
  fieldName: z.string(),
  fieldNameEn: z.string().nullable(),
});
export type CodingCandidate = z.infer<typeof codingCandidateSchema>;

export const codingSetupSchema = z.object({
  fields: z.array(codingFieldSchema),
  candidates: z.array(codingCandidateSchema),
  dictionaries: z.array(codingDictionarySchema.pick({ id: true, name: true, kind: true, version: true, language: true })),
  rights: z.object({ configure: z.boolean(), code: z.boolean() }),
});
export type CodingSetup = z.infer<typeof codingSetupSchema>;

export const codingFieldSaveSchema = z.strictObject({ instrumentId: dbId(), path: safeText().min(1).max(200), dictionaryId: dbId() });
export type CodingFieldSave = z.infer<typeof codingFieldSaveSchema>;
export const codingFieldDeleteSchema = z.strictObject({ id: dbId() });

export const codingValueQuerySchema = z.strictObject({
  fieldId: queryId(),
  state: z.enum(CODING_STATES).optional(),
  siteId: queryId().optional(),
  text: safeText().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CODING_PAGE_MAX).default(20),
});
export type CodingValueQuery = z.infer<typeof codingValueQuerySchema>;

/** The most values one coding listing holds; a larger field is exported with the study's data instead. */
export const CODING_EXPORT_MAX = 100_000;

/**
 * GET /dcap/coding/export: a coded field's values with their coding as a spreadsheet (the coding listing
 * a data manager reviews or hands to safety), in the caller's environment and sites, optionally one state.
 */
export const codingExportQuerySchema = z.strictObject({
  fieldId: queryId(),
  state: z.enum(CODING_STATES).optional(),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type CodingExportQuery = z.infer<typeof codingExportQuerySchema>;

export const codingAssignmentSchema = z.object({
  dictionaryId: z.number(),
  dictionaryName: z.string(),
  dictionaryVersion: z.string(),
  code: z.string(),
  term: z.string(),
  termEn: z.string(),
  path: z.string(),
  pathEn: z.string(),
  verbatim: z.string(),
  codedBy: z.string(),
  codedAt: z.string(),
});
export type CodingAssignment = z.infer<typeof codingAssignmentSchema>;

export const codingValueSchema = z.object({
  panelInstanceId: z.number(),
  path: z.string(),
  subjectId: z.number(),
  subject: z.string(),
  siteId: z.number(),
  siteName: z.string(),
  siteNameEn: z.string().nullable(),
  visitName: z.string(),
  visitNameEn: z.string().nullable(),
  value: z.string(),
  state: z.enum(CODING_STATES),
  coding: codingAssignmentSchema.nullable(),
});
export type CodingValue = z.infer<typeof codingValueSchema>;

export const codingValuePageSchema = z.object({ total: z.number(), page: z.number(), pageSize: z.number(), values: z.array(codingValueSchema) });
export type CodingValuePage = z.infer<typeof codingValuePageSchema>;

/** POST /dcap/coding/code: code one value to a term of its field's dictionary, and with sameText every uncoded or changed value of that field with the same text the caller may see. */
export const codingCodeSchema = z.strictObject({ panelInstanceId: dbId(), path: safeText().min(1).max(200), termCode: safeText().min(1).max(32), sameText: z.boolean().default(false) });
export type CodingCodeRequest = z.infer<typeof codingCodeSchema>;
export const codingUncodeSchema = z.strictObject({ panelInstanceId: dbId(), path: safeText().min(1).max(200) });
export const codingCodeResultSchema = z.object({ coded: z.number() });
