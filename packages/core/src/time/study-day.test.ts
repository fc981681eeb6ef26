import { describe, expect, it, vi } from 'vitest';
import { taskListQuerySchema, taskSummaryQuerySchema } from '../schedule/schemas.js';
import { ignoredTimeZone, STUDY_TIME_ZONE, studyToday } from './study-day.js';

describe("the study's today (one rule for server and browser)", () => {
  it("is the site's local day in China", () => {
    expect(STUDY_TIME_ZONE).toBe('Asia/Shanghai');
  });

  it('turns to the next day at midnight in Shanghai, 16:00 UTC', () => {
    expect(studyToday(new Date('2026-03-10T15:59:59.999Z'))).toBe('2026-03-10');
    expect(studyToday(new Date('2026-03-10T16:00:00Z'))).toBe('2026-03-11');
  });

  it('is already tomorrow at 23:30 UTC, and still today at 00:30 UTC', () => {
    expect(studyToday(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    expect(studyToday(new Date('2026-03-11T00:30:00Z'))).toBe('2026-03-11');
  });

  it('crosses months, years and leap days at Shanghai midnight', () => {
    expect(studyToday(new Date('2024-02-28T16:00:00Z'))).toBe('2024-02-29');
    expect(studyToday(new Date('2024-02-29T16:00:00Z'))).toBe('2024-03-01');
    expect(studyToday(new Date('2025-12-31T15:59:00Z'))).toBe('2025-12-31');
    expect(studyToday(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01');
  });

  it('does not depend on the zone of the machine that runs it', () => {
    // Node reads TZ again when it changes; the result must follow the study zone only.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    try {
      expect(new Date('2026-03-10T23:30:00Z').getDate()).toBe(10);
      expect(studyToday(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-11');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('counts in another zone when one is named', () => {
    expect(studyToday(new Date('2026-03-10T23:30:00Z'), 'UTC')).toBe('2026-03-10');
    expect(studyToday(new Date('2026-03-11T06:00:00Z'), 'America/New_York')).toBe('2026-03-11');
    expect(studyToday(new Date('2026-03-11T03:00:00Z'), 'America/New_York')).toBe('2026-03-10');
  });

  it('lets the zone older browsers send through the schedule calls, and drops it', () => {
    expect(ignoredTimeZone().parse('Europe/Paris')).toBeUndefined();
    expect(taskSummaryQuerySchema.parse({ timeZone: 'America/New_York' })).toEqual({ timeZone: undefined });
    expect(taskListQuerySchema.parse({ bucket: 'overdue', timeZone: 'Nowhere/City' }).timeZone).toBeUndefined();
    expect(taskSummaryQuerySchema.safeParse({ zone: 'UTC' }).success).toBe(false);
  });
});
