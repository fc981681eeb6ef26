import type { Project } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';

let t: TestContext;
let admin: string;
let manager: string;

/** Accounts made by an administrator must change their password at first sign-in; tested in users.test.ts. */
async function passFirstSignIn(username: string): Promise<void> {
  await t.database.db.updateTable('users').set({ must_change_password: false }).where('username', '=', username).execute();
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
  await t.call('POST', '/dcap/sys/user/save', { token: admin, body: { username: 'pm.zhang', name: 'PM Zhang', projectAdmin: true, password: 'Manager123' } });
  await passFirstSignIn('pm.zhang');
  manager = await t.signIn('pm.zhang', 'Manager123');
});
afterAll(() => t.close());

async function apply(token: string, code: string): Promise<Project> {
  const reply = await t.call('POST', '/dcap/project/apply', { token, body: { code, name: `Study ${code}`, blindMethod: 'D' } });
  expect(reply.status, reply.body.msg).toBe(200);
  return reply.body.data as Project;
}

async function lifecycle(token: string, name: string, projectId: number, lang = 'en-US') {
  return t.call('POST', `/dcap/project/${name}`, { token, lang, body: { projectId } });
}

describe('project application and configuration', () => {
  it('lets a project administrator apply; they administer it and it starts at set-up with three environments', async () => {
    const project = await apply(manager, 'ONC-001');
    expect(project).toMatchObject({ status: 'PROJECT_STATUS_SET_UP', blindMethod: 'D', progressStep: 0, application: ['dCap'] });
    // Spec 000 §4.3: "Editing is allowed in config, internal test, test, online and enrolment-paused states" — not set-up.
    expect(project.abilities).toMatchObject({ 'project.lifecycle': true, 'project.approve': false, configEditable: false });
    const envs = await t.call('POST', '/dcap/projectEnv/getEnvList', { token: manager, body: { projectId: project.id } });
    expect((envs.body.data as { key: string }[]).map((e) => e.key)).toEqual(['dev', 'uat', 'prd']);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'project').where('entity_id', '=', String(project.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['project.create']);
  });

  it('refuses a duplicate code, a user without the project-admin flag, and unknown config flags', async () => {
    expect((await t.call('POST', '/dcap/project/apply', { token: manager, body: { code: 'onc-001', name: 'Again' } })).status).toBe(409);
    await t.call('POST', '/dcap/sys/user/save', { token: admin, body: { username: 'nurse.li', name: 'Nurse', password: 'Nurse12345' } });
    await passFirstSignIn('nurse.li');
    const nurse = await t.signIn('nurse.li', 'Nurse12345');
    expect((await t.call('POST', '/dcap/project/apply', { token: nurse, body: { code: 'X-1', name: 'X' } })).status).toBe(403);
    const badFlag = await t.call('POST', '/dcap/project/apply', { token: manager, body: { code: 'X-2', name: 'X', config: { godMode: true } } });
    expect(badFlag.status).toBe(400);
  });

  it('saves configuration optimistically and audits the changed fields', async () => {
    const applied = await apply(manager, 'CARD-7');
    // Spec 000 §4.3: set-up is not among the editable statuses; the project moves to config first.
    const inSetUp = { id: applied.id, version: applied.version, name: 'Too early' };
    const early = await t.call('POST', '/dcap/project/save', { token: manager, lang: 'en-US', body: inSetUp });
    expect(early.body).toMatchObject({ code: 422, errorCode: 'project.status_forbids', msg: 'This is not allowed while the project is in status PROJECT_STATUS_SET_UP' });
    const project = (await t.call('GET', `/dcap/project/nextStep/${applied.id}/0`, { token: manager })).body.data as Project;
    expect(project.abilities).toMatchObject({ configEditable: true });
    const body = { id: project.id, version: project.version, code: 'CARD-7', name: 'Cardio 7', sponsorNames: 'Acme Pharma', config: { visitTask: true } };
    const saved = await t.call('POST', '/dcap/project/save', { token: manager, body });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Cardio 7', sponsorNames: 'Acme Pharma', config: { visitTask: true }, version: project.version + 1 });
    const stale = await t.call('POST', '/dcap/project/save', { token: manager, body });
    expect(stale.status).toBe(409);
    const row = await t.database.db.selectFrom('audit_log').select(['old_value', 'new_value']).where('action', '=', 'project.update').executeTakeFirstOrThrow();
    expect(row.old_value).toMatchObject({ name: 'Study CARD-7', sponsorNames: null });
    expect(row.new_value).toMatchObject({ name: 'Cardio 7', sponsorNames: 'Acme Pharma', config: { visitTask: true } });
  });

  it('hides another administrator’s project: 404 whatever id is guessed', async () => {
    const foreign = await apply(admin, 'FOREIGN-1');
    for (const url of [`/dcap/project/info/${foreign.id}`, `/dcap/project/step/${foreign.id}`, '/dcap/project/info/99999']) {
      const reply = await t.call('GET', url, { token: manager, lang: 'en-US' });
      expect(reply.status, url).toBe(404);
      expect(reply.body.msg).toBe('The project does not exist or you have no access to it');
    }
    const list = await t.call('GET', '/dcap/project/list', { token: manager });
    expect((list.body.data as Project[]).map((p) => p.code)).not.toContain('FOREIGN-1');
    const all = await t.call('GET', '/dcap/project/list?filter=all', { token: admin });
    expect((all.body.data as Project[]).map((p) => p.code)).toEqual(expect.arrayContaining(['FOREIGN-1', 'ONC-001']));
  });
});

/**
 * A site, a role someone holds and a published design: the internal-test gates, which have their own tests
 * (approvals.test.ts). The design version is written directly; publishing has its own tests too.
 */
async function meetInternalTestGates(projectId: number): Promise<void> {
  const unit = await t.call('POST', '/dcap/sys/unit/save', { token: admin, body: { code: `U-${projectId}`, name: `医院 ${projectId}` } });
  const site = await t.call('POST', '/dcap/projectSite/save', { token: manager, body: { projectId, unitId: (unit.body.data as { id: number }).id, code: 'S1' } });
  expect(site.status, site.body.msg).toBe(200);
  const role = await t.call('POST', '/dcap/projectRole/saveRole', { token: manager, body: { projectId, alias: 'PM', institutionIds: 'all', projectDesignAndSetup: true } });
  const me = await t.database.db.selectFrom('users').select('id').where('username', '=', 'pm.zhang').executeTakeFirstOrThrow();
  const granted = await t.call('POST', `/dcap/projectRole/assignRole2User?projectId=${projectId}`, { token: manager, body: { roleId: (role.body.data as { id: number }).id, userIds: [me.id] } });
  expect(granted.status, granted.body.msg).toBe(200);
  await t.database.db
    .insertInto('design_versions')
    .values({ project_id: projectId, version: 1, snapshot: JSON.stringify({}), note: null, published_at: new Date(), published_by: 'pm.zhang' })
    .execute();
}

describe('lifecycle (spec 000 §4.2)', () => {
  it('walks set-up to online with the study team applying and a platform administrator approving', async () => {
    const p = await apply(manager, 'FLOW-1');
    const next = await t.call('GET', `/dcap/project/nextStep/${p.id}/0`, { token: manager });
    expect(next.body.data).toMatchObject({ status: 'CONFIG', progressStep: 1 });
    const stale = await t.call('GET', `/dcap/project/nextStep/${p.id}/0`, { token: manager });
    expect(stale.status).toBe(409);

    expect((await lifecycle(admin, 'saConfirmConfig', p.id)).body.msg).toBe('Apply for the configuration audit first');
    expect((await lifecycle(manager, 'saConfirmConfig', p.id)).status).toBe(403);
    expect((await lifecycle(manager, 'applyAuditConfig', p.id)).body.errorCode).toBe('project.gates_unmet');
    await meetInternalTestGates(p.id);
    expect((await lifecycle(manager, 'applyAuditConfig', p.id)).body.data).toMatchObject({ configAuditRequested: true });
    expect((await lifecycle(admin, 'saConfirmConfig', p.id)).body.data).toMatchObject({ status: 'INTERNAL_TEST' });
    expect((await lifecycle(manager, 'confirmProjectInternalTest', p.id)).body.data).toMatchObject({ status: 'TEST' });
    expect((await lifecycle(manager, 'applyOnline', p.id)).status).toBe(422);
    await lifecycle(manager, 'confirmProjectUatTest', p.id);
    expect((await lifecycle(manager, 'applyOnline', p.id)).body.data).toMatchObject({ onlineRequested: true });

    const rejected = await t.call('POST', `/dcap/project/approveApplyOnline?projectId=${p.id}&approve=false`, { token: admin, body: { reason: 'Incomplete' } });
    expect(rejected.body.data).toMatchObject({ status: 'TEST', onlineRequested: false });
    await lifecycle(manager, 'applyOnline', p.id);
    const online = await t.call('POST', `/dcap/project/approveApplyOnline?projectId=${p.id}&approve=true&publish=true`, { token: admin });
    expect(online.body.data).toMatchObject({ status: 'ON_RESEARCH', progressStep: 4 });

    const actions = await t.database.db.selectFrom('audit_log').select('action').where('project_id', '=', p.id).where('action', 'like', 'project.%').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual([
      'project.create',
      'project.nextStep',
      'project.applyAuditConfig',
      'project.saConfirmConfig',
      'project.confirmInternalTest',
      'project.confirmUatTest',
      'project.applyOnline',
      'project.rejectOnline',
      'project.applyOnline',
      'project.approveOnline',
    ]);
  });

  it('changes a running study only through an application decided by someone else', async () => {
    const p = await apply(admin, 'RUN-1');
    await t.database.db.updateTable('projects').set({ status: 'ON_RESEARCH' }).where('id', '=', p.id).execute();
    const own = await t.call('POST', '/dcap/project/applyProjectStatusChange', { token: admin, body: { projectId: p.id, type: 'APPLY_SUSPEND_RECRUIT', reason: 'Interim analysis' } });
    expect(own.status).toBe(200);
    const second = await t.call('POST', '/dcap/project/applyProjectStatusChange', { token: admin, body: { projectId: p.id, type: 'APPLY_PROJECT_LOCKED', reason: 'x' } });
    expect(second.status).toBe(409);
    const id = (own.body.data as { id: number }).id;
    const self = await t.call('POST', '/dcap/project/decideStatusChange', { token: admin, lang: 'en-US', body: { projectId: p.id, id, approve: true } });
    expect(self.status).toBe(422);
    // Nobody else is a platform administrator yet, so the refusal says so (four eyes, docs/decisions.md).
    expect(self.body.msg).toBe(
      'An applicant cannot decide their own application, and no other platform administrator can decide it; ask for another platform administrator to be added',
    );

    await t.call('POST', '/dcap/sys/user/save', { token: admin, body: { username: 'qa.wang', name: 'QA Wang', admin: true, password: 'Quality123' } });
    await passFirstSignIn('qa.wang');
    const qa = await t.signIn('qa.wang', 'Quality123');
    const approved = await t.call('POST', '/dcap/project/decideStatusChange', { token: qa, body: { projectId: p.id, id, approve: true, comment: 'OK' } });
    expect(approved.body.data).toMatchObject({ status: 'RECORD_FREEZED' });
    const again = await t.call('POST', '/dcap/project/decideStatusChange', { token: qa, body: { projectId: p.id, id, approve: true } });
    expect(again.status).toBe(409);
    const list = await t.call('POST', '/dcap/project/statusChangeApplications', { token: admin, body: { projectId: p.id } });
    expect(list.body.data).toMatchObject([{ state: 'approved', appliedBy: 'admin', decidedBy: 'qa.wang', decisionComment: 'OK' }]);
  });

  it('locks and unlocks back to the previous status, and refuses illegal direct moves', async () => {
    const p = await apply(manager, 'LOCK-1');
    const locked = await lifecycle(admin, 'lockProject', p.id);
    expect(locked.body.data).toMatchObject({ status: 'LOCKED', prevStatus: 'PROJECT_STATUS_SET_UP', progressStep: 0 });
    const edit = await t.call('POST', '/dcap/project/save', { token: manager, lang: 'en-US', body: { id: p.id, version: (locked.body.data as Project).version, code: 'LOCK-1', name: 'Changed' } });
    expect(edit.status).toBe(422);
    expect(edit.body.msg).toBe('This is not allowed while the project is in status LOCKED');
    expect((await lifecycle(manager, 'unlockProject', p.id)).status).toBe(403);
    expect((await lifecycle(admin, 'unlockProject', p.id)).body.data).toMatchObject({ status: 'PROJECT_STATUS_SET_UP', prevStatus: null });

    const illegal = await t.call('POST', `/dcap/project/updateStatus?projectId=${p.id}&status=ON_RESEARCH&oldStatus=PROJECT_STATUS_SET_UP`, { token: admin, lang: 'en-US' });
    expect(illegal.status).toBe(422);
    expect(illegal.body.msg).toBe('A project cannot move from PROJECT_STATUS_SET_UP to ON_RESEARCH');
    const staleOld = await t.call('POST', `/dcap/project/updateStatus?projectId=${p.id}&status=CONFIG&oldStatus=TEST`, { token: admin });
    expect(staleOld.status).toBe(409);
    const legal = await t.call('POST', `/dcap/project/updateStatus?projectId=${p.id}&status=CONFIG&oldStatus=PROJECT_STATUS_SET_UP`, { token: admin });
    expect(legal.body.data).toMatchObject({ status: 'CONFIG' });
    expect((await t.call('POST', `/dcap/project/updateStatus?projectId=${p.id}&status=CONFIG&oldStatus=CONFIG`, { token: manager })).status).toBe(403);
  });
});

describe('reset test data (spec 000 §4.2)', () => {
  it('is allowed only while testing, audited, and never touches production', async () => {
    const p = await apply(manager, 'RESET-1');
    const early = await t.call('POST', `/dcap/project/resetTest?projectId=${p.id}`, { token: manager });
    expect(early.status).toBe(422);
    await t.database.db.updateTable('projects').set({ status: 'TEST' }).where('id', '=', p.id).execute();
    const reset = await t.call('POST', `/dcap/project/resetTest?projectId=${p.id}`, { token: manager });
    expect(reset.status).toBe(200);
    expect(Object.keys((reset.body.data as { removed: Record<string, unknown> }).removed).sort()).toEqual(['dev', 'uat']);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('project_id', '=', p.id).where('action', '=', 'project.resetTest').execute();
    expect(audit).toHaveLength(1);
  });
});

describe('environments and the session’s current project (spec 000 §4.4, §7.5)', () => {
  it('switches project and environment, refuses disabled environments, and never cleans production', async () => {
    const p = await apply(manager, 'ENV-1');
    const stored = await t.call('GET', `/dcap/project/store/${p.id}`, { token: manager });
    expect(stored.body.data).toEqual({ projectId: p.id, roleId: null, env: 'uat' });
    const init = await t.call('GET', '/dcap/sys/init', { token: manager });
    expect(init.body).toMatchObject({ consistencyProjectId: p.id, consistencyProjectCurrEnv: 'uat' });
    expect((init.body.data as { project: Project }).project.code).toBe('ENV-1');
    expect((init.body.data as { envList: { key: string }[] }).envList.map((e) => e.key)).toEqual(['dev', 'uat', 'prd']);

    const created = await t.call('POST', '/dcap/projectEnv/createEnv', { token: manager, body: { projectId: p.id, key: 'sde1', type: 'sde', name: 'SDE' } });
    expect(created.status).toBe(200);
    const badKey = await t.call('POST', '/dcap/projectEnv/createEnv', { token: manager, body: { projectId: p.id, key: 'prod', type: 'prd', name: 'P' } });
    expect(badKey.status).toBe(400);
    const envs = (await t.call('POST', '/dcap/projectEnv/getEnvList', { token: manager, body: { projectId: p.id } })).body.data as { id: number; key: string }[];
    expect(envs.map((e) => e.key)).toEqual(['dev', 'uat', 'prd', 'sde1']);
    const dev = envs.find((e) => e.key === 'dev');
    const prd = envs.find((e) => e.key === 'prd');

    await t.call('POST', '/dcap/projectEnv/updateEnvStatus', { token: manager, body: { projectId: p.id, id: dev?.id, status: 'disable' } });
    const refused = await t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: manager, lang: 'en-US' });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('This environment is disabled and cannot be chosen');
    expect((await t.call('GET', '/dcap/projectEnv/selectEnv/prd', { token: manager })).body.data).toMatchObject({ env: 'prd' });

    const cleanPrd = await t.call('POST', '/dcap/projectEnv/cleanEnv', { token: manager, body: { projectId: p.id, id: prd?.id } });
    expect(cleanPrd.status).toBe(422);
    const cleanDev = await t.call('POST', '/dcap/projectEnv/cleanEnv', { token: manager, body: { projectId: p.id, id: dev?.id } });
    expect(cleanDev.body.data).toEqual({ env: 'dev', removed: {} });

    const otherProject = await apply(admin, 'ENV-OTHER');
    const otherEnvs = (await t.call('POST', '/dcap/projectEnv/getEnvList', { token: admin, body: { projectId: otherProject.id } })).body.data as { id: number }[];
    const crossed = await t.call('POST', '/dcap/projectEnv/updateEnvStatus', { token: manager, body: { projectId: p.id, id: otherEnvs[0]?.id, status: 'disable' } });
    expect(crossed.status).toBe(404);
    expect((await t.call('GET', `/dcap/project/store/${otherProject.id}`, { token: manager })).status).toBe(404);
  });
});

