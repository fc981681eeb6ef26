import type { CurrentRoleInfo, ProjectRole, RoleDetail, SiteRoleConfig, SiteRolesAndUsers } from '@dcap/core';
import { PROJECT_ROLE_TEMPLATES, SITE_ROLE_TEMPLATES } from '@dcap/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Study, Team } from './study.fixture.js';
import { grant, ok, openStudy, person, refused, role, team } from './study.fixture.js';

let study: Study;
let s: Team;

beforeAll(async () => {
  study = await openStudy();
  s = await team(study, 'INFO');
});
afterAll(() => study.t.close());

const get = (token: string, url: string) => study.t.call('GET', url, { token });
const post = (token: string, url: string, body?: unknown) => study.t.call('POST', url, { token, body });

describe('the caller’s role (spec 000 §7.3 currentProjectRoleInfo, getCurrentProjectRole)', () => {
  it('gives a site-limited member their active role with its flags and only their sites', async () => {
    const info = ok(await get(s.investigator.token, '/dcap/projectRole/currentProjectRoleInfo')) as CurrentRoleInfo;
    expect(info).toMatchObject({ projectId: s.projectId, administrator: null, institutionIds: [s.siteA.id] });
    expect(info.role).toMatchObject({ id: s.roles.crcA.id, alias: 'CRC-A', dataEntryRights: true, answerQuery: true, verify: false });
    expect(info.institutions.map((site) => site.code)).toEqual(['A01']);
  });

  it('gives a project administrator all sites and no role', async () => {
    const info = ok(await get(s.pm.token, `/dcap/projectRole/currentProjectRoleInfo?projectId=${s.projectId}`)) as CurrentRoleInfo;
    expect(info).toMatchObject({ administrator: 'project', role: null, institutionIds: 'all' });
    expect(info.institutions.map((site) => site.code)).toEqual(['A01', 'B01']);
  });

  it('names the session’s selection, and refuses a project the caller has no standing in', async () => {
    const selection = ok(await post(s.investigator.token, '/dcap/projectRole/getCurrentProjectRole')) as { projectId: number; roleId: number; role: ProjectRole };
    expect(selection).toMatchObject({ projectId: s.projectId, roleId: s.roles.crcA.id, role: { alias: 'CRC-A' } });
    refused(await post(s.outsider.token, `/dcap/projectRole/getCurrentProjectRole?projectId=${s.projectId}`), 404, 'project.not_found');
  });
});

describe('per-site views', () => {
  it('projectConfig/institution lists the caller’s sites with the roles covering each', async () => {
    const all = ok(await get(s.pm.token, `/dcap/projectRole/projectConfig/institution/${s.projectId}`)) as SiteRoleConfig[];
    const siteA = all.find((entry) => entry.site.code === 'A01');
    expect(siteA?.roles.map((r) => r.alias).sort()).toEqual(['CRC-A', 'Monitor', 'UserAdmin-A']);
    expect(all.find((entry) => entry.site.code === 'B01')?.roles.map((r) => r.alias)).toEqual(['Monitor']);
    const mine = ok(await get(s.investigator.token, `/dcap/projectRole/projectConfig/institution/${s.projectId}`)) as SiteRoleConfig[];
    expect(mine.map((entry) => entry.site.code)).toEqual(['A01']);
    refused(await get(s.outsider.token, `/dcap/projectRole/projectConfig/institution/${s.projectId}`), 404, 'project.not_found');
  });

  it('institutionRolesAndUsers lists who acts at each site under which role, within the caller’s sites', async () => {
    const all = ok(await post(s.pm.token, '/dcap/projectRole/institutionRolesAndUsers', { projectId: s.projectId })) as SiteRolesAndUsers[];
    const crc = all.find((entry) => entry.site.code === 'A01')?.roles.find((r) => r.alias === 'CRC-A');
    expect(crc?.users.map((u) => u.username)).toEqual([s.investigator.username]);
    const limited = ok(await post(s.rightsA.token, '/dcap/projectRole/institutionRolesAndUsers', { projectId: s.projectId })) as SiteRolesAndUsers[];
    expect(limited.map((entry) => entry.site.code)).toEqual(['A01']);
    // No user-rights flag: refused.
    refused(await post(s.investigator.token, '/dcap/projectRole/institutionRolesAndUsers', { projectId: s.projectId }), 403, 'permission.project_forbidden');
  });
});

describe('one role (info/, mgmt/detail)', () => {
  it('shows a role with its holders, and hides a role wholly at another site from a site-limited member', async () => {
    const info = ok(await post(s.investigator.token, '/dcap/projectRole/info/', { id: s.roles.crcA.id })) as ProjectRole;
    expect(info).toMatchObject({ alias: 'CRC-A', userCount: 1, institutionIds: [s.siteA.id] });
    const siteB = await role(study, s.pm, { projectId: s.projectId, alias: 'CRC-B', institutionIds: [s.siteB.id], dataEntryRights: true });
    refused(await post(s.investigator.token, '/dcap/projectRole/info/', { id: siteB.id }), 404, 'role.not_found');
    refused(await post(s.pm.token, '/dcap/projectRole/info/', { id: 999999, projectId: s.projectId }), 404, 'role.not_found');
    const detail = ok(await post(s.pm.token, '/dcap/projectRole/mgmt/detail', { id: s.roles.crcA.id, projectId: s.projectId })) as RoleDetail;
    expect(detail.sites.map((site) => site.code)).toEqual(['A01']);
    expect(detail.holders.map((h) => h.username)).toEqual([s.investigator.username]);
    refused(await post(s.investigator.token, '/dcap/projectRole/mgmt/detail', { id: s.roles.crcA.id }), 403, 'permission.project_forbidden');
    refused(await post(s.outsider.token, '/dcap/projectRole/mgmt/detail', { id: s.roles.crcA.id, projectId: s.projectId }), 404, 'project.not_found');
  });

  it('refuses bad input with a 400 in the caller’s language and changes nothing', async () => {
    const reply = await study.t.call('POST', '/dcap/projectRole/info/', { token: s.pm.token, lang: 'en-US', body: { id: 'x', projectId: s.projectId } });
    refused(reply, 400, 'request.invalid');
    expect(reply.body.msg).toMatch(/^Invalid request/);
  });
});

describe('assignRole2User as GET with query parameters (spec 000 §7.3)', () => {
  it('grants like the POST form, keeps the no-escalation rule and the site scope', async () => {
    const nurse = await person(study, 'info.nurse');
    const granted = ok(await get(s.rightsA.token, `/dcap/projectRole/assignRole2User?roleId=${s.roles.crcA.id}&userIds=${nurse.id}&institutionIds=${s.siteA.id}`)) as { username: string }[];
    expect(granted.map((g) => g.username)).toEqual(['info.nurse']);
    // A site-A manager may not grant the all-sites monitor role (escalation: sites beyond their own).
    const other = await person(study, 'info.other');
    refused(await get(s.rightsA.token, `/dcap/projectRole/assignRole2User?roleId=${s.roles.monitor.id}&userIds=${other.id}`), 403, 'permission.site_forbidden');
    // Nor grant themselves a role.
    refused(await get(s.rightsA.token, `/dcap/projectRole/assignRole2User?roleId=${s.roles.crcA.id}&userIds=${s.rightsA.id}`), 403, 'role.self_grant');
    // Without the user-rights flag: refused by the route's declaration.
    refused(await get(s.investigator.token, `/dcap/projectRole/assignRole2User?roleId=${s.roles.crcA.id}&userIds=${other.id}`), 403, 'permission.project_forbidden');
    refused(await get(s.pm.token, `/dcap/projectRole/assignRole2User?projectId=${s.projectId}&roleId=abc&userIds=${other.id}`), 400, 'request.invalid');
    const rows = await study.t.database.db.selectFrom('role_assignments').select('id').where('user_id', '=', other.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('autoCreateProjectRole: the standard roles from core’s templates', () => {
  it('creates the missing project and per-site roles once, audited; a second call creates nothing', async () => {
    const fresh = await team(study, 'AUTO');
    const created = ok(await post(fresh.pm.token, `/dcap/projectRole/autoCreateProjectRole?projectId=${fresh.projectId}`)) as ProjectRole[];
    const aliases = created.map((r) => r.alias);
    for (const template of PROJECT_ROLE_TEMPLATES) expect(aliases).toContain(template.alias);
    for (const template of SITE_ROLE_TEMPLATES) expect(aliases).toEqual(expect.arrayContaining([`${template.alias}-A01`, `${template.alias}-B01`]));
    expect(created.find((r) => r.alias === `${SITE_ROLE_TEMPLATES[0]?.alias}-A01`)?.institutionIds).toEqual([fresh.siteA.id]);
    const audited = await study.t.database.db.selectFrom('audit_log').select('new_value').where('project_id', '=', fresh.projectId).where('action', '=', 'role.create').execute();
    expect(audited.filter((row) => (row.new_value as { template?: string }).template !== undefined)).toHaveLength(created.length);
    expect(ok(await post(fresh.pm.token, `/dcap/projectRole/autoCreateProjectRole?projectId=${fresh.projectId}`))).toEqual([]);
  });

  it('refuses, creating nothing, a rights manager whose flags the templates exceed, and a member without the right', async () => {
    const fresh = await team(study, 'AUTO2');
    const manager = await person(study, 'auto2.manager');
    const managerRole = await role(study, fresh.pm, { projectId: fresh.projectId, alias: 'Rights', institutionIds: 'all', userRightsManagement: true });
    await grant(study, fresh.pm, fresh.projectId, { roleId: managerRole.id, userIds: [manager.id] });
    ok(await get(manager.token, `/dcap/project/store/${fresh.projectId}`));
    ok(await get(manager.token, `/dcap/projectRole/store/${managerRole.id}`));
    const before = await study.t.database.db.selectFrom('project_roles').select('id').where('project_id', '=', fresh.projectId).execute();
    refused(await post(manager.token, '/dcap/projectRole/autoCreateProjectRole'), 403, 'role.rights_exceeded');
    refused(await post(fresh.investigator.token, '/dcap/projectRole/autoCreateProjectRole'), 403, 'permission.project_forbidden');
    // The site-A rights manager may assign but not shape roles (role.manage needs all sites).
    refused(await post(fresh.rightsA.token, '/dcap/projectRole/autoCreateProjectRole'), 403, 'permission.project_forbidden');
    const after = await study.t.database.db.selectFrom('project_roles').select('id').where('project_id', '=', fresh.projectId).execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('exportProjectRoleAndUserLogs', () => {
  it('lists every grant, revoked ones too, in the caller’s language, and audits the export', async () => {
    const leaver = await person(study, 'info.leaver');
    await grant(study, s.pm, s.projectId, { roleId: s.roles.monitor.id, userIds: [leaver.id] });
    ok(await get(s.pm.token, `/dcap/projectRole/removeProjectRoleFromUser/${s.roles.monitor.id}/${leaver.id}?projectId=${s.projectId}`));
    const response = await study.t.request({
      method: 'POST',
      url: '/dcap/projectRole/exportProjectRoleAndUserLogs',
      headers: { token: s.pm.token, 'accept-language': 'en-US' },
      payload: { projectId: s.projectId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(strings).toContain('Revoked by');
    expect(strings).toContain('info.leaver');
    expect(strings).toContain('Revoked');
    const audit = await study.t.database.db.selectFrom('audit_log').select('new_value').where('action', '=', 'role.user_log_export').where('project_id', '=', s.projectId).execute();
    expect(audit).toHaveLength(1);
    refused(await post(s.rightsA.token, '/dcap/projectRole/exportProjectRoleAndUserLogs', { projectId: s.projectId }), 403, 'permission.project_forbidden');
  });
});
