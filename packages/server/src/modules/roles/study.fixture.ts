import type { Project, ProjectRole, RoleAssignment, Site } from '@dcap/core';
import { expect } from 'vitest';
import type { Reply, TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';

/** A signed-in person of a test scenario. */
export interface Persona {
  id: number;
  username: string;
  token: string;
}

export interface Study {
  t: TestContext;
  admin: Persona;
}

/** A fresh platform signed in as its administrator; `env` adds settings (a remote randomisation service, say). */
export async function openStudy(env: Record<string, string> = {}): Promise<Study> {
  const t = await createTestContext(env);
  const token = await t.signIn(ADMIN.username, ADMIN.password);
  return { t, admin: { id: 1, username: ADMIN.username, token } };
}

/** Expects success and returns the data. */
export function ok(reply: Reply): unknown {
  expect(reply.status, reply.body.msg).toBe(200);
  return reply.body.data;
}

/** Expects a refusal with this status and catalogue code. */
export function refused(reply: Reply, status: number, code: string): void {
  expect(reply.body.errorCode, reply.body.msg).toBe(code);
  expect(reply.status).toBe(status);
}

export async function person(study: Study, username: string, flags: { projectAdmin?: boolean } = {}): Promise<Persona> {
  const password = 'Passw0rd!x';
  const created = ok(
    await study.t.call('POST', '/dcap/sys/user/save', { token: study.admin.token, body: { username, name: `Name of ${username}`, password, ...flags } }),
  ) as { user: { id: number } };
  // An administrator's account must replace its password at first sign-in; that rule has its own tests
  // (modules/users/import.test.ts, modules/auth/auth.test.ts), so the study's people start past it.
  await study.t.database.db.updateTable('users').set({ must_change_password: false }).where('id', '=', created.user.id).execute();
  return { id: created.user.id, username, token: await study.t.signIn(username, password) };
}

/**
 * A project applied for by `owner`, who becomes its administrator, moved on to config: spec 000 §4.3 allows
 * no configuration (sites, design, settings) in set-up.
 */
export async function project(study: Study, owner: Persona, code: string): Promise<Project> {
  const applied = ok(await study.t.call('POST', '/dcap/project/apply', { token: owner.token, body: { code, name: `Study ${code}` } })) as Project;
  return ok(await study.t.call('GET', `/dcap/project/nextStep/${applied.id}/0`, { token: owner.token })) as Project;
}

export async function unit(study: Study, code: string, name: string, eName?: string): Promise<number> {
  return (ok(await study.t.call('POST', '/dcap/sys/unit/save', { token: study.admin.token, body: { code, name, eName } })) as { id: number }).id;
}

export async function site(study: Study, by: Persona, projectId: number, code: string, unitId: number): Promise<Site> {
  return ok(await study.t.call('POST', '/dcap/projectSite/save', { token: by.token, body: { projectId, unitId, code } })) as Site;
}

export async function role(study: Study, by: Persona, body: Record<string, unknown>): Promise<ProjectRole> {
  return ok(await study.t.call('POST', '/dcap/projectRole/saveRole', { token: by.token, body })) as ProjectRole;
}

export async function grant(study: Study, by: Persona, projectId: number, body: Record<string, unknown>): Promise<RoleAssignment[]> {
  return ok(await study.t.call('POST', `/dcap/projectRole/assignRole2User?projectId=${projectId}`, { token: by.token, body })) as RoleAssignment[];
}

/** Switches a persona's session into a project and one of their roles there, as the shell does. */
export async function enter(study: Study, who: Persona, projectId: number, roleId: number): Promise<void> {
  ok(await study.t.call('GET', `/dcap/project/store/${projectId}`, { token: who.token }));
  ok(await study.t.call('GET', `/dcap/projectRole/store/${roleId}`, { token: who.token }));
}

/** Puts a project into a status directly: the lifecycle has its own tests; here only the effect matters. */
export async function setStatus(study: Study, projectId: number, status: Project['status']): Promise<void> {
  await study.t.database.db.updateTable('projects').set({ status }).where('id', '=', projectId).execute();
}

/**
 * The study team of the role scenarios: project administrator `pm`, a user-rights manager limited to site
 * A who also holds the coordinator's flags, an investigator at site A without role rights, an all-sites
 * monitor role nobody holds yet, and a member of another project. Each member has switched into their
 * role, as the shell does after sign-in.
 */
export interface Team {
  projectId: number;
  siteA: Site;
  siteB: Site;
  pm: Persona;
  rightsA: Persona;
  investigator: Persona;
  outsider: Persona;
  roles: { userAdminA: ProjectRole; crcA: ProjectRole; monitor: ProjectRole };
}

export async function team(study: Study, code: string): Promise<Team> {
  const pm = await person(study, `${code}.pm`, { projectAdmin: true });
  const { id: projectId } = await project(study, pm, code);
  const siteA = await site(study, pm, projectId, 'A01', await unit(study, `${code}-UA`, '协和医院', 'PUMCH'));
  const siteB = await site(study, pm, projectId, 'B01', await unit(study, `${code}-UB`, '华山医院', 'Huashan'));
  // A rights manager hands out only the flags they hold (spec 000 §6; docs/decisions.md), so the site-A
  // manager also holds the coordinator's flags.
  const userAdminA = await role(study, pm, { projectId, alias: 'UserAdmin-A', institutionIds: [siteA.id], userRightsManagement: true, dataEntryRights: true, answerQuery: true });
  const crcA = await role(study, pm, { projectId, alias: 'CRC-A', institutionIds: [siteA.id], dataEntryRights: true, answerQuery: true });
  const monitor = await role(study, pm, { projectId, alias: 'Monitor', institutionIds: 'all', verify: true, query: true });
  const rightsA = await person(study, `${code}.rights`);
  const investigator = await person(study, `${code}.inv`);
  await grant(study, pm, projectId, { roleId: userAdminA.id, userIds: [rightsA.id] });
  await grant(study, pm, projectId, { roleId: crcA.id, userIds: [investigator.id] });
  await enter(study, rightsA, projectId, userAdminA.id);
  await enter(study, investigator, projectId, crcA.id);

  const outsider = await person(study, `${code}.outsider`);
  const other = await project(study, pm, `${code}-X`);
  const otherRole = await role(study, pm, { projectId: other.id, alias: 'Anyone', institutionIds: 'all', dataEntryRights: true });
  await grant(study, pm, other.id, { roleId: otherRole.id, userIds: [outsider.id] });
  await enter(study, outsider, other.id, otherRole.id);
  return { projectId, siteA, siteB, pm, rightsA, investigator, outsider, roles: { userAdminA, crcA, monitor } };
}
