import type { ApprovalItem, Project, ProjectGates, Site } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { createInstrument, designTeam, post } from '../instruments/design.fixture.js';
import type { Persona } from '../roles/study.fixture.js';
import { ok, person, project, refused, site, unit } from '../roles/study.fixture.js';

/**
 * Lifecycle gates, four eyes and the approvals inbox (docs/decisions.md, "Lifecycle gates"), and the
 * editability of set-up (spec 000 §4.3), over real HTTP on the real database.
 */
let team: DesignTeam;
let admin: Persona;
let siteA: Site;

beforeAll(async () => {
  team = await designTeam('GATE');
  admin = team.study.admin;
});
afterAll(() => team.study.t.close());

const call = (who: Persona, method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en-US') => team.study.t.call(method, url, { token: who.token, body, lang });
const lifecycle = (who: Persona, name: string, projectId: number, lang = 'en-US') => call(who, 'POST', `/dcap/project/${name}`, { projectId }, lang);
const gates = async (who: Persona, projectId: number) => ok(await call(who, 'GET', `/dcap/project/gates/${projectId}`)) as ProjectGates;
const inbox = async (who: Persona) => ok(await call(who, 'GET', '/dcap/project/approvals')) as ApprovalItem[];
const inboxCount = async (who: Persona) => (ok(await call(who, 'GET', '/dcap/project/approvals/count')) as { count: number }).count;
const audits = (projectId: number, action: string) =>
  team.study.t.database.db.selectFrom('audit_log').selectAll().where('project_id', '=', projectId).where('action', '=', action).orderBy('id').execute();
const statusOf = async (projectId: number) =>
  (await team.study.t.database.db.selectFrom('projects').select('status').where('id', '=', projectId).executeTakeFirstOrThrow()).status;

describe('set-up is not editable (spec 000 §4.3)', () => {
  // Spec 000 §4.3: "Editing is allowed in config, internal test, test, online and enrolment-paused states".
  it('refuses sites and design in set-up and allows them once the project is in config', async () => {
    const pm = await person(team.study, 'setup.pm', { projectAdmin: true });
    const applied = ok(await call(pm, 'POST', '/dcap/project/apply', { code: 'SETUP-1', name: 'Set-up study' })) as Project;
    expect(applied.status).toBe('PROJECT_STATUS_SET_UP');
    const hospital = await unit(team.study, 'SETUP-U', '瑞金医院', 'Ruijin');
    const early = await call(pm, 'POST', '/dcap/projectSite/save', { projectId: applied.id, unitId: hospital, code: 'S1' });
    refused(early, 422, 'project.status_forbids');
    expect(early.body.msg).toBe('This is not allowed while the project is in status PROJECT_STATUS_SET_UP');
    ok(await call(pm, 'GET', `/dcap/project/store/${applied.id}`));
    ok(await call(pm, 'GET', '/dcap/projectEnv/selectEnv/dev'));
    const design = await call(pm, 'POST', '/dcap/project/instrument/save', { projectId: applied.id, name: '表单', nameAbbr: 'EARLY' }, 'zh-CN');
    refused(design, 422, 'project.status_forbids');
    expect(design.body.msg).toBe('项目当前状态（PROJECT_STATUS_SET_UP）不允许此操作');
    expect(await team.study.t.database.db.selectFrom('instruments').select('id').where('project_id', '=', applied.id).execute()).toEqual([]);

    ok(await call(pm, 'GET', `/dcap/project/nextStep/${applied.id}/0`));
    ok(await call(pm, 'POST', '/dcap/projectSite/save', { projectId: applied.id, unitId: hospital, code: 'S1' }));
    ok(await call(pm, 'POST', '/dcap/project/instrument/save', { projectId: applied.id, name: '表单', nameAbbr: 'LATER' }));
  });
});

describe('internal-test gate', () => {
  it('names every unmet condition when nothing is ready, in the caller’s language', async () => {
    const pm = await person(team.study, 'empty.pm', { projectAdmin: true });
    const empty = await project(team.study, pm, 'GATE-EMPTY');
    expect(await gates(pm, empty.id)).toEqual({ internalTest: ['publishedDesign', 'site', 'roleWithUsers'], online: ['uatConfirmed'] });
    const refusal = await lifecycle(pm, 'applyAuditConfig', empty.id);
    refused(refusal, 422, 'project.gates_unmet');
    expect(refusal.body.msg).toBe(
      'The project cannot enter internal test yet; missing: at least one published design version; at least one active site; at least one enabled role with users',
    );
    expect(refusal.body.errors?.map((e) => e.path)).toEqual(['gates.publishedDesign', 'gates.site', 'gates.roleWithUsers']);
    const zh = await lifecycle(pm, 'applyAuditConfig', empty.id, 'zh-CN');
    expect(zh.body.msg).toBe('项目尚不能进入内部测试，还缺少：至少发布一个设计版本；至少一个启用的中心；至少一个已分配用户的启用角色');
    // A platform administrator's direct move passes the same gate.
    const direct = await call(admin, 'POST', `/dcap/project/updateStatus?projectId=${empty.id}&status=INTERNAL_TEST&oldStatus=CONFIG`);
    refused(direct, 422, 'project.gates_unmet');
    expect(await statusOf(empty.id)).toBe('CONFIG');
    expect(await audits(empty.id, 'project.applyAuditConfig')).toEqual([]);
  });

  it('refuses the audit application without a published design and a site; passes once both exist', async () => {
    // The design team's roles are held (designer, investigator), so only the design and a site are missing.
    expect((await gates(team.pm, team.projectId)).internalTest).toEqual(['publishedDesign', 'site']);
    const refusal = await lifecycle(team.pm, 'applyAuditConfig', team.projectId);
    refused(refusal, 422, 'project.gates_unmet');
    expect(refusal.body.msg).toBe('The project cannot enter internal test yet; missing: at least one published design version; at least one active site');

    siteA = await site(team.study, team.pm, team.projectId, 'A01', await unit(team.study, 'GATE-UA', '协和医院', 'PUMCH'));
    expect((await gates(team.pm, team.projectId)).internalTest).toEqual(['publishedDesign']);
    await createInstrument(team, 'DM');
    ok(await post(team, team.designer, '/dcap/project/design/publish', { projectId: team.projectId, target: 'uat' }));
    expect(await gates(team.investigator, team.projectId)).toEqual({ internalTest: [], online: ['uatConfirmed'] });
    expect(ok(await lifecycle(team.pm, 'applyAuditConfig', team.projectId))).toMatchObject({ configAuditRequested: true });
  });

  it('checks again when the project moves: a site closed since the application blocks the confirmation', async () => {
    ok(await call(team.pm, 'POST', '/dcap/projectSite/save', { id: siteA.id, projectId: team.projectId, unitId: (await siteUnit(siteA.id)), code: 'A01', status: 'closed' }));
    const refusal = await lifecycle(admin, 'saConfirmConfig', team.projectId);
    refused(refusal, 422, 'project.gates_unmet');
    expect(refusal.body.msg).toBe('The project cannot enter internal test yet; missing: at least one active site');
    expect(await statusOf(team.projectId)).toBe('CONFIG');
    ok(await call(team.pm, 'POST', '/dcap/projectSite/save', { id: siteA.id, projectId: team.projectId, unitId: (await siteUnit(siteA.id)), code: 'A01', status: 'active' }));
    expect(ok(await lifecycle(admin, 'saConfirmConfig', team.projectId))).toMatchObject({ status: 'INTERNAL_TEST' });
  });
});

/** Another platform administrator, created once and signed in afresh. */
async function secondAdmin(): Promise<Persona> {
  const db = team.study.t.database.db;
  let row = await db.selectFrom('users').select('id').where('username', '=', 'gate.qa').executeTakeFirst();
  if (!row) {
    const created = ok(await call(admin, 'POST', '/dcap/sys/user/save', { username: 'gate.qa', name: 'QA', admin: true, password: 'Quality123!' })) as { user: { id: number } };
    row = { id: created.user.id };
    // The first sign-in's password change has its own tests (modules/auth); this approver starts past it.
    await db.updateTable('users').set({ must_change_password: false }).where('id', '=', row.id).execute();
  }
  return { id: row.id, username: 'gate.qa', token: await team.study.t.signIn('gate.qa', 'Quality123!') };
}

async function siteUnit(siteId: number): Promise<number> {
  return (await team.study.t.database.db.selectFrom('project_sites').select('unit_id').where('id', '=', siteId).executeTakeFirstOrThrow()).unit_id;
}

describe('online gate and four eyes on going online', () => {
  it('refuses the application to go online before the UAT test is confirmed', async () => {
    ok(await lifecycle(team.pm, 'confirmProjectInternalTest', team.projectId));
    const refusal = await call(team.pm, 'POST', '/dcap/project/applyOnline', { projectId: team.projectId, reason: 'UAT done' });
    refused(refusal, 422, 'project.gates_unmet');
    expect(refusal.body.msg).toBe('The project cannot enter online yet; missing: a confirmed UAT test');
    expect(refusal.body.errors).toEqual([{ path: 'gates.uatConfirmed', message: 'a confirmed UAT test' }]);
    expect(await inbox(admin)).toEqual([]);
  });

  it('records the applicant and the reason, audits them, and refuses a second application', async () => {
    ok(await lifecycle(team.pm, 'confirmProjectUatTest', team.projectId));
    const applied = ok(await call(team.pm, 'POST', '/dcap/project/applyOnline', { projectId: team.projectId, reason: 'UAT signed off' })) as Project;
    expect(applied).toMatchObject({ onlineRequested: true, onlineRequestedBy: team.pm.id, onlineRequestReason: 'UAT signed off' });
    const [row] = await audits(team.projectId, 'project.applyOnline');
    expect(row).toMatchObject({ actor_username: team.pm.username, reason: 'UAT signed off' });
    expect(row?.new_value).toMatchObject({ onlineRequested: true });
    refused(await call(team.pm, 'POST', '/dcap/project/applyOnline', { projectId: team.projectId }), 409, 'project.online_already_requested');
    // The approvers are told (spec 002 §3 message config), the applicant is not.
    const told = await team.study.t.database.db.selectFrom('notifications').select(['user_id', 'body']).where('event', '=', 'project.statusApplied').where('project_id', '=', team.projectId).execute();
    expect(told.map((note) => note.user_id)).toEqual([admin.id]);
    expect(told[0]?.body).toContain('UAT signed off');
  });

  it('lists the application in an approver’s inbox with its count; the study team has an empty inbox', async () => {
    expect(await inbox(admin)).toEqual([
      expect.objectContaining({ kind: 'online', projectId: team.projectId, projectCode: 'GATE', applicationId: null, reason: 'UAT signed off', appliedBy: team.pm.username }),
    ]);
    expect(await inboxCount(admin)).toBe(1);
    expect(await inbox(team.pm)).toEqual([]);
    expect(await inboxCount(team.pm)).toBe(0);
  });

  it('needs a reason to reject, then approves with a reason into online; both audited', async () => {
    const noReason = await call(admin, 'POST', `/dcap/project/approveApplyOnline?projectId=${team.projectId}&approve=false`);
    refused(noReason, 400, 'project.reason_required');
    expect(noReason.body.msg).toBe('A reason is required to reject an application');
    expect(await statusOf(team.projectId)).toBe('TEST');
    const online = ok(await call(admin, 'POST', `/dcap/project/approveApplyOnline?projectId=${team.projectId}&approve=true`, { reason: 'Checked the UAT report' })) as Project;
    expect(online).toMatchObject({ status: 'ON_RESEARCH', onlineRequested: false, onlineRequestedBy: null });
    const [row] = await audits(team.projectId, 'project.approveOnline');
    expect(row).toMatchObject({ actor_username: admin.username, reason: 'Checked the UAT report' });
    expect(row?.old_value).toMatchObject({ status: 'TEST' });
    expect(row?.new_value).toMatchObject({ status: 'ON_RESEARCH' });
    expect(await inboxCount(admin)).toBe(0);
    const decided = await team.study.t.database.db.selectFrom('notifications').select(['user_id', 'title']).where('event', '=', 'project.statusDecided').where('project_id', '=', team.projectId).execute();
    expect(decided.map((note) => note.user_id)).toEqual([team.pm.id]);
    expect(decided[0]?.title).toContain('批准');
  });

  it('never lets the applicant approve, even a platform administrator, and says when nobody else can', async () => {
    const own = await project(team.study, admin, 'GATE-OWN');
    await team.study.t.database.db.updateTable('projects').set({ status: 'TEST', uat_confirmed: true }).where('id', '=', own.id).execute();
    ok(await call(admin, 'POST', '/dcap/project/applyOnline', { projectId: own.id, reason: 'Ready' }));
    expect(await inbox(admin)).toEqual([]);
    const alone = await call(admin, 'POST', `/dcap/project/approveApplyOnline?projectId=${own.id}&approve=true`);
    refused(alone, 422, 'project.four_eyes_no_other');
    expect(alone.body.msg).toBe(
      'An applicant cannot decide their own application, and no other platform administrator can decide it; ask for another platform administrator to be added',
    );

    const qa = await secondAdmin();
    const selfAgain = await call(admin, 'POST', `/dcap/project/approveApplyOnline?projectId=${own.id}&approve=true`, undefined, 'zh-CN');
    refused(selfAgain, 422, 'project.four_eyes');
    expect(selfAgain.body.msg).toBe('申请人不能审批自己的申请');
    expect(await statusOf(own.id)).toBe('TEST');

    expect((await inbox(qa)).map((item) => [item.kind, item.projectCode, item.appliedBy])).toEqual([['online', 'GATE-OWN', admin.username]]);
    expect(await inboxCount(qa)).toBe(1);
    ok(await call(qa, 'POST', `/dcap/project/approveApplyOnline?projectId=${own.id}&approve=false`, { reason: 'Monitoring plan missing' }));
    expect(await statusOf(own.id)).toBe('TEST');
    const [rejection] = await audits(own.id, 'project.rejectOnline');
    expect(rejection).toMatchObject({ actor_username: 'gate.qa', reason: 'Monitoring plan missing' });
    expect(await inboxCount(qa)).toBe(0);
  });
});

describe('four eyes on status-change applications', () => {
  it('keeps the applicant’s application out of their inbox, refuses their decision, and needs a reason to reject', async () => {
    const applied = ok(
      await call(admin, 'POST', '/dcap/project/applyProjectStatusChange', { projectId: team.projectId, type: 'APPLY_SUSPEND_RECRUIT', reason: 'Interim analysis' }),
    ) as { id: number };
    const [applyRow] = await audits(team.projectId, 'project.applyStatusChange');
    expect(applyRow).toMatchObject({ actor_username: admin.username, reason: 'Interim analysis' });
    expect(await inbox(admin)).toEqual([]);
    const self = await call(admin, 'POST', '/dcap/project/decideStatusChange', { projectId: team.projectId, id: applied.id, approve: true });
    refused(self, 422, 'project.four_eyes');
    expect(self.body.msg).toBe('An applicant cannot decide their own application');

    const qa = await secondAdmin();
    expect(await inbox(qa)).toEqual([
      expect.objectContaining({ kind: 'statusChange', applicationId: applied.id, type: 'APPLY_SUSPEND_RECRUIT', reason: 'Interim analysis', appliedBy: admin.username }),
    ]);
    expect(await inboxCount(qa)).toBe(1);
    refused(await call(qa, 'POST', '/dcap/project/decideStatusChange', { projectId: team.projectId, id: applied.id, approve: false }), 400, 'project.reason_required');
    const decided = ok(await call(qa, 'POST', '/dcap/project/decideStatusChange', { projectId: team.projectId, id: applied.id, approve: true, comment: 'Agreed by the DSMB' })) as Project;
    expect(decided.status).toBe('RECORD_FREEZED');
    const [decision] = await audits(team.projectId, 'project.approveStatusChange');
    expect(decision).toMatchObject({ actor_username: 'gate.qa', reason: 'Agreed by the DSMB' });
    expect(await inboxCount(qa)).toBe(0);
  });
});
