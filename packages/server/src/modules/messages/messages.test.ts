import type { MessageConfig, MessageEvent, NotificationPage, Query, RecordPanel, SaveMessageConfigRequest, UserBrief } from '@dcap/core';
import { MESSAGE_EVENTS } from '@dcap/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, refused, role } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import { configSettings, configureProject as fixtureConfigureProject, projectConfig as fixtureProjectConfig, resetProject as fixtureResetProject } from '../../test/messaging.fixture.js';

/**
 * The study team is told of what happens in the study (spec 002 §3 "Message config"): a monitor raises a
 * query at site A and the site's coordinator and investigator hear of it, in their own language, in the
 * platform and by e-mail or WeChat as they chose; the blacklist, the period flags and the project's own
 * configuration change who hears what; roles, password resets, status applications and ready-to-sign panels
 * tell the people they concern. The messages of randomisation and unblinding are checked, arms absent, in
 * randomisation.test.ts.
 */
let rs: RecordsStudy;
let subjectA: AddedSubject;
let subjectB: AddedSubject;
const PASSWORD = 'Passw0rd!x';

const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, ...(lang ? { lang } : {}) });
const get = (who: Persona, url: string, lang?: string) => rs.study.t.call('GET', url, { token: who.token, ...(lang ? { lang } : {}) });
const db = () => rs.study.t.database.db;
const dm = (s: AddedSubject) => s.panelInstances.screening?.DM ?? 0;

const notes = (userId: number, event: MessageEvent) => db().selectFrom('notifications').selectAll().where('user_id', '=', userId).where('event', '=', event).orderBy('id').execute();
const mails = (userId: number, event: MessageEvent) => db().selectFrom('outbound_messages').selectAll().where('recipient_user_id', '=', userId).where('kind', '=', event).orderBy('id').execute();
const toldAbout = async (event: MessageEvent) => new Set((await db().selectFrom('notifications').select('user_id').where('event', '=', event).execute()).map((row) => row.user_id));

async function save(who: Persona, panelInstanceId: number, values: Record<string, unknown>): Promise<void> {
  const panel = ok(await get(who, `/dcap/project/recordDataManage/panel/${String(panelInstanceId)}`)) as RecordPanel;
  ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId, version: panel.version, values: { ...panel.values, ...values }, reasons: {} }));
}

const raise = async (who: Persona, subject: AddedSubject, path = 'INITIALS') => ok(await post(who, '/dcap/query/raise', { panelInstanceId: dm(subject), path, content: '请核实缩写', contentEn: 'Check the initials' })) as Query;

const settings = configSettings;
const projectConfig = (event: MessageEvent) => fixtureProjectConfig(rs, event);
const configureProject = (event: MessageEvent, change: Partial<SaveMessageConfigRequest>) => fixtureConfigureProject(rs, event, change);
const resetProject = (event: MessageEvent) => fixtureResetProject(rs, event);

beforeAll(async () => {
  rs = await openRecordsStudy('MSG');
  const { coordinator, investigator, monitor } = rs.people;
  // E-mail addresses, and the coordinator signs in in English: their messages are written in English since.
  for (const who of [coordinator, investigator, monitor, rs.people.siteBUser, rs.people.projectAdmin]) {
    await db().updateTable('users').set({ email: `${who.username.toLowerCase()}@example.org` }).where('id', '=', who.id).execute();
  }
  ok(await rs.study.t.call('POST', '/dcap/login', { body: { username: coordinator.username, password: PASSWORD }, lang: 'en-US' }));
  subjectA = await addSubject(rs, coordinator, rs.siteA.id, { subjectCode: 'MSG-A-001' });
  subjectB = await addSubject(rs, rs.people.siteBUser, rs.siteB.id);
  await save(coordinator, dm(subjectA), { INITIALS: 'AB', SEX: '1' });
  await save(rs.people.siteBUser, dm(subjectB), { INITIALS: 'CD' });
}, 180_000);
afterAll(() => rs.study.t.close());

describe('message configuration', () => {
  it('lists every event for the platform with its defaults until saved, in both languages', async () => {
    const list = ok(await get(rs.study.admin, '/dcap/sys/messageConfig/list')) as MessageConfig[];
    expect(list.map((config) => config.event)).toEqual([...MESSAGE_EVENTS]);
    const raised = list.find((config) => config.event === 'query.raised');
    expect(raised).toMatchObject({ id: null, inherited: false, enabled: true, inSite: true, receivers: [{ role: 'CRC', level: 'site' }, { role: 'PI', level: 'site' }] });
    expect(raised?.templates['en-US'].subject).toContain('{subjectCode}');
    expect(raised?.templates['zh-CN'].subject).toContain('{subjectCode}');
    expect(raised?.placeholders).toEqual(expect.arrayContaining(['subjectCode', 'field', 'projectCode', 'siteName']));
    expect(raised?.placeholders).not.toContain('arm');
  });

  it('refuses a placeholder the event does not offer, in the caller\'s language, and saves nothing', async () => {
    const [config] = ok(await get(rs.study.admin, '/dcap/sys/messageConfig/list')) as MessageConfig[];
    if (!config) throw new Error('no configuration');
    const body = settings(config);
    const bad = { ...body, templates: { ...body.templates, 'en-US': { subject: 'Arm {arm}', body: 'Group {group} of {subjectCode}' } } };
    const reply = await post(rs.study.admin, '/dcap/sys/messageConfig/save', bad, 'en-US');
    refused(reply, 422, 'message.unknown_placeholder');
    expect(reply.body.msg).toContain('{arm}');
    expect(reply.body.msg).toContain('{group}');
    refused(await post(rs.study.admin, '/dcap/sys/messageConfig/save', { ...body, blacklist: [999999] }), 422, 'message.user_unknown');
    expect(await db().selectFrom('message_configs').select('id').execute()).toEqual([]);
  });

  it('saves the platform configuration audited; a project inherits it until it saves its own, and a reset returns to it', async () => {
    const list = ok(await get(rs.study.admin, '/dcap/sys/messageConfig/list')) as MessageConfig[];
    const closed = list.find((config) => config.event === 'query.closed');
    if (!closed) throw new Error('no configuration');
    const saved = ok(await post(rs.study.admin, '/dcap/sys/messageConfig/save', { ...settings(closed), group: 'Queries', title: 'Query closed (platform)' })) as MessageConfig;
    expect(saved).toMatchObject({ projectId: null, title: 'Query closed (platform)', inherited: false });
    expect(saved.id).toEqual(expect.any(Number));
    const audit = await db().selectFrom('audit_log').select(['action', 'project_id', 'new_value']).where('action', '=', 'messageConfig.save').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.project_id).toBeNull();

    expect(await projectConfig('query.closed')).toMatchObject({ inherited: true, title: 'Query closed (platform)' });
    const own = await configureProject('query.closed', { title: 'Query closed (study)' });
    expect(own).toMatchObject({ inherited: false, projectId: rs.projectId, title: 'Query closed (study)' });
    expect(await projectConfig('query.closed')).toMatchObject({ inherited: false, title: 'Query closed (study)' });
    expect(ok(await resetProject('query.closed'))).toMatchObject({ inherited: true, title: 'Query closed (platform)' });
    refused(await resetProject('query.closed'), 404, 'message.no_project_config');
    expect((await db().selectFrom('audit_log').select('action').where('project_id', '=', rs.projectId).where('action', 'like', 'messageConfig.%').execute()).map((row) => row.action)).toEqual([
      'messageConfig.save',
      'messageConfig.reset',
    ]);
  });

  it('offers a manager without platform rights the project\'s members for the blacklist, and saves one', async () => {
    const { projectAdmin, coordinator, siteBUser } = rs.people;
    const setup = await role(rs.study, projectAdmin, { projectId: rs.projectId, alias: 'MSG-SETUP', institutionIds: 'all', projectDesignAndSetup: true });
    const manager = await person(rs.study, 'MSG.setupmgr');
    await grant(rs.study, projectAdmin, rs.projectId, { roleId: setup.id, userIds: [manager.id] });
    await enter(rs.study, manager, rs.projectId, setup.id);
    const outsider = await person(rs.study, 'MSG.outsider');
    refused(await get(manager, '/dcap/sys/user/users'), 403, 'user.picker_forbidden');
    const members = ok(await get(manager, '/dcap/project/message/members')) as UserBrief[];
    const ids = members.map((member) => member.id);
    expect(ids).toEqual(expect.arrayContaining([coordinator.id, siteBUser.id, manager.id]));
    expect(ids).not.toContain(outsider.id);
    expect(members.find((member) => member.id === coordinator.id)).toEqual({ id: coordinator.id, username: coordinator.username, name: `Name of ${coordinator.username}`, nameEn: null });
    const list = ok(await get(manager, '/dcap/project/message/list')) as MessageConfig[];
    const config = list.find((item) => item.event === 'signature.due');
    if (!config) throw new Error('no configuration');
    const saved = ok(await post(manager, '/dcap/project/message/save', { ...settings(config), blacklist: [coordinator.id] })) as MessageConfig;
    expect(saved.blacklistUsers).toEqual([{ id: coordinator.id, username: coordinator.username, name: `Name of ${coordinator.username}` }]);
    ok(await resetProject('signature.due'));
  });

  it('refuses the configuration screens to those without the right', async () => {
    refused(await get(rs.people.coordinator, '/dcap/sys/messageConfig/list'), 403, 'permission.platform_admin_required');
    refused(await get(rs.people.coordinator, '/dcap/project/message/list'), 403, 'permission.project_forbidden');
  });
});

describe('a query raised at site A', () => {
  beforeEach(async () => {
    await db().deleteFrom('notifications').execute();
    await db().deleteFrom('outbound_messages').execute();
  });

  it('tells the site\'s coordinator and investigator, each in their language, in the platform and by e-mail; not the raiser, not site B', async () => {
    const { coordinator, investigator, monitor, siteBUser, dataManager } = rs.people;
    await raise(monitor, subjectA);
    expect(await toldAbout('query.raised')).toEqual(new Set([coordinator.id, investigator.id]));

    const [english] = await notes(coordinator.id, 'query.raised');
    expect(english?.title).toBe('[MSG] New query on subject MSG-A-001');
    expect(english?.body).toContain('raised a query on');
    expect(english?.body).toContain('Initials');
    expect(english?.body).toContain('Screening');
    expect(english?.link).toBe(`/survey/subject/${String(subjectA.id)}/panel/${String(dm(subjectA))}`);
    const [chinese] = await notes(investigator.id, 'query.raised');
    expect(chinese?.title).toBe('【MSG】受试者 MSG-A-001 有新质疑');
    expect(chinese?.body).toContain('筛选期');

    const [mail] = await mails(coordinator.id, 'query.raised');
    expect(mail).toMatchObject({ channel: 'email', address: `${coordinator.username.toLowerCase()}@example.org`, language: 'en-US', subject: english?.title, project_id: rs.projectId, env: 'uat', status: 'queued' });
    expect(await mails(investigator.id, 'query.raised')).toHaveLength(1);
    for (const nobody of [monitor, siteBUser, dataManager]) {
      expect(await notes(nobody.id, 'query.raised')).toEqual([]);
      expect(await mails(nobody.id, 'query.raised')).toEqual([]);
    }
  });

  it('honours each receiver\'s preferences per channel', async () => {
    const { coordinator, investigator, monitor } = rs.people;
    ok(await post(coordinator, '/dcap/sys/user/preferences', { notifications: { inSite: { queries: false } } }));
    ok(await post(investigator, '/dcap/sys/user/preferences', { notifications: { email: { queries: false } } }));
    await raise(monitor, subjectA, 'SEX');
    expect(await notes(coordinator.id, 'query.raised')).toEqual([]);
    expect(await mails(coordinator.id, 'query.raised')).toHaveLength(1);
    expect(await notes(investigator.id, 'query.raised')).toHaveLength(1);
    expect(await mails(investigator.id, 'query.raised')).toEqual([]);
    ok(await post(coordinator, '/dcap/sys/user/preferences', { notifications: { inSite: { queries: true } } }));
    ok(await post(investigator, '/dcap/sys/user/preferences', { notifications: { email: { queries: true } } }));
  });

  it('leaves out blacklisted users, sends WeChat to a bound account when configured, and nothing when the period is off', async () => {
    const { coordinator, investigator, monitor } = rs.people;
    await db().insertInto('user_wechat_bindings').values({ user_id: coordinator.id, kind: 'official', open_id: 'o-msg-coordinator' }).execute();
    await configureProject('query.raised', { blacklist: [investigator.id], wechat: true });
    await raise(monitor, subjectA, 'INITIALS');
    expect(await toldAbout('query.raised')).toEqual(new Set([coordinator.id]));
    expect((await mails(coordinator.id, 'query.raised')).map((row) => [row.channel, row.address])).toEqual([
      ['email', `${coordinator.username.toLowerCase()}@example.org`],
      ['wechat', 'o-msg-coordinator'],
    ]);

    await db().deleteFrom('notifications').execute();
    await db().deleteFrom('outbound_messages').execute();
    // The study runs in uat, the testing period.
    await configureProject('query.raised', { blacklist: [], testingPeriod: false });
    await raise(monitor, subjectA, 'SEX');
    expect(await toldAbout('query.raised')).toEqual(new Set());
    expect(await db().selectFrom('outbound_messages').select('id').execute()).toEqual([]);

    await configureProject('query.raised', { testingPeriod: true, onlinePeriod: false });
    await raise(monitor, subjectA, 'INITIALS');
    expect(await toldAbout('query.raised')).toEqual(new Set([coordinator.id, investigator.id]));
    await configureProject('query.raised', { enabled: false, onlinePeriod: true });
    await raise(monitor, subjectA, 'SEX');
    expect(await notes(investigator.id, 'query.raised')).toHaveLength(1);
    ok(await resetProject('query.raised'));
  });

  it('tells the raiser of an answer and of a closing, never the one who acted', async () => {
    const { coordinator, monitor } = rs.people;
    const query = await raise(monitor, subjectA);
    ok(await post(coordinator, '/dcap/query/answer', { id: query.id, comment: '已核对' }));
    expect(await toldAbout('query.answered')).toEqual(new Set([monitor.id]));
    const [answer] = await notes(monitor.id, 'query.answered');
    expect(answer?.body).toContain('已核对');
    ok(await post(monitor, '/dcap/query/close', { id: query.id, comment: '同意' }));
    // The closing tells the coordinator (a configured role) and not the monitor, who closed it.
    expect(await toldAbout('query.closed')).toEqual(new Set([coordinator.id]));
  });
});

describe('other events', () => {
  it('tells the investigator a panel became ready to sign, once', async () => {
    const { investigator, monitor, dataManager, coordinator } = rs.people;
    ok(await post(monitor, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm(subjectA), action: 'verify' }));
    expect(await notes(investigator.id, 'signature.due')).toEqual([]);
    ok(await post(dataManager, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm(subjectA), action: 'review' }));
    const [due] = await notes(investigator.id, 'signature.due');
    expect(due?.title).toBe('【MSG】受试者 MSG-A-001 的表单待签名');
    expect(due?.body).toContain('筛选期');
    expect(await notes(coordinator.id, 'signature.due')).toEqual([]);
    // Reviewing again changes nothing, and tells nobody again.
    ok(await post(dataManager, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm(subjectA), action: 'review' }));
    expect(await notes(investigator.id, 'signature.due')).toHaveLength(1);
  });

  it('tells the investigator once when a plain save completes a panel in a process that only signs', async () => {
    const { investigator, coordinator, projectAdmin } = rs.people;
    const vs = subjectA.panelInstances.screening?.VS ?? 0;
    const process = (steps: string[]) => post(projectAdmin, '/dcap/project/processConfig/save', { projectId: rs.projectId, steps });
    ok(await process(['sign']));
    try {
      const before = (await notes(investigator.id, 'signature.due')).length;
      await save(coordinator, vs, { VSDAT: '2025-01-06' });
      const due = await notes(investigator.id, 'signature.due');
      expect(due).toHaveLength(before + 1);
      expect(due.at(-1)?.title).toBe('【MSG】受试者 MSG-A-001 的表单待签名');
      expect(due.at(-1)?.body).toContain('生命体征');
      expect(due.at(-1)?.link).toBe(`/survey/subject/${String(subjectA.id)}/panel/${String(vs)}`);
      // The one who saved is never told; a second save of the ready panel tells nobody again.
      expect(await notes(coordinator.id, 'signature.due')).toEqual([]);
      await save(coordinator, vs, { HEIGHT: 170 });
      expect(await notes(investigator.id, 'signature.due')).toHaveLength(before + 1);
      // With verification in the process, a completed panel is not yet ready to sign.
      ok(await process(['verify', 'sign']));
      await save(coordinator, subjectA.panelInstances.baseline?.VS ?? 0, { VSDAT: '2025-01-07' });
      expect(await notes(investigator.id, 'signature.due')).toHaveLength(before + 1);
    } finally {
      ok(await process(['verify', 'review', 'sign']));
    }
  });

  it('tells a user of a role given with notice; not without notice, not of a change of sites', async () => {
    const { projectAdmin } = rs.people;
    const told = await person(rs.study, 'MSG.newcra');
    const silent = await person(rs.study, 'MSG.silentcra');
    await grant(rs.study, projectAdmin, rs.projectId, { roleId: rs.roles.monitor, userIds: [told.id], notify: true });
    await grant(rs.study, projectAdmin, rs.projectId, { roleId: rs.roles.monitor, userIds: [silent.id], notify: false });
    const [note] = await notes(told.id, 'role.assigned');
    expect(note?.title).toBe('【MSG】您已获得角色 CRA');
    expect(await notes(silent.id, 'role.assigned')).toEqual([]);
    ok(await post(projectAdmin, `/dcap/projectRole/updateRoleSiteAuthorityOfUser?projectId=${String(rs.projectId)}`, { roleId: rs.roles.monitor, userId: told.id, institutionIds: [rs.siteA.id] }));
    expect(await notes(told.id, 'role.assigned')).toHaveLength(1);
    expect(await notes(projectAdmin.id, 'role.assigned')).toEqual([]);
  });

  it('e-mails a reset password on request instead of showing it, and refuses when the user has no e-mail', async () => {
    const { coordinator } = rs.people;
    const issued = ok(await post(rs.study.admin, '/dcap/sys/user/resetUserPassword', { id: coordinator.id, sendEmail: true })) as { password: string | null };
    expect(issued.password).toBeNull();
    const [mail] = await mails(coordinator.id, 'password.reset');
    expect(mail).toMatchObject({ channel: 'email', language: 'en-US', subject: 'Your password was reset', project_id: null });
    expect(mail?.body).toMatch(/New password: \S{8,}/);
    expect(await notes(coordinator.id, 'password.reset')).toEqual([]);
    const nomail = await person(rs.study, 'MSG.nomail');
    refused(await post(rs.study.admin, '/dcap/sys/user/resetUserPassword', { id: nomail.id, sendEmail: true }), 422, 'user.email_missing');
    expect(await mails(nomail.id, 'password.reset')).toEqual([]);
    // Shown, as before, without the option.
    expect((ok(await post(rs.study.admin, '/dcap/sys/user/resetUserPassword', { id: nomail.id })) as { password: string | null }).password).toEqual(expect.any(String));
  });

  it('tells the platform administrators of a status application and the applicant of the decision', async () => {
    const { projectAdmin } = rs.people;
    const applied = ok(await post(projectAdmin, '/dcap/project/applyProjectStatusChange', { projectId: rs.projectId, type: 'APPLY_PROJECT_LOCKED', reason: '数据清理完成' })) as { id: number };
    const [note] = await notes(rs.study.admin.id, 'project.statusApplied');
    expect(note?.body).toContain('锁定项目');
    expect(note?.body).toContain('数据清理完成');
    expect(note?.link).toBe('/project/approvals');
    expect(await notes(projectAdmin.id, 'project.statusApplied')).toEqual([]);
    ok(await post(rs.study.admin, '/dcap/project/decideStatusChange', { projectId: rs.projectId, id: applied.id, approve: false, comment: '尚有未关闭质疑' }));
    const [decided] = await notes(projectAdmin.id, 'project.statusDecided');
    expect(decided?.title).toBe('【MSG】项目状态变更申请驳回');
    expect(decided?.body).toContain('尚有未关闭质疑');
  });
});

describe('my notifications', () => {
  it('lists mine newest first with the unread count, marks some or all read, and never touches another user\'s', async () => {
    const { investigator, coordinator } = rs.people;
    const page = ok(await get(investigator, '/dcap/notification/list?pageSize=1')) as NotificationPage;
    expect(page.list).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect(page.unread).toBe(page.total);
    const second = ok(await get(investigator, '/dcap/notification/list?pageSize=1&pageNo=2')) as NotificationPage;
    expect(page.list[0]?.id).toBeGreaterThan(second.list[0]?.id ?? Infinity);
    expect(page.list[0]).toMatchObject({ read: false, projectCode: 'MSG' });
    expect(ok(await get(investigator, '/dcap/notification/unreadCount'))).toEqual({ count: page.total });

    const first = page.list[0]?.id ?? 0;
    const others = await db().selectFrom('notifications').select('id').where('user_id', '=', coordinator.id).execute();
    const marked = ok(await post(investigator, '/dcap/notification/read', { ids: [first, ...others.map((row) => row.id)] })) as { marked: number };
    expect(marked.marked).toBe(1);
    expect(await db().selectFrom('notifications').select('id').where('user_id', '=', coordinator.id).where('read_at', 'is not', null).execute()).toEqual([]);
    expect(ok(await get(investigator, '/dcap/notification/unreadCount'))).toEqual({ count: page.total - 1 });
    const unread = ok(await get(investigator, '/dcap/notification/list?unread=true')) as NotificationPage;
    expect(unread.list.map((note) => note.id)).not.toContain(first);
    expect(unread.total).toBe(page.total - 1);

    ok(await post(investigator, '/dcap/notification/readAll', undefined));
    expect(ok(await get(investigator, '/dcap/notification/unreadCount'))).toEqual({ count: 0 });
    const audit = await db().selectFrom('audit_log').select('action').where('action', '=', 'notification.read').where('actor_id', '=', investigator.id).execute();
    expect(audit).toHaveLength(2);
    // Nothing left to mark: no write, no audit row.
    expect(ok(await post(investigator, '/dcap/notification/readAll', undefined))).toEqual({ marked: 0 });
    expect(await db().selectFrom('audit_log').select('action').where('action', '=', 'notification.read').where('actor_id', '=', investigator.id).execute()).toHaveLength(2);
  });
});
