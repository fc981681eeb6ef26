import { z } from 'zod';
import { dbId, dbInt } from '../validation/text.js';

/**
 * Notify and push settings of a visit (spec 002 §3 "Schedule fields: push times, push cycle, offset, notify
 * and push settings (receiver, email, WeChat, daily hour), enforce flag"; docs/decisions.md "Visit
 * reminders"). They belong to the event of the design and are published with it, so an environment reminds
 * as the design it runs says.
 *
 * - `offsetDays`: the visit falls due that many days before its planned day.
 * - `notify`: staff are told when a visit falls due and when it becomes overdue (the `visit.due` and
 *   `visit.overdue` study events), to the receiver roles on the chosen channels, at the daily hours.
 * - `push`: the subject is reminded `times` times, the first on the day the visit falls due and the next
 *   ones `cycleDays` apart, by e-mail and/or WeChat, at the daily hours.
 * - `enforce`: reminders go on until the visit is finished, even after data was entered and after the window
 *   closed; without it, they stop once the visit is started (an actual date or data) or its window closed.
 */

/** Spec 002 §9: "Default daily notify and push times 08:00 and 20:00 if none set". */
export const DEFAULT_REMINDER_HOURS: readonly number[] = [8, 20];
export const REMINDER_TIMES_MAX = 10;
export const REMINDER_CYCLE_MAX_DAYS = 90;
export const REMINDER_OFFSET_MAX_DAYS = 365;
export const REMINDER_ROLES_MAX = 50;

/** A daily hour, 0 (00:00) to 23 (23:00); reminders go out on the hour, in the study's zone. */
const hour = z.number().refine((value) => Number.isInteger(value) && value >= 0 && value <= 23, { params: { message: 'reminder_hour' } });

/** Distinct hours; an empty list means the defaults (08:00 and 20:00). */
const hours = z
  .array(hour)
  .max(24)
  .superRefine((list, context) => {
    list.forEach((value, index) => {
      if (list.indexOf(value) !== index) {
        context.addIssue({ code: 'custom', path: [index], params: { message: 'duplicate_value', value: formatReminderHour(value) } });
      }
    });
  });

export const reminderNotifySchema = z.strictObject({
  enabled: z.boolean(),
  /** Project roles whose holders are told (site-level roles only for the visit's site). Empty: the message configuration's receivers. */
  roleIds: z.array(dbId()).max(REMINDER_ROLES_MAX).default([]),
  email: z.boolean(),
  wechat: z.boolean(),
  hours: hours.default([]),
});
export type ReminderNotify = z.infer<typeof reminderNotifySchema>;

export const reminderPushSchema = z.strictObject({
  enabled: z.boolean(),
  /** How many reminders the subject gets. */
  times: dbInt().min(1).max(REMINDER_TIMES_MAX),
  /** Days between two reminders. */
  cycleDays: dbInt().min(1).max(REMINDER_CYCLE_MAX_DAYS),
  email: z.boolean(),
  wechat: z.boolean(),
  hours: hours.default([]),
});
export type ReminderPush = z.infer<typeof reminderPushSchema>;

export const eventRemindersSchema = z.strictObject({
  notify: reminderNotifySchema,
  push: reminderPushSchema,
  /** Days before the planned day the visit counts as due: staff are told and the first reminder goes out (0: on the planned day). */
  offsetDays: dbInt().min(0).max(REMINDER_OFFSET_MAX_DAYS),
  enforce: z.boolean(),
});
export type EventReminders = z.infer<typeof eventRemindersSchema>;
export type EventRemindersInput = z.input<typeof eventRemindersSchema>;

/** The daily hours in force: the ones set, in order, else 08:00 and 20:00 (spec 002 §9). */
export function reminderHours(set: readonly number[]): number[] {
  return set.length === 0 ? [...DEFAULT_REMINDER_HOURS] : [...new Set(set)].sort((a, b) => a - b);
}

/** `8` → `08:00`. */
export function formatReminderHour(value: number): string {
  return `${String(value).padStart(2, '0')}:00`;
}

/** Settings a new event starts with in the editor: nothing sent, the defaults ready to switch on. */
export const DEFAULT_EVENT_REMINDERS: EventReminders = {
  notify: { enabled: false, roleIds: [], email: true, wechat: false, hours: [] },
  push: { enabled: false, times: 1, cycleDays: 1, email: true, wechat: false, hours: [] },
  offsetDays: 0,
  enforce: false,
};
