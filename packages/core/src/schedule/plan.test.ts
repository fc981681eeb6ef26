import { describe, expect, it } from 'vitest';
import type { PlannableEvent } from './plan.js';
import { actualOutsideWindow, addDays, daysBetween, isIsoDay, calendarDay, planEvent, planSchedule, scheduleAnchor, taskBounds, taskBucketsOf, visitWindowStatus } from './plan.js';

const event = (id: number, patch: Partial<PlannableEvent> = {}): PlannableEvent => ({
  id,
  type: 'TREATMENT',
  sort: id,
  offsetDays: 0,
  windowBefore: 0,
  windowAfter: 0,
  repeatable: false,
  ...patch,
});

describe('calendar days', () => {
  it('adds and counts whole days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2024-03-10', -14)).toBe('2024-02-25');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2023-01-01', '2024-01-01')).toBe(365);
    expect(daysBetween('2024-03-01', '2024-02-28')).toBe(-2);
  });

  it('knows a real day from a look-alike', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2100-02-29')).toBe(false);
    expect(isIsoDay('2000-02-29')).toBe(true);
    expect(isIsoDay('2024-13-01')).toBe(false);
    expect(isIsoDay('2024-1-01')).toBe(false);
    expect(() => addDays('2025-02-29', 1)).toThrow(RangeError);
  });

  it('takes the calendar day of a moment in a zone, the platform’s home zone by default', () => {
    expect(calendarDay(new Date('2024-02-29T16:30:00Z'))).toBe('2024-03-01');
    expect(calendarDay(new Date('2024-02-29T16:30:00Z'), 'UTC')).toBe('2024-02-29');
    expect(calendarDay(new Date('2024-01-01T03:00:00Z'), 'America/New_York')).toBe('2023-12-31');
  });
});

describe('planning', () => {
  it('counts from the baseline actual date, else the consent date, else the day the subject was added', () => {
    expect(scheduleAnchor({ baselineActual: '2024-05-02', consentDate: '2024-05-01', createdDay: '2024-04-30' })).toBe('2024-05-02');
    expect(scheduleAnchor({ consentDate: '2024-05-01', createdDay: '2024-04-30' })).toBe('2024-05-01');
    expect(scheduleAnchor({ baselineActual: null, consentDate: null, createdDay: '2024-04-30' })).toBe('2024-04-30');
  });

  it('plans the day at anchor + offset with the window around it', () => {
    expect(planEvent({ offsetDays: 14, windowBefore: 3, windowAfter: 5 }, '2024-02-20')).toEqual({
      plannedDate: '2024-03-05',
      windowStart: '2024-03-02',
      windowEnd: '2024-03-10',
    });
    expect(planEvent({ offsetDays: -7, windowBefore: 0, windowAfter: 0 }, '2024-03-03')).toEqual({
      plannedDate: '2024-02-25',
      windowStart: '2024-02-25',
      windowEnd: '2024-02-25',
    });
  });

  it('plans across a leap day: 365 days after 2024-01-01 is 2024-12-31', () => {
    expect(planEvent({ offsetDays: 365, windowBefore: 1, windowAfter: 1 }, '2024-01-01').plannedDate).toBe('2024-12-31');
    expect(planEvent({ offsetDays: 365, windowBefore: 1, windowAfter: 1 }, '2023-01-01').plannedDate).toBe('2024-01-01');
  });

  it('gives an event without an offset no planned day and no window', () => {
    expect(planEvent({ offsetDays: null, windowBefore: 0, windowAfter: 0 }, '2024-01-01')).toEqual({ plannedDate: null, windowStart: null, windowEnd: null });
  });

  it('orders by sort, leaves unscheduled visits out and keeps logs and repeatable events', () => {
    const events = [
      event(1, { sort: 3, offsetDays: 28 }),
      event(2, { sort: 1, type: 'SCREENING', offsetDays: -7 }),
      event(3, { sort: 4, type: 'UNSCHEDULED', offsetDays: null }),
      event(4, { sort: 5, type: 'LOG', offsetDays: null }),
      event(5, { sort: 2, type: 'BASELINE', offsetDays: 0, repeatable: true }),
    ];
    const plan = planSchedule(events, '2024-06-01');
    expect(plan.map((row) => row.event.id)).toEqual([2, 5, 1, 4]);
    expect(plan.map((row) => row.plannedDate)).toEqual(['2024-05-25', '2024-06-01', '2024-06-29', null]);
  });
});

describe('window status', () => {
  const plan = { plannedDate: '2024-03-10', windowStart: '2024-03-07', windowEnd: '2024-03-13' };

  it('tells a visit not yet due, due, and overdue from today', () => {
    expect(visitWindowStatus({ ...plan, actualDate: null, hasData: false }, '2024-03-06')).toBe('NOT_DUE');
    expect(visitWindowStatus({ ...plan, actualDate: null, hasData: false }, '2024-03-07')).toBe('DUE');
    expect(visitWindowStatus({ ...plan, actualDate: null, hasData: false }, '2024-03-13')).toBe('DUE');
    expect(visitWindowStatus({ ...plan, actualDate: null, hasData: false }, '2024-03-14')).toBe('OVERDUE');
    expect(visitWindowStatus({ ...plan, actualDate: null, hasData: true }, '2024-03-14')).toBe('STARTED');
  });

  it('judges an actual date against the window, both ends included', () => {
    expect(visitWindowStatus({ ...plan, actualDate: '2024-03-07', hasData: false }, '2024-04-01')).toBe('IN_WINDOW');
    expect(visitWindowStatus({ ...plan, actualDate: '2024-03-13', hasData: false }, '2024-04-01')).toBe('IN_WINDOW');
    expect(visitWindowStatus({ ...plan, actualDate: '2024-03-14', hasData: false }, '2024-04-01')).toBe('OUT_OF_WINDOW');
    expect(visitWindowStatus({ ...plan, actualDate: '2024-03-06', hasData: false }, '2024-04-01')).toBe('OUT_OF_WINDOW');
    expect(actualOutsideWindow(plan, '2024-03-14')).toBe(true);
    expect(actualOutsideWindow(plan, '2024-03-10')).toBe(false);
  });

  it('never warns on a visit without a plan', () => {
    const none = { plannedDate: null, windowStart: null, windowEnd: null };
    expect(visitWindowStatus({ ...none, actualDate: null, hasData: false }, '2024-01-01')).toBe('UNPLANNED');
    expect(visitWindowStatus({ ...none, actualDate: null, hasData: true }, '2024-01-01')).toBe('STARTED');
    expect(visitWindowStatus({ ...none, actualDate: '2024-01-01', hasData: false }, '2024-01-01')).toBe('DONE');
    expect(actualOutsideWindow(none, '2024-01-01')).toBe(false);
  });

  it('bounds the task week as today and the six days after it', () => {
    expect(taskBounds('2024-02-26')).toEqual({ today: '2024-02-26', weekEnd: '2024-03-03' });
  });

  it('puts an open visit in exactly one of overdue, due this week and upcoming', () => {
    const open = { actualDate: null, hasData: false };
    expect(taskBucketsOf({ ...plan, ...open }, '2024-03-14')).toEqual(['overdue']);
    expect(taskBucketsOf({ ...plan, ...open }, '2024-03-13')).toEqual(['dueToday', 'dueThisWeek']);
    expect(taskBucketsOf({ ...plan, ...open }, '2024-03-07')).toEqual(['dueToday', 'dueThisWeek']);
    expect(taskBucketsOf({ ...plan, ...open }, '2024-03-06')).toEqual(['dueThisWeek']);
    expect(taskBucketsOf({ ...plan, ...open }, '2024-03-01')).toEqual(['dueThisWeek']);
    expect(taskBucketsOf({ ...plan, ...open }, '2024-02-29')).toEqual(['upcoming']);
  });

  it('counts no visit that is done, started or unplanned', () => {
    expect(taskBucketsOf({ ...plan, actualDate: '2024-03-10', hasData: false }, '2024-03-20')).toEqual([]);
    expect(taskBucketsOf({ ...plan, actualDate: null, hasData: true }, '2024-03-20')).toEqual([]);
    expect(taskBucketsOf({ plannedDate: null, windowStart: null, windowEnd: null, actualDate: null, hasData: false }, '2024-03-20')).toEqual([]);
  });
});
