import { DEFAULT_TIME_ZONE, localHour } from '../dashboard/time-filter.js';
import type { IsoDay } from '../schedule/plan.js';
import { calendarDay } from '../schedule/plan.js';
import { safeText } from '../validation/text.js';

/**
 * The zone whose calendar says which day it is in a study: the sites' local day, China Standard Time (no
 * daylight saving), the platform's home zone. Neither the server's zone nor the user's browser decides it,
 * so a value checked against "today" when a panel is saved and the schedule's window status agree, and a
 * monitor abroad sees the same visits due today as the site (docs/decisions.md "The study's day").
 */
export const STUDY_TIME_ZONE: string = DEFAULT_TIME_ZONE;

/**
 * The study's "today" at `now`: the calendar day in the study's zone, `YYYY-MM-DD`. Every "today" of the
 * platform comes from here: formulas' `today()` and the panel status when a panel is saved, the latest
 * allowed actual visit date and birth date, the schedule's window status and task buckets, and the
 * dashboard's periods. `now` comes from the caller's clock, never from a global.
 */
export function studyToday(now: Date, zone: string = STUDY_TIME_ZONE): IsoDay {
  return calendarDay(now, zone);
}

/** The study's hour of the day at `now` (0 to 23): the daily hours of visit reminders are the study's. */
export function studyHour(now: Date, zone: string = STUDY_TIME_ZONE): number {
  return localHour(now, zone);
}

/**
 * The `timeZone` that older browsers send with the schedule and dashboard calls, from when their zone chose
 * the day. Call schemas refuse unknown keys, so it stays accepted lest those browsers break, like the fields
 * the original client sends with an upload; it is neither checked as a zone nor passed on, as the study's
 * zone alone decides the day.
 */
export function ignoredTimeZone() {
  return safeText()
    .max(64)
    .optional()
    .transform((): undefined => undefined);
}
