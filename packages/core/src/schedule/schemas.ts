import { z } from 'zod';
import { EVENT_TYPES } from '../design/events.js';
import { ignoredTimeZone } from '../time/study-day.js';
import { dbId, queryId, queryInt, safeText } from '../validation/text.js';
import { isIsoDay, VISIT_WINDOW_STATUSES } from './plan.js';
import { FOLLOW_UP_STATES } from './reminders.js';

/**
 * Calls of the visit schedule (spec 002 §2 "visit/schedule management", "event-panel matrix", "task
 * summary"; §3 "Schedule fields"). Days are `YYYY-MM-DD`; "today" is the study's day (time/study-day.ts).
 */
const isoDay = z.string().max(10).refine(isIsoDay, { message: 'not a calendar day (YYYY-MM-DD)' });
const id = dbId();
const count = z.number().int().min(0);

/** A reason for changing a saved value (spec 002 §5 "A reason for modification must be chosen"). */
export const SCHEDULE_REASON_MAX = 500;

export const subjectScheduleParamsSchema = z.strictObject({ subjectId: queryId() });
export const subjectScheduleQuerySchema = z.strictObject({ timeZone: ignoredTimeZone() });

/** One visit (event instance) of the subject: a column of the matrix. */
export const scheduleVisitSchema = z.object({
  eventInstanceId: z.number(),
  eventId: z.number(),
  seq: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  type: z.enum(EVENT_TYPES),
  repeatable: z.boolean(),
  offsetDays: z.number().nullable(),
  plannedDate: z.string().nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  actualDate: z.string().nullable(),
  windowStatus: z.enum(VISIT_WINDOW_STATUSES),
  /** Some panel of the visit holds data (its status is not EXPIRED). */
  hasData: z.boolean(),
  /** Not started, in progress or finished (core schedule/reminders.ts `visitFollowUpState`). */
  followUp: z.enum(FOLLOW_UP_STATES),
  designVersionId: z.number(),
});
export type ScheduleVisit = z.infer<typeof scheduleVisitSchema>;

/** A form instrument: a row of the matrix. */
export const scheduleInstrumentSchema = z.object({
  instrumentId: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  nameAbbr: z.string(),
});
export type ScheduleInstrument = z.infer<typeof scheduleInstrumentSchema>;

/** A panel instance: an entry of a matrix cell (a log panel's cell holds one per entry). */
export const schedulePanelSchema = z.object({
  panelInstanceId: z.number(),
  eventInstanceId: z.number(),
  instrumentId: z.number(),
  seq: z.number(),
  /** core records/panel-status.ts PANEL_STATUSES. */
  status: z.string(),
  /** OPEN and ANSWERED queries on the panel. */
  openQueries: count,
});
export type SchedulePanel = z.infer<typeof schedulePanelSchema>;

const designEventRef = z.object({ eventId: z.number(), name: z.string(), nameEn: z.string().nullable() });

export const subjectScheduleSchema = z.object({
  subjectId: z.number(),
  siteId: z.number(),
  today: z.string(),
  /** The subject's follow-up state (core `subjectFollowUpState`). */
  followUp: z.enum(FOLLOW_UP_STATES),
  visits: z.array(scheduleVisitSchema),
  instruments: z.array(scheduleInstrumentSchema),
  panels: z.array(schedulePanelSchema),
  /** Unscheduled events of the running design, each may be added as a new visit. */
  unscheduled: z.array(designEventRef),
  /** Repeatable events of the running design, each may be repeated. */
  repeatable: z.array(designEventRef),
});
export type SubjectSchedule = z.infer<typeof subjectScheduleSchema>;

/** Sets (or with null clears) a visit's actual date; a saved date changes only with a reason. */
export const setActualDateSchema = z.strictObject({
  eventInstanceId: id,
  actualDate: isoDay.nullable(),
  reason: safeText().max(SCHEDULE_REASON_MAX).optional(),
});
export type SetActualDateRequest = z.input<typeof setActualDateSchema>;

export const setActualDateResultSchema = z.object({
  visit: scheduleVisitSchema,
  /** The actual date lies outside the visit window (saved all the same; spec 002 §3). */
  outOfWindow: z.boolean(),
  /** Visits whose planned day moved because the baseline's actual date changed. */
  replanned: count,
});
export type SetActualDateResult = z.infer<typeof setActualDateResultSchema>;

/** Adds a visit of an unscheduled event, or another instance of a repeatable event. */
export const addVisitSchema = z.strictObject({ subjectId: id, eventId: id });
export type AddVisitRequest = z.input<typeof addVisitSchema>;
/** Adds another entry of a log panel (the panel's next sequence number in the same visit). */
export const addLogEntrySchema = z.strictObject({ panelInstanceId: id });
export type AddLogEntryRequest = z.input<typeof addLogEntrySchema>;

export const addedVisitSchema = z.object({ eventInstanceId: z.number(), seq: z.number(), panelInstanceIds: z.array(z.number()) });
export type AddedVisit = z.infer<typeof addedVisitSchema>;
export const addedLogEntrySchema = z.object({ panelInstanceId: z.number(), seq: z.number() });
export type AddedLogEntry = z.infer<typeof addedLogEntrySchema>;

/** The task summary's buckets (core plan.ts `taskBounds`). */
export const TASK_BUCKETS = ['dueToday', 'dueThisWeek', 'overdue', 'upcoming'] as const;
export type TaskBucket = (typeof TASK_BUCKETS)[number];

export const taskSummaryQuerySchema = z.strictObject({ timeZone: ignoredTimeZone() });
export const taskSummarySchema = z.object({
  today: z.string(),
  weekEnd: z.string(),
  /** Per site the caller sees, in code order. */
  sites: z.array(
    z.object({
      siteId: z.number(),
      code: z.string(),
      name: z.string(),
      nameEn: z.string().nullable(),
      dueToday: count,
      dueThisWeek: count,
      overdue: count,
      upcoming: count,
    }),
  ),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const TASK_LIST_PAGE_SIZE_MAX = 200;
export const taskListQuerySchema = z.strictObject({
  bucket: z.enum(TASK_BUCKETS),
  siteId: queryId().optional(),
  /** Only visits of this event of the design. */
  eventId: queryId().optional(),
  timeZone: ignoredTimeZone(),
  page: queryInt().min(1).max(100_000).optional(),
  pageSize: queryInt().min(1).max(TASK_LIST_PAGE_SIZE_MAX).optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const visitTaskSchema = z.object({
  eventInstanceId: z.number(),
  subjectId: z.number(),
  platformNo: z.string(),
  subjectCode: z.string().nullable(),
  siteId: z.number(),
  eventId: z.number(),
  seq: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  plannedDate: z.string().nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  /** Visit records uploaded for the visit task. */
  records: count,
  /** Where the visit stands against its window today (NOT_DUE, DUE or OVERDUE for an open visit). */
  windowStatus: z.enum(VISIT_WINDOW_STATUSES),
  /** Reminders sent to the subject for this visit, and when the last one was queued. */
  reminders: count,
  lastReminderAt: z.string().nullable(),
});
export type VisitTask = z.infer<typeof visitTaskSchema>;
export const taskListSchema = z.object({ total: count, page: z.number(), pageSize: z.number(), items: z.array(visitTaskSchema) });
export type TaskList = z.infer<typeof taskListSchema>;

export const visitRecordsParamsSchema = z.strictObject({ eventInstanceId: queryId() });
/** The visit records themselves are attachments (core attachments/schemas.ts `attachmentListSchema`). */
