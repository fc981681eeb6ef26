import { z } from 'zod';
import { alterationExportQuerySchema, queryExportQuerySchema } from '../queries/schemas.js';
import { knownTimeZone } from '../queries/time.js';
import { SUBJECT_STATUSES } from '../subjects/status.js';
import { dbId, queryId, safeText } from '../validation/text.js';

/**
 * Export tasks (spec 000 §2.2 `/export/exportIndex` and the export task list; spec 002 §3 export modules and
 * the dictionary keys "data export task module/status"). An export is a background job that writes a file;
 * the task is what the caller sees of it: what was asked, how far it got, and the file once it is there.
 */

/**
 * What an export contains: the subject data report (tables, or CDISC ODM), the CRF report (every subject's
 * casebook PDF with the blank annotated CRF, in one zip), the query report and the audit report.
 */
export const EXPORT_MODULES = ['subjectData', 'crfReport', 'queryReport', 'auditReport'] as const;
export type ExportModule = (typeof EXPORT_MODULES)[number];
/** The modules written as tables (CSV or xlsx). */
export const TABULAR_EXPORT_MODULES = ['subjectData', 'queryReport', 'auditReport'] as const satisfies readonly ExportModule[];

/** The filters of the query report: those of the query management list (spec 002 §2). */
export const queryReportFiltersSchema = queryExportQuerySchema.omit({ format: true, timeZone: true });
export type QueryReportFilters = z.infer<typeof queryReportFiltersSchema>;
/** The filters of the audit report: those of the alteration log. */
export const auditReportFiltersSchema = alterationExportQuerySchema.omit({ format: true, timeZone: true });
export type AuditReportFilters = z.infer<typeof auditReportFiltersSchema>;

export const EXPORT_FILE_FORMATS = ['csv', 'xlsx', 'odm', 'pdf'] as const;
export type ExportFileFormat = (typeof EXPORT_FILE_FORMATS)[number];

/** The formats each module is written in (docs/decisions.md, "Exports"); the first is the default. */
export const EXPORT_FORMATS_OF: Record<ExportModule, readonly ExportFileFormat[]> = {
  subjectData: ['csv', 'xlsx', 'odm'],
  crfReport: ['pdf'],
  queryReport: ['csv', 'xlsx'],
  auditReport: ['csv', 'xlsx'],
};

/** ODM files: the current values (snapshot), or every change with its audit record (transactional). */
export const ODM_EXPORT_MODES = ['snapshot', 'transactional'] as const;
export type OdmExportMode = (typeof ODM_EXPORT_MODES)[number];

/** Wide: one row per subject and visit instance, one column per field. Long: one row per value. */
export const EXPORT_LAYOUTS = ['wide', 'long'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

export const EXPORT_TASK_STATUSES = ['queued', 'running', 'finished', 'failed', 'cancelled', 'expired', 'deleted'] as const;
export type ExportTaskStatus = (typeof EXPORT_TASK_STATUSES)[number];

/** A task that will not change any more, except finished → expired or deleted. */
export function isExportActive(status: ExportTaskStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** The job kind of an export. */
export const EXPORT_JOB_KIND = 'export';

const idList = (max: number) => z.array(dbId()).max(max);

/**
 * The request (spec 000 §2.2 export form). Empty or absent filters mean "all the caller may see": all their
 * sites, every visit, panel and field of the design, every subject status except deleted.
 */
export const exportRequestSchema = z.strictObject({
  module: z.enum(EXPORT_MODULES),
  /** The module's first format (EXPORT_FORMATS_OF) when left out. */
  format: z.enum(EXPORT_FILE_FORMATS).optional(),
  layout: z.enum(EXPORT_LAYOUTS).default('wide'),
  /** Format odm: a snapshot of the current values or a transactional file with the audit records. */
  odmMode: z.enum(ODM_EXPORT_MODES).default('snapshot'),
  /** The environment key; when given it must be the one the session works in. */
  env: safeText().max(32).optional(),
  siteIds: idList(1000).optional(),
  /** Event (visit) ids of the design. */
  eventIds: idList(1000).optional(),
  /** Instrument (panel) ids of the design. */
  instrumentIds: idList(1000).optional(),
  /** Field models, `ABBR.MODEL` (a table exports all its columns). */
  fields: z.array(safeText().min(1).max(200)).max(5000).optional(),
  /** Subject statuses to include. */
  statuses: z.array(z.enum(SUBJECT_STATUSES)).max(SUBJECT_STATUSES.length).optional(),
  /** With the data dictionary: a second sheet (xlsx) or a second file in a zip (csv). */
  dictionary: z.boolean().default(true),
  /** Zone of the times written in reports, as in the query export. */
  timeZone: safeText().max(64).refine(knownTimeZone, { message: 'time_zone' }).optional(),
  /** Module queryReport: the query management list's filters. */
  queryFilters: queryReportFiltersSchema.optional(),
  /** Module auditReport: the alteration log's filters. */
  auditFilters: auditReportFiltersSchema.optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;
export type ExportRequestInput = z.input<typeof exportRequestSchema>;

/** The filters as recorded on the task after the server narrowed them to the caller's scope. */
export const exportFiltersSchema = z.object({
  siteIds: z.array(z.number()),
  eventIds: z.array(z.number()).nullable(),
  instrumentIds: z.array(z.number()).nullable(),
  fields: z.array(z.string()).nullable(),
  statuses: z.array(z.string()).nullable(),
  timeZone: z.string(),
  /** The report filters of a query or audit report. */
  report: z.record(z.string(), z.unknown()).nullable().default(null),
  /** Format odm: which kind of ODM file. */
  odmMode: z.enum(ODM_EXPORT_MODES).nullable().default(null),
});
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

/** The head of the project's audit chain, sealed when the export was asked for (docs/security.md). */
export const sealedHeadSchema = z.object({
  chain: z.number(),
  lastId: z.number(),
  lastHash: z.string(),
  rowCount: z.number(),
  sealedAt: z.string(),
  keyId: z.string(),
  mac: z.string(),
});
export type ExportSealedHead = z.infer<typeof sealedHeadSchema>;

export const exportTaskSchema = z.object({
  id: z.number(),
  module: z.enum(EXPORT_MODULES),
  format: z.enum(EXPORT_FILE_FORMATS),
  layout: z.enum(EXPORT_LAYOUTS),
  env: z.string(),
  dictionary: z.boolean(),
  status: z.enum(EXPORT_TASK_STATUSES),
  progress: z.object({ done: z.number(), total: z.number() }),
  sizeBytes: z.number().nullable(),
  fileName: z.string().nullable(),
  createdBy: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  filters: exportFiltersSchema,
  sealedHead: sealedHeadSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ExportTask = z.infer<typeof exportTaskSchema>;

export const EXPORT_TASK_PAGE_MAX = 100;
export const exportTaskListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(EXPORT_TASK_PAGE_MAX).optional(),
});
export const exportTaskPageSchema = z.object({ total: z.number(), records: z.array(exportTaskSchema) });
export type ExportTaskPage = z.infer<typeof exportTaskPageSchema>;
export const exportTaskIdQuerySchema = z.strictObject({ id: queryId() });
export const exportTaskIdSchema = z.strictObject({ id: dbId() });
