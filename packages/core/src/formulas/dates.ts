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

/** A Map, so a unit written as 'constructor' or '__proto__' is unknown rather than an inherited member. */
const UNIT_WORDS: ReadonlyMap<string, DatediffUnit> = new Map([
  ['year', 'y'],
  ['years', 'y'],
  ['month', 'M'],
  ['months', 'M'],
  ['day', 'd'],
  ['days', 'd'],
  ['hour', 'h'],
  ['hours', 'h'],
  ['minute', 'm'],
  ['minutes', 'm'],
  ['second', 's'],
  ['seconds', 's'],
] as const);

/**
 * The unit of `datediff`: REDCap's letters, where `M` is months and `m` minutes, or a word such as 'years'.
 * The other letters are accepted in either case.
 */
export function parseDatediffUnit(unit: string): DatediffUnit | null {
  const trimmed = unit.trim();
  if (trimmed === 'M' || trimmed === 'm') return trimmed;
  const lower = trimmed.toLowerCase();
  if (lower === 'y' || lower === 'd' || lower === 'h' || lower === 's') return lower;
  return UNIT_WORDS.get(lower) ?? null;
}

/**
 * Three groups of one or two digits, such as '25-01-01' or '1/2/25', optionally with a time: a date whose year
 * has two digits. Which century, and which group is the year, is a guess, so formulas refuse such dates
 * (docs/formulas.md, "Dates") and the evaluator reads them as blank.
 */
const TWO_DIGIT_YEAR = /^\d{1,2}([-/])\d{1,2}\1\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;

export function hasTwoDigitYear(text: string): boolean {
  return TWO_DIGIT_YEAR.test(text.trim());
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
  const check = new Date(Date.UTC(2000, 0, 1, h, mi, s));
  // Date.UTC reads the years 0 to 99 as 1900 to 1999; setUTCFullYear takes the year as written ('0025-01-01').
  check.setUTCFullYear(y, mo - 1, d);
  // A date that does not exist (2023-02-30) rolls over into the next month; it is not a date.
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return check.getTime();
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
