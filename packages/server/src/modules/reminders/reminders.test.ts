import type { DesignEvent, EventRemindersInput } from '@dcap/core';
import { addDays, studyToday } from '@dcap/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import { moveTo as moveClockTo, publishReminders as publishVisit2Reminders, runReminderScans, saveVisit2Reminders, VISIT2_BODY } from '../../test/messaging.fixture.js';
import { hourSlot, queueReminderScans } from './job.js';
import { scanEnv } from './scan.js';

/**
 * Visit reminders (spec 002 §3 notify and push settings, §9 default hours 08:00 and 20:00): the settings
 * saved with the design and published, and the hourly scan, with the clock moved across the days of one
 * visit's window. Subjects are reminded once per visit and sequence however often or however many times at
 * once the scan runs; staff are told of due and overdue visits through the study events, which the reminder
 * log records.
 */
let rs: RecordsStudy;
/** The day the second visit of the subjects below falls due (its planned day less two days). */
let day0: string;
let withAddress: AddedSubject;
let withData: AddedSubject;
let unreachable: AddedSubject;

const db = () => rs.study.t.database.db;
const t = () => rs.study.t;

const settings = (patch: Partial<EventRemindersInput> = {}): EventRemindersInput => ({
  notify: { enabled: true, email: true, wechat: false },
  push: { enabled: true, times: 3, cycleDays: 2, email: true, wechat: true },
  offsetDays: 2,
  enforce: false,
  ...patch,
});

const saveVisit2 = (reminders: unknown, lang?: string) => saveVisit2Reminders(rs, reminders, lang);
const publishReminders = (reminders: EventRemindersInput) => publishVisit2Reminders(rs, reminders);
const moveTo = (day: string, hhmm: string) => moveClockTo(rs, day, hhmm);
const runScans = () => runReminderScans(rs);

async function log(subject: AddedSubject) {
  return db()
    .selectFrom('visit_reminders')
    .select(['audience', 'sequence', 'outcome', 'channels', 'message_ids', 'due_day', 'site_id'])
    .where('subject_id', '=', subject.id)
    .orderBy('audience')
    .orderBy('sequence')
    .execute();
}

async function outbox(subject: AddedSubject) {
  return db().selectFrom('outbound_messages').select(['id', 'channel', 'kind', 'address', 'subject', 'body']).where('recipient_subject_id', '=', subject.id).orderBy('id').execute();
}

function uatEnv() {
  return { id: rs.env.id, projectId: rs.projectId, key: rs.env.key };
}

beforeAll(async () => {
  rs = await openRecordsStudy('RMD');
  // The visit falls due two days from now; consent twelve days before that puts visit 2 (day 14) on day0 + 2.
  day0 = addDays(studyToday(t().clock.now()), 2);
  const consentDate = addDays(day0, -12);
  const crc = rs.people.coordinator;
  withAddress = await addSubject(rs, crc, rs.siteA.id, { consentDate, email: 'zhang@example.org' });
  await sql`UPDATE subjects SET wechat_ids = ${JSON.stringify({ official: 'o-zhang' })}::jsonb WHERE id = ${withAddress.id}`.execute(db());
  withData = await addSubject(rs, crc, rs.siteA.id, { consentDate, email: 'li@example.org' });
  unreachable = await addSubject(rs, rs.people.siteBUser, rs.siteB.id, { consentDate });
  // The second subject's vital signs of visit 2 hold data: the panel status the records save keeps.
  await db().updateTable('panel_instances').set({ status: 'COMPLETED' }).where('id', '=', withData.panelInstances.visit2?.VS ?? 0).execute();
});

afterAll(() => rs.study.t.close());

describe('notify and push settings', () => {
  it('refuse bad hours, negative cycles, reminders of unplanned visits and foreign roles, in the caller’s language, changing nothing', async () => {
    ok(await t().call('GET', '/dcap/projectEnv/selectEnv/dev', { token: rs.people.projectAdmin.token }));
    const before = await db().selectFrom('events').selectAll().where('project_id', '=', rs.projectId).orderBy('id').execute();
    const badHour = await saveVisit2({ ...settings(), push: { ...settings().push, hours: [8, 24] } }, 'en-US');
    refused(badHour, 400, 'request.invalid');
    expect(badHour.body.errors).toEqual([{ path: 'reminders.push.hours.1', message: 'reminders.push.hours.1 must be a whole hour from 0 (00:00) to 23 (23:00)' }]);
    const negative = await saveVisit2({ ...settings(), push: { ...settings().push, cycleDays: -1 } }, 'zh-CN');
    refused(negative, 400, 'request.invalid');
    expect(negative.body.errors).toEqual([{ path: 'reminders.push.cycleDays', message: 'reminders.push.cycleDays 不能小于 1' }]);
    const repeated = await saveVisit2({ ...settings(), notify: { ...settings().notify, hours: [20, 20] } }, 'en-US');
    expect(repeated.body.errors).toEqual([{ path: 'reminders.notify.hours.1', message: 'reminders.notify.hours.1: 20:00 appears more than once' }]);
    const log = await t().call('POST', '/dcap/project/event/save', {
      token: rs.people.projectAdmin.token,
      body: { projectId: rs.projectId, id: rs.events.log, name: '不良事件记录', nameEn: 'Adverse event log', type: 'LOG', reminders: settings() },
      lang: 'en-US',
    });
    refused(log, 422, 'event.reminders_unplanned');
    expect(log.body.msg).toBe('Only a visit with a planned day can have reminders');
    const foreign = await saveVisit2({ ...settings(), notify: { ...settings().notify, roleIds: [rs.roles.monitor, 999_999] } }, 'zh-CN');
    refused(foreign, 422, 'event.reminder_role_unknown');
    expect(foreign.body.msg).toBe('提醒接收角色 999999 不是本项目的角色');
    expect(await db().selectFrom('events').selectAll().where('project_id', '=', rs.projectId).orderBy('id').execute()).toEqual(before);
    ok(await t().call('GET', '/dcap/projectEnv/selectEnv/uat', { token: rs.people.projectAdmin.token }));
  });

  it('are saved with the event, audited, kept when a save leaves them out, and published with the design', async () => {
    await publishReminders(settings({ notify: { enabled: true, roleIds: [rs.roles.coordinator], email: true, wechat: false } }));
    const events = ok(await t().call('GET', `/dcap/project/event/list/${String(rs.projectId)}`, { token: rs.people.projectAdmin.token })) as DesignEvent[];
    const visit2 = events.find((event) => event.id === rs.events.visit2);
    expect(visit2?.reminders).toEqual({
      notify: { enabled: true, roleIds: [rs.roles.coordinator], email: true, wechat: false, hours: [] },
      push: { enabled: true, times: 3, cycleDays: 2, email: true, wechat: true, hours: [] },
      offsetDays: 2,
      enforce: false,
    });
    const audit = await db().selectFrom('audit_log').select(['new_value']).where('action', '=', 'event.update').where('entity_id', '=', String(rs.events.visit2)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.new_value).toMatchObject({ reminders: { offsetDays: 2 } });
    const version = await db().selectFrom('env_designs as d').innerJoin('design_versions as v', 'v.id', 'd.design_version_id').select('v.snapshot').where('d.env_id', '=', rs.env.id).executeTakeFirstOrThrow();
    const published = (version.snapshot as { events: { id: number; reminders?: unknown }[] }).events;
    expect(published.find((event) => event.id === rs.events.visit2)?.reminders).toMatchObject({ push: { times: 3 } });
    expect(published.find((event) => event.id === rs.events.baseline)).not.toHaveProperty('reminders');
    // The schedule fields saved without `reminders` keep them.
    ok(await t().call('GET', '/dcap/projectEnv/selectEnv/dev', { token: rs.people.projectAdmin.token }));
    const kept = ok(await t().call('POST', '/dcap/project/event/save', { token: rs.people.projectAdmin.token, body: { projectId: rs.projectId, id: rs.events.visit2, ...VISIT2_BODY } })) as DesignEvent;
    expect(kept.reminders?.offsetDays).toBe(2);
    ok(await t().call('GET', '/dcap/projectEnv/selectEnv/uat', { token: rs.people.projectAdmin.token }));
  });
});

describe('the hourly reminder scan', () => {
  it('on the due day at 08:00 reminds the reachable subject on both channels in both languages, and tells staff of each untouched visit', async () => {
    moveTo(day0, '08:30');
    expect(await runScans()).toBe(3);
    expect(await log(withAddress)).toEqual([
      { audience: 'staff.due', sequence: 1, outcome: 'sent', channels: ['inSite', 'email'], message_ids: [], due_day: day0, site_id: rs.siteA.id },
      { audience: 'subject', sequence: 1, outcome: 'sent', channels: ['email', 'wechat'], message_ids: expect.any(Array) as unknown, due_day: day0, site_id: rs.siteA.id },
    ]);
    const messages = await outbox(withAddress);
    expect(messages.map((message) => [message.channel, message.kind, message.address])).toEqual([
      ['email', 'visit.reminder', 'zhang@example.org'],
      ['wechat', 'visit.reminder', 'o-zhang'],
    ]);
    expect(messages[0]?.subject).toBe('访视提醒：访视2 / Visit reminder: Visit 2');
    expect(messages[0]?.body).toContain(`计划于 ${addDays(day0, 2)} 进行`);
    expect(messages[0]?.body).toContain('Your visit “Visit 2” is planned on');
    expect(messages[0]?.body).toContain('PUMCH');
    // Data entered: neither the subject nor staff are reminded.
    expect(await log(withData)).toEqual([]);
    expect(await outbox(withData)).toEqual([]);
    // No address: recorded once as unreachable; staff of site B are told.
    expect((await log(unreachable)).map((row) => [row.audience, row.sequence, row.outcome, row.site_id])).toEqual([
      ['staff.due', 1, 'sent', rs.siteB.id],
      ['subject', 1, 'unreachable', rs.siteB.id],
    ]);
    const audit = await db().selectFrom('audit_log').select(['new_value', 'env']).where('action', '=', 'reminder.scan').where('project_id', '=', rs.projectId).executeTakeFirstOrThrow();
    expect(audit.env).toBe('uat');
    expect((audit.new_value as { reminders: unknown[] }).reminders).toHaveLength(4);
  });

  it('sends nothing more when the scan is queued again, run again, or run at another hour of the day', async () => {
    const before = await db().selectFrom('visit_reminders').select('id').execute();
    const messages = await db().selectFrom('outbound_messages').select('id').execute();
    expect(await queueReminderScans(t().deps)).toEqual([]);
    expect(await scanEnv(t().deps, db(), uatEnv(), hourSlot(t().clock.now()))).toEqual({ subjects: 0, staff: 0, skipped: 0, unreachable: 0 });
    moveTo(day0, '10:30');
    expect(await runScans()).toBe(2);
    moveTo(day0, '20:30');
    expect(await runScans()).toBe(3);
    expect(await db().selectFrom('visit_reminders').select('id').execute()).toEqual(before);
    expect(await db().selectFrom('outbound_messages').select('id').execute()).toEqual(messages);
  });

  it('sends the second reminder a cycle later exactly once when two servers scan the same slot at once', async () => {
    const at = moveTo(addDays(day0, 2), '08:05');
    const scan = () => db().transaction().execute((trx) => scanEnv(t().deps, trx, uatEnv(), hourSlot(at)));
    const [first, second] = await Promise.all([scan(), scan()]);
    expect(first.subjects + second.subjects).toBe(1);
    expect(first.unreachable + second.unreachable).toBe(1);
    await runScans();
    expect((await log(withAddress)).filter((row) => row.audience === 'subject').map((row) => [row.sequence, row.due_day])).toEqual([
      [1, day0],
      [2, addDays(day0, 2)],
    ]);
    expect(await outbox(withAddress)).toHaveLength(4);
    expect(await log(withData)).toEqual([]);
  });

  it('with enforce, reminds a subject whose visit has data, once for the latest reminder due, the missed ones skipped', async () => {
    await publishReminders(settings({ enforce: true }));
    moveTo(addDays(day0, 4), '08:30');
    await runScans();
    expect((await log(withData)).map((row) => [row.audience, row.sequence, row.outcome])).toEqual([
      ['subject', 1, 'skipped'],
      ['subject', 2, 'skipped'],
      ['subject', 3, 'sent'],
    ]);
    expect(await outbox(withData)).toHaveLength(1);
    expect((await log(withAddress)).filter((row) => row.audience === 'subject')).toHaveLength(3);
  });

  it('tells staff once that a visit is overdue after its window closed, and reminds no subject past its reminders', async () => {
    moveTo(addDays(day0, 7), '20:10');
    await runScans();
    moveTo(addDays(day0, 8), '08:10');
    await runScans();
    expect((await log(withAddress)).map((row) => [row.audience, row.sequence])).toEqual([
      ['staff.due', 1],
      ['staff.overdue', 1],
      ['subject', 1],
      ['subject', 2],
      ['subject', 3],
    ]);
    expect((await log(unreachable)).filter((row) => row.audience === 'staff.overdue')).toHaveLength(1);
    expect((await log(withData)).filter((row) => row.audience.startsWith('staff'))).toEqual([]);
  });
});
