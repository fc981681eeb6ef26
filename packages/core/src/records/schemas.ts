import { z } from 'zod';
import { panelSchema } from '../panels/schema.js';
import { dbId, dbInt, multilineText, queryId, rawText } from '../validation/text.js';
import { FIELD_STATUSES, INACTIVE_TYPES } from './field-state.js';
import { PANEL_STATUSES } from './panel-status.js';
import { CHANGE_REASON_CODES, CHANGE_REASON_TEXT_MAX } from './reasons.js';

/** Most fields (plain fields and table cells) one save may carry. */
export const RECORD_VALUES_MAX = 20_000;

const id = dbId();

export const recordPanelParamsSchema = z.strictObject({ panelInstanceId: queryId() });
export const recordPanelQuerySchema = z.strictObject({ panelInstanceId: queryId() });

/** A field's workflow state as the entry page shows it (spec 002 §3 "submitted value entry"). */
export const recordFieldStateSchema = z.object({
  status: z.enum(FIELD_STATUSES),
  frozen: z.boolean(),
  inactiveType: z.enum(INACTIVE_TYPES).nullable(),
  /** Saved before: changing it needs a reason (COMPLIANCE AT-2). */
  saved: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type RecordFieldState = z.infer<typeof recordFieldStateSchema>;

export const recordRightsSchema = z.object({
  view: z.boolean(),
  enter: z.boolean(),
  verify: z.boolean(),
  review: z.boolean(),
  sign: z.boolean(),
  lock: z.boolean(),
  freeze: z.boolean(),
  raiseQuery: z.boolean(),
  answerQuery: z.boolean(),
  handleAllQuery: z.boolean(),
  /** Entering is allowed now: the right, and a project status that lets records be edited. */
  editable: z.boolean(),
});
export type RecordRights = z.infer<typeof recordRightsSchema>;

/** One panel instance as the entry page needs it (docs/decisions.md, "Panel entry"). */
export const recordPanelSchema = z.object({
  panelInstanceId: z.number(),
  subjectId: z.number(),
  siteId: z.number(),
  eventInstanceId: z.number(),
  instrumentId: z.number(),
  seq: z.number(),
  version: z.number(),
  status: z.enum(PANEL_STATUSES),
  unchecked: z.boolean(),
  firstSavedAt: z.string().nullable(),
  subject: z.object({ platformNo: z.string(), subjectCode: z.string().nullable(), initials: z.string().nullable(), status: z.string() }),
  event: z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullable(), seq: z.number() }),
  instrument: z.object({ name: z.string(), nameEn: z.string().nullable(), nameAbbr: z.string(), panel: panelSchema }),
  /** Form values: a field's value under its model, a table's rows (each with its `__rowKey`) under the table's. */
  values: z.record(z.string(), z.unknown()),
  /** Workflow state by field path (core records/paths.ts); a path without an entry was never stored. */
  fields: z.record(z.string(), recordFieldStateSchema),
  /** Open and answered queries by field path. */
  openQueries: z.record(z.string(), z.number()),
  signatures: z.object({ active: z.number(), lastSignedAt: z.string().nullable(), lastSigner: z.string().nullable() }),
  flags: z.object({ panelAutoCover: z.boolean(), panelAutoSwitch: z.boolean() }),
  rights: recordRightsSchema,
  /** The visit's panel instances in order, for switching to the next one after a save. */
  visitPanels: z.array(z.object({ panelInstanceId: z.number(), name: z.string(), nameEn: z.string().nullable(), status: z.enum(PANEL_STATUSES) })),
});
export type RecordPanel = z.infer<typeof recordPanelSchema>;

export const changeReasonSchema = z.strictObject({
  code: z.enum(CHANGE_REASON_CODES),
  text: multilineText().max(CHANGE_REASON_TEXT_MAX).nullish(),
});
export type ChangeReason = z.infer<typeof changeReasonSchema>;

/** A model or field path as a key: no control characters (a NUL never reaches the database). */
const pathKey = () => rawText().max(300);
const valuesSchema = z.record(pathKey(), z.unknown()).refine((values) => Object.keys(values).length <= RECORD_VALUES_MAX, { message: 'too_many' });

/** A save of a panel instance: the version it was read at, every value of the form, reasons by changed path. */
export const saveRecordPanelSchema = z.strictObject({
  panelInstanceId: id,
  version: dbInt().min(0),
  values: valuesSchema,
  reasons: z.record(pathKey(), changeReasonSchema).default({}),
  /** Spec 002 §5: the panel is marked unchecked (not done); it then may hold no values. */
  unchecked: z.boolean().optional(),
});
export type SaveRecordPanelRequest = z.input<typeof saveRecordPanelSchema>;

/** One other instance of the same instrument of the same subject to copy from. */
export const copySourceSchema = z.object({
  panelInstanceId: z.number(),
  eventName: z.string(),
  eventNameEn: z.string().nullable(),
  eventSeq: z.number(),
  seq: z.number(),
  status: z.enum(PANEL_STATUSES),
  firstSavedAt: z.string().nullable(),
});
export type CopySource = z.infer<typeof copySourceSchema>;

export const copyRecordPanelSchema = z.strictObject({
  panelInstanceId: id,
  sourcePanelInstanceId: id,
  version: dbInt().min(0),
  /** The reason for every saved value the copy overwrites (COMPLIANCE AT-2). */
  reason: changeReasonSchema.optional(),
});
export type CopyRecordPanelRequest = z.input<typeof copyRecordPanelSchema>;

/** What the query dialog of a panel instance needs (spec 002 §7 prepareForQuery): its fields and their queries. */
export const prepareForQuerySchema = z.object({
  panelInstanceId: z.number(),
  version: z.number(),
  fields: z.array(
    z.object({
      path: z.string(),
      label: z.string(),
      labelEn: z.string().nullable(),
      status: z.enum(FIELD_STATUSES),
      frozen: z.boolean(),
      inactiveType: z.enum(INACTIVE_TYPES).nullable(),
      value: z.unknown(),
      /** Spec 002 §4: a query cannot be raised on a locked field. */
      queryable: z.boolean(),
      queries: z.array(z.object({ id: z.number(), status: z.string(), content: z.string(), contentEn: z.string().nullable(), raisedAt: z.string() })),
    }),
  ),
});
export type PrepareForQuery = z.infer<typeof prepareForQuerySchema>;

/** A refused stale save: who changed which fields since the version the caller read (params of record.stale). */
export const staleChangeSchema = z.object({ path: z.string(), by: z.string().nullable(), at: z.string() });
export type StaleChange = z.infer<typeof staleChangeSchema>;
