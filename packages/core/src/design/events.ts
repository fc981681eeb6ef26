import { z } from 'zod';
import { instrumentSchema } from './instruments.js';
import { eventRemindersSchema } from './reminders.js';
import { dbId, dbInt, queryId, safeText } from '../validation/text.js';

/** Events (visits) of a project and the event × instrument matrix that assigns panels to visits. */
export const EVENT_TYPES = ['SCREENING', 'BASELINE', 'TREATMENT', 'FOLLOW_UP', 'UNSCHEDULED', 'LOG'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_NAME_MAX = 128;
/** Widest visit window and furthest planned offset, in days (ten years). */
export const EVENT_WINDOW_MAX_DAYS = 3650;
export const EVENT_OFFSET_MAX_DAYS = 3650;
/** Most cells one matrix save may carry. */
export const MATRIX_CELLS_MAX = 20_000;

/**
 * Unscheduled visits and logs (adverse events, concomitant medication) happen whenever they happen, so they
 * have no planned day and no window.
 */
export function eventHasSchedule(type: EventType): boolean {
  return type !== 'UNSCHEDULED' && type !== 'LOG';
}

const id = dbId();
const idParam = queryId();
const windowDays = dbInt().min(0).max(EVENT_WINDOW_MAX_DAYS);

export const eventSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  type: z.enum(EVENT_TYPES),
  sort: z.number(),
  /** Planned day relative to baseline (negative before it); null for unscheduled visits and logs. */
  offsetDays: z.number().nullable(),
  windowBefore: z.number(),
  windowAfter: z.number(),
  repeatable: z.boolean(),
  /** The instruments assigned to the event in the matrix, in instrument order. */
  instrumentIds: z.array(z.number()),
  /** Notify and push settings (design/reminders.ts); null: no reminders. */
  reminders: eventRemindersSchema.nullable(),
});
export type DesignEvent = z.infer<typeof eventSchema>;

/**
 * The schedule rules (unscheduled visits and logs have no day or window, baseline is day 0) are checked by
 * `eventScheduleProblem`, which the server calls so each refusal carries its own message.
 */
export const saveEventSchema = z.strictObject({
  projectId: id,
  id: id.optional(),
  name: safeText().min(1).max(EVENT_NAME_MAX),
  nameEn: safeText().max(EVENT_NAME_MAX).nullish(),
  type: z.enum(EVENT_TYPES),
  offsetDays: dbInt().min(-EVENT_OFFSET_MAX_DAYS).max(EVENT_OFFSET_MAX_DAYS).nullish(),
  windowBefore: windowDays.optional(),
  windowAfter: windowDays.optional(),
  repeatable: z.boolean().optional(),
  /** Left out: unchanged; null: no reminders. */
  reminders: eventRemindersSchema.nullish(),
});
export type SaveEventRequest = z.infer<typeof saveEventSchema>;

/**
 * Which schedule rule an event breaks, or null: web and server show the same refusal. Reminders count from
 * the planned day, so an event without one (unscheduled, log, or no offset) has none (docs/decisions.md
 * "Visit reminders").
 */
export function eventScheduleProblem(
  event: Pick<SaveEventRequest, 'type' | 'offsetDays' | 'windowBefore' | 'windowAfter'> & { reminders?: unknown },
): 'unscheduled' | 'baseline' | 'reminders' | null {
  if (!eventHasSchedule(event.type) && (event.offsetDays != null || Boolean(event.windowBefore) || Boolean(event.windowAfter))) return 'unscheduled';
  if (event.type === 'BASELINE' && event.offsetDays != null && event.offsetDays !== 0) return 'baseline';
  if (event.reminders != null && (!eventHasSchedule(event.type) || event.offsetDays == null)) return 'reminders';
  return null;
}

export const eventRefSchema = z.strictObject({ projectId: id, id });
export const sortEventsSchema = z.strictObject({ projectId: id, ids: z.array(id).min(1).max(1000) });
export const eventProjectParamsSchema = z.strictObject({ projectId: idParam });

export const matrixCellSchema = z.strictObject({ eventId: id, instrumentId: id });
export type MatrixCell = z.infer<typeof matrixCellSchema>;

export const saveMatrixSchema = z.strictObject({ projectId: id, cells: z.array(matrixCellSchema).max(MATRIX_CELLS_MAX) });
export type SaveMatrixRequest = z.infer<typeof saveMatrixSchema>;

export const eventMatrixSchema = z.object({
  events: z.array(eventSchema),
  instruments: z.array(instrumentSchema),
  cells: z.array(z.object({ eventId: z.number(), instrumentId: z.number() })),
});
export type EventMatrix = z.infer<typeof eventMatrixSchema>;
