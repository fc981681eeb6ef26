import { describe, expect, it } from 'vitest';
import { eventHasSchedule, eventScheduleProblem, saveEventSchema } from './events.js';

describe('event schedule rules', () => {
  it('gives unscheduled visits and logs no planned day or window', () => {
    expect(eventHasSchedule('TREATMENT')).toBe(true);
    expect(eventHasSchedule('UNSCHEDULED')).toBe(false);
    expect(eventHasSchedule('LOG')).toBe(false);
    expect(eventScheduleProblem({ type: 'UNSCHEDULED' })).toBeNull();
    expect(eventScheduleProblem({ type: 'UNSCHEDULED', offsetDays: 0 })).toBe('unscheduled');
    expect(eventScheduleProblem({ type: 'LOG', windowAfter: 1 })).toBe('unscheduled');
    expect(eventScheduleProblem({ type: 'LOG', windowAfter: 0 })).toBeNull();
  });

  it('plans the baseline on day 0 and lets other visits fall before or after it', () => {
    expect(eventScheduleProblem({ type: 'BASELINE', offsetDays: 0 })).toBeNull();
    expect(eventScheduleProblem({ type: 'BASELINE', offsetDays: 2 })).toBe('baseline');
    expect(eventScheduleProblem({ type: 'SCREENING', offsetDays: -14, windowBefore: 3, windowAfter: 3 })).toBeNull();
  });

  it('refuses negative windows and unknown types', () => {
    expect(saveEventSchema.safeParse({ projectId: 1, name: 'V', type: 'TREATMENT', windowBefore: -1 }).success).toBe(false);
    expect(saveEventSchema.safeParse({ projectId: 1, name: 'V', type: 'VISIT' }).success).toBe(false);
    expect(saveEventSchema.safeParse({ projectId: 1, name: 'V', type: 'FOLLOW_UP', offsetDays: 90, windowBefore: 7 }).success).toBe(true);
  });
});
