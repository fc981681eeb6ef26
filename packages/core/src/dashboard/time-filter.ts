/**
 * The dashboard's time filters (spec 002 §9: "all, today, this week, this month, this year") and where each
 * period starts. A period starts at local midnight in a named time zone; the dashboard names the study's zone,
 * so its "today" is the schedule's wherever the server or the user is (docs/decisions.md "The study's day").
 * Weeks start on Monday (ISO 8601, as in China).
 */
export const DASHBOARD_TIME_FILTERS = ['all', 'today', 'week', 'month', 'year'] as const;
export type DashboardTimeFilter = (typeof DASHBOARD_TIME_FILTERS)[number];

/** The zone used when a caller names none: the platform's home zone (China Standard Time, no daylight saving). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Whether the runtime knows this IANA time-zone name. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface LocalDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** The hour (0 to 23) of an instant on a zone's wall clock. */
export function localHour(instant: Date, timeZone: string): number {
  return new Date(wallClock(instant.getTime(), timeZone)).getUTCHours();
}

/** The calendar date of an instant in a zone. */
export function localDate(instant: Date, timeZone: string): LocalDate {
  const wall = new Date(wallClock(instant.getTime(), timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The instant of local midnight starting a date in a zone. Found by correcting a first guess with the zone's
 * offset twice, which settles across daylight-saving changes; where midnight itself is skipped (a few zones
 * move their clocks at midnight) the day starts at the first local time that exists.
 */
export function startOfLocalDate(date: LocalDate, timeZone: string): Date {
  const target = Date.UTC(date.year, date.month - 1, date.day);
  let instant = target;
  for (let i = 0; i < 3; i += 1) {
    const next = target - (wallClock(instant, timeZone) - instant);
    if (next === instant) break;
    instant = next;
  }
  // A skipped midnight: the guess lands on the previous day's last hour; the day starts when it exists.
  if (wallClock(instant, timeZone) < target) {
    while (wallClock(instant, timeZone) < target) instant += 15 * 60_000;
  }
  return new Date(instant);
}

/** Days back from a date to its week's Monday. */
function daysSinceMonday(date: LocalDate): number {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return (weekday + 6) % 7;
}

/** The first local date of the filter's period containing `today`. */
export function periodFirstDate(filter: Exclude<DashboardTimeFilter, 'all'>, today: LocalDate): LocalDate {
  switch (filter) {
    case 'today':
      return today;
    case 'week': {
      const monday = new Date(Date.UTC(today.year, today.month - 1, today.day - daysSinceMonday(today)));
      return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() };
    }
    case 'month':
      return { year: today.year, month: today.month, day: 1 };
    case 'year':
      return { year: today.year, month: 1, day: 1 };
  }
}

/**
 * Where the filter's period starts, as an instant: local midnight of today, of this week's Monday, of the
 * first of this month or of the first of January, in `timeZone`; null for "all" (no lower bound). The
 * period runs to now.
 */
export function periodStart(filter: DashboardTimeFilter, now: Date, timeZone: string): Date | null {
  if (filter === 'all') return null;
  return startOfLocalDate(periodFirstDate(filter, localDate(now, timeZone)), timeZone);
}
