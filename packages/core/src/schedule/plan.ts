import { DEFAULT_TIME_ZONE, localDate } from '../dashboard/time-filter.js';
import type { EventType } from '../design/events.js';

/**
 * The visit schedule of a subject (spec 002 §3 "Schedule fields": planned start date, actual start date,
 * offset; docs/decisions.md "Visit schedule"). Dates are calendar days written `YYYY-MM-DD`; arithmetic is on
 * whole days in UTC, so no daylight-saving change or leap year shifts a day.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether the text is a real calendar day (`2025-02-29` is not). */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dayNumber(day: IsoDay): number {
  if (!isIsoDay(day)) throw new RangeError(`not a calendar day: ${day}`);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

function fromDayNumber(value: number): IsoDay {
  return new Date(value * DAY_MS).toISOString().slice(0, 10);
}

/** The day `days` after (negative: before) `day`. */
export function addDays(day: IsoDay, days: number): IsoDay {
  return fromDayNumber(dayNumber(day) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The calendar day of a moment in a time zone (an IANA name), by default the study's zone: the day a subject
 * was added (docs/decisions.md "Visit schedule"). "Today" is time/study-day.ts `studyToday`.
 */
export function calendarDay(moment: Date, timeZone: string = DEFAULT_TIME_ZONE): IsoDay {
  const date = localDate(moment, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.year).padStart(4, '0')}-${pad(date.month)}-${pad(date.day)}`;
}

/** What planning reads of a design event (publishing's snapshot event has these fields). */
export interface PlannableEvent {
  id: number;
  type: EventType;
  sort: number;
  offsetDays: number | null;
  windowBefore: number;
  windowAfter: number;
  repeatable: boolean;
}

export interface PlannedDates {
  plannedDate: IsoDay | null;
  windowStart: IsoDay | null;
  windowEnd: IsoDay | null;
}

export const NO_PLAN: PlannedDates = { plannedDate: null, windowStart: null, windowEnd: null };

/**
 * The day offsets count from (day 0, the baseline visit; docs/decisions.md "Visit schedule"): the actual
 * date of the baseline visit once recorded, else the subject's informed-consent date, else the day the
 * subject was added.
 */
export function scheduleAnchor(input: { baselineActual?: IsoDay | null; consentDate: IsoDay | null; createdDay: IsoDay }): IsoDay {
  return input.baselineActual ?? input.consentDate ?? input.createdDay;
}

/** Planned day = anchor + offset; window = [planned − before, planned + after]; no offset, no plan. */
export function planEvent(event: Pick<PlannableEvent, 'offsetDays' | 'windowBefore' | 'windowAfter'>, anchor: IsoDay): PlannedDates {
  if (event.offsetDays === null) return NO_PLAN;
  const plannedDate = addDays(anchor, event.offsetDays);
  return { plannedDate, windowStart: addDays(plannedDate, -event.windowBefore), windowEnd: addDays(plannedDate, event.windowAfter) };
}

/** Events in design order (sort, then id). */
export function sortEvents<E extends Pick<PlannableEvent, 'id' | 'sort'>>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/**
 * Whether a subject gets an instance of the event when added: every event but unscheduled visits, which are
 * added when they happen. A repeatable event starts with its first instance; a log event has one instance
 * whose panels take entries (docs/decisions.md "Visit schedule").
 */
export function instantiatedAtStart(event: Pick<PlannableEvent, 'type'>): boolean {
  return event.type !== 'UNSCHEDULED';
}

/** The first instances of a new subject's schedule: events in design order with their planned dates. */
export function planSchedule<E extends PlannableEvent>(events: readonly E[], anchor: IsoDay): (PlannedDates & { event: E })[] {
  return sortEvents(events)
    .filter(instantiatedAtStart)
    .map((event) => ({ event, ...planEvent(event, anchor) }));
}

/**
 * Where a visit stands against its window (spec 002 §3 planned and actual start date):
 * - NOT_DUE: not done, the window has not opened yet;
 * - DUE: not done, today lies in the window;
 * - OVERDUE: not done, the window closed and nothing was entered;
 * - STARTED: data entered but no actual date recorded (no plan, or the window closed);
 * - IN_WINDOW: the actual date lies in the window;
 * - OUT_OF_WINDOW: the actual date lies outside the window (a warning, never a refusal);
 * - DONE: an actual date on a visit without a plan (unscheduled, log);
 * - UNPLANNED: no plan, no actual date, nothing entered.
 */
export const VISIT_WINDOW_STATUSES = ['NOT_DUE', 'DUE', 'OVERDUE', 'STARTED', 'IN_WINDOW', 'OUT_OF_WINDOW', 'DONE', 'UNPLANNED'] as const;
export type VisitWindowStatus = (typeof VISIT_WINDOW_STATUSES)[number];

/** Whether a day lies in the window (both ends included). */
export function inWindow(day: IsoDay, plan: Pick<PlannedDates, 'windowStart' | 'windowEnd'>): boolean {
  return (plan.windowStart === null || day >= plan.windowStart) && (plan.windowEnd === null || day <= plan.windowEnd);
}

export function visitWindowStatus(visit: PlannedDates & { actualDate: IsoDay | null; hasData: boolean }, today: IsoDay): VisitWindowStatus {
  if (visit.actualDate !== null) {
    if (visit.plannedDate === null) return 'DONE';
    return inWindow(visit.actualDate, visit) ? 'IN_WINDOW' : 'OUT_OF_WINDOW';
  }
  if (visit.plannedDate === null) return visit.hasData ? 'STARTED' : 'UNPLANNED';
  if (visit.windowStart !== null && today < visit.windowStart) return 'NOT_DUE';
  if (visit.windowEnd === null || today <= visit.windowEnd) return 'DUE';
  return visit.hasData ? 'STARTED' : 'OVERDUE';
}

/** Whether an actual date lies outside the visit's window: the warning of setting a visit's date. */
export function actualOutsideWindow(plan: PlannedDates, actualDate: IsoDay): boolean {
  return plan.plannedDate !== null && !inWindow(actualDate, plan);
}

/** Days of the task summary's "this week": today and the six days after it. */
export const TASK_WEEK_DAYS = 7;

/** Subjects whose visits are no longer tasks: screening failed, completed, quit, deleted. */
export const TASK_CLOSED_SUBJECT_STATUSES = ['SCREEN_FAILURE', 'TEST_FIX', 'TEST_EXIT', 'DEL'] as const;

/** The last day of the task week that starts today. */
export function taskBounds(today: IsoDay): { today: IsoDay; weekEnd: IsoDay } {
  return { today, weekEnd: addDays(today, TASK_WEEK_DAYS - 1) };
}

/**
 * The task summary's buckets of one open visit (a planned visit with no actual date and nothing entered, of
 * a subject still in the study), by its window against today (docs/decisions.md "Visit schedule"):
 * - dueToday: today lies in the window;
 * - dueThisWeek: the window is open at some day of the week starting today (dueToday visits included);
 * - overdue: the window closed before today;
 * - upcoming: the window opens after the week.
 * overdue, dueThisWeek and upcoming split the open visits; a visit that is not open is in none.
 */
export function taskBucketsOf(visit: PlannedDates & { actualDate: IsoDay | null; hasData: boolean }, today: IsoDay): ('dueToday' | 'dueThisWeek' | 'overdue' | 'upcoming')[] {
  if (visit.plannedDate === null || visit.windowStart === null || visit.windowEnd === null || visit.actualDate !== null || visit.hasData) return [];
  const { weekEnd } = taskBounds(today);
  if (visit.windowEnd < today) return ['overdue'];
  if (visit.windowStart > weekEnd) return ['upcoming'];
  return visit.windowStart <= today ? ['dueToday', 'dueThisWeek'] : ['dueThisWeek'];
}
