import type { RoleAuthLogPage } from '@dcap/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study, Team } from './study.fixture.js';
import { grant, ok, openStudy, person, refused, team } from './study.fixture.js';

let study: Study;
let s: Team;
let nurse: Persona;

beforeAll(async () => {
  study = await openStudy();
  s = await team(study, 'LOG-1');
  nurse = await person(study, 'nurse.log');
  await grant(study, s.rightsA, s.projectId, { roleId: s.roles.crcA.id, userIds: [nurse.id], notify: true });
  ok(await study.t.call('GET', `/dcap/projectRole/removeProjectRoleFromUser/${s.roles.crcA.id}/${nurse.id}?projectId=${s.projectId}`, { token: s.rightsA.token }));
});
afterAll(() => study.t.close());

const logs = (by: Persona, body: Record<string, unknown>) => study.t.call('POST', '/dcap/projectRole/getProjectRoleAuthLogs', { token: by.token, body: { projectId: s.projectId, ...body } });

/** The text of every sheet and the shared strings of an xlsx file. */
function xlsxText(body: Buffer): string {
  const files = unzipSync(new Uint8Array(body));
  return Object.entries(files)
    .filter(([name]) => name.startsWith('xl/'))
    .map(([, content]) => strFromU8(content))
    .join('\n');
}

describe('the role authorisation log', () => {
  it('lists grants and revocations of this project, newest first, with who, whom and which role', async () => {
    const page = ok(await logs(s.pm, { pageNo: 1, pageSize: 2 })) as RoleAuthLogPage;
    expect(page.list.map((line) => [line.action, line.actor, line.roleAlias, line.username])).toEqual([
      ['role.revoke', s.rightsA.username, 'CRC-A', 'nurse.log'],
      ['role.assign', s.rightsA.username, 'CRC-A', 'nurse.log'],
    ]);
    expect(page.list[1]?.detail).toMatchObject({ old: null, new: { notify: true, institutionIds: [s.siteA.id] } });
    // The team's set-up: three roles created and two grants, plus the two lines above. The other project's
    // role and grant are not in this project's log.
    expect(page.total).toBe(7);
    const second = ok(await logs(s.pm, { pageNo: 2, pageSize: 2 })) as RoleAuthLogPage;
    expect(second.list.map((line) => line.action)).toEqual(['role.assign', 'role.assign']);
    expect(second.list[0]?.id).toBeLessThan(page.list[1]?.id ?? 0);
  });

  it('is for those who manage roles for the whole project', async () => {
    refused(await logs(s.rightsA, {}), 403, 'permission.project_forbidden');
    refused(await logs(s.investigator, {}), 403, 'permission.project_forbidden');
    refused(await logs(s.outsider, {}), 404, 'project.not_found');
    refused(await logs(s.pm, { pageSize: 5000 }), 400, 'request.invalid');
  });
});

describe('spreadsheet exports', () => {
  it('downloads the roles and their holders as an xlsx in the caller’s language, and audits the export', async () => {
    const response = await study.t.request({ method: 'GET', url: `/dcap/projectRole/download?projectId=${s.projectId}`, headers: { token: s.pm.token, 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="LOG-1-roles-\d{8}\.xlsx"/);
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const text = xlsxText(response.rawPayload);
    expect(text).toContain('Login name');
    expect(text).toContain(s.investigator.username);
    expect(text).toContain('CRC-A');
    expect(text).not.toContain('nurse.log');

    const zh = await study.t.request({ method: 'GET', url: `/dcap/projectRole/download?projectId=${s.projectId}`, headers: { token: s.pm.token } });
    expect(xlsxText(zh.rawPayload)).toContain('登录名');
    const audit = await study.t.database.db.selectFrom('audit_log').select(['actor_username', 'project_id']).where('action', '=', 'role.export').execute();
    expect(audit).toEqual([
      { actor_username: s.pm.username, project_id: s.projectId },
      { actor_username: s.pm.username, project_id: s.projectId },
    ]);
  });

  it('exports the authorisation log with translated actions', async () => {
    const response = await study.t.request({
      method: 'POST',
      url: '/dcap/projectRole/exportProjectRoleAuthLogs',
      headers: { token: s.pm.token, 'accept-language': 'en-US' },
      payload: { projectId: s.projectId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename\*=UTF-8''LOG-1-role-auth-log-\d{8}\.xlsx$/);
    const text = xlsxText(response.rawPayload);
    expect(text).toContain('Role granted');
    expect(text).toContain('Role revoked');
    expect(text).toContain('nurse.log');
  });

  it('answers refusals as the usual JSON envelope', async () => {
    const refusedExport = await study.t.call('GET', `/dcap/projectRole/download?projectId=${s.projectId}`, { token: s.investigator.token });
    refused(refusedExport, 403, 'permission.project_forbidden');
  });
});
