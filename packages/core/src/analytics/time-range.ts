import type { DashboardTimeFilter } from '../dashboard/time-filter.js';
import { localDate, periodFirstDate, periodStart } from '../dashboard/time-filter.js';
import { STUDY_TIME_ZONE, studyToday } from '../time/study-day.js';

export interface AnalyticsRange {
  /** The zone the period is counted in: the study's (docs/decisions.md "The study's day"). */
  timeZone: string;
  /** The period's first instant; null for "all". */
  since: Date | null;
  /** The period's first date `YYYY-MM-DD`; null for "all". */
  firstDate: string | null;
  /** The study's today, the last date of every time axis. */
  today: string;
}

const iso = (date: { year: number; month: number; day: number }) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/**
 * The period of a time filter at `now` (spec 002 §9: all, today, this week, this month, this year), in the
 * study's zone like the dashboard's: it starts at the study's midnight and runs to now.
 */
export function analyticsRange(filter: DashboardTimeFilter, now: Date, timeZone: string = STUDY_TIME_ZONE): AnalyticsRange {
  return {
    timeZone,
    since: periodStart(filter, now, timeZone),
    firstDate: filter === 'all' ? null : iso(periodFirstDate(filter, localDate(now, timeZone))),
    today: studyToday(now, timeZone),
  };
}
