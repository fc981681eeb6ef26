import { describe, expect, it } from 'vitest';
import type { EventReminders } from '../design/reminders.js';
import { DEFAULT_EVENT_REMINDERS, eventRemindersSchema, formatReminderHour, reminderHours } from '../design/reminders.js';
import { eventScheduleProblem } from '../design/events.js';
import { describeValidationIssues } from '../errors/validation.js';
import { studyHour } from '../time/study-day.js';
import type { ReminderVisit } from './reminders.js';
import { dueDay, dueStaffNotices, dueSubjectReminder, isReminderHour, pushDays, subjectFollowUpState, subjectRemindable, visitFollowUpState } from './reminders.js';

const settings = (patch: Partial<EventReminders> = {}, push: Partial<EventReminders['push']> = {}): EventReminders => ({
  ...DEFAULT_EVENT_REMINDERS,
  notify: { ...DEFAULT_EVENT_REMINDERS.notify, enabled: true },
  offsetDays: 3,
  ...patch,
  push: { ...DEFAULT_EVENT_REMINDERS.push, enabled: true, times: 3, cycleDays: 2, ...push },
});

/** Visit 2 planned on 10 March, window 7 to 13 March. */
const visit = (patch: Partial<ReminderVisit> = {}): ReminderVisit => ({
  plannedDate: '2024-03-10',
  windowStart: '2024-03-07',
  windowEnd: '2024-03-13',
  actualDate: null,
  state: 'NOT_STARTED',
  ...patch,
});

describe('daily hours', () => {
  it('are 08:00 and 20:00 when none are set, else the ones set in order', () => {
    expect(reminderHours([])).toEqual([8, 20]);
    expect(reminderHours([21, 7])).toEqual([7, 21]);
    expect(isReminderHour([], 8)).toBe(true);
    expect(isReminderHour([], 20)).toBe(true);
    expect(isReminderHour([], 9)).toBe(false);
    expect(isReminderHour([9], 8)).toBe(false);
    expect(formatReminderHour(8)).toBe('08:00');
  });

  it('are the study’s hours (China Standard Time), not the server’s', () => {
    expect(studyHour(new Date('2024-03-10T00:00:00Z'))).toBe(8);
    expect(studyHour(new Date('2024-03-10T12:59:00Z'))).toBe(20);
    expect(studyHour(new Date('2024-03-10T16:00:00Z'))).toBe(0);
  });
});

describe('settings', () => {
  const issues = (value: unknown, locale: 'zh-CN' | 'en-US' = 'en-US') => {
    const result = eventRemindersSchema.safeParse(value);
    return result.success ? [] : describeValidationIssues(result.error.issues, locale);
  };

  it('accept whole hours 0 to 23 and fill in empty hours and roles', () => {
    const parsed = eventRemindersSchema.parse({ ...DEFAULT_EVENT_REMINDERS, notify: { enabled: true, email: true, wechat: true }, push: { ...DEFAULT_EVENT_REMINDERS.push, hours: [0, 23] } });
    expect(parsed.notify.hours).toEqual([]);
    expect(parsed.notify.roleIds).toEqual([]);
    expect(parsed.push.hours).toEqual([0, 23]);
  });

  it('refuse a bad hour, a repeated hour, a negative or zero cycle and no reminders, each on its field in both languages', () => {
    expect(issues({ ...DEFAULT_EVENT_REMINDERS, push: { ...DEFAULT_EVENT_REMINDERS.push, hours: [24] } })).toEqual([
      { path: 'push.hours.0', message: 'push.hours.0 must be a whole hour from 0 (00:00) to 23 (23:00)' },
    ]);
    expect(issues({ ...DEFAULT_EVENT_REMINDERS, notify: { ...DEFAULT_EVENT_REMINDERS.notify, hours: [7.5] } }, 'zh-CN')).toEqual([
      { path: 'notify.hours.0', message: 'notify.hours.0 须为 0（00:00）到 23（23:00）之间的整点' },
    ]);
    expect(issues({ ...DEFAULT_EVENT_REMINDERS, push: { ...DEFAULT_EVENT_REMINDERS.push, hours: [8, 20, 8] } })).toEqual([
      { path: 'push.hours.2', message: 'push.hours.2: 08:00 appears more than once' },
    ]);
    expect(issues({ ...DEFAULT_EVENT_REMINDERS, push: { ...DEFAULT_EVENT_REMINDERS.push, cycleDays: -1 } })).toEqual([{ path: 'push.cycleDays', message: 'push.cycleDays must be at least 1' }]);
    expect(issues({ ...DEFAULT_EVENT_REMINDERS, push: { ...DEFAULT_EVENT_REMINDERS.push, cycleDays: 0 } }, 'zh-CN')).toEqual([{ path: 'push.cycleDays', message: 'push.cycleDays 不能小于 1' }]);
    expect(issues({ ...DEFAULT_EVENT_REMINDERS, push: { ...DEFAULT_EVENT_REMINDERS.push, times: 0 } })).toEqual([{ path: 'push.times', message: 'push.times must be at least 1' }]);
    expect(issues({ ...DEFAULT_EVENT_REMINDERS, offsetDays: -2 })).toEqual([{ path: 'offsetDays', message: 'offsetDays must be at least 0' }]);
  });

  it('belong only to events with a planned day', () => {
    expect(eventScheduleProblem({ type: 'TREATMENT', offsetDays: 14, reminders: DEFAULT_EVENT_REMINDERS })).toBeNull();
    expect(eventScheduleProblem({ type: 'TREATMENT', offsetDays: null, reminders: DEFAULT_EVENT_REMINDERS })).toBe('reminders');
    expect(eventScheduleProblem({ type: 'LOG', reminders: DEFAULT_EVENT_REMINDERS })).toBe('reminders');
    expect(eventScheduleProblem({ type: 'LOG', reminders: null })).toBeNull();
  });
});

describe('reminder days', () => {
  it('fall due offset days before the planned day, then every cycle days, push-times in all', () => {
    expect(dueDay(visit(), settings())).toBe('2024-03-07');
    expect(pushDays(visit(), settings())).toEqual(['2024-03-07', '2024-03-09', '2024-03-11']);
    expect(pushDays(visit(), settings({ offsetDays: 0 }, { times: 1 }))).toEqual(['2024-03-10']);
    expect(pushDays(visit({ plannedDate: '2024-02-28' }), settings({ offsetDays: 0 }, { times: 2, cycleDays: 1 }))).toEqual(['2024-02-28', '2024-02-29']);
    expect(pushDays(visit({ plannedDate: null }), settings())).toEqual([]);
  });

  it('send the latest reminder whose day has come, once', () => {
    const s = settings();
    expect(dueSubjectReminder(visit(), s, '2024-03-06', new Set())).toBeNull();
    expect(dueSubjectReminder(visit(), s, '2024-03-07', new Set())).toEqual({ sequence: 1, day: '2024-03-07', skipped: [] });
    expect(dueSubjectReminder(visit(), s, '2024-03-08', new Set([1]))).toBeNull();
    expect(dueSubjectReminder(visit(), s, '2024-03-09', new Set([1]))).toEqual({ sequence: 2, day: '2024-03-09', skipped: [] });
    expect(dueSubjectReminder(visit(), s, '2024-03-13', new Set([1, 2, 3]))).toBeNull();
  });

  it('skip reminders missed while nothing ran rather than send a backlog', () => {
    expect(dueSubjectReminder(visit(), settings(), '2024-03-11', new Set())).toEqual({ sequence: 3, day: '2024-03-11', skipped: [1, 2] });
    expect(dueSubjectReminder(visit(), settings(), '2024-03-11', new Set([2]))).toEqual({ sequence: 3, day: '2024-03-11', skipped: [1] });
  });

  it('stop once the visit is started or its window closed, unless enforced', () => {
    const s = settings({}, { times: 5 });
    expect(dueSubjectReminder(visit({ state: 'IN_PROGRESS' }), s, '2024-03-09', new Set([1]))).toBeNull();
    expect(dueSubjectReminder(visit({ actualDate: '2024-03-08', state: 'IN_PROGRESS' }), s, '2024-03-09', new Set([1]))).toBeNull();
    expect(dueSubjectReminder(visit(), s, '2024-03-15', new Set([1, 2, 3]))).toBeNull();
    const enforced = settings({ enforce: true }, { times: 5 });
    expect(dueSubjectReminder(visit({ state: 'IN_PROGRESS' }), enforced, '2024-03-09', new Set([1]))).toEqual({ sequence: 2, day: '2024-03-09', skipped: [] });
    expect(dueSubjectReminder(visit(), enforced, '2024-03-15', new Set([1, 2, 3]))).toEqual({ sequence: 5, day: '2024-03-15', skipped: [4] });
    expect(dueSubjectReminder(visit({ state: 'FINISHED', actualDate: '2024-03-10' }), enforced, '2024-03-15', new Set())).toBeNull();
    expect(subjectRemindable(visit(), { enforce: false }, '2024-03-13')).toBe(true);
    expect(subjectRemindable(visit(), { enforce: false }, '2024-03-14')).toBe(false);
  });

  it('send nothing when pushing is off', () => {
    expect(dueSubjectReminder(visit(), settings({}, { enabled: false }), '2024-03-09', new Set())).toBeNull();
  });
});

describe('staff notices', () => {
  it('tell the visit due from its due day and overdue once the window closed untouched', () => {
    const s = settings();
    expect(dueStaffNotices(visit(), s, '2024-03-06')).toEqual([]);
    expect(dueStaffNotices(visit(), s, '2024-03-07')).toEqual(['staff.due']);
    expect(dueStaffNotices(visit(), s, '2024-03-13')).toEqual(['staff.due']);
    expect(dueStaffNotices(visit(), s, '2024-03-14')).toEqual(['staff.overdue']);
    expect(dueStaffNotices(visit({ state: 'IN_PROGRESS' }), s, '2024-03-14')).toEqual([]);
    expect(dueStaffNotices(visit(), { ...s, notify: { ...s.notify, enabled: false } }, '2024-03-14')).toEqual([]);
  });
});

describe('follow-up states', () => {
  it('of a visit: not started, in progress, finished', () => {
    expect(visitFollowUpState({ actualDate: null, panelStatuses: ['EXPIRED', 'EXPIRED'] })).toBe('NOT_STARTED');
    expect(visitFollowUpState({ actualDate: null, panelStatuses: [] })).toBe('NOT_STARTED');
    expect(visitFollowUpState({ actualDate: '2024-03-10', panelStatuses: ['EXPIRED'] })).toBe('IN_PROGRESS');
    expect(visitFollowUpState({ actualDate: null, panelStatuses: ['COMPLETED', 'INCOMPLETE'] })).toBe('IN_PROGRESS');
    expect(visitFollowUpState({ actualDate: null, panelStatuses: ['COMPLETED', 'EXPIRED'] })).toBe('IN_PROGRESS');
    expect(visitFollowUpState({ actualDate: '2024-03-10', panelStatuses: ['SIGNED', 'NOT_CHECKED', 'VERIFIED'] })).toBe('FINISHED');
    expect(visitFollowUpState({ actualDate: '2024-03-10', panelStatuses: [] })).toBe('FINISHED');
  });

  it('of a subject: from its planned visits, finished too when it failed screening, completed or quit', () => {
    const planned = (state: 'NOT_STARTED' | 'IN_PROGRESS' | 'FINISHED') => ({ plannedDate: '2024-03-10', state });
    const log = (state: 'NOT_STARTED' | 'IN_PROGRESS' | 'FINISHED') => ({ plannedDate: null, state });
    expect(subjectFollowUpState('ARMED', [planned('NOT_STARTED'), log('NOT_STARTED')])).toBe('NOT_STARTED');
    expect(subjectFollowUpState('ARMED', [planned('NOT_STARTED'), log('IN_PROGRESS')])).toBe('IN_PROGRESS');
    expect(subjectFollowUpState('ARMED', [planned('FINISHED'), planned('IN_PROGRESS')])).toBe('IN_PROGRESS');
    expect(subjectFollowUpState('ARMED', [planned('FINISHED'), planned('FINISHED'), log('IN_PROGRESS')])).toBe('FINISHED');
    expect(subjectFollowUpState('TEST_EXIT', [planned('NOT_STARTED')])).toBe('FINISHED');
    expect(subjectFollowUpState('SCREEN_FAILURE', [planned('IN_PROGRESS')])).toBe('FINISHED');
    expect(subjectFollowUpState('ARMED', [])).toBe('NOT_STARTED');
  });
});
