import type { ErrorCode, ProjectRole, RoleRight, SiteScope } from '@dcap/core';
import { ERRORS } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study } from './study.fixture.js';
import { enter, grant, ok, openStudy, person, project, role, site, unit } from './study.fixture.js';

/**
 * No escalation through role administration (spec 000 §6; docs/decisions.md): every role and grant call,
 * through the real HTTP app, as a table of (caller, target, call) → allowed or refused. A refused call
 * changes nothing: the audit trail, the roles and the grants are compared before and after. An allowed
 * call leaves audit rows that record what changed.
 */

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}
type Caller = 'admin' | 'pm' | 'manager' | 'managerA' | 'keeper';
/** A table row: who calls, what (built just before the call, so set-up is not part of the comparison), and the outcome. */
type Row = [name: string, who: Caller, outcome: 'allowed' | ErrorCode, call: () => Promise<Call> | Call];

let study: Study;
let projectId: number;
let siteA: number;
let siteB: number;
let pm: Persona;
let callers: Record<Caller, Persona>;
/** Roles of the project: the all-sites and site-A rights managers', a coordinator's, and design roles. */
let r: Record<'rmAll' | 'rmA' | 'crcA' | 'crcAll' | 'design' | 'designA' | 'heldDisabled', ProjectRole>;
let counter = 0;

const MANAGER_FLAGS = { userRightsManagement: true, dataEntryRights: true, answerQuery: true };
const CRC_FLAGS = { dataEntryRights: true, answerQuery: true };

beforeAll(async () => {
  study = await openStudy();
  pm = await person(study, 'esc.pm', { projectAdmin: true });
  ({ id: projectId } = await project(study, pm, 'ESC-1'));
  siteA = (await site(study, pm, projectId, 'A01', await unit(study, 'ESC-UA', '甲医院', 'Hospital A'))).id;
  siteB = (await site(study, pm, projectId, 'B01', await unit(study, 'ESC-UB', '乙医院', 'Hospital B'))).id;
  const make = (alias: string, institutionIds: SiteScope, flags: Partial<Record<RoleRight, boolean>>) =>
    role(study, pm, { projectId, alias, institutionIds, ...flags });
  r = {
    rmAll: await make('RM-All', 'all', MANAGER_FLAGS),
    rmA: await make('RM-A', [siteA], MANAGER_FLAGS),
    crcA: await make('CRC-A', [siteA], CRC_FLAGS),
    crcAll: await make('CRC-All', 'all', CRC_FLAGS),
    design: await make('Design', 'all', { projectDesignAndSetup: true }),
    designA: await make('Design-A', [siteA], { projectDesignAndSetup: true }),
    heldDisabled: await make('Held-Disabled', 'all', { dataEntryRights: true }),
  };
  const manager = await person(study, 'esc.manager');
  const managerA = await person(study, 'esc.manager.a');
  await grant(study, pm, projectId, { roleId: r.rmAll.id, userIds: [manager.id] });
  await grant(study, pm, projectId, { roleId: r.heldDisabled.id, userIds: [manager.id] });
  await grant(study, pm, projectId, { roleId: r.rmA.id, userIds: [managerA.id] });
  ok(await study.t.call('GET', `/dcap/projectRole/disableRole/${r.heldDisabled.id}/0?projectId=${projectId}`, { token: pm.token }));
  await enter(study, manager, projectId, r.rmAll.id);
  await enter(study, managerA, projectId, r.rmA.id);
  callers = { admin: study.admin, pm, manager, managerA, keeper: study.admin };
});
afterAll(() => study.t.close());

// Set-up steps of the rows, done by the project administrator.

/** A platform user who never signs in (keeps clear of the sign-in rate limit). */
async function fresh(): Promise<number> {
  const reply = await study.t.call('POST', '/dcap/sys/user/save', { token: study.admin.token, body: { username: `esc.user${(counter += 1)}`, name: 'Fresh' } });
  return (ok(reply) as { user: { id: number } }).user.id;
}
async function spare(flags: Partial<Record<RoleRight, boolean>>, institutionIds: SiteScope = 'all'): Promise<number> {
  return (await role(study, pm, { projectId, alias: `Spare${(counter += 1)}`, institutionIds, ...flags })).id;
}
async function holderOf(roleId: number, institutionIds?: SiteScope): Promise<number> {
  const userId = await fresh();
  await grant(study, pm, projectId, { roleId, userIds: [userId], ...(institutionIds ? { institutionIds } : {}) });
  return userId;
}
const save = (body: Record<string, unknown>): Call => ({ method: 'POST', url: '/dcap/projectRole/saveRole', body: { projectId, ...body } });
const quick = (body: Record<string, unknown>): Call => ({ method: 'POST', url: '/dcap/projectRole/quickSave', body: { projectId, ...body } });
const disable = (id: number, enabled: 0 | 1): Call => ({ method: 'GET', url: `/dcap/projectRole/disableRole/${id}/${enabled}?projectId=${projectId}` });
const assign = (roleId: number, userIds: number[], institutionIds?: SiteScope): Call => ({
  method: 'POST',
  url: `/dcap/projectRole/assignRole2User?projectId=${projectId}`,
  body: { roleId, userIds, ...(institutionIds ? { institutionIds } : {}) },
});
const siteAuthority = (roleId: number, userId: number, institutionIds: SiteScope): Call => ({
  method: 'POST',
  url: `/dcap/projectRole/updateRoleSiteAuthorityOfUser?projectId=${projectId}`,
  body: { roleId, userId, institutionIds },
});
const remove = (roleId: number, userId: number): Call => ({ method: 'GET', url: `/dcap/projectRole/removeProjectRoleFromUser/${roleId}/${userId}?projectId=${projectId}` });
const revokeSingle = (roleId: number, userId: number): Call => ({
  method: 'POST',
  url: `/dcap/projectRole/revokeSingleRoleOfUser?projectId=${projectId}`,
  body: { roleId, userId },
});

const TABLE: Row[] = [
  // saveRole, creating
  ['saveRole: the all-sites manager creates a role within their flags', 'manager', 'allowed', () => save({ alias: 'New-CRC', institutionIds: 'all', ...CRC_FLAGS })],
  ['saveRole: the all-sites manager creates a design role', 'manager', 'role.rights_exceeded', () => save({ alias: 'New-Design', institutionIds: 'all', projectDesignAndSetup: true })],
  ['saveRole: the all-sites manager creates a manager role with export', 'manager', 'role.rights_exceeded', () => save({ alias: 'New-RM', institutionIds: 'all', ...MANAGER_FLAGS, export: true })],
  ['saveRole: the site-A manager creates a site-A role (roles are shaped with all-sites scope only)', 'managerA', 'permission.project_forbidden', () => save({ alias: 'New-A', institutionIds: [siteA], dataEntryRights: true })],
  ['saveRole: the project administrator creates a role with every flag', 'pm', 'allowed', () => save({ alias: 'New-Everything', institutionIds: 'all', ...MANAGER_FLAGS, projectDesignAndSetup: true, unblind: true })],
  // saveRole, changing
  ['saveRole: the manager adds export to a coordinator role', 'manager', 'role.rights_exceeded', async () => save({ id: await spare(CRC_FLAGS), alias: `Wider${counter}`, institutionIds: 'all', export: true })],
  ['saveRole: the manager renames the design role', 'manager', 'role.rights_exceeded', () => save({ id: r.design.id, alias: 'Design renamed', institutionIds: 'all' })],
  ['saveRole: the manager drops a flag from the role they hold', 'manager', 'role.own_role', () => save({ id: r.rmAll.id, alias: 'RM-All', institutionIds: 'all', answerQuery: false })],
  ['saveRole: the manager narrows the role they hold to site A', 'manager', 'role.own_role', () => save({ id: r.rmAll.id, alias: 'RM-All', institutionIds: [siteA] })],
  ['saveRole: the manager narrows a coordinator role to site A', 'manager', 'allowed', async () => save({ id: await spare(CRC_FLAGS), alias: `Narrowed${counter}`, institutionIds: [siteA] })],
  ['saveRole: the manager renames the role they hold', 'manager', 'allowed', () => save({ id: r.rmAll.id, alias: 'RM-All', institutionIds: 'all', description: 'Rights manager' })],
  // quickSave
  ['quickSave: the manager widens the role they hold with verify', 'manager', 'role.own_role', () => quick({ id: r.rmAll.id, verify: true })],
  ['quickSave: the manager widens the role they hold with a flag of their own', 'manager', 'role.own_role', () => quick({ id: r.heldDisabled.id, answerQuery: true })],
  ['quickSave: the manager adds design rights to a coordinator role', 'manager', 'role.rights_exceeded', async () => quick({ id: await spare(CRC_FLAGS), projectDesignAndSetup: true })],
  ['quickSave: the manager describes the design role', 'manager', 'role.rights_exceeded', () => quick({ id: r.design.id, descriptionEn: 'Designers' })],
  ['quickSave: the manager adds answerQuery to a data-entry role', 'manager', 'allowed', async () => quick({ id: await spare({ dataEntryRights: true }), answerQuery: true })],
  ['quickSave: the project administrator adds export to the design role', 'pm', 'allowed', () => quick({ id: r.design.id, export: true })],
  // disableRole
  ['disableRole: the manager disables the design role', 'manager', 'role.rights_exceeded', () => disable(r.design.id, 0)],
  ['disableRole: the manager enables a disabled role they hold', 'manager', 'role.own_role', () => disable(r.heldDisabled.id, 1)],
  ['disableRole: the manager disables a coordinator role', 'manager', 'allowed', async () => disable(await spare(CRC_FLAGS), 0)],
  ['disableRole: the platform administrator disables the design-A role', 'admin', 'allowed', () => disable(r.designA.id, 0)],
  ['disableRole: the platform administrator enables it again', 'admin', 'allowed', () => disable(r.designA.id, 1)],
  // deleteProjectRole, batchDelete, batchDeleteRevoke
  ['deleteProjectRole: the manager deletes a design role', 'manager', 'role.rights_exceeded', async () => ({ method: 'GET', url: `/dcap/projectRole/deleteProjectRole/${await spare({ projectDesignAndSetup: true })}?projectId=${projectId}` })],
  ['deleteProjectRole: the manager deletes a coordinator role', 'manager', 'allowed', async () => ({ method: 'GET', url: `/dcap/projectRole/deleteProjectRole/${await spare(CRC_FLAGS)}?projectId=${projectId}` })],
  [
    'batchDelete: the manager deletes a coordinator and a design role, all or none',
    'manager',
    'role.rights_exceeded',
    async () => ({ method: 'GET', url: `/dcap/projectRole/batchDelete?projectId=${projectId}&ids=${await spare(CRC_FLAGS)},${await spare({ projectDesignAndSetup: true })}` }),
  ],
  [
    'batchDeleteRevoke: the manager deletes a held design role',
    'manager',
    'role.rights_exceeded',
    async () => {
      const id = await spare({ projectDesignAndSetup: true });
      await holderOf(id);
      return { method: 'GET', url: `/dcap/projectRole/batchDeleteRevoke?projectId=${projectId}&ids=${id}` };
    },
  ],
  [
    'batchDeleteRevoke: the manager deletes a held site-B coordinator role',
    'manager',
    'allowed',
    async () => {
      const id = await spare(CRC_FLAGS, [siteB]);
      await holderOf(id);
      return { method: 'GET', url: `/dcap/projectRole/batchDeleteRevoke?projectId=${projectId}&ids=${id}` };
    },
  ],
  ['batchDeleteRevoke: the site-A manager deletes anything', 'managerA', 'permission.project_forbidden', async () => ({ method: 'GET', url: `/dcap/projectRole/batchDeleteRevoke?projectId=${projectId}&ids=${await spare(CRC_FLAGS, [siteA])}` })],
  // autoCreateProjectRoleOneInstitution: site B has no role of its own; its investigator role has the locked flag.
  ['autoCreateProjectRoleOneInstitution: the manager, lacking the locked flag', 'manager', 'role.rights_exceeded', () => ({ method: 'GET', url: `/dcap/projectRole/autoCreateProjectRoleOneInstitution/${projectId}` })],
  ['autoCreateProjectRoleOneInstitution: the project administrator', 'pm', 'allowed', () => ({ method: 'GET', url: `/dcap/projectRole/autoCreateProjectRoleOneInstitution/${projectId}` })],
  // assignRole2User
  ['assignRole2User: the manager grants the site-A coordinator role', 'manager', 'allowed', async () => assign(r.crcA.id, [await fresh()])],
  ['assignRole2User: the manager grants the design role', 'manager', 'role.rights_exceeded', async () => assign(r.design.id, [await fresh()])],
  ['assignRole2User: the site-A manager grants the site-A design role', 'managerA', 'role.rights_exceeded', async () => assign(r.designA.id, [await fresh()])],
  ['assignRole2User: the site-A manager grants the all-sites coordinator role narrowed to site A', 'managerA', 'permission.site_forbidden', async () => assign(r.crcAll.id, [await fresh()], [siteA])],
  ['assignRole2User: the site-A manager grants the all-sites manager role narrowed to site A', 'managerA', 'permission.site_forbidden', async () => assign(r.rmAll.id, [await fresh()], [siteA])],
  ['assignRole2User: the site-A manager grants themselves the site-A coordinator role', 'managerA', 'role.self_grant', () => assign(r.crcA.id, [callers.managerA.id])],
  ['assignRole2User: the site-A manager grants the site-A coordinator role', 'managerA', 'allowed', async () => assign(r.crcA.id, [await fresh()])],
  ['assignRole2User: the site-A manager grants the site-A manager role', 'managerA', 'allowed', async () => assign(r.rmA.id, [await fresh()])],
  ['assignRole2User: the project administrator grants themselves the design role', 'pm', 'allowed', () => assign(r.design.id, [pm.id])],
  // assignRole2UserByPm
  ['assignRole2UserByPm: the site-A manager grants the site-A design role', 'managerA', 'role.rights_exceeded', async () => ({ method: 'GET', url: `/dcap/projectRole/assignRole2UserByPm?projectId=${projectId}&roleId=${r.designA.id}&userIds=${await fresh()}` })],
  ['assignRole2UserByPm: the manager grants the all-sites coordinator role', 'manager', 'allowed', async () => ({ method: 'GET', url: `/dcap/projectRole/assignRole2UserByPm?projectId=${projectId}&roleId=${r.crcAll.id}&userIds=${await fresh()}` })],
  // addRoles2Users
  [
    'addRoles2Users: the manager grants a coordinator and the design role, all or none',
    'manager',
    'role.rights_exceeded',
    async () => ({ method: 'GET', url: `/dcap/projectRole/addRoles2Users?projectId=${projectId}&roleIds=${r.crcA.id},${r.design.id}&userIds=${await fresh()}` }),
  ],
  ['addRoles2Users: the site-A manager grants the site-A coordinator role', 'managerA', 'allowed', async () => ({ method: 'GET', url: `/dcap/projectRole/addRoles2Users?projectId=${projectId}&roleIds=${r.crcA.id}&userIds=${await fresh()}` })],
  // batchAssignRole2User
  [
    'batchAssignRole2User: the site-A manager grants a coordinator and the all-sites manager role, all or none',
    'managerA',
    'permission.site_forbidden',
    async () => {
      const userId = await fresh();
      return {
        method: 'POST',
        url: '/dcap/projectRole/batchAssignRole2User',
        body: { projectId, assignments: [{ roleId: r.crcA.id, userIds: [userId] }, { roleId: r.rmAll.id, userIds: [userId], institutionIds: [siteA] }] },
      };
    },
  ],
  [
    'batchAssignRole2User: the manager grants two coordinator roles',
    'manager',
    'allowed',
    async () => {
      const userId = await fresh();
      return {
        method: 'POST',
        url: '/dcap/projectRole/batchAssignRole2User',
        body: { projectId, assignments: [{ roleId: r.crcA.id, userIds: [userId] }, { roleId: r.crcAll.id, userIds: [userId], institutionIds: [siteB] }] },
      };
    },
  ],
  // updateRoleSiteAuthorityOfUser
  ['updateRoleSiteAuthorityOfUser: the site-A manager on an all-sites role held at site A', 'managerA', 'permission.site_forbidden', async () => siteAuthority(r.crcAll.id, await holderOf(r.crcAll.id, [siteA]), [siteA])],
  ['updateRoleSiteAuthorityOfUser: the manager on a design grant', 'manager', 'role.rights_exceeded', async () => siteAuthority(r.design.id, await holderOf(r.design.id), [siteA])],
  ['updateRoleSiteAuthorityOfUser: the site-A manager on their own grant', 'managerA', 'role.self_grant', () => siteAuthority(r.rmA.id, callers.managerA.id, [siteA])],
  ['updateRoleSiteAuthorityOfUser: the manager widens a coordinator from A to A and B', 'manager', 'allowed', async () => siteAuthority(r.crcAll.id, await holderOf(r.crcAll.id, [siteA]), [siteA, siteB])],
  // removeProjectRoleFromUser, revokeSingleRoleOfUser
  ['removeProjectRoleFromUser: the manager revokes a design grant', 'manager', 'role.rights_exceeded', async () => remove(r.design.id, await holderOf(r.design.id))],
  ['removeProjectRoleFromUser: the site-A manager revokes an all-sites grant held at site A', 'managerA', 'permission.site_forbidden', async () => remove(r.crcAll.id, await holderOf(r.crcAll.id, [siteA]))],
  ['removeProjectRoleFromUser: the site-A manager revokes a site-A coordinator', 'managerA', 'allowed', async () => remove(r.crcA.id, await holderOf(r.crcA.id))],
  ['revokeSingleRoleOfUser: the manager revokes a design grant', 'manager', 'role.rights_exceeded', async () => revokeSingle(r.design.id, await holderOf(r.design.id))],
  ['revokeSingleRoleOfUser: the manager revokes an all-sites coordinator', 'manager', 'allowed', async () => revokeSingle(r.crcAll.id, await holderOf(r.crcAll.id))],
  ['revokeSingleRoleOfUser: the project administrator revokes a design grant', 'pm', 'allowed', async () => revokeSingle(r.design.id, await holderOf(r.design.id))],
];

/** What a role or grant call can change: the audit trail, and the project's roles and grants. */
async function snapshot(projectId: number) {
  const db = study.t.database.db;
  const [audit, roles, grants] = await Promise.all([
    db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('project_roles').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    db.selectFrom('role_assignments').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
  ]);
  return { lastAudit: audit?.id ?? 0, roles, grants };
}

/** The audit rows of a role or grant write record what changed (flags, sites, names, enabled; user, role, sites). */
function expectAuditRecordsChange(row: { action: string; old_value: unknown; new_value: unknown }): void {
  const before = (row.old_value ?? {}) as Record<string, unknown>;
  const after = (row.new_value ?? {}) as Record<string, unknown>;
  switch (row.action) {
    case 'role.create':
      expect(Object.keys(after)).toEqual(expect.arrayContaining(['alias', 'description', 'descriptionEn', 'institutionIds', 'enabled', 'rights']));
      return;
    case 'role.update':
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      expect(Object.keys(after).filter((key) => key !== 'alias' && JSON.stringify(after[key]) !== JSON.stringify(before[key])).length + (after.alias === before.alias ? 0 : 1)).toBeGreaterThan(0);
      return;
    case 'role.enable':
    case 'role.disable':
      expect([before.enabled, after.enabled]).toEqual([row.action === 'role.disable', row.action === 'role.enable']);
      return;
    case 'role.delete':
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['alias', 'institutionIds', 'enabled', 'rights']));
      expect(after).toMatchObject({ deleted: true });
      return;
    case 'role.assign':
      expect(Object.keys(after)).toEqual(expect.arrayContaining(['roleId', 'roleAlias', 'userId', 'username', 'institutionIds']));
      return;
    case 'role.revoke':
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['roleId', 'roleAlias', 'userId', 'username', 'institutionIds']));
      expect(after).toMatchObject({ revoked: true });
      return;
    case 'role.site_authority':
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['roleId', 'userId', 'institutionIds']));
      expect(after.institutionIds).not.toEqual(before.institutionIds);
      return;
    default:
      throw new Error(`unexpected audit action ${row.action}`);
  }
}

async function run(row: Row, inProject: number): Promise<void> {
  const [, who, outcome, build] = row;
  const call = await build();
  const before = await snapshot(inProject);
  const reply = await study.t.call(call.method, call.url, { token: callers[who].token, body: call.body, lang: 'en-US' });
  const after = await snapshot(inProject);
  if (outcome === 'allowed') {
    expect(reply.status, reply.body.msg).toBe(200);
    const rows = await study.t.database.db.selectFrom('audit_log').selectAll().where('id', '>', before.lastAudit).where('project_id', '=', inProject).orderBy('id').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const audit of rows) expectAuditRecordsChange(audit);
    return;
  }
  expect(reply.body.errorCode, reply.body.msg).toBe(outcome);
  expect(reply.status).toBe(ERRORS[outcome].status);
  expect(after).toEqual(before);
}

describe('no escalation through role administration (spec 000 §6), refusals changing nothing (AT-5), changes audited (AT-4)', () => {
  it.each(TABLE)('%s: %s → %s', async (...row) => {
    await run(row, projectId);
  });
});

/**
 * A project whose only administrator has been locked, run by one rights manager (the keeper): the last
 * active holder of role administration cannot give it up. The rows run in order.
 */
describe('the last holder of role administration', () => {
  let other: number;
  let rm: ProjectRole;
  let deputy: number;
  const lock = (userId: number, change: 'lock' | 'unlock') => study.t.call('POST', `/dcap/sys/user/${change}/${userId}`, { token: study.admin.token });
  const url = (path: string) => `/dcap/projectRole/${path}${path.includes('?') ? '&' : '?'}projectId=${other}`;

  beforeAll(async () => {
    const owner = await person(study, 'esc.owner', { projectAdmin: true });
    ({ id: other } = await project(study, owner, 'ESC-2'));
    rm = await role(study, owner, { projectId: other, alias: 'RM', institutionIds: 'all', userRightsManagement: true, dataEntryRights: true });
    const keeper = await person(study, 'esc.keeper');
    await grant(study, owner, other, { roleId: rm.id, userIds: [keeper.id] });
    await enter(study, keeper, other, rm.id);
    callers.keeper = keeper;
    ok(await lock(owner.id, 'lock'));
    deputy = await fresh();
  });

  const ROWS: Row[] = [
    ['the keeper revokes their own grant', 'keeper', 'role.last_administrator', () => ({ method: 'GET', url: url(`removeProjectRoleFromUser/${rm.id}/${callers.keeper.id}`) })],
    ['the keeper disables their role', 'keeper', 'role.last_administrator', () => ({ method: 'GET', url: url(`disableRole/${rm.id}/0`) })],
    ['the keeper deletes their role with its grants', 'keeper', 'role.last_administrator', () => ({ method: 'GET', url: url(`batchDeleteRevoke?ids=${rm.id}`) })],
    ['the keeper strips the user-rights flag from their role', 'keeper', 'role.own_role', () => ({ method: 'POST', url: '/dcap/projectRole/quickSave', body: { id: rm.id, projectId: other, userRightsManagement: false } })],
    ['the keeper grants their role to a deputy', 'keeper', 'allowed', () => ({ method: 'POST', url: url('assignRole2User'), body: { roleId: rm.id, userIds: [deputy] } })],
    [
      'the keeper revokes their own grant while the deputy is locked (a locked user does not count)',
      'keeper',
      'role.last_administrator',
      async () => {
        ok(await lock(deputy, 'lock'));
        return { method: 'POST', url: url('revokeSingleRoleOfUser'), body: { roleId: rm.id, userId: callers.keeper.id } };
      },
    ],
    [
      'the keeper disables the role both hold',
      'keeper',
      'role.last_administrator',
      async () => {
        ok(await lock(deputy, 'unlock'));
        return { method: 'GET', url: url(`disableRole/${rm.id}/0`) };
      },
    ],
    ['the keeper revokes their own grant while the deputy holds the role', 'keeper', 'allowed', () => ({ method: 'POST', url: url('revokeSingleRoleOfUser'), body: { roleId: rm.id, userId: callers.keeper.id } })],
    ['the platform administrator revokes the last holder (administrators keep the right by standing)', 'admin', 'allowed', () => ({ method: 'POST', url: url('revokeSingleRoleOfUser'), body: { roleId: rm.id, userId: deputy } })],
  ];

  it.each(ROWS)('%s: %s → %s', async (...row) => {
    await run(row, other);
  });
});
