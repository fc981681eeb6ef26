/**
 * The resident identity number of spec 000 §5 (GB 11643): 18 characters — a six-digit region, the birth
 * date YYYYMMDD, a three-digit sequence whose last digit is odd for men, and an ISO 7064 MOD 11-2 check
 * character (0–9 or X) — or the older 15 digits with the birth date as YYMMDD in the 1900s and the sex in
 * the last digit. Birth date, sex and age follow from it; web and server derive them the same way.
 */

export type IdentityNumberProblem = 'length' | 'format' | 'checksum' | 'birth_date';

export interface IdentityNumberInfo {
  /** The number as stored: trimmed, a lower-case check x made upper-case. */
  normalised: string;
  birthDate: string;
  sex: 'M' | 'F';
}

export type IdentityNumberResult = ({ ok: true } & IdentityNumberInfo) | { ok: false; problem: IdentityNumberProblem };

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function identityCheckCharacter(first17: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += Number(first17[index]) * (WEIGHTS[index] ?? 0);
  return CHECK_CHARACTERS[sum % 11] ?? '';
}

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * Reads an identity number. `today` (YYYY-MM-DD), the study's day (time/study-day.ts `studyToday`) on the
 * caller's clock, bounds the birth date: a date after it, or before 1900, is refused as a birth-date problem.
 */
export function parseIdentityNumber(input: string, today: string): IdentityNumberResult {
  const value = input.trim().toUpperCase();
  if (value.length !== 15 && value.length !== 18) return { ok: false, problem: 'length' };
  const pattern = value.length === 18 ? /^[1-9]\d{16}[\dX]$/ : /^[1-9]\d{14}$/;
  if (!pattern.test(value)) return { ok: false, problem: 'format' };
  const year = value.length === 18 ? Number(value.slice(6, 10)) : 1900 + Number(value.slice(6, 8));
  const month = Number(value.slice(value.length === 18 ? 10 : 8, value.length === 18 ? 12 : 10));
  const day = Number(value.slice(value.length === 18 ? 12 : 10, value.length === 18 ? 14 : 12));
  if (!validDate(year, month, day)) return { ok: false, problem: 'birth_date' };
  const birthDate = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (year < 1900 || birthDate > today) return { ok: false, problem: 'birth_date' };
  if (value.length === 18 && identityCheckCharacter(value.slice(0, 17)) !== value[17]) return { ok: false, problem: 'checksum' };
  const sexDigit = Number(value[value.length === 18 ? 16 : 14]);
  return { ok: true, normalised: value, birthDate, sex: sexDigit % 2 === 1 ? 'M' : 'F' };
}

/**
 * Full years from a birth date (YYYY-MM-DD) to a date, for today's age the study's day; a birthday on
 * 29 February counts from 1 March in other years.
 */
export function ageOn(birthDate: string, on: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const at = /^(\d{4})-(\d{2})-(\d{2})$/.exec(on);
  if (!birth || !at) return null;
  let age = Number(at[1]) - Number(birth[1]);
  const birthMonthDay = Number(birth[2]) * 100 + Number(birth[3]);
  const onMonthDay = Number(at[2]) * 100 + Number(at[3]);
  if (onMonthDay < birthMonthDay) age -= 1;
  return age < 0 ? null : age;
}
