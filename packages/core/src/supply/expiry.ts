import { addDays } from '../schedule/plan.js';

/**
 * Expiry (docs/decisions.md "Drug supply"). Dates are calendar dates `YYYY-MM-DD`, compared as text, which
 * orders them correctly.
 */

/**
 * Whether a kit may be dispensed today: it must last until the subject's next visit, so it expires after the
 * end of that visit's window (the latest day the subject may come back with it), or, when no visit follows,
 * after today. A kit expiring on a day is no longer used that day.
 */
export function dispensableUntil(expiresOn: string, input: { today: string; nextWindowEnd: string | null }): boolean {
  return expiresOn > mustLastUntil(input);
}

/** The day a kit dispensed today must outlast (its expiry must be later): see `dispensableUntil`. */
export function mustLastUntil(input: { today: string; nextWindowEnd: string | null }): string {
  return input.nextWindowEnd !== null && input.nextWindowEnd > input.today ? input.nextWindowEnd : input.today;
}

/** Whether an expiry alert is due: the kit expires within `days` days of today (or already has). */
export function expiresWithin(expiresOn: string, today: string, days: number): boolean {
  return expiresOn <= addDays(today, days);
}
