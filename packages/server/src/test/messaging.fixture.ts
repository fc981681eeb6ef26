import type { EventRemindersInput, MessageConfig, MessageEvent, SaveMessageConfigRequest } from '@dcap/core';
import { queueReminderScans } from '../modules/reminders/job.js';
import { ok, openStudy } from '../modules/roles/study.fixture.js';
import type { Reply } from './harness.js';
import type { RecordsStudy } from './records.fixture.js';
import { openRecordsStudy } from './records.fixture.js';
import type { SmtpFake } from './smtp-fake.js';
import { startSmtpFake } from './smtp-fake.js';
import type { WechatFake } from './wechat-fake.js';
import { startWechatFake } from './wechat-fake.js';

/**
 * Helpers of the messaging tests (docs/decisions.md "Message configuration", "Visit reminders", "Message
 * sending"): the project's message configuration as its managers change it, the visit reminders published
 * and scanned with the clock moved, and a records study whose messages reach a local SMTP server and a
 * local WeChat stand-in.
 */

const PASSWORD = 'Passw0rd!x';

/** The editable part of a configuration as the list answers it. */
export function configSettings(config: MessageConfig): SaveMessageConfigRequest {
  const { id: _id, projectId: _projectId, inherited: _inherited, placeholders: _placeholders, blacklistUsers: _users, updatedAt: _updatedAt, ...rest } = config;
  return rest;
}

/** The configuration of an event as the project runs it, read by its administrator. */
export async function projectConfig(rs: RecordsStudy, event: MessageEvent): Promise<MessageConfig> {
  const list = ok(await rs.study.t.call('GET', '/dcap/project/message/list', { token: rs.people.projectAdmin.token })) as MessageConfig[];
  const found = list.find((config) => config.event === event);
  if (!found) throw new Error(`no configuration of ${event}`);
  return found;
}

/** Saves the project's own configuration of an event: what it runs now, changed. */
export async function configureProject(rs: RecordsStudy, event: MessageEvent, change: Partial<SaveMessageConfigRequest>): Promise<MessageConfig> {
  const body = { ...configSettings(await projectConfig(rs, event)), ...change };
  return ok(await rs.study.t.call('POST', '/dcap/project/message/save', { token: rs.people.projectAdmin.token, body })) as MessageConfig;
}

export function resetProject(rs: RecordsStudy, event: MessageEvent): Promise<Reply> {
  return rs.study.t.call('POST', '/dcap/project/message/reset', { token: rs.people.projectAdmin.token, body: { event } });
}

/** The schedule fields of the records fixture's visit 2 (day 14, window ±3 days), saved with reminders. */
export const VISIT2_BODY = { name: '访视2', nameEn: 'Visit 2', type: 'TREATMENT', offsetDays: 14, windowBefore: 3, windowAfter: 3 };

export function saveVisit2Reminders(rs: RecordsStudy, reminders: unknown, lang?: string): Promise<Reply> {
  return rs.study.t.call('POST', '/dcap/project/event/save', {
    token: rs.people.projectAdmin.token,
    body: { projectId: rs.projectId, id: rs.events.visit2, ...VISIT2_BODY, reminders },
    ...(lang ? { lang } : {}),
  });
}

/** Saves visit 2's reminders in the development environment and publishes them to the test environment the subjects are in. */
export async function publishReminders(rs: RecordsStudy, reminders: EventRemindersInput): Promise<void> {
  const t = rs.study.t;
  const admin = rs.people.projectAdmin;
  // A moved clock may have ended the session: sign in again and open the project.
  admin.token = await t.signIn(admin.username, PASSWORD);
  ok(await t.call('GET', `/dcap/project/store/${String(rs.projectId)}`, { token: admin.token }));
  ok(await t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
  ok(await saveVisit2Reminders(rs, reminders));
  ok(await t.call('POST', '/dcap/project/design/publish', { token: admin.token, body: { projectId: rs.projectId, target: 'uat', note: 'reminders' } }));
  ok(await t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: admin.token }));
}

/** Moves the test clock to a time of the study's day (China Standard Time, UTC+8). */
export function moveTo(rs: RecordsStudy, day: string, hhmm: string): Date {
  const t = rs.study.t;
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  const target = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hours - 8, minutes);
  t.clock.advance(target - t.clock.now().getTime());
  return t.clock.now();
}

/** Queues the reminder scans of the current hour slots and runs the jobs; answers how many jobs ran. */
export async function runReminderScans(rs: RecordsStudy): Promise<number> {
  await queueReminderScans(rs.study.t.deps);
  return rs.study.t.app.jobs.drain();
}

export interface MessagingStudy {
  rs: RecordsStudy;
  smtp: SmtpFake;
  wx: WechatFake;
  close(): Promise<void>;
}

/** A records study (test/records.fixture.ts) whose sender delivers to a local SMTP server and WeChat stand-in, started here. */
export async function openMessagingStudy(code: string): Promise<MessagingStudy> {
  const smtp = await startSmtpFake();
  const wx = await startWechatFake();
  const rs = await openRecordsStudy(code, await openStudy({ ...smtp.env, ...wx.env }));
  return {
    rs,
    smtp,
    wx,
    close: async () => {
      await rs.study.t.close();
      await smtp.close();
      await wx.close();
    },
  };
}
