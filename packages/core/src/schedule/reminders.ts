import type { EventReminders } from '../design/reminders.js';
import { reminderHours } from '../design/reminders.js';
import type { IsoDay, PlannedDates } from './plan.js';
import { addDays } from './plan.js';

/**
 * Follow-up states and visit reminders (spec 002 §4 "Follow-up states: not started, in progress, finished";
 * §3 "push times, push cycle, offset … enforce flag"; docs/decisions.md "Visit reminders"). The server's
 * reminder job and the schedule screens read them from here.
 */

export const FOLLOW_UP_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'FINISHED'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/** Panel statuses past data entry (core records/panel-status.ts): entered completely, or marked not checked. */
const FINISHED_PANEL_STATUSES: readonly string[] = ['COMPLETED', 'VERIFIED', 'REVIEWED', 'FROZEN', 'SIGNED', 'LOCKED', 'NOT_CHECKED'];

/**
 * A visit's follow-up state:
 * - NOT_STARTED: no actual date and no panel holding data;
 * - FINISHED: every panel of the visit is past entry (completed or beyond, or not checked), or a visit
 *   without panels has its actual date;
 * - IN_PROGRESS: anything between (an actual date with panels still empty, or a panel still incomplete).
 */
export function visitFollowUpState(visit: { actualDate: IsoDay | null; panelStatuses: readonly string[] }): FollowUpState {
  const entered = visit.panelStatuses.some((status) => status !== 'EXPIRED');
  if (visit.actualDate === null && !entered) return 'NOT_STARTED';
  if (visit.panelStatuses.length === 0) return 'FINISHED';
  return visit.panelStatuses.every((status) => FINISHED_PANEL_STATUSES.includes(status)) ? 'FINISHED' : 'IN_PROGRESS';
}

/** Subject statuses that end follow-up: screening failed, completed or quit (core subjects/status.ts). */
const FOLLOW_UP_ENDED: readonly string[] = ['SCREEN_FAILURE', 'TEST_FIX', 'TEST_EXIT'];

/**
 * A subject's follow-up state: FINISHED once the subject failed screening, completed or quit the study, or
 * every planned visit is finished; NOT_STARTED while no visit is started; IN_PROGRESS otherwise. Visits
 * without a plan (logs, unscheduled visits) count towards starting, never towards finishing.
 */
export function subjectFollowUpState(subjectStatus: string, visits: readonly { plannedDate: IsoDay | null; state: FollowUpState }[]): FollowUpState {
  if (FOLLOW_UP_ENDED.includes(subjectStatus)) return 'FINISHED';
  if (visits.every((visit) => visit.state === 'NOT_STARTED')) return 'NOT_STARTED';
  const planned = visits.filter((visit) => visit.plannedDate !== null);
  return planned.length > 0 && planned.every((visit) => visit.state === 'FINISHED') ? 'FINISHED' : 'IN_PROGRESS';
}

/** Who a reminder went to: the subject, or staff told the visit is due or overdue. */
export const REMINDER_AUDIENCES = ['subject', 'staff.due', 'staff.overdue'] as const;
export type ReminderAudience = (typeof REMINDER_AUDIENCES)[number];

/** What the reminder rules read of one visit. */
export interface ReminderVisit extends PlannedDates {
  actualDate: IsoDay | null;
  state: FollowUpState;
}

/** The day the visit falls due: its planned day less the offset; null without a plan. */
export function dueDay(visit: Pick<PlannedDates, 'plannedDate'>, reminders: Pick<EventReminders, 'offsetDays'>): IsoDay | null {
  return visit.plannedDate === null ? null : addDays(visit.plannedDate, -reminders.offsetDays);
}

/** The days of the subject's reminders: the first on the due day, the next ones `cycleDays` apart, `times` in all. */
export function pushDays(visit: Pick<PlannedDates, 'plannedDate'>, reminders: Pick<EventReminders, 'offsetDays' | 'push'>): IsoDay[] {
  const first = dueDay(visit, reminders);
  if (first === null) return [];
  return Array.from({ length: reminders.push.times }, (_, index) => addDays(first, index * reminders.push.cycleDays));
}

/**
 * Whether the subject is still reminded of the visit on `today`: without `enforce`, while nothing was done
 * (no actual date, no data) and the window is open or yet to open; with it, until the visit is finished,
 * past the window too.
 */
export function subjectRemindable(visit: ReminderVisit, reminders: Pick<EventReminders, 'enforce'>, today: IsoDay): boolean {
  if (reminders.enforce) return visit.state !== 'FINISHED';
  return visit.state === 'NOT_STARTED' && visit.windowEnd !== null && today <= visit.windowEnd;
}

/**
 * The subject reminder due at a daily hour of `today`, given the sequence numbers (1 = first) already
 * recorded: the latest reminder whose day has come, unless it or a later one was recorded. Earlier ones
 * that were never sent (the server was down on their day) are `skipped`: a subject gets one message, not a
 * backlog. Null when nothing is due.
 */
export function dueSubjectReminder(
  visit: ReminderVisit,
  reminders: EventReminders,
  today: IsoDay,
  recorded: ReadonlySet<number>,
): { sequence: number; day: IsoDay; skipped: number[] } | null {
  if (!reminders.push.enabled || !subjectRemindable(visit, reminders, today)) return null;
  const days = pushDays(visit, reminders);
  let latest = 0;
  days.forEach((day, index) => {
    if (day <= today) latest = index + 1;
  });
  if (latest === 0 || [...recorded].some((sequence) => sequence >= latest)) return null;
  const skipped: number[] = [];
  for (let sequence = 1; sequence < latest; sequence += 1) if (!recorded.has(sequence)) skipped.push(sequence);
  return { sequence: latest, day: days[latest - 1] as IsoDay, skipped };
}

/**
 * Staff notices due on `today` (each is sent once per visit; the caller leaves out those recorded):
 * `staff.due` from the due day while the visit is not started and its window has not closed;
 * `staff.overdue` once the window closed with no actual date and nothing entered.
 */
export function dueStaffNotices(visit: ReminderVisit, reminders: EventReminders, today: IsoDay): ('staff.due' | 'staff.overdue')[] {
  const due = dueDay(visit, reminders);
  if (!reminders.notify.enabled || due === null || visit.windowEnd === null || visit.state !== 'NOT_STARTED' || visit.actualDate !== null) return [];
  if (today > visit.windowEnd) return ['staff.overdue'];
  return today >= due ? ['staff.due'] : [];
}

/** Whether an hour of the day is one of the audience's daily hours (the defaults when none are set). */
export function isReminderHour(hours: readonly number[], hour: number): boolean {
  return reminderHours(hours).includes(hour);
}
