import { describe, expect, it } from 'vitest';
import { cumulativeEnrolment, dateRange, queryAgeBounds, queryAgeBucket } from './indicators.js';
import { dashboardSummaryRequestSchema } from './schemas.js';

const now = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs);

describe('dashboard indicators', () => {
  it('buckets query ages in whole days: 0–7, 8–14, 15–30, 31–60, more', () => {
    expect(queryAgeBucket(daysAgo(0), now)).toBe('d0_7');
    expect(queryAgeBucket(daysAgo(7, 86_399_000), now)).toBe('d0_7');
    expect(queryAgeBucket(daysAgo(8), now)).toBe('d8_14');
    expect(queryAgeBucket(daysAgo(14), now)).toBe('d8_14');
    expect(queryAgeBucket(daysAgo(15), now)).toBe('d15_30');
    expect(queryAgeBucket(daysAgo(31), now)).toBe('d31_60');
    expect(queryAgeBucket(daysAgo(61), now)).toBe('d61_plus');
  });

  it('gives bounds that put every age in the same bucket as queryAgeBucket', () => {
    const bounds = queryAgeBounds(now);
    for (const days of [0, 3, 7, 8, 14, 15, 30, 31, 60, 61, 400]) {
      const raised = daysAgo(days, 1000);
      const bySql = bounds.find((bound) => bound.after === null || raised > bound.after)?.key;
      expect(bySql, String(days)).toBe(queryAgeBucket(raised, now));
    }
  });

  it('lists the dates of a range inclusively', () => {
    expect(dateRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(dateRange('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('adds the enrolments before the period to every point of a site’s cumulative line', () => {
    const { dates, series } = cumulativeEnrolment(
      [1, 2],
      [{ siteId: 1, count: 5 }],
      [
        { siteId: 1, date: '2026-11-24', count: 2 },
        { siteId: 2, date: '2026-11-23', count: 1 },
        { siteId: 2, date: '2026-11-25', count: 3 },
      ],
      '2026-11-23',
      '2026-11-25',
    );
    expect(dates).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(series).toEqual([
      { siteId: 1, values: [5, 7, 7] },
      { siteId: 2, values: [1, 1, 4] },
    ]);
  });

  it('starts the "all" axis the day before the first enrolment, or today when there is none', () => {
    expect(cumulativeEnrolment([1], [], [{ siteId: 1, date: '2026-11-20', count: 1 }], null, '2026-11-22')).toEqual({
      dates: ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'],
      series: [{ siteId: 1, values: [0, 1, 1, 1] }],
    });
    expect(cumulativeEnrolment([1], [], [], null, '2026-11-22')).toEqual({ dates: ['2026-11-22'], series: [{ siteId: 1, values: [0] }] });
  });

  it('accepts and drops the zone older browsers send, as the study’s zone decides the day, and refuses an unknown filter', () => {
    expect(dashboardSummaryRequestSchema.parse({ filter: 'week', timeZone: 'Europe/Paris' }).timeZone).toBeUndefined();
    expect(dashboardSummaryRequestSchema.parse({ filter: 'week', timeZone: 'Nowhere/City' }).timeZone).toBeUndefined();
    expect(dashboardSummaryRequestSchema.parse({ filter: 'all' }).filter).toBe('all');
    expect(dashboardSummaryRequestSchema.safeParse({ filter: 'all', zone: 'UTC' }).success).toBe(false);
    expect(dashboardSummaryRequestSchema.safeParse({ filter: 'decade' }).success).toBe(false);
  });
});
