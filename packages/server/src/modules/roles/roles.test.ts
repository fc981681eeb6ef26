import type { ProjectRole, Site, UserRole } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study, Team } from './study.fixture.js';
import { enter, grant, ok, openStudy, person, project, refused, role, setStatus, site, team, unit } from './study.fixture.js';

let study: Study;
let s: Team;

beforeAll(async () => {
  study = await openStudy();
  s = await team(study, 'ROLE-1');
});
afterAll(() => study.t.close());

const call = (method: 'GET' | 'POST', url: string, by: Persona | null, body?: unknown, lang = 'en-US') =>
  study.t.call(method, url, { token: by?.token, body, lang });
const roles = async (by: Persona, lang = 'en-US') => ok(await call('GET', `/dcap/projectRole/list/${s.projectId}`, by, undefined, lang)) as ProjectRole[];
const canView = (by: Persona) => call('POST', '/dcap/projectSite/list', by, { projectId: s.projectId });
const roleAudit = (action: string) =>
  study.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('project_id', '=', s.projectId).orderBy('id').execute();

describe('who may shape roles', () => {
  it('refuses the investigator, the site-limited rights manager, the outsider and anonymous callers', async () => {
    const body = { projectId: s.projectId, alias: 'Sneaky', institutionIds: 'all', userRightsManagement: true };
    refused(await call('POST', '/dcap/projectRole/saveRole', s.investigator, body), 403, 'permission.project_forbidden');
    // Roles are project-wide definitions: a manager limited to one site may grant them, not shape them.
    refused(await call('POST', '/dcap/projectRole/saveRole', s.rightsA, body), 403, 'permission.project_forbidden');
    refused(await call('POST', '/dcap/projectRole/saveRole', s.outsider, body), 404, 'project.not_found');
    refused(await call('POST', '/dcap/projectRole/saveRole', null, body), 401, 'auth.required');
    refused(await call('GET', `/dcap/projectRole/deleteProjectRole/${s.roles.monitor.id}`, s.investigator), 403, 'permission.project_forbidden');
    refused(await call('GET', `/dcap/projectRole/list/${s.projectId}`, s.outsider), 404, 'project.not_found');
    expect((await roles(s.pm)).map((r) => r.alias)).not.toContain('Sneaky');
  });

  it('lets every member read the role list, with sites named in the caller’s language and holders counted', async () => {
    const list = await roles(s.investigator);
    expect(list.map((r) => [r.alias, r.institutionNamesStr, r.userCount])).toEqual([
      ['UserAdmin-A', 'PUMCH', 1],
      ['CRC-A', 'PUMCH', 1],
      ['Monitor', 'All Sites', 0],
    ]);
    expect((await roles(s.pm, 'zh-CN')).map((r) => r.institutionNamesStr)).toEqual(['协和医院', '协和医院', '全部中心']);
    expect(list[1]).toMatchObject({ institutionIds: [s.siteA.id], enabled: 1, dataEntryRights: true, answerQuery: true, verify: false });
  });
});

/** A platform user who holds roles but never signs in (keeps clear of the sign-in rate limit). */
async function holder(username: string): Promise<number> {
  const reply = await study.t.call('POST', '/dcap/sys/user/save', { token: study.admin.token, body: { username, name: username } });
  return (ok(reply) as { user: { id: number } }).user.id;
}

describe('what a site-limited member sees (spec 000 §6)', () => {
  it('lists only the roles reaching their sites, counting only holders there, and the init call shows only their sites', async () => {
    const crcB = await role(study, s.pm, { projectId: s.projectId, alias: 'CRC-B', institutionIds: [s.siteB.id], dataEntryRights: true });
    const [nurseB, craA, craB] = [await holder('see.nurse.b'), await holder('see.cra.a'), await holder('see.cra.b')];
    await grant(study, s.pm, s.projectId, { roleId: crcB.id, userIds: [nurseB] });
    await grant(study, s.pm, s.projectId, { roleId: s.roles.monitor.id, userIds: [craA], institutionIds: [s.siteA.id] });
    await grant(study, s.pm, s.projectId, { roleId: s.roles.monitor.id, userIds: [craB], institutionIds: [s.siteB.id] });

    const counts = (list: ProjectRole[]) => Object.fromEntries(list.map((r) => [r.alias, r.userCount]));
    expect(counts(await roles(s.investigator))).toEqual({ 'UserAdmin-A': 1, 'CRC-A': 1, Monitor: 1 });
    expect(counts(await roles(s.pm))).toMatchObject({ 'UserAdmin-A': 1, 'CRC-A': 1, Monitor: 2, 'CRC-B': 1 });

    const init = async () => ok(await call('GET', '/dcap/sys/init', s.investigator)) as { institutions: { id: number }[]; allInstitutions: unknown[] };
    expect((await init()).institutions.map((x) => x.id)).toEqual([s.siteA.id]);
    // A disabled role gives no sites, so the shell lists none (it sends the holder to the role-disabled page).
    ok(await call('GET', `/dcap/projectRole/disableRole/${s.roles.crcA.id}/0?projectId=${s.projectId}`, s.pm));
    try {
      const disabled = await init();
      expect(disabled.institutions).toEqual([]);
      expect(disabled.allInstitutions).toHaveLength(2);
    } finally {
      ok(await call('GET', `/dcap/projectRole/disableRole/${s.roles.crcA.id}/1?projectId=${s.projectId}`, s.pm));
    }
  });
});

describe('creating and changing roles', () => {
  it('refuses a site of another project and a taken name, and audits a creation with the project', async () => {
    const other = await project(study, s.pm, 'ROLE-1-Y');
    const foreign = await site(study, s.pm, other.id, 'Z01', await unit(study, 'ROLE-1-UZ', 'Foreign'));
    const body = { projectId: s.projectId, alias: 'Data Manager', institutionIds: [s.siteA.id, foreign.id] };
    refused(await call('POST', '/dcap/projectRole/saveRole', s.pm, body), 422, 'role.unknown_site');
    const taken = await call('POST', '/dcap/projectRole/saveRole', s.pm, { ...body, alias: 'monitor', institutionIds: 'all' });
    refused(taken, 409, 'role.alias_taken');
    expect(taken.body.msg).toBe('The role name monitor already exists');

    const dm = await role(study, s.pm, { ...body, institutionIds: [s.siteB.id, s.siteA.id, s.siteA.id], export: true });
    expect(dm.institutionIds).toEqual([s.siteA.id, s.siteB.id]);
    const [created] = await roleAudit('role.create').then((rows) => rows.filter((row) => row.entity_id === String(dm.id)));
    expect(created).toMatchObject({ entity_type: 'role', actor_username: s.pm.username, actor_role: 'projectAdmin' });
    expect(created?.new_value).toMatchObject({ alias: 'Data Manager', institutionIds: [s.siteA.id, s.siteB.id], rights: ['export'], enabled: true });
  });

  it('keeps flags, descriptions and the disabled state a save does not send, and audits old and new values', async () => {
    const auditor = await role(study, s.pm, { projectId: s.projectId, alias: 'Auditor', description: '稽查', institutionIds: 'all', review: true, enabled: 0 });
    const saved = ok(
      await call('POST', '/dcap/projectRole/saveRole', s.pm, { id: auditor.id, projectId: s.projectId, alias: 'QA Auditor', institutionIds: 'all', export: true }),
    ) as ProjectRole;
    expect(saved).toMatchObject({ alias: 'QA Auditor', description: '稽查', enabled: 0, review: true, export: true });
    const quick = ok(await call('POST', '/dcap/projectRole/quickSave', s.pm, { id: auditor.id, projectId: s.projectId, review: false, descriptionEn: 'QA' })) as ProjectRole;
    expect(quick).toMatchObject({ alias: 'QA Auditor', review: false, export: true, descriptionEn: 'QA' });
    const updates = (await roleAudit('role.update')).filter((row) => row.entity_id === String(auditor.id));
    expect(updates.map((row) => [row.old_value, row.new_value])).toEqual([
      [{ alias: 'Auditor', rights: ['review'] }, { alias: 'QA Auditor', rights: ['review', 'export'] }],
      [{ alias: 'QA Auditor', descriptionEn: null, rights: ['review', 'export'] }, { alias: 'QA Auditor', descriptionEn: 'QA', rights: ['export'] }],
    ]);
  });

  it('keeps an optional field a save omits and clears it on an explicit null, in saveRole and quickSave', async () => {
    const base = { projectId: s.projectId, alias: 'Coder', institutionIds: 'all' };
    const coder = await role(study, s.pm, { ...base, description: '医学编码', descriptionEn: 'Medical coding' });
    const save = async (url: string, body: Record<string, unknown>) => ok(await call('POST', `/dcap/projectRole/${url}`, s.pm, { id: coder.id, projectId: s.projectId, ...body })) as ProjectRole;
    expect(await save('saveRole', { ...base, alias: 'Coder 2' })).toMatchObject({ description: '医学编码', descriptionEn: 'Medical coding' });
    expect(await save('quickSave', { alias: 'Coder 3' })).toMatchObject({ description: '医学编码', descriptionEn: 'Medical coding' });
    expect(await save('quickSave', { descriptionEn: null })).toMatchObject({ description: '医学编码', descriptionEn: null });
    expect(await save('saveRole', { ...base, description: null })).toMatchObject({ description: null, descriptionEn: null });
    const stored = await study.t.database.db.selectFrom('project_roles').select(['description', 'description_en']).where('id', '=', coder.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ description: null, description_en: null });
  });

  it('lets the platform administrator shape roles of any project without holding a role there', async () => {
    const viewer = await role(study, study.admin, { projectId: s.projectId, alias: 'Viewer', institutionIds: 'all' });
    const [row] = await roleAudit('role.create').then((rows) => rows.filter((r) => r.entity_id === String(viewer.id)));
    expect(row).toMatchObject({ actor_username: 'admin', actor_role: 'admin' });
  });

  it('refuses a role of another project by id, as not found', async () => {
    const other = await project(study, s.pm, 'ROLE-1-Z');
    const foreign = await role(study, s.pm, { projectId: other.id, alias: 'Foreign', institutionIds: 'all' });
    refused(await call('POST', '/dcap/projectRole/quickSave', s.pm, { id: foreign.id, projectId: s.projectId, alias: 'Mine' }), 404, 'role.not_found');
    refused(await call('GET', `/dcap/projectRole/disableRole/${foreign.id}/0?projectId=${s.projectId}`, s.pm), 404, 'role.not_found');
  });

  it('refuses role changes once the project is offline', async () => {
    const closed = await project(study, s.pm, 'ROLE-1-OFF');
    await setStatus(study, closed.id, 'OFFLINE');
    const reply = await call('POST', '/dcap/projectRole/saveRole', s.pm, { projectId: closed.id, alias: 'Late', institutionIds: 'all' });
    refused(reply, 422, 'project.status_forbids');
    expect(reply.body.msg).toContain('OFFLINE');
  });
});

describe('disabling a role', () => {
  it('leaves it assigned but grants nothing: the holder’s session gets 403 role.disabled until it is enabled again', async () => {
    expect((await canView(s.investigator)).status).toBe(200);
    const [disables, enables] = [(await roleAudit('role.disable')).length, (await roleAudit('role.enable')).length];
    const disabled = ok(await call('GET', `/dcap/projectRole/disableRole/${s.roles.crcA.id}/0?projectId=${s.projectId}`, s.pm)) as ProjectRole;
    expect(disabled).toMatchObject({ enabled: 0, userCount: 1 });
    const refusal = await canView(s.investigator);
    refused(refusal, 403, 'role.disabled');
    expect(refusal.body.msg).toBe('This role is disabled; please contact the project manager');
    const switcher = ok(await call('GET', '/dcap/projectRole/listByUser', s.investigator)) as UserRole[];
    expect(switcher).toEqual([{ id: s.roles.crcA.id, projectId: s.projectId, projectCode: 'ROLE-1', projectName: 'Study ROLE-1', alias: 'CRC-A', enabled: 0 }]);

    ok(await call('GET', `/dcap/projectRole/disableRole/${s.roles.crcA.id}/1?projectId=${s.projectId}`, s.pm));
    expect((await canView(s.investigator)).status).toBe(200);
    const disableRows = await roleAudit('role.disable');
    expect(disableRows.slice(disables).map((row) => [row.old_value, row.new_value])).toEqual([[{ alias: 'CRC-A', enabled: true }, { alias: 'CRC-A', enabled: false }]]);
    expect(await roleAudit('role.enable')).toHaveLength(enables + 1);
    refused(await call('GET', `/dcap/projectRole/disableRole/${s.roles.crcA.id}/2`, s.pm), 400, 'request.invalid');
  });
});

describe('deleting roles', () => {
  it('refuses to delete a role while it is held, naming the count, and deletes it logically once free', async () => {
    const temp = await role(study, s.pm, { projectId: s.projectId, alias: 'Temp', institutionIds: 'all', query: true });
    const a = await person(study, 'temp.a');
    const b = await person(study, 'temp.b');
    await grant(study, s.pm, s.projectId, { roleId: temp.id, userIds: [a.id, b.id] });
    const held = await call('GET', `/dcap/projectRole/deleteProjectRole/${temp.id}?projectId=${s.projectId}`, s.pm);
    refused(held, 409, 'role.in_use');
    expect(held.body.msg).toBe('The role is still held by 2 users; revoke it first');
    for (const user of [a, b]) ok(await call('GET', `/dcap/projectRole/removeProjectRoleFromUser/${temp.id}/${user.id}?projectId=${s.projectId}`, s.pm));
    expect(ok(await call('GET', `/dcap/projectRole/deleteProjectRole/${temp.id}?projectId=${s.projectId}`, s.pm))).toEqual({ deleted: 1, revoked: 0 });
    expect((await roles(s.pm)).map((r) => r.alias)).not.toContain('Temp');
    const row = await study.t.database.db.selectFrom('project_roles').select('deleted_at').where('id', '=', temp.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    refused(await call('GET', `/dcap/projectRole/deleteProjectRole/${temp.id}?projectId=${s.projectId}`, s.pm), 404, 'role.not_found');
  });

  it('batch-deletes all or none, and with revoke takes the roles from their holders first, ending their access', async () => {
    const free = await role(study, s.pm, { projectId: s.projectId, alias: 'Free', institutionIds: 'all' });
    const busy = await role(study, s.pm, { projectId: s.projectId, alias: 'Busy', institutionIds: [s.siteB.id], dataEntryRights: true });
    const holder = await person(study, 'busy.holder');
    await grant(study, s.pm, s.projectId, { roleId: busy.id, userIds: [holder.id] });
    await enter(study, holder, s.projectId, busy.id);
    const ids = `${free.id},${busy.id}`;

    refused(await call('GET', `/dcap/projectRole/batchDelete?projectId=${s.projectId}&ids=${ids}`, s.pm), 409, 'role.in_use');
    expect((await roles(s.pm)).map((r) => r.alias)).toEqual(expect.arrayContaining(['Free', 'Busy']));

    expect(ok(await call('GET', `/dcap/projectRole/batchDeleteRevoke?projectId=${s.projectId}&ids=${ids}`, s.pm))).toEqual({ deleted: 2, revoked: 1 });
    const left = (await roles(s.pm)).map((r) => r.alias);
    expect(left).not.toContain('Free');
    expect(left).not.toContain('Busy');
    refused(await canView(holder), 404, 'project.not_found');
    const revoked = (await roleAudit('role.revoke')).at(-1);
    expect(revoked?.old_value).toMatchObject({ roleAlias: 'Busy', username: 'busy.holder', institutionIds: [s.siteB.id] });
    refused(await call('GET', `/dcap/projectRole/batchDelete?projectId=${s.projectId}&ids=1,,2`, s.pm), 400, 'request.invalid');
  });

  it('rolls a batch back whole when one role is not the project’s', async () => {
    const keepMe = await role(study, s.pm, { projectId: s.projectId, alias: 'KeepMe', institutionIds: 'all' });
    refused(await call('GET', `/dcap/projectRole/batchDeleteRevoke?projectId=${s.projectId}&ids=${keepMe.id},999999`, s.pm), 404, 'role.not_found');
    expect((await roles(s.pm)).map((r) => r.alias)).toContain('KeepMe');
  });
});

describe('one investigator role per site', () => {
  it('lists active sites lacking a role of their own and creates a PI role for each, once', async () => {
    const pm = await person(study, 'auto.pm', { projectAdmin: true });
    const { id } = await project(study, pm, 'AUTO-1');
    const a = await site(study, pm, id, '01', await unit(study, 'AUTO-U1', '一院', 'First'));
    const b = await site(study, pm, id, '02', await unit(study, 'AUTO-U2', '二院'));
    const c = await site(study, pm, id, '03', await unit(study, 'AUTO-U3', '三院'));
    ok(await call('POST', '/dcap/projectSite/save', pm, { id: c.id, projectId: id, unitId: c.unitId, code: '03', status: 'closed' }));
    await role(study, pm, { projectId: id, alias: 'Own-01', institutionIds: [a.id] });
    await role(study, pm, { projectId: id, alias: 'Both', institutionIds: [a.id, b.id] });

    expect((ok(await call('GET', `/dcap/projectRole/checkProjectRoleOneInstitution/${id}`, pm)) as Site[]).map((x) => x.code)).toEqual(['02']);
    const created = ok(await call('GET', `/dcap/projectRole/autoCreateProjectRoleOneInstitution/${id}`, pm, undefined, 'zh-CN')) as ProjectRole[];
    expect(created).toEqual([
      expect.objectContaining({
        alias: 'PI-02',
        description: '二院 研究者',
        descriptionEn: 'Investigator at 二院',
        institutionIds: [b.id],
        institutionNamesStr: '二院',
        dataEntryRights: true,
        answerQuery: true,
        locked: true,
        verify: false,
        userCount: 0,
      }),
    ]);
    expect(ok(await call('GET', `/dcap/projectRole/autoCreateProjectRoleOneInstitution/${id}`, pm)) as ProjectRole[]).toEqual([]);
    expect(ok(await call('GET', `/dcap/projectRole/checkProjectRoleOneInstitution/${id}`, pm)) as Site[]).toEqual([]);
  });
});
