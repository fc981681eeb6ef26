import type { FormulaValue } from './ast.js';

/**
 * Dates in formulas are texts (docs/formulas.md, "Dates"). They are read as calendar dates and times with
 * no time zone, counted in UTC milliseconds, so a daylight-saving change never shifts a difference by an hour
 * and the browser and the server agree.
 */

/** The order of day, month and year in a date such as 03-04-2024 (REDCap's optional datediff argument). */
export type DateOrder = 'ymd' | 'dmy' | 'mdy';

const DAY_MS = 86_400_000;

/** REDCap's definitions: a year is 365.2425 days and a month 30.44 days, so differences are fractional. */
export const DATEDIFF_UNITS = {
  y: 365.2425 * DAY_MS,
  M: 30.44 * DAY_MS,
  d: DAY_MS,
  h: 3_600_000,
  m: 60_000,
  s: 1000,
} as const;
export type DatediffUnit = keyof typeof DATEDIFF_UNITS;

const UNIT_WORDS: Record<string, DatediffUnit> = {
  year: 'y',
  years: 'y',
  month: 'M',
  months: 'M',
  day: 'd',
  days: 'd',
  hour: 'h',
  hours: 'h',
  minute: 'm',
  minutes: 'm',
  second: 's',
  seconds: 's',
};

/**
 * The unit of `datediff`: REDCap's letters, where `M` is months and `m` minutes, or a word such as 'years'.
 * The other letters are accepted in either case.
 */
export function parseDatediffUnit(unit: string): DatediffUnit | null {
  const trimmed = unit.trim();
  if (trimmed === 'M' || trimmed === 'm') return trimmed;
  const lower = trimmed.toLowerCase();
  if (lower === 'y' || lower === 'd' || lower === 'h' || lower === 's') return lower;
  return UNIT_WORDS[lower] ?? null;
}

const YEAR_FIRST = /^(\d{4})[-/](\d{1,2})(?:[-/](\d{1,2}))?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z)?$/;
const YEAR_LAST = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Milliseconds since 1970-01-01 of a date, date-time or time text, or null when it is not one. Accepted:
 * YYYY-MM-DD, YYYY-MM (the first of the month), DD-MM-YYYY (MM-DD-YYYY with order 'mdy'), each optionally
 * followed by HH:mm or HH:mm:ss; and a time alone (HH:mm, HH:mm:ss), counted from midnight.
 */
export function parseDateTime(value: FormulaValue, order: DateOrder = 'ymd'): number | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return build(yearFirst[1], yearFirst[2], yearFirst[3] ?? '1', yearFirst[4], yearFirst[5], yearFirst[6]);
  const yearLast = YEAR_LAST.exec(text);
  if (yearLast) {
    const [day, month] = order === 'mdy' ? [yearLast[2], yearLast[1]] : [yearLast[1], yearLast[2]];
    return build(yearLast[3], month, day, yearLast[4], yearLast[5], yearLast[6]);
  }
  const time = TIME_ONLY.exec(text);
  if (time) return build('1970', '1', '1', time[1], time[2], time[3]);
  return null;
}

function build(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
): number | null {
  const parts = [year, month, day, hour ?? '0', minute ?? '0', second ?? '0'].map(Number);
  const [y = NaN, mo = NaN, d = NaN, h = NaN, mi = NaN, s = NaN] = parts;
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const time = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(time);
  // Date.UTC rolls 2023-02-30 over to March; a date that does not exist is not a date.
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return time;
}

/** `to - from` in the unit, fractional as in REDCap. */
export function dateDifference(from: number, to: number, unit: DatediffUnit): number {
  return (to - from) / DATEDIFF_UNITS[unit];
}

/** Whole years from birth to the reference date: the birthday must have been reached (spec: age in years). */
export function ageInYears(birth: number, reference: number): number | null {
  const b = new Date(birth);
  const r = new Date(reference);
  let years = r.getUTCFullYear() - b.getUTCFullYear();
  const monthDiff = r.getUTCMonth() - b.getUTCMonth();
  if (monthDiff < 0 || (monthDiff === 0 && r.getUTCDate() < b.getUTCDate())) years -= 1;
  return years < 0 ? null : years;
}
