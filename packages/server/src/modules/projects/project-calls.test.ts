import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { designTeam, selectEnv } from '../instruments/design.fixture.js';
import type { Persona } from '../roles/study.fixture.js';
import { grant, ok, person, project, refused, role, setStatus } from '../roles/study.fixture.js';

/**
 * The project calls of spec 000 §7.4 (prefix /dcap/project) that act on the session's current project or
 * settle what the spec leaves open (docs/decisions.md, "Project calls"). Personas: the project
 * administrator `pm` and a designer in the development environment, an investigator without design or
 * lifecycle rights, and a stranger from another project.
 */
let team: DesignTeam;
let stranger: Persona;
let strangerProject: number;

beforeAll(async () => {
  team = await designTeam('PC');
  stranger = await person(team.study, 'pc.stranger', { projectAdmin: true });
  strangerProject = (await project(team.study, stranger, 'PC-OTHER')).id;
});
afterAll(() => team.study.t.close());

const call = (who: Persona, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
  team.study.t.call(method, url, { token: who.token, ...(body === undefined ? {} : { body }), ...(lang ? { lang } : {}) });

async function auditRows(action: string) {
  return team.study.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
}

async function session(who: Persona) {
  return team.study.t.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['current_project_id', 'current_role_id', 'current_env'])
    .where('users.username', '=', who.username)
    .where('ended_at', 'is', null)
    .orderBy('sessions.id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('GET info/ and step/: the session’s current project (spec 000 §7.4)', () => {
  it('answers for the current project, and asks a user in no project to choose one', async () => {
    const info = ok(await call(team.investigator, 'GET', '/dcap/project/info/')) as { id: number; code: string };
    expect(info).toMatchObject({ id: team.projectId, code: 'PC' });
    const step = ok(await call(team.investigator, 'GET', '/dcap/project/step/')) as { status: string; step: number };
    expect(step).toMatchObject({ status: 'CONFIG', step: 1 });
    const loner = await person(team.study, 'pc.loner');
    refused(await call(loner, 'GET', '/dcap/project/info/'), 409, 'project.no_current');
    refused(await call(loner, 'GET', '/dcap/project/step/'), 409, 'project.no_current');
  });
});

describe('GET store/{projectId}/{roleId}/{env}: project, role and environment in one switch', () => {
  it('moves the session and audits where it left and where it went', async () => {
    const member = await person(team.study, 'pc.member');
    const first = await role(team.study, team.pm, { projectId: team.projectId, alias: 'PC-First', institutionIds: 'all' });
    const second = await role(team.study, team.pm, { projectId: team.projectId, alias: 'PC-Second', institutionIds: 'all', verify: true });
    await grant(team.study, team.pm, team.projectId, { roleId: first.id, userIds: [member.id] });
    await grant(team.study, team.pm, team.projectId, { roleId: second.id, userIds: [member.id] });
    const selection = ok(await call(member, 'GET', `/dcap/project/store/${team.projectId}/${second.id}/uat`));
    expect(selection).toEqual({ projectId: team.projectId, roleId: second.id, env: 'uat' });
    expect(await session(member)).toEqual({ current_project_id: team.projectId, current_role_id: second.id, current_env: 'uat' });
    const [row] = await auditRows('session.switch');
    expect(row).toMatchObject({ actor_username: 'pc.member', old_value: { projectId: null }, new_value: { projectId: team.projectId, roleId: second.id, env: 'uat' } });

    // Spec 000 §5: a disabled role or environment cannot be chosen; role 0 (no role) is for administrators.
    ok(await call(team.pm, 'GET', `/dcap/projectRole/disableRole/${first.id}/0?projectId=${team.projectId}`));
    refused(await call(member, 'GET', `/dcap/project/store/${team.projectId}/${first.id}/uat`), 403, 'role.disabled');
    refused(await call(member, 'GET', `/dcap/project/store/${team.projectId}/0/uat`), 404, 'role.not_found');
    refused(await call(member, 'GET', `/dcap/project/store/${team.projectId}/${second.id}/bprd`), 404, 'env.not_found');
    expect((await session(member)).current_role_id).toBe(second.id);
    ok(await call(team.pm, 'GET', `/dcap/project/store/${team.projectId}/0/dev`));
    expect(await session(team.pm)).toMatchObject({ current_project_id: team.projectId, current_role_id: null, current_env: 'dev' });
  });

  it('tells a stranger nothing, and refuses bad parameters with a 400', async () => {
    refused(await call(stranger, 'GET', `/dcap/project/store/${team.projectId}/1/uat`), 404, 'project.not_found');
    const bad = await call(team.pm, 'GET', `/dcap/project/store/${team.projectId}/-1/uat`, undefined, 'en-US');
    refused(bad, 400, 'request.invalid');
    expect(bad.body.msg).toMatch(/[A-Za-z]/);
  });
});

describe('GET dataBaseNotAvailable: whether the session’s environment takes data entry now', () => {
  it('follows the project status and the environment (core dataEntryBlock)', async () => {
    const probe = async () => ok(await call(team.testEnvDesigner, 'GET', '/dcap/project/dataBaseNotAvailable')) as { notAvailable: boolean; reason: string | null; env: string };
    expect(await probe()).toMatchObject({ notAvailable: true, reason: 'notStarted', env: 'uat' });
    await setStatus(team.study, team.projectId, 'TEST');
    expect(await probe()).toMatchObject({ notAvailable: false, reason: null });
    await selectEnv(team.study, team.testEnvDesigner, 'prd');
    expect(await probe()).toMatchObject({ notAvailable: true, reason: 'notOnline', env: 'prd' });
    await setStatus(team.study, team.projectId, 'ON_RESEARCH');
    expect(await probe()).toMatchObject({ notAvailable: false, reason: null });
    await setStatus(team.study, team.projectId, 'DATABASE_FREEZED');
    expect(await probe()).toMatchObject({ notAvailable: true, reason: 'databaseFrozen' });
    const designer = ok(await call(team.designer, 'GET', `/dcap/project/dataBaseNotAvailable?projectId=${team.projectId}`)) as { reason: string };
    expect(designer.reason).toBe('databaseFrozen');
    await setStatus(team.study, team.projectId, 'CONFIG');
    expect((ok(await call(team.designer, 'GET', '/dcap/project/dataBaseNotAvailable')) as { reason: string }).reason).toBe('notStarted');
    await selectEnv(team.study, team.testEnvDesigner, 'uat');
    refused(await call(stranger, 'GET', `/dcap/project/dataBaseNotAvailable?projectId=${team.projectId}`), 404, 'project.not_found');
  });
});

describe('GET getLoginInfo/{id}: the project’s own sign-in page, before sign-in', () => {
  it('shows the study’s names and nothing about its people; offline projects are not found', async () => {
    const reply = await team.study.t.call('GET', `/dcap/project/getLoginInfo/${team.projectId}`);
    expect(ok(reply)).toEqual({ projectId: team.projectId, code: 'PC', name: 'Study PC', eName: null, sponsorNames: null, application: ['dCap'] });
    const other = await project(team.study, stranger, 'PC-GONE');
    await setStatus(team.study, other.id, 'OFFLINE');
    refused(await team.study.t.call('GET', `/dcap/project/getLoginInfo/${other.id}`), 404, 'project.not_found');
    refused(await team.study.t.call('GET', '/dcap/project/getLoginInfo/abc'), 400, 'request.invalid');
  });
});

describe('GET deletePicture/{id}: a picture of the project’s UI settings', () => {
  async function picture(projectId: number): Promise<number> {
    const row = await team.study.t.database.db
      .insertInto('project_files')
      .values({ project_id: projectId, purpose: 'uiConfig', filename: 'logo.png', content_type: 'image/png', size: 1200, storage_key: `pictures/${projectId}/logo.png`, created_by: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('marks it deleted with an audit row; refuses without the right, in another project, and when gone', async () => {
    const id = await picture(team.projectId);
    refused(await call(team.investigator, 'GET', `/dcap/project/deletePicture/${id}`), 403, 'permission.project_forbidden');
    refused(await call(stranger, 'GET', `/dcap/project/deletePicture/${id}?projectId=${strangerProject}`), 404, 'project.picture_not_found');
    const deleted = ok(await call(team.designer, 'GET', `/dcap/project/deletePicture/${id}`)) as { id: number; deletedAt: string | null };
    expect(deleted.deletedAt).not.toBeNull();
    const [row] = await auditRows('project_file.delete');
    expect(row).toMatchObject({ project_id: team.projectId, entity_id: String(id), old_value: { filename: 'logo.png', deletedAt: null }, new_value: { deletedAt: deleted.deletedAt } });
    refused(await call(team.designer, 'GET', `/dcap/project/deletePicture/${id}`), 404, 'project.picture_not_found');
  });

  it('refuses in a read-only status (spec 000 §4.3)', async () => {
    const id = await picture(team.projectId);
    await setStatus(team.study, team.projectId, 'LOCKED');
    try {
      refused(await call(team.pm, 'GET', `/dcap/project/deletePicture/${id}`), 422, 'project.status_forbids');
    } finally {
      await setStatus(team.study, team.projectId, 'CONFIG');
    }
    const row = await team.study.t.database.db.selectFrom('project_files').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });
});

describe('POST publish and oncePublished', () => {
  it('publish is design/publish under the spec’s name; oncePublished says whether a version exists', async () => {
    const body = { projectId: team.projectId };
    expect(ok(await call(team.investigator, 'POST', '/dcap/project/oncePublished', body))).toMatchObject({ oncePublished: false, latestVersion: null });
    refused(await call(team.investigator, 'POST', '/dcap/project/publish', { ...body, target: 'uat' }), 403, 'permission.project_forbidden');
    refused(await call(team.testEnvDesigner, 'POST', '/dcap/project/publish', { ...body, target: 'uat' }), 409, 'design.dev_env_required');
    expect(ok(await call(team.pm, 'POST', '/dcap/project/publish', { ...body, target: 'uat' }))).toMatchObject({ version: 1, target: 'uat' });
    expect((await auditRows('design.publish')).length).toBe(1);
    const once = ok(await call(team.investigator, 'POST', '/dcap/project/oncePublished', body)) as { oncePublished: boolean; latestVersion: number; firstPublishedAt: string };
    expect(once).toMatchObject({ oncePublished: true, latestVersion: 1 });
    expect(Date.parse(once.firstPublishedAt)).not.toBeNaN();
    refused(await call(stranger, 'POST', '/dcap/project/oncePublished', body), 404, 'project.not_found');
  });
});

describe('POST processConfig/detail and processConfig/save: the audit steps the project uses', () => {
  it('starts with verify, review and sign; a save chooses and orders them, audited', async () => {
    const body = { projectId: team.projectId };
    expect(ok(await call(team.investigator, 'POST', '/dcap/project/processConfig/detail', body))).toMatchObject({ steps: ['verify', 'review', 'sign'], saved: false });
    const saved = ok(await call(team.designer, 'POST', '/dcap/project/processConfig/save', { ...body, steps: ['review', 'sign'] })) as { steps: string[]; auditProcList: { code: string; order: number; right: string }[]; updatedBy: string };
    expect(saved).toMatchObject({ steps: ['review', 'sign'], saved: true, updatedBy: 'PC.designer' });
    expect(saved.auditProcList).toEqual([expect.objectContaining({ code: 'review', order: 1, right: 'review' }), expect.objectContaining({ code: 'sign', order: 2, right: 'locked' })]);
    const [row] = await auditRows('process_config.update');
    expect(row).toMatchObject({ old_value: { steps: ['verify', 'review', 'sign'], saved: false }, new_value: { steps: ['review', 'sign'], saved: true } });
    // The same steps again change nothing and write nothing (COMPLIANCE AT-6).
    ok(await call(team.designer, 'POST', '/dcap/project/processConfig/save', { ...body, steps: ['review', 'sign'] }));
    expect((await auditRows('process_config.update')).length).toBe(1);
  });

  it('refuses a signature before other steps, a repeated step, the wrong people and a read-only status', async () => {
    const body = { projectId: team.projectId };
    const early = await call(team.designer, 'POST', '/dcap/project/processConfig/save', { ...body, steps: ['sign', 'verify'] }, 'en-US');
    refused(early, 400, 'request.invalid');
    expect(early.body.errors?.[0]?.message).toBe('In steps, signing must be the last step');
    const twice = await call(team.designer, 'POST', '/dcap/project/processConfig/save', { ...body, steps: ['verify', 'verify'] });
    refused(twice, 400, 'request.invalid');
    expect(twice.body.errors?.[0]?.message).toContain('不能重复');
    refused(await call(team.investigator, 'POST', '/dcap/project/processConfig/save', { ...body, steps: [] }), 403, 'permission.project_forbidden');
    refused(await call(stranger, 'POST', '/dcap/project/processConfig/save', { ...body, steps: [] }), 404, 'project.not_found');
    await setStatus(team.study, team.projectId, 'DATABASE_FREEZED');
    try {
      refused(await call(team.pm, 'POST', '/dcap/project/processConfig/save', { ...body, steps: [] }), 422, 'project.status_forbids');
    } finally {
      await setStatus(team.study, team.projectId, 'CONFIG');
    }
    expect(ok(await call(team.pm, 'POST', '/dcap/project/processConfig/detail', body))).toMatchObject({ steps: ['review', 'sign'] });
  });
});

describe('POST externalTest: the sponsor’s acceptance test result', () => {
  it('records results with notes while the project is in test, newest first, audited', async () => {
    const body = { projectId: team.projectId, result: 'failed', notes: '访视窗口计算错误' };
    refused(await call(team.pm, 'POST', '/dcap/project/externalTest', body), 422, 'project.status_forbids');
    await setStatus(team.study, team.projectId, 'TEST');
    try {
      refused(await call(team.designer, 'POST', '/dcap/project/externalTest', body), 403, 'permission.project_forbidden');
      refused(await call(team.pm, 'POST', '/dcap/project/externalTest', { ...body, result: 'maybe' }), 400, 'request.invalid');
      ok(await call(team.pm, 'POST', '/dcap/project/externalTest', body));
      const list = ok(await call(team.pm, 'POST', '/dcap/project/externalTest', { projectId: team.projectId, result: 'passed' })) as { result: string; notes: string | null; recordedBy: string }[];
      expect(list.map((entry) => [entry.result, entry.notes])).toEqual([['passed', null], ['failed', '访视窗口计算错误']]);
      const [row] = await auditRows('project.externalTest');
      expect(row).toMatchObject({ actor_username: 'PC.pm', new_value: { result: 'passed', notes: null } });
    } finally {
      await setStatus(team.study, team.projectId, 'CONFIG');
    }
  });
});

describe('POST applyPreScreenSuspend: an application decided by another person', () => {
  it('needs pre-screening in use, applies, and approval sets the flag without moving the status', async () => {
    const admin = team.study.admin;
    const body = { projectId: team.projectId, reason: '筛选标准调整' };
    await setStatus(team.study, team.projectId, 'ON_RESEARCH');
    try {
      refused(await call(team.pm, 'POST', '/dcap/project/applyPreScreenSuspend', body), 422, 'project.pre_screen_not_used');
      await team.study.t.database.db.updateTable('projects').set({ config: JSON.stringify({ preScreen: true }) }).where('id', '=', team.projectId).execute();
      refused(await call(team.designer, 'POST', '/dcap/project/applyPreScreenSuspend', body), 403, 'permission.project_forbidden');
      refused(await call(team.pm, 'POST', '/dcap/project/applyPreScreenSuspend', { ...body, reason: '' }), 400, 'request.invalid');
      const application = ok(await call(team.pm, 'POST', '/dcap/project/applyPreScreenSuspend', body)) as { id: number; type: string; state: string };
      expect(application).toMatchObject({ type: 'APPLY_PRE_SCREEN_SUSPEND', state: 'pending' });
      refused(await call(team.pm, 'POST', '/dcap/project/applyPreScreenSuspend', body), 409, 'project.application_pending');
      const decided = ok(await call(admin, 'POST', '/dcap/project/decideStatusChange', { projectId: team.projectId, id: application.id, approve: true })) as { status: string; config: Record<string, boolean> };
      expect(decided.status).toBe('ON_RESEARCH');
      expect(decided.config).toMatchObject({ preScreen: true, preScreenSuspend: true });
      const [row] = await auditRows('project.approveStatusChange');
      expect(row).toMatchObject({ old_value: { status: 'ON_RESEARCH', preScreenSuspend: false }, new_value: { status: 'ON_RESEARCH', preScreenSuspend: true } });
      refused(await call(team.pm, 'POST', '/dcap/project/applyPreScreenSuspend', body), 409, 'project.pre_screen_suspended');
      await setStatus(team.study, team.projectId, 'DATABASE_FREEZED');
      refused(await call(team.pm, 'POST', '/dcap/project/applyPreScreenSuspend', body), 422, 'project.status_forbids');
    } finally {
      await setStatus(team.study, team.projectId, 'CONFIG');
    }
  });
});
