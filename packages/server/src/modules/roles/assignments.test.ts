import type { RoleAssignment, RoleHolders, UserRolesAndSites } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study, Team } from './study.fixture.js';
import { enter, grant, ok, openStudy, person, refused, team } from './study.fixture.js';

let study: Study;
let s: Team;

beforeAll(async () => {
  study = await openStudy();
  s = await team(study, 'GRANT-1');
});
afterAll(() => study.t.close());

const call = (method: 'GET' | 'POST', url: string, by: Persona, body?: unknown) => study.t.call(method, url, { token: by.token, body, lang: 'en-US' });
const assign = (by: Persona, body: Record<string, unknown>) => call('POST', `/dcap/projectRole/assignRole2User?projectId=${s.projectId}`, by, body);
const canView = (by: Persona) => call('POST', '/dcap/projectSite/list', by, { projectId: s.projectId });
const holdsActive = (roleId: number, userId: number) =>
  study.t.database.db
    .selectFrom('role_assignments')
    .selectAll()
    .where('role_id', '=', roleId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('a user-rights manager limited to site A grants roles', () => {
  it('grants the site-A coordinator role at site A, recording the granter and the e-mail intent', async () => {
    const nurse = await person(study, 'nurse.a1');
    const [granted] = ok(await assign(s.rightsA, { roleId: s.roles.crcA.id, userIds: [nurse.id], notify: true })) as RoleAssignment[];
    expect(granted).toMatchObject({ roleAlias: 'CRC-A', username: 'nurse.a1', institutionIds: [s.siteA.id], grantedBy: s.rightsA.username });
    const audit = await study.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'role.assign').where('entity_id', '=', String(granted?.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ project_id: s.projectId, entity_type: 'role_assignment', actor_username: s.rightsA.username, actor_role: 'UserAdmin-A' });
    expect(audit.new_value).toEqual({ roleId: s.roles.crcA.id, roleAlias: 'CRC-A', userId: nurse.id, username: 'nurse.a1', institutionIds: [s.siteA.id], notify: true });
  });

  it('cannot hand out the all-sites monitor role, even narrowed to site A; the project administrator can', async () => {
    const cra = await person(study, 'cra.a1');
    refused(await assign(s.rightsA, { roleId: s.roles.monitor.id, userIds: [cra.id] }), 403, 'permission.site_forbidden');
    refused(await assign(s.rightsA, { roleId: s.roles.monitor.id, userIds: [cra.id], institutionIds: [s.siteB.id] }), 403, 'permission.site_forbidden');
    refused(await assign(s.rightsA, { roleId: s.roles.monitor.id, userIds: [cra.id], institutionIds: [s.siteA.id] }), 403, 'permission.site_forbidden');
    const [granted] = ok(await assign(s.pm, { roleId: s.roles.monitor.id, userIds: [cra.id], institutionIds: [s.siteA.id] })) as RoleAssignment[];
    expect(granted?.institutionIds).toEqual([s.siteA.id]);
  });

  it('refuses sites outside the role, unknown sites, itself, holders, inactive and unknown users', async () => {
    const nurse = await person(study, 'nurse.a2');
    refused(await assign(s.pm, { roleId: s.roles.crcA.id, userIds: [nurse.id], institutionIds: [s.siteB.id] }), 422, 'role.site_outside_role');
    refused(await assign(s.pm, { roleId: s.roles.crcA.id, userIds: [nurse.id], institutionIds: 'all' }), 422, 'role.site_outside_role');
    refused(await assign(s.pm, { roleId: s.roles.monitor.id, userIds: [nurse.id], institutionIds: [999999] }), 422, 'role.unknown_site');
    refused(await assign(s.rightsA, { roleId: s.roles.crcA.id, userIds: [s.rightsA.id] }), 403, 'role.self_grant');
    refused(await assign(s.rightsA, { roleId: s.roles.crcA.id, userIds: [s.investigator.id] }), 409, 'role.already_assigned');
    ok(await study.t.call('POST', `/dcap/sys/user/lock/${nurse.id}`, { token: study.admin.token }));
    const locked = await assign(s.pm, { roleId: s.roles.crcA.id, userIds: [nurse.id] });
    refused(locked, 422, 'role.user_inactive');
    expect(locked.body.msg).toBe('The user nurse.a2 is locked or deleted and cannot be given a role');
    refused(await assign(s.pm, { roleId: s.roles.crcA.id, userIds: [999999] }), 404, 'user.not_found');
    expect(await holdsActive(s.roles.crcA.id, nurse.id)).toEqual([]);
  });

  it('grants in batch all or none, through the spec’s query calls and the session’s current project', async () => {
    const a = await person(study, 'batch.a');
    const b = await person(study, 'batch.b');
    ok(await study.t.call('GET', `/dcap/project/store/${s.projectId}`, { token: s.pm.token }));
    // b already holds the coordinator role, so the whole batch is refused and a gets nothing either.
    await grant(study, s.pm, s.projectId, { roleId: s.roles.crcA.id, userIds: [b.id] });
    refused(await call('GET', `/dcap/projectRole/addRoles2Users?roleIds=${s.roles.monitor.id},${s.roles.crcA.id}&userIds=${a.id},${b.id}`, s.pm), 409, 'role.already_assigned');
    expect(await holdsActive(s.roles.monitor.id, a.id)).toEqual([]);

    const byPm = ok(await call('GET', `/dcap/projectRole/assignRole2UserByPm?roleId=${s.roles.monitor.id}&userIds=${a.id},${b.id}`, s.pm)) as RoleAssignment[];
    expect(byPm.map((x) => [x.username, x.institutionIds])).toEqual([
      ['batch.a', 'all'],
      ['batch.b', 'all'],
    ]);
    const c = await person(study, 'batch.c');
    const batch = ok(
      await call('POST', '/dcap/projectRole/batchAssignRole2User', s.pm, {
        projectId: s.projectId,
        notify: false,
        assignments: [
          { roleId: s.roles.crcA.id, userIds: [c.id] },
          { roleId: s.roles.monitor.id, userIds: [c.id], institutionIds: [s.siteB.id] },
        ],
      }),
    ) as RoleAssignment[];
    expect(batch.map((x) => [x.roleAlias, x.institutionIds])).toEqual([
      ['CRC-A', [s.siteA.id]],
      ['Monitor', [s.siteB.id]],
    ]);
  });
});

describe('revoking a role', () => {
  it('ends the holder’s rights at once and keeps the grant’s history', async () => {
    const inv = await person(study, 'inv.revoked');
    await grant(study, s.pm, s.projectId, { roleId: s.roles.crcA.id, userIds: [inv.id] });
    await enter(study, inv, s.projectId, s.roles.crcA.id);
    expect((await canView(inv)).status).toBe(200);

    ok(await call('POST', `/dcap/projectRole/revokeSingleRoleOfUser?projectId=${s.projectId}`, s.rightsA, { roleId: s.roles.crcA.id, userId: inv.id }));
    refused(await canView(inv), 404, 'project.not_found');
    const [row] = await holdsActive(s.roles.crcA.id, inv.id);
    expect(row).toMatchObject({ revoked_by: s.rightsA.id });
    expect(row?.revoked_at).toBeInstanceOf(Date);
    refused(await call('POST', `/dcap/projectRole/revokeSingleRoleOfUser?projectId=${s.projectId}`, s.rightsA, { roleId: s.roles.crcA.id, userId: inv.id }), 404, 'role.not_assigned');
  });

  it('refuses a site-A manager revoking a grant that reaches beyond site A, and the investigator any revocation', async () => {
    const monitor = await person(study, 'monitor.all');
    await grant(study, s.pm, s.projectId, { roleId: s.roles.monitor.id, userIds: [monitor.id] });
    refused(await call('GET', `/dcap/projectRole/removeProjectRoleFromUser/${s.roles.monitor.id}/${monitor.id}?projectId=${s.projectId}`, s.rightsA), 403, 'permission.site_forbidden');
    refused(await call('GET', `/dcap/projectRole/removeProjectRoleFromUser/${s.roles.monitor.id}/${monitor.id}`, s.investigator), 403, 'permission.project_forbidden');
    expect((await holdsActive(s.roles.monitor.id, monitor.id))[0]?.revoked_at).toBeNull();
  });
});

describe('changing the sites a holder acts for', () => {
  it('lets the project administrator narrow a grant, audits old and new sites, and keeps the site-A manager within A', async () => {
    const cra = await person(study, 'cra.moving');
    await grant(study, s.pm, s.projectId, { roleId: s.roles.monitor.id, userIds: [cra.id] });
    const update = (by: Persona, institutionIds: unknown) =>
      call('POST', `/dcap/projectRole/updateRoleSiteAuthorityOfUser?projectId=${s.projectId}`, by, { roleId: s.roles.monitor.id, userId: cra.id, institutionIds });
    refused(await update(s.rightsA, [s.siteA.id]), 403, 'permission.site_forbidden');
    expect((ok(await update(s.pm, [s.siteB.id])) as RoleAssignment).institutionIds).toEqual([s.siteB.id]);
    refused(await update(s.rightsA, [s.siteA.id]), 403, 'permission.site_forbidden');
    expect((ok(await update(s.pm, [s.siteA.id])) as RoleAssignment).institutionIds).toEqual([s.siteA.id]);
    refused(await update(s.rightsA, [s.siteA.id, s.siteB.id]), 403, 'permission.site_forbidden');
    refused(await update(s.pm, [999999]), 422, 'role.unknown_site');
    const rows = await study.t.database.db.selectFrom('audit_log').select(['old_value', 'new_value']).where('action', '=', 'role.site_authority').orderBy('id').execute();
    expect(rows.map((r) => [(r.old_value as { institutionIds: unknown }).institutionIds, (r.new_value as { institutionIds: unknown }).institutionIds])).toEqual([
      ['all', [s.siteB.id]],
      [[s.siteB.id], [s.siteA.id]],
    ]);
  });

  it('refuses a site-limited manager widening their own grant', async () => {
    refused(
      await call('POST', `/dcap/projectRole/updateRoleSiteAuthorityOfUser?projectId=${s.projectId}`, s.rightsA, { roleId: s.roles.userAdminA.id, userId: s.rightsA.id, institutionIds: [s.siteA.id] }),
      403,
      'role.self_grant',
    );
  });
});

describe('who holds what', () => {
  it('shows the project administrator every holder and the site-A manager only holders at site A', async () => {
    const everyone = ok(await call('POST', '/dcap/projectRole/userRolesAndInstitutions', s.pm, { projectId: s.projectId })) as UserRolesAndSites[];
    const siteA = ok(await call('POST', '/dcap/projectRole/userRolesAndInstitutions', s.rightsA, { projectId: s.projectId })) as UserRolesAndSites[];
    const monitorAtB = everyone.find((u) => u.username === 'batch.c');
    expect(monitorAtB?.sites.map((x) => x.code)).toEqual(['A01', 'B01']);
    const seenByA = siteA.find((u) => u.username === 'batch.c');
    expect(seenByA?.roles.map((r) => r.alias)).toEqual(['CRC-A']);
    expect(seenByA?.sites.map((x) => x.code)).toEqual(['A01']);
    expect(siteA.every((u) => u.roles.every((r) => r.institutionIds !== 'all' && r.institutionIds.every((id) => id === s.siteA.id)))).toBe(true);

    const holders = ok(await call('POST', '/dcap/projectRole/roleAndInstitutionUsers', s.rightsA, { projectId: s.projectId, roleId: s.roles.monitor.id })) as RoleHolders[];
    expect(holders).toHaveLength(1);
    expect(holders[0]?.institutionNamesStr).toBe('All Sites');
    const users = holders[0]?.users ?? [];
    expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['cra.a1', 'batch.a', 'monitor.all']));
    expect(users.map((u) => u.username)).not.toContain('batch.c');
    expect(users.every((u) => JSON.stringify(u.institutionIds) === JSON.stringify([s.siteA.id]))).toBe(true);
    refused(await call('POST', '/dcap/projectRole/userRolesAndInstitutions', s.investigator, { projectId: s.projectId }), 403, 'permission.project_forbidden');
  });
});

describe('finding users to grant a role to', () => {
  it('lets a project administrator find active platform users by login name or name, and no one else', async () => {
    ok(await study.t.call('POST', '/dcap/sys/user/save', { token: study.admin.token, body: { username: 'find.nurse', name: 'Nurse to find' } }));
    const search = (by: Persona) => call('GET', `/dcap/projectRole/searchUsers?projectId=${s.projectId}&keyword=find.nur`, by);
    const found = ok(await search(s.pm)) as { username: string }[];
    expect(found.map((user) => user.username)).toEqual(['find.nurse']);
    expect(Object.keys(found[0] ?? {}).sort()).toEqual(['id', 'name', 'nameEn', 'username']);
    refused(await search(s.outsider), 404, 'project.not_found');
  });
});
