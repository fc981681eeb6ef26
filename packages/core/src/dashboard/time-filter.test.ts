import { describe, expect, it } from 'vitest';
import { isTimeZone, localDate, periodStart, startOfLocalDate } from './time-filter.js';

const at = (iso: string) => new Date(iso);

describe('dashboard time filters (spec 002 §9)', () => {
  it('has no lower bound for "all"', () => {
    expect(periodStart('all', at('2026-11-25T10:00:00Z'), 'Asia/Shanghai')).toBeNull();
  });

  it('starts today at local midnight in the user’s zone, not the server’s', () => {
    // 20:00 UTC on the 25th is already the 26th in Shanghai (UTC+8).
    const now = at('2026-11-25T20:00:00Z');
    expect(periodStart('today', now, 'Asia/Shanghai')?.toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(periodStart('today', now, 'UTC')?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(periodStart('today', now, 'America/New_York')?.toISOString()).toBe('2026-11-25T05:00:00.000Z');
  });

  it('starts the week on Monday', () => {
    // Wednesday 25 November 2026 → Monday 23rd; a Monday is its own week's start; a Sunday belongs to the week before.
    expect(periodStart('week', at('2026-11-25T10:00:00Z'), 'UTC')?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('week', at('2026-11-23T00:00:00Z'), 'UTC')?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('week', at('2026-11-29T23:59:59Z'), 'UTC')?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Across a month and a year boundary.
    expect(periodStart('week', at('2027-01-01T12:00:00Z'), 'Asia/Shanghai')?.toISOString()).toBe('2026-12-27T16:00:00.000Z');
  });

  it('starts the month on the first and the year on 1 January', () => {
    const now = at('2026-11-25T10:00:00Z');
    expect(periodStart('month', now, 'Asia/Shanghai')?.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(periodStart('year', now, 'Asia/Shanghai')?.toISOString()).toBe('2025-12-31T16:00:00.000Z');
    // New Year's Eve evening in UTC is already the new year in Shanghai.
    expect(periodStart('year', at('2026-12-31T18:00:00Z'), 'Asia/Shanghai')?.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('follows daylight-saving time: the offset of the period’s first day, not of now', () => {
    // Paris: CET (UTC+1) in winter, CEST (UTC+2) from 29 March 2026.
    const now = at('2026-04-15T12:00:00Z');
    expect(periodStart('today', now, 'Europe/Paris')?.toISOString()).toBe('2026-04-14T22:00:00.000Z');
    expect(periodStart('month', now, 'Europe/Paris')?.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(periodStart('year', now, 'Europe/Paris')?.toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('starts a day whose midnight does not exist at the first local time that does', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026 (UTC−4 → UTC−3).
    const start = startOfLocalDate({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDate(start, 'America/Santiago')).toEqual({ year: 2026, month: 9, day: 6 });
  });

  it('knows IANA zone names and refuses others', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
