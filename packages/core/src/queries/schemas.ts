import { z } from 'zod';
import { dbId, multilineText, queryId, queryInt, safeText } from '../validation/text.js';
import { QUERY_AGE_GROUPS } from './age.js';
import { QUERY_ACTIONS, QUERY_STATUSES, QUERY_USER_ACTIONS } from './rules.js';
import { knownTimeZone } from './time.js';

/** Longest query text or comment, in characters. */
export const QUERY_TEXT_MAX = 2000;
/** Longest field path (core records/paths.ts). */
export const FIELD_PATH_MAX = 200;

const queryText = () => multilineText().trim().max(QUERY_TEXT_MAX);
const fieldPathText = () => safeText().min(1).max(FIELD_PATH_MAX);
const timeZone = () => safeText().max(64).refine(knownTimeZone, { message: 'time_zone' });
/** An instant with its offset, as the browser sends a range bound (`2026-03-01T00:00:00+08:00`). */
const instant = () => z.iso.datetime({ offset: true });

/** Raise a query on one field (spec 002 §3 "Query": content and contentEn; the raiser writes one or both). */
export const raiseQuerySchema = z.strictObject({
  panelInstanceId: dbId(),
  path: fieldPathText(),
  content: queryText().optional(),
  contentEn: queryText().optional(),
});
export type RaiseQueryRequest = z.infer<typeof raiseQuerySchema>;

/** Answer a query: the answer is required. */
export const answerQuerySchema = z.strictObject({ id: dbId(), comment: queryText().min(1) });
/** Close or cancel a query, with an optional comment. */
export const settleQuerySchema = z.strictObject({ id: dbId(), comment: queryText().optional() });
export type QueryCommentRequest = z.infer<typeof settleQuerySchema>;

export const queryIdQuerySchema = z.strictObject({ id: queryId() });
export const panelQueriesQuerySchema = z.strictObject({ panelInstanceId: queryId(), path: fieldPathText().optional() });
export const fieldRefQuerySchema = z.strictObject({ panelInstanceId: queryId(), path: fieldPathText() });
export type FieldRefQuery = z.infer<typeof fieldRefQuerySchema>;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const paging = {
  pageNo: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(200).default(20),
};
const exportOptions = {
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  /** The zone the exported times are written in (COMPLIANCE TS-2); UTC when absent. */
  timeZone: timeZone().optional(),
};

/** Filters of the query management list (spec 002 §2 "query management"). */
const queryFilters = {
  siteId: queryId().optional(),
  status: z.enum(QUERY_STATUSES).optional(),
  /** The visit (an event of the design). */
  eventId: queryId().optional(),
  /** The panel (an instrument of the design). */
  instrumentId: queryId().optional(),
  subjectId: queryId().optional(),
  /** Part of a subject's platform number or subject code. */
  subject: safeText().max(64).optional(),
  age: z.enum(QUERY_AGE_GROUPS).optional(),
};
export const queryListQuerySchema = z.strictObject({ ...queryFilters, ...paging });
export type QueryListQuery = z.infer<typeof queryListQuerySchema>;
export const queryExportQuerySchema = z.strictObject({ ...queryFilters, ...exportOptions });
export type QueryExportQuery = z.infer<typeof queryExportQuerySchema>;

export const queryUserSchema = z.object({ id: z.number(), name: z.string() }).nullable();

/** A query as the API shows it, with what the caller may do with it (spec 002 §6). */
export const querySchema = z.object({
  id: z.number(),
  siteId: z.number(),
  siteName: z.string(),
  subjectId: z.number(),
  subjectLabel: z.string(),
  eventInstanceId: z.number(),
  eventName: z.string(),
  eventNameEn: z.string().nullable(),
  panelInstanceId: z.number(),
  instrumentId: z.number(),
  instrumentName: z.string(),
  instrumentNameEn: z.string().nullable(),
  path: z.string(),
  fieldLabel: z.string(),
  fieldLabelEn: z.string().nullable(),
  status: z.enum(QUERY_STATUSES),
  content: z.string(),
  contentEn: z.string().nullable(),
  raisedBy: queryUserSchema,
  raisedRole: z.string().nullable(),
  raisedAt: z.string(),
  updatedAt: z.string(),
  closedBy: queryUserSchema,
  closedAt: z.string().nullable(),
  ageDays: z.number(),
  abilities: z.array(z.enum(QUERY_USER_ACTIONS)),
});
export type Query = z.infer<typeof querySchema>;

export const queryCommentSchema = z.object({
  id: z.number(),
  action: z.enum([...QUERY_ACTIONS, 'reopen']),
  content: z.string().nullable(),
  author: queryUserSchema,
  createdAt: z.string(),
});
export type QueryComment = z.infer<typeof queryCommentSchema>;

export const queryThreadSchema = z.object({ query: querySchema, comments: z.array(queryCommentSchema) });
export type QueryThread = z.infer<typeof queryThreadSchema>;

/** The queries of one panel instance (or one of its fields), and whether the caller may raise one there. */
export const panelQueriesSchema = z.object({
  queries: z.array(querySchema),
  /** Whether the caller holds a right to raise queries (a locked field still refuses, spec 002 §4). */
  mayRaise: z.boolean(),
});
export type PanelQueries = z.infer<typeof panelQueriesSchema>;

const statusCounts = z.object(Object.fromEntries(QUERY_STATUSES.map((status) => [status, z.number()])) as Record<(typeof QUERY_STATUSES)[number], z.ZodNumber>);
const ageCounts = z.object(Object.fromEntries(QUERY_AGE_GROUPS.map((group) => [group, z.number()])) as Record<(typeof QUERY_AGE_GROUPS)[number], z.ZodNumber>);

export const queryPageSchema = z.object({
  list: z.array(querySchema),
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
  /** Queries per status under the filters other than status and age. */
  counts: statusCounts,
  /** Unclosed (OPEN and ANSWERED) queries per age group under the filters other than status and age. */
  openAges: ageCounts,
});
export type QueryPage = z.infer<typeof queryPageSchema>;

/** One audit row as the audit-trail screens show it (COMPLIANCE AT-7), with where in the study it lies. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorUsername: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  siteNameEn: z.string().nullable(),
  subjectId: z.number().nullable(),
  subjectLabel: z.string().nullable(),
  eventName: z.string().nullable(),
  eventNameEn: z.string().nullable(),
  instrumentName: z.string().nullable(),
  instrumentNameEn: z.string().nullable(),
  path: z.string().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit log of one field: its value and status changes, its queries and the signatures over it. */
export const fieldAuditSchema = z.object({ rows: z.array(auditEntrySchema) });
export type FieldAudit = z.infer<typeof fieldAuditSchema>;

/** The derived log of a formula field: its formula, the fields it reads, and the audit rows of all of them. */
export const derivedLogSchema = z.object({
  formula: z.string(),
  references: z.array(z.object({ path: z.string(), label: z.string(), labelEn: z.string().nullable() })),
  rows: z.array(auditEntrySchema),
});
export type DerivedLog = z.infer<typeof derivedLogSchema>;

/** Filters of the alteration log (spec 002 §2 "alteration log"). */
const alterationFilters = {
  siteId: queryId().optional(),
  subjectId: queryId().optional(),
  /** Part of a subject's platform number or subject code. */
  subject: safeText().max(64).optional(),
  /** The visit (an event of the design). */
  eventId: queryId().optional(),
  /** The panel (an instrument of the design). */
  instrumentId: queryId().optional(),
  userId: queryId().optional(),
  /** An action (`record.value`) or a family of them (`query.*`). */
  action: safeText().max(64).optional(),
  from: instant().optional(),
  to: instant().optional(),
};
export const alterationListQuerySchema = z.strictObject({ ...alterationFilters, ...paging });
export type AlterationListQuery = z.infer<typeof alterationListQuerySchema>;
export const alterationExportQuerySchema = z.strictObject({ ...alterationFilters, ...exportOptions });
export type AlterationExportQuery = z.infer<typeof alterationExportQuerySchema>;

export const alterationPageSchema = z.object({ list: z.array(auditEntrySchema), total: z.number(), pageNo: z.number(), pageSize: z.number() });
export type AlterationPage = z.infer<typeof alterationPageSchema>;

const named = z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullable() });
/** The choices of the query management and alteration log filters: the caller's sites, the design's visits and panels, the people who acted. */
export const queryFilterOptionsSchema = z.object({
  sites: z.array(named.extend({ code: z.string() })),
  events: z.array(named),
  instruments: z.array(named),
  users: z.array(z.object({ id: z.number(), name: z.string(), username: z.string() })),
});
export type QueryFilterOptions = z.infer<typeof queryFilterOptionsSchema>;
