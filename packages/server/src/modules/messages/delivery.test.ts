import type { CreatedSurveyLink, EventRemindersInput, MessageEvent, Query, RandScheme, RecordPanel } from '@dcap/core';
import { addDays, MESSAGE_EVENTS, studyToday } from '@dcap/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, role } from '../roles/study.fixture.js';
import type { MessagingStudy } from '../../test/messaging.fixture.js';
import { configureProject, moveTo, openMessagingStudy, publishReminders, runReminderScans } from '../../test/messaging.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject } from '../../test/records.fixture.js';
import type { ReceivedMail } from '../../test/smtp-fake.js';
import type { SentTemplate } from '../../test/wechat-fake.js';

/**
 * Every message the platform sends, from the call that causes it to what the local SMTP server and WeChat
 * stand-in receive (spec 002 §3 "Message config", §4 reminders; docs/decisions.md "Message sending"): the
 * right people, each in their own language with the placeholders filled, WeChat to the bound open id, the
 * in-site notification beside it; never the actor, a blacklisted member or someone of another site, and
 * never an arm. One study serves every case; the reminder scans move the clock and so come last.
 */
let ms: MessagingStudy;
let rs: RecordsStudy;
let crcBlack: Persona;
let crcB: Persona;
let statistician: Persona;
let randomiser: Persona;
let subjectA: AddedSubject;
const PASSWORD = 'Passw0rd!x';

// Distinctive arm codes and names, so a message that leaks one is found in its text.
const ACTIVE = { code: 'ARMDLVACTIVE', name: '试验药庚辛壬', nameEn: 'Deliverol 5 mg', ratio: 1 };
const CONTROL = { code: 'ARMDLVPLACEBO', name: '安慰剂癸子丑', nameEn: 'Placedeliver', ratio: 1 };
const SEX = { code: 'SEX', name: '性别', nameEn: 'Sex', options: [{ code: 'M', label: '男', labelEn: 'Male' }, { code: 'F', label: '女', labelEn: 'Female' }] };
const SCHEME = { method: 'stratifiedBlocks', arms: [ACTIVE, CONTROL], blockSizes: [2], stratifyBySite: true, factors: [SEX], tableSize: 8 };

const t = () => rs.study.t;
const db = () => t().database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => t().call('POST', url, { token: who.token, body, ...(lang ? { lang } : {}) });
const get = (who: Persona, url: string) => t().call('GET', url, { token: who.token });
const addressOf = (who: Persona) => `${who.username.toLowerCase()}@example.org`;
const openIdOf = (who: Persona) => `o-${who.username.toLowerCase()}`;
const dm = (s: AddedSubject) => s.panelInstances.screening?.DM ?? 0;

interface Arrived {
  mails: ReceivedMail[];
  wechat: SentTemplate[];
}

/** Runs the action, then sends everything it queued: what reached the SMTP server and WeChat meanwhile. */
async function deliveredBy(action: () => Promise<unknown>): Promise<Arrived> {
  const mailsBefore = ms.smtp.messages.length;
  const wechatBefore = ms.wx.templates.length;
  await action();
  const drained = await t().app.messages.drain();
  expect(drained).toMatchObject({ failed: 0, retried: 0, unconfirmed: 0 });
  return { mails: ms.smtp.messages.slice(mailsBefore), wechat: ms.wx.templates.slice(wechatBefore) };
}

const receiversOf = (arrived: Arrived) => arrived.mails.flatMap((mail) => mail.to).sort();
const openIdsOf = (arrived: Arrived) => arrived.wechat.map((template) => template.touser).sort();
const sorted = (values: string[]) => [...values].sort();

function mailTo(arrived: Arrived, address: string): ReceivedMail {
  const found = arrived.mails.filter((mail) => mail.to.includes(address));
  expect(found, `one mail to ${address}`).toHaveLength(1);
  return found[0] as ReceivedMail;
}

function wechatTo(arrived: Arrived, openId: string): SentTemplate {
  const found = arrived.wechat.filter((template) => template.touser === openId);
  expect(found, `one WeChat message to ${openId}`).toHaveLength(1);
  return found[0] as SentTemplate;
}

/** A rendered text: nothing of a template's `{name}` left. */
function filled(text: string): string {
  expect(text).not.toMatch(/\{[A-Za-z]+\}/);
  return text;
}

/** The WeChat template carries the same rendered title and text as the e-mail. */
function sameAsMail(template: SentTemplate, mail: ReceivedMail): void {
  expect(template.template_id).toBe(ms.wx.env.WECHAT_TEMPLATE_ID);
  expect(template.data).toEqual({ first: { value: mail.subject }, remark: { value: mail.text } });
}

/** The in-site notifications of an event, by receiver. */
async function notesOf(event: MessageEvent): Promise<Map<number, { title: string; body: string }>> {
  const rows = await db().selectFrom('notifications').select(['user_id', 'title', 'body']).where('event', '=', event).orderBy('id').execute();
  return new Map(rows.map((row) => [row.user_id, { title: row.title, body: row.body }]));
}

/** A new member of the study with a role of their own, working in the test environment. */
async function member(alias: string, rights: Record<string, unknown>, username: string): Promise<Persona> {
  const r = await role(rs.study, rs.people.projectAdmin, { projectId: rs.projectId, alias, ...rights });
  const p = await person(rs.study, username);
  await grant(rs.study, rs.people.projectAdmin, rs.projectId, { roleId: r.id, userIds: [p.id] });
  await enter(rs.study, p, rs.projectId, r.id);
  ok(await get(p, '/dcap/projectEnv/selectEnv/uat'));
  return p;
}

async function reachable(who: Persona, wechat: boolean): Promise<void> {
  await db().updateTable('users').set({ email: addressOf(who) }).where('id', '=', who.id).execute();
  if (wechat) await db().insertInto('user_wechat_bindings').values({ user_id: who.id, kind: 'official', open_id: openIdOf(who) }).execute();
}

beforeAll(async () => {
  ms = await openMessagingStudy('DLV');
  rs = ms.rs;
  const { coordinator, investigator, monitor, projectAdmin } = rs.people;
  await db().updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND' }).where('id', '=', rs.projectId).execute();
  // A second coordinator of site A, blacklisted below, and a coordinator of site B: both reachable on every channel.
  crcBlack = await member('CRC-A2', { institutionIds: [rs.siteA.id], dataEntryRights: true, answerQuery: true }, 'DLV.crcblack');
  crcB = await member('CRC-B', { institutionIds: [rs.siteB.id], dataEntryRights: true, answerQuery: true }, 'DLV.crcb');
  statistician = await member('STAT', { institutionIds: 'all', unblind: true, projectDesignAndSetup: true }, 'DLV.stat');
  randomiser = await member('RND-A', { institutionIds: [rs.siteA.id], randomise: true, dataEntryRights: true }, 'DLV.rnd');
  for (const who of [coordinator, investigator, crcBlack, crcB]) await reachable(who, true);
  for (const who of [monitor, projectAdmin, rs.study.admin, randomiser, statistician]) await reachable(who, false);
  // The coordinator signs in in English: their messages are written in English since; everyone else reads Chinese.
  ok(await t().call('POST', '/dcap/login', { body: { username: coordinator.username, password: PASSWORD }, lang: 'en-US' }));
  // The study sends every event by e-mail and WeChat too, and never to the blacklisted coordinator.
  for (const event of MESSAGE_EVENTS) await configureProject(rs, event, { email: true, wechat: true, blacklist: [crcBlack.id] });
  subjectA = await addSubject(rs, coordinator, rs.siteA.id, { subjectCode: 'DLV-A-001' });
  const panel = ok(await get(coordinator, `/dcap/project/recordDataManage/panel/${String(dm(subjectA))}`)) as RecordPanel;
  ok(await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: dm(subjectA), version: panel.version, values: { ...panel.values, INITIALS: 'AB' }, reasons: {} }));
}, 180_000);
afterAll(() => ms.close());

describe('queries', () => {
  let query: Query;

  it('a query raised at site A reaches its coordinator in English and investigator in Chinese, by e-mail, WeChat and in the platform; not the raiser, the blacklisted or site B', async () => {
    const { coordinator, investigator, monitor } = rs.people;
    const arrived = await deliveredBy(async () => {
      query = ok(await post(monitor, '/dcap/query/raise', { panelInstanceId: dm(subjectA), path: 'INITIALS', content: '请核实缩写', contentEn: 'Check the initials' })) as Query;
    });
    expect(receiversOf(arrived)).toEqual(sorted([addressOf(coordinator), addressOf(investigator)]));
    expect(openIdsOf(arrived)).toEqual(sorted([openIdOf(coordinator), openIdOf(investigator)]));

    const english = mailTo(arrived, addressOf(coordinator));
    expect(english).toMatchObject({ subject: '[DLV] New query on subject DLV-A-001', language: 'en-US' });
    expect(filled(english.text)).toContain('raised a query on Initials of subject DLV-A-001 (PUMCH), Screening: 请核实缩写');
    const chinese = mailTo(arrived, addressOf(investigator));
    expect(chinese).toMatchObject({ subject: '【DLV】受试者 DLV-A-001 有新质疑', language: 'zh-CN' });
    expect(filled(chinese.text)).toContain('对受试者 DLV-A-001（协和医院）筛选期 的 姓名缩写 发起质疑：请核实缩写');
    sameAsMail(wechatTo(arrived, openIdOf(coordinator)), english);
    sameAsMail(wechatTo(arrived, openIdOf(investigator)), chinese);

    const notes = await notesOf('query.raised');
    expect([...notes.keys()].sort()).toEqual([coordinator.id, investigator.id].sort());
    expect(notes.get(coordinator.id)).toEqual({ title: english.subject, body: english.text });
    expect(notes.get(investigator.id)).toEqual({ title: chinese.subject, body: chinese.text });
  });

  it('its answer reaches the raiser, who has no WeChat, by e-mail and in the platform', async () => {
    const { coordinator, monitor } = rs.people;
    const arrived = await deliveredBy(async () => ok(await post(coordinator, '/dcap/query/answer', { id: query.id, comment: '已核对原始病历' })));
    expect(receiversOf(arrived)).toEqual([addressOf(monitor)]);
    expect(arrived.wechat).toEqual([]);
    const mail = mailTo(arrived, addressOf(monitor));
    expect(mail.subject).toBe('【DLV】受试者 DLV-A-001 的质疑已回复');
    expect(filled(mail.text)).toContain('姓名缩写 的质疑：已核对原始病历');
    expect((await notesOf('query.answered')).get(monitor.id)?.title).toBe(mail.subject);
  });

  it('its closing reaches the site’s coordinator, not the monitor who closed it', async () => {
    const { coordinator, monitor } = rs.people;
    const arrived = await deliveredBy(async () => ok(await post(monitor, '/dcap/query/close', { id: query.id, comment: '同意' })));
    expect(receiversOf(arrived)).toEqual([addressOf(coordinator)]);
    const mail = mailTo(arrived, addressOf(coordinator));
    expect(mail.subject).toBe('[DLV] Query closed for subject DLV-A-001');
    expect(filled(mail.text)).toContain('closed the query on Initials of subject DLV-A-001 (PUMCH), Screening.');
    sameAsMail(wechatTo(arrived, openIdOf(coordinator)), mail);
    expect([...(await notesOf('query.closed')).keys()]).toEqual([coordinator.id]);
  });
});

describe('data workflow and membership', () => {
  it('a panel reviewed tells the investigator it waits for the signature, by WeChat and in the platform (no e-mail for signatures unless chosen)', async () => {
    const { investigator, monitor, dataManager } = rs.people;
    ok(await post(monitor, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm(subjectA), action: 'verify' }));
    const arrived = await deliveredBy(async () => ok(await post(dataManager, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm(subjectA), action: 'review' })));
    expect(arrived.mails).toEqual([]);
    expect(openIdsOf(arrived)).toEqual([openIdOf(investigator)]);
    const title = '【DLV】受试者 DLV-A-001 的表单待签名';
    const text = '受试者 DLV-A-001（协和医院）筛选期 的 人口学资料 已完成审核，等待研究者签名。';
    expect(wechatTo(arrived, openIdOf(investigator)).data).toEqual({ first: { value: title }, remark: { value: text } });
    expect((await notesOf('signature.due')).get(investigator.id)).toEqual({ title, body: text });
  });

  it('a role given with notice tells its new holder', async () => {
    const newcomer = await person(rs.study, 'DLV.newcra');
    await reachable(newcomer, true);
    const arrived = await deliveredBy(() => grant(rs.study, rs.people.projectAdmin, rs.projectId, { roleId: rs.roles.monitor, userIds: [newcomer.id], notify: true }));
    expect(receiversOf(arrived)).toEqual([addressOf(newcomer)]);
    const mail = mailTo(arrived, addressOf(newcomer));
    expect(mail.subject).toBe('【DLV】您已获得角色 CRA');
    expect(filled(mail.text)).toContain('中为您分配了角色 CRA');
    sameAsMail(wechatTo(arrived, openIdOf(newcomer)), mail);
    expect([...(await notesOf('role.assigned')).keys()]).toEqual([newcomer.id]);
  });

  it('a password reset by e-mail reaches the user’s address only, with the new password, and nowhere else', async () => {
    const forgetful = await person(rs.study, 'DLV.forgetful');
    await reachable(forgetful, true);
    const arrived = await deliveredBy(async () => ok(await post(rs.study.admin, '/dcap/sys/user/resetUserPassword', { id: forgetful.id, sendEmail: true })));
    expect(receiversOf(arrived)).toEqual([addressOf(forgetful)]);
    expect(arrived.wechat).toEqual([]);
    const mail = mailTo(arrived, addressOf(forgetful));
    expect(mail).toMatchObject({ subject: '您的密码已重置', language: 'zh-CN' });
    const password = /新密码：(\S+)/.exec(filled(mail.text))?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect(await t().call('POST', '/dcap/login', { body: { username: forgetful.username, password } })).toMatchObject({ status: 200 });
    expect(await notesOf('password.reset')).toEqual(new Map());
  });

  it('a status application reaches the platform administrators, and its decision the applicant', async () => {
    const { projectAdmin } = rs.people;
    let applicationId = 0;
    const applied = await deliveredBy(async () => {
      applicationId = (ok(await post(projectAdmin, '/dcap/project/applyProjectStatusChange', { projectId: rs.projectId, type: 'APPLY_PROJECT_LOCKED', reason: '数据清理完成' })) as { id: number }).id;
    });
    expect(receiversOf(applied)).toEqual([addressOf(rs.study.admin)]);
    const application = mailTo(applied, addressOf(rs.study.admin));
    expect(application.subject).toBe('【DLV】项目状态变更申请待审批');
    expect(filled(application.text)).toContain('锁定项目');
    expect(application.text).toContain('理由：数据清理完成');
    expect([...(await notesOf('project.statusApplied')).keys()]).toEqual([rs.study.admin.id]);

    const decided = await deliveredBy(async () => ok(await post(rs.study.admin, '/dcap/project/decideStatusChange', { projectId: rs.projectId, id: applicationId, approve: false, comment: '尚有未关闭质疑' })));
    expect(receiversOf(decided)).toEqual([addressOf(projectAdmin)]);
    const decision = mailTo(decided, addressOf(projectAdmin));
    expect(decision.subject).toBe('【DLV】项目状态变更申请驳回');
    expect(filled(decision.text)).toContain('尚有未关闭质疑');
    expect([...(await notesOf('project.statusDecided')).keys()]).toEqual([projectAdmin.id]);
  });
});

describe('randomisation and unblinding', () => {
  let randomised: AddedSubject;

  beforeAll(async () => {
    const scheme = ok(await post(statistician, '/dcap/balance/scheme/save', { name: 'Main', settings: { scheme: SCHEME, treatmentPhase: '治疗期' } })) as RandScheme;
    ok(await post(statistician, '/dcap/balance/scheme/simulate', { id: scheme.id, trials: 10, subjectsPerTrial: 20 }));
    ok(await post(statistician, '/dcap/balance/scheme/approve', { id: scheme.id, version: scheme.version }));
    ok(await post(statistician, '/dcap/balance/table/generate', { schemeId: scheme.id, kind: 'test' }));
    randomised = await addSubject(rs, randomiser, rs.siteA.id, { subjectCode: 'DLV-A-002' });
    // WeChat carries randomisation only to those who chose it (core users/preferences.ts): the coordinator does.
    ok(await post(rs.people.coordinator, '/dcap/sys/user/preferences', { notifications: { wechat: { randomisation: true } } }));
  });

  it('a randomisation reaches the project’s monitors and the site’s coordinator and investigator with the number only', async () => {
    const { coordinator, investigator, monitor } = rs.people;
    const arrived = await deliveredBy(async () =>
      ok(await post(randomiser, '/dcap/balance/randomise', { subjectId: randomised.id, version: randomised.version, factors: { SEX: 'F' }, firstDrugNo: 'KIT-DLV-1' })),
    );
    const randomNo = (await db().selectFrom('rand_allocations').select('random_no').where('subject_id', '=', randomised.id).executeTakeFirstOrThrow()).random_no;
    expect(receiversOf(arrived)).toEqual(sorted([addressOf(coordinator), addressOf(investigator), addressOf(monitor), 'dlv.newcra@example.org']));
    expect(openIdsOf(arrived)).toEqual([openIdOf(coordinator)]);
    const english = mailTo(arrived, addressOf(coordinator));
    expect(english.subject).toBe('[DLV] Subject DLV-A-002 randomised');
    expect(filled(english.text)).toContain(`randomised subject DLV-A-002 (PUMCH); randomisation number ${randomNo}.`);
    sameAsMail(wechatTo(arrived, openIdOf(coordinator)), english);
    expect((await notesOf('randomisation.done')).has(randomiser.id)).toBe(false);
  });

  it('an emergency unblinding reaches the site’s investigator with the reason, not the unblinder', async () => {
    const { investigator } = rs.people;
    const arrived = await deliveredBy(async () =>
      ok(await post(randomiser, '/dcap/imask/unblind/emergency', { subjectId: randomised.id, reason: '严重不良事件需要知晓用药', username: randomiser.username, password: PASSWORD })),
    );
    expect(receiversOf(arrived)).toEqual([addressOf(investigator)]);
    const mail = mailTo(arrived, addressOf(investigator));
    expect(mail.subject).toBe('【DLV】受试者 DLV-A-002 已紧急揭盲');
    expect(filled(mail.text)).toContain('理由：严重不良事件需要知晓用药');
    expect(arrived.wechat).toEqual([]);
    expect([...(await notesOf('unblinding.emergency')).keys()]).toEqual([investigator.id]);
  });
});

describe('messages to subjects', () => {
  it('a questionnaire link reaches the subject by e-mail in the link’s language, and by WeChat at the bound open id, with its address', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id, { subjectCode: 'DLV-A-003', email: 'wang.subject@example.org' });
    await sql`UPDATE subjects SET wechat_ids = ${JSON.stringify({ official: 'o-wang-subject' })}::jsonb WHERE id = ${subject.id}`.execute(db());
    const made = ok(await post(coordinator, '/dcap/epro/link/create', { panelInstanceId: subject.panelInstances.baseline?.VS, scope: 'panel', language: 'en-US' })) as CreatedSurveyLink;
    const url = `${t().config.publicUrl}/epro/${made.token}?lang=en-US`;

    const byMail = await deliveredBy(async () => ok(await post(coordinator, '/dcap/epro/link/send', { linkId: made.link.id, token: made.token, channel: 'email' })));
    expect(receiversOf(byMail)).toEqual(['wang.subject@example.org']);
    const mail = mailTo(byMail, 'wang.subject@example.org');
    expect(mail.language).toBe('en-US');
    expect(mail.subject).toContain('Baseline');
    expect(mail.text).toContain(url);

    const byWechat = await deliveredBy(async () => ok(await post(coordinator, '/dcap/epro/link/send', { linkId: made.link.id, token: made.token, channel: 'wechat' })));
    expect(byWechat.mails).toEqual([]);
    expect(wechatTo(byWechat, 'o-wang-subject')).toEqual({ touser: 'o-wang-subject', template_id: ms.wx.env.WECHAT_TEMPLATE_ID, url, data: { first: { value: mail.subject }, remark: { value: mail.text } } });
    expect((ok(await get(coordinator, `/dcap/epro/link/list?subjectId=${String(subject.id)}`)) as { links: { id: number; sendState: string }[] }).links.find((link) => link.id === made.link.id)?.sendState).toBe('sent');
  });
});

describe('visit reminders (the hourly scan)', () => {
  let dueDay: string;
  let reminded: AddedSubject;

  beforeAll(async () => {
    // Visit 2 (day 14, window ±3) of a subject consented twelve days before `dueDay` falls due on it, two days
    // early: planned on dueDay + 2, overdue after dueDay + 5.
    dueDay = addDays(studyToday(t().clock.now()), 2);
    reminded = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { subjectCode: 'DLV-A-004', consentDate: addDays(dueDay, -12), email: 'zhao.subject@example.org' });
    await sql`UPDATE subjects SET wechat_ids = ${JSON.stringify({ official: 'o-zhao-subject' })}::jsonb WHERE id = ${reminded.id}`.execute(db());
    const reminders: EventRemindersInput = {
      notify: { enabled: true, email: true, wechat: true },
      push: { enabled: true, times: 1, cycleDays: 1, email: true, wechat: true },
      offsetDays: 2,
      enforce: false,
    };
    await publishReminders(rs, reminders);
    // Visits are not e-mailed unless chosen (core users/preferences.ts): the coordinator chose it, the investigator did not.
    ok(await post(rs.people.coordinator, '/dcap/sys/user/preferences', { notifications: { email: { visits: true } } }));
  });

  it('on the due day tells the site’s coordinator and reminds the subject in both languages by e-mail and WeChat', async () => {
    const { coordinator } = rs.people;
    const arrived = await deliveredBy(async () => {
      moveTo(rs, dueDay, '08:30');
      await runReminderScans(rs);
    });
    expect(receiversOf(arrived)).toEqual(sorted([addressOf(coordinator), 'zhao.subject@example.org']));
    expect(openIdsOf(arrived)).toEqual(sorted([openIdOf(coordinator), 'o-zhao-subject']));

    const staff = mailTo(arrived, addressOf(coordinator));
    expect(staff.subject).toBe('[DLV] Visit due for subject DLV-A-004');
    expect(filled(staff.text)).toBe(`Visit 2 of subject DLV-A-004 (PUMCH) is due by ${addDays(dueDay, 5)}.`);
    sameAsMail(wechatTo(arrived, openIdOf(coordinator)), staff);
    expect([...(await notesOf('visit.due')).keys()]).toEqual([coordinator.id]);

    const subject = mailTo(arrived, 'zhao.subject@example.org');
    expect(subject.subject).toBe('访视提醒：访视2 / Visit reminder: Visit 2');
    expect(filled(subject.text)).toContain(`计划于 ${addDays(dueDay, 2)} 进行`);
    expect(subject.text).toContain('Your visit “Visit 2” is planned on');
    sameAsMail(wechatTo(arrived, 'o-zhao-subject'), subject);
  });

  it('after the window closed tells the site’s coordinator and investigator the visit is overdue, once', async () => {
    const { coordinator, investigator } = rs.people;
    const arrived = await deliveredBy(async () => {
      moveTo(rs, addDays(dueDay, 6), '08:30');
      await runReminderScans(rs);
    });
    expect(receiversOf(arrived)).toEqual([addressOf(coordinator)]);
    expect(openIdsOf(arrived)).toEqual(sorted([openIdOf(coordinator), openIdOf(investigator)]));
    const english = mailTo(arrived, addressOf(coordinator));
    expect(english.subject).toBe('[DLV] Visit overdue for subject DLV-A-004');
    expect(filled(english.text)).toBe(`Visit 2 of subject DLV-A-004 (PUMCH) was due by ${addDays(dueDay, 5)} and is now overdue.`);
    sameAsMail(wechatTo(arrived, openIdOf(coordinator)), english);
    const chinese = { title: '【DLV】受试者 DLV-A-004 的访视已超窗', text: `受试者 DLV-A-004（协和医院）的 访视2 应于 ${addDays(dueDay, 5)} 前完成，现已超窗。` };
    expect(wechatTo(arrived, openIdOf(investigator)).data).toEqual({ first: { value: chinese.title }, remark: { value: chinese.text } });
    expect([...(await notesOf('visit.overdue')).keys()].sort()).toEqual([coordinator.id, investigator.id].sort());

    const again = await deliveredBy(async () => {
      moveTo(rs, addDays(dueDay, 6), '20:30');
      await runReminderScans(rs);
    });
    expect(again).toEqual({ mails: [], wechat: [] });
  });
});

describe('everything delivered', () => {
  it('never went to the blacklisted coordinator or to site B, and never names an arm', async () => {
    const everything = JSON.stringify([ms.smtp.messages.map((mail) => [mail.to, mail.subject, mail.text]), ms.wx.templates, await db().selectFrom('notifications').selectAll().execute()]);
    expect(ms.smtp.messages.length).toBeGreaterThan(15);
    for (const outsider of [crcBlack, crcB]) {
      expect(everything).not.toContain(addressOf(outsider));
      expect(everything).not.toContain(openIdOf(outsider));
      expect(await db().selectFrom('notifications').select('id').where('user_id', '=', outsider.id).execute()).toEqual([]);
    }
    for (const arm of [ACTIVE, CONTROL]) for (const word of [arm.code, arm.name, arm.nameEn]) expect(everything).not.toContain(word);
  });
});
