import type { ProjectAction } from '@dcap/core';
import { ROLE_RIGHTS, rightsToFlags } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study } from '../modules/roles/study.fixture.js';
import { enter, grant, openStudy, person, project, role, site, unit } from '../modules/roles/study.fixture.js';
import type { Reply } from './harness.js';

/**
 * The permission matrix (issue: access control on every call). Every project-scoped route is called as
 * each persona, and the outcome is checked: allowed means the access check let the call through (it may
 * still fail on the data), refused means 403, or 404 without revealing the project. A route added without
 * an entry here fails the first test, so no route ships unexamined.
 */
const PERSONAS = ['platformAdmin', 'projectAdmin', 'withRight', 'withoutRight', 'otherProject', 'otherSite'] as const;
type PersonaName = (typeof PERSONAS)[number];

/** Who the declared right lets through by default; `otherSite` holds every right but only at site B. */
const BY_ACTION: Record<ProjectAction, PersonaName[]> = {
  'project.view': ['platformAdmin', 'projectAdmin', 'withRight', 'withoutRight', 'otherSite'],
  'project.configure': ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite'],
  'project.lifecycle': ['platformAdmin', 'projectAdmin'],
  'project.approve': ['platformAdmin'],
  'env.manage': ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite'],
  'site.manage': ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite'],
  'role.manage': ['platformAdmin', 'projectAdmin', 'withRight'],
  'role.assign': ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite'],
  'design.edit': ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite'],
};

interface Fixture {
  study: Study;
  projectId: number;
  siteA: number;
  siteB: number;
  /** A role limited to site A that calls grant and revoke. */
  roleA: number;
  roleAll: number;
  /** A fresh active user, for grants that must not collide. */
  freshUser(): Promise<number>;
  /** A fresh user already holding roleA, for revocations. */
  holderOfRoleA(): Promise<number>;
  /** A fresh role no one holds, for deletions. */
  spareRole(): Promise<number>;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

interface Entry {
  /** Who is let through; defaults to the route's declared action. */
  allowed?: PersonaName[];
  call(f: Fixture): Promise<Call> | Call;
}

const ENTRIES: Record<string, Entry> = {
  'POST /dcap/project/save': {
    call: async (f) => {
      const info = await f.study.t.call('GET', `/dcap/project/info/${f.projectId}`, { token: f.study.admin.token });
      const version = (info.body.data as { version: number }).version;
      return { method: 'POST', url: '/dcap/project/save', body: { id: f.projectId, version, code: 'MATRIX', name: 'Matrix study' } };
    },
  },
  'GET /dcap/project/info/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/info/${f.projectId}` }) },
  'GET /dcap/project/step/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/step/${f.projectId}` }) },
  'GET /dcap/project/nextStep/:projectId/:n': { call: (f) => ({ method: 'GET', url: `/dcap/project/nextStep/${f.projectId}/8` }) },
  'POST /dcap/project/confirmProjectInternalTest': { call: (f) => ({ method: 'POST', url: '/dcap/project/confirmProjectInternalTest', body: { projectId: f.projectId } }) },
  'POST /dcap/project/applyAuditConfig': { call: (f) => ({ method: 'POST', url: '/dcap/project/applyAuditConfig', body: { projectId: f.projectId } }) },
  'POST /dcap/project/saConfirmConfig': { call: (f) => ({ method: 'POST', url: '/dcap/project/saConfirmConfig', body: { projectId: f.projectId } }) },
  'POST /dcap/project/confirmProjectUatTest': { call: (f) => ({ method: 'POST', url: '/dcap/project/confirmProjectUatTest', body: { projectId: f.projectId } }) },
  'POST /dcap/project/applyOnline': { call: (f) => ({ method: 'POST', url: '/dcap/project/applyOnline', body: { projectId: f.projectId } }) },
  'POST /dcap/project/lockProject': { call: (f) => ({ method: 'POST', url: '/dcap/project/lockProject', body: { projectId: f.projectId } }) },
  'POST /dcap/project/unlockProject': { call: (f) => ({ method: 'POST', url: '/dcap/project/unlockProject', body: { projectId: f.projectId } }) },
  'POST /dcap/project/updateStatus': {
    call: (f) => ({ method: 'POST', url: `/dcap/project/updateStatus?projectId=${f.projectId}&status=OFFLINE&oldStatus=TEST` }),
  },
  'POST /dcap/project/approveApplyOnline': { call: (f) => ({ method: 'POST', url: `/dcap/project/approveApplyOnline?projectId=${f.projectId}&approve=false` }) },
  'POST /dcap/project/resetTest': { call: (f) => ({ method: 'POST', url: `/dcap/project/resetTest?projectId=${f.projectId}` }) },
  'POST /dcap/project/applyProjectStatusChange': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/applyProjectStatusChange', body: { projectId: f.projectId, type: 'APPLY_DATABASE_UNFREEZED', reason: 'matrix' } }),
  },
  'POST /dcap/project/statusChangeApplications': { call: (f) => ({ method: 'POST', url: '/dcap/project/statusChangeApplications', body: { projectId: f.projectId } }) },
  'POST /dcap/project/decideStatusChange': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/decideStatusChange', body: { projectId: f.projectId, id: 999999, approve: false } }),
  },
  // Session switches check standing in their services: members may enter, a stranger learns nothing.
  'GET /dcap/project/store/:projectId': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight', 'withoutRight', 'otherSite'],
    call: (f) => ({ method: 'GET', url: `/dcap/project/store/${f.projectId}` }),
  },
  'GET /dcap/projectRole/store/:roleId': { allowed: ['withRight'], call: (f) => ({ method: 'GET', url: `/dcap/projectRole/store/${f.roleAll}` }) },
  // Every persona selects within its own current project, so the stranger succeeds in theirs.
  'GET /dcap/projectEnv/selectEnv/:env': { allowed: [...PERSONAS], call: () => ({ method: 'GET', url: '/dcap/projectEnv/selectEnv/uat' }) },
  'POST /dcap/projectEnv/getEnvList': { call: (f) => ({ method: 'POST', url: '/dcap/projectEnv/getEnvList', body: { projectId: f.projectId } }) },
  'POST /dcap/projectEnv/userEnvList': { call: (f) => ({ method: 'POST', url: '/dcap/projectEnv/userEnvList', body: { projectId: f.projectId } }) },
  'POST /dcap/projectEnv/createEnv': { call: (f) => ({ method: 'POST', url: '/dcap/projectEnv/createEnv', body: { projectId: f.projectId, key: 'bprd', type: 'bprd', name: 'Backup' } }) },
  'POST /dcap/projectEnv/updateEnv': { call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/updateEnv', body: { projectId: f.projectId, id: await envId(f, 'dev'), name: 'Dev' } }) },
  'POST /dcap/projectEnv/updateEnvStatus': {
    call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/updateEnvStatus', body: { projectId: f.projectId, id: await envId(f, 'dev'), status: 'normal' } }),
  },
  'POST /dcap/projectEnv/cleanEnv': { call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/cleanEnv', body: { projectId: f.projectId, id: await envId(f, 'dev') } }) },
  'POST /dcap/projectSite/list': { call: (f) => ({ method: 'POST', url: '/dcap/projectSite/list', body: { projectId: f.projectId } }) },
  // Site A's details: the persona limited to site B must not see them.
  'POST /dcap/projectSite/save': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({ method: 'POST', url: '/dcap/projectSite/save', body: { id: f.siteA, projectId: f.projectId, unitId: await unitOf(f, f.siteA), code: 'A01', piName: 'Dr A' } }),
  },
  'GET /dcap/projectSite/info/:id': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight', 'withoutRight'],
    call: (f) => ({ method: 'GET', url: `/dcap/projectSite/info/${f.siteA}?projectId=${f.projectId}` }),
  },
  'GET /dcap/projectRole/list/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/projectRole/list/${f.projectId}` }) },
  'POST /dcap/projectRole/saveRole': {
    call: () => ({ method: 'POST', url: '/dcap/projectRole/saveRole', body: { projectId: 0, alias: `R${Math.random()}`.slice(0, 12), institutionIds: 'all' } }),
  },
  'POST /dcap/projectRole/quickSave': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/quickSave', body: { id: f.roleA, projectId: f.projectId, descriptionEn: 'Site A role' } }) },
  'GET /dcap/projectRole/deleteProjectRole/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/deleteProjectRole/${await f.spareRole()}?projectId=${f.projectId}` }) },
  'GET /dcap/projectRole/batchDelete': { call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/batchDelete?projectId=${f.projectId}&ids=${await f.spareRole()}` }) },
  'GET /dcap/projectRole/batchDeleteRevoke': { call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/batchDeleteRevoke?projectId=${f.projectId}&ids=${await f.spareRole()}` }) },
  'GET /dcap/projectRole/disableRole/:id/:enabled': { call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/disableRole/${await f.spareRole()}/0?projectId=${f.projectId}` }) },
  'GET /dcap/projectRole/checkProjectRoleOneInstitution/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/projectRole/checkProjectRoleOneInstitution/${f.projectId}` }) },
  'GET /dcap/projectRole/autoCreateProjectRoleOneInstitution/:projectId': {
    call: (f) => ({ method: 'GET', url: `/dcap/projectRole/autoCreateProjectRoleOneInstitution/${f.projectId}` }),
  },
  'POST /dcap/projectRole/getProjectRoleAuthLogs': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/getProjectRoleAuthLogs', body: { projectId: f.projectId } }) },
  'GET /dcap/projectRole/download': { call: (f) => ({ method: 'GET', url: `/dcap/projectRole/download?projectId=${f.projectId}` }) },
  'POST /dcap/projectRole/exportProjectRoleAuthLogs': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/exportProjectRoleAuthLogs', body: { projectId: f.projectId } }) },
  // Grants and revocations of a site-A role: the site-B rights manager is refused.
  'POST /dcap/projectRole/assignRole2User': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({ method: 'POST', url: `/dcap/projectRole/assignRole2User?projectId=${f.projectId}`, body: { roleId: f.roleA, userIds: [await f.freshUser()] } }),
  },
  'GET /dcap/projectRole/assignRole2UserByPm': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/assignRole2UserByPm?projectId=${f.projectId}&roleId=${f.roleA}&userIds=${await f.freshUser()}` }),
  },
  'GET /dcap/projectRole/addRoles2Users': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/addRoles2Users?projectId=${f.projectId}&roleIds=${f.roleA}&userIds=${await f.freshUser()}` }),
  },
  'POST /dcap/projectRole/batchAssignRole2User': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({
      method: 'POST',
      url: '/dcap/projectRole/batchAssignRole2User',
      body: { projectId: f.projectId, assignments: [{ roleId: f.roleA, userIds: [await f.freshUser()] }] },
    }),
  },
  'GET /dcap/projectRole/removeProjectRoleFromUser/:roleId/:userId': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/removeProjectRoleFromUser/${f.roleA}/${await f.holderOfRoleA()}?projectId=${f.projectId}` }),
  },
  'POST /dcap/projectRole/revokeSingleRoleOfUser': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({ method: 'POST', url: `/dcap/projectRole/revokeSingleRoleOfUser?projectId=${f.projectId}`, body: { roleId: f.roleA, userId: await f.holderOfRoleA() } }),
  },
  'POST /dcap/projectRole/updateRoleSiteAuthorityOfUser': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight'],
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/projectRole/updateRoleSiteAuthorityOfUser?projectId=${f.projectId}`,
      body: { roleId: f.roleA, userId: await f.holderOfRoleA(), institutionIds: [f.siteA] },
    }),
  },
  'GET /dcap/projectRole/searchUsers': { call: (f) => ({ method: 'GET', url: `/dcap/projectRole/searchUsers?projectId=${f.projectId}&keyword=mx` }) },
  'POST /dcap/projectRole/userRolesAndInstitutions': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/userRolesAndInstitutions', body: { projectId: f.projectId } }) },
  'POST /dcap/projectRole/roleAndInstitutionUsers': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/roleAndInstitutionUsers', body: { projectId: f.projectId } }) },
  // Design (issue 4). Personas work in the test environment, so allowed writes stop at the environment check.
  'GET /dcap/project/instrument/list/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/instrument/list/${f.projectId}` }) },
  'POST /dcap/project/instrument/save': { call: (f) => ({ method: 'POST', url: '/dcap/project/instrument/save', body: { projectId: f.projectId, name: 'Matrix', nameAbbr: 'MX' } }) },
  'POST /dcap/project/instrument/copyTemplate': { call: (f) => ({ method: 'POST', url: '/dcap/project/instrument/copyTemplate', body: { projectId: f.projectId, templateId: 1 } }) },
  'POST /dcap/project/instrument/preview': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/instrument/preview?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f) } }),
  },
  'POST /dcap/project/instrument/delete': { call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/delete', body: { projectId: f.projectId, id: await instrumentOf(f) } }) },
  'POST /dcap/project/instrument/sort': { call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/sort', body: { projectId: f.projectId, ids: [await instrumentOf(f)] } }) },
  'GET /dcap/project/instrument/copy/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/copy/${await instrumentOf(f)}?projectId=${f.projectId}` }) },
  'GET /dcap/project/instrument/download/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/download/${await instrumentOf(f)}?projectId=${f.projectId}` }) },
  'GET /dcap/project/instrument/downloadAll/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/instrument/downloadAll/${f.projectId}` }) },
  'POST /dcap/project/instrument/upload': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/project/instrument/upload',
      body: { projectId: f.projectId, mode: 'append', file: { format: 'dcap-instruments', version: 1, instruments: [{ name: 'Up', nameAbbr: 'UP', panel: EMPTY_PANEL }] } },
    }),
  },
  'GET /dcap/project/instrument/preview/:instrumentId/:version': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/preview/${await instrumentOf(f)}/1?projectId=${f.projectId}` }),
  },
  'POST /dcap/project/field/saveAllCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/field/saveAllCfg?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f), ...EMPTY_PANEL } }),
  },
  'POST /dcap/project/field/saveCfg': {
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/project/field/saveCfg?projectId=${f.projectId}`,
      body: { instrumentId: await instrumentOf(f), widget: { type: 'input', key: 'MXF', model: 'MXF', name: 'F', options: {} } },
    }),
  },
  'POST /dcap/project/externalInstrument/saveFieldCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/externalInstrument/saveFieldCfg?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f), ...EMPTY_PANEL } }),
  },
  'POST /dcap/project/derivedInstrument/saveFieldCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/derivedInstrument/saveFieldCfg?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f), ...EMPTY_PANEL } }),
  },
  'GET /dcap/project/event/list/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/event/list/${f.projectId}` }) },
  'POST /dcap/project/event/save': { call: (f) => ({ method: 'POST', url: '/dcap/project/event/save', body: { projectId: f.projectId, name: 'V1', type: 'TREATMENT' } }) },
  'POST /dcap/project/event/delete': { call: (f) => ({ method: 'POST', url: '/dcap/project/event/delete', body: { projectId: f.projectId, id: 999999 } }) },
  'POST /dcap/project/event/sort': { call: (f) => ({ method: 'POST', url: '/dcap/project/event/sort', body: { projectId: f.projectId, ids: [999999] } }) },
  'GET /dcap/project/eventInstrument/matrix/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/eventInstrument/matrix/${f.projectId}` }) },
  'POST /dcap/project/eventInstrument/saveMatrix': { call: (f) => ({ method: 'POST', url: '/dcap/project/eventInstrument/saveMatrix', body: { projectId: f.projectId, cells: [] } }) },
  'GET /dcap/project/design/diff/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/design/diff/${f.projectId}?target=uat` }) },
  'POST /dcap/project/design/publish': { call: (f) => ({ method: 'POST', url: '/dcap/project/design/publish', body: { projectId: f.projectId, target: 'uat' } }) },
  'GET /dcap/project/design/versions/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/design/versions/${f.projectId}` }) },
  // Project dictionaries (library): each call uses a fresh key, so an allowed save never collides.
  'POST /dcap/project/dict/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/dict/save', body: { projectId: f.projectId, key: `MX${String(Date.now())}${String(Math.random()).slice(2, 8)}`, value: 'Matrix', items: [{ key: '1', value: '1', label: 'One' }] } }),
  },
  'POST /dcap/project/dict/delete': { call: (f) => ({ method: 'POST', url: '/dcap/project/dict/delete', body: { projectId: f.projectId, key: 'MXMISSING' } }) },
};

const EMPTY_PANEL = { list: [], config: { labelWidth: 8, labelPosition: 'right' } };

/** An instrument of the matrix project, created once directly in the database. */
let matrixInstrument: number | undefined;
async function instrumentOf(f: Fixture): Promise<number> {
  matrixInstrument ??= (
    await f.study.t.database.db
      .insertInto('instruments')
      .values({ project_id: f.projectId, kind: 'form', name: 'Matrix form', name_abbr: 'MXFORM', sort: 1, panel: JSON.stringify(EMPTY_PANEL), updated_at: new Date(), updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return matrixInstrument;
}

async function envId(f: Fixture, key: string): Promise<number> {
  const envs = await f.study.t.call('POST', '/dcap/projectEnv/getEnvList', { token: f.study.admin.token, body: { projectId: f.projectId } });
  return (envs.body.data as { id: number; key: string }[]).find((env) => env.key === key)?.id ?? 0;
}

async function unitOf(f: Fixture, siteId: number): Promise<number> {
  const info = await f.study.t.call('GET', `/dcap/projectSite/info/${siteId}?projectId=${f.projectId}`, { token: f.study.admin.token });
  return (info.body.data as { unitId: number }).unitId;
}

/** The codes that mean "the access check let this through" never include these refusals. */
const ACCESS_REFUSALS = new Set(['project.not_found', 'permission.project_forbidden', 'permission.site_forbidden', 'role.not_found', 'site.not_found', 'project.no_current', 'auth.required']);

function refusedByAccess(reply: Reply): boolean {
  return reply.status === 401 || reply.status === 403 || (reply.status === 404 && ACCESS_REFUSALS.has(reply.body.errorCode ?? ''));
}

let fixture: Fixture;
let personas: Record<PersonaName, Persona>;

beforeAll(async () => {
  const study = await openStudy();
  const pm = await person(study, 'mx.pm', { projectAdmin: true });
  const { id: projectId } = await project(study, pm, 'MATRIX');
  const siteA = await site(study, pm, projectId, 'A01', await unit(study, 'MX-UA', '甲医院', 'Hospital A'));
  const siteB = await site(study, pm, projectId, 'B01', await unit(study, 'MX-UB', '乙医院', 'Hospital B'));
  const everything = rightsToFlags(ROLE_RIGHTS);
  const roleAll = await role(study, pm, { projectId, alias: 'All', institutionIds: 'all', ...everything });
  const roleNone = await role(study, pm, { projectId, alias: 'None', institutionIds: 'all' });
  const roleB = await role(study, pm, { projectId, alias: 'All-at-B', institutionIds: [siteB.id], ...everything });
  const roleA = await role(study, pm, { projectId, alias: 'Entry-at-A', institutionIds: [siteA.id], dataEntryRights: true });

  const member = async (name: string, roleId: number) => {
    const p = await person(study, name);
    await grant(study, pm, projectId, { roleId, userIds: [p.id] });
    await enter(study, p, projectId, roleId);
    return p;
  };
  const withRight = await member('mx.right', roleAll.id);
  const withoutRight = await member('mx.none', roleNone.id);
  const otherSite = await member('mx.siteb', roleB.id);
  const otherProject = await person(study, 'mx.stranger');
  const foreign = await project(study, pm, 'MATRIX-OTHER');
  const foreignRole = await role(study, pm, { projectId: foreign.id, alias: 'All', institutionIds: 'all', ...everything });
  await grant(study, pm, foreign.id, { roleId: foreignRole.id, userIds: [otherProject.id] });
  await enter(study, otherProject, foreign.id, foreignRole.id);
  personas = { platformAdmin: study.admin, projectAdmin: pm, withRight, withoutRight, otherProject, otherSite };

  let counter = 0;
  // Created without signing in: the sign-in rate limit would otherwise stop the suite.
  const freshUser = async () => {
    const reply = await study.t.call('POST', '/dcap/sys/user/save', { token: study.admin.token, body: { username: `mx.fresh${(counter += 1)}`, name: 'Fresh' } });
    return (reply.body.data as { user: { id: number } }).user.id;
  };
  fixture = {
    study,
    projectId,
    siteA: siteA.id,
    siteB: siteB.id,
    roleA: roleA.id,
    roleAll: roleAll.id,
    freshUser,
    holderOfRoleA: async () => {
      const id = await freshUser();
      await grant(study, pm, projectId, { roleId: roleA.id, userIds: [id] });
      return id;
    },
    spareRole: async () => (await role(study, pm, { projectId, alias: `Spare${(counter += 1)}`, institutionIds: 'all' })).id,
  };
}, 120_000);
afterAll(() => fixture.study.t.close());

describe('permission matrix', () => {
  it('has an entry for every project-scoped route and every session switch', () => {
    const scoped = fixture.study.t.app.routes.routes
      .filter((route) => (typeof route.access === 'object' && 'project' in route.access) || /\/store\/|selectEnv/.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(scoped.filter((key) => !(key in ENTRIES)), 'routes without a matrix entry').toEqual([]);
    expect(Object.keys(ENTRIES).filter((key) => !scoped.includes(key)), 'entries for routes that no longer exist').toEqual([]);
  });

  for (const [key, entry] of Object.entries(ENTRIES)) {
    it(key, async () => {
      const route = fixture.study.t.app.routes.routes.find((r) => `${r.method} ${r.url}` === key);
      const action = route && typeof route.access === 'object' && 'project' in route.access ? route.access.project : undefined;
      const allowed = entry.allowed ?? (action ? BY_ACTION[action] : []);
      for (const name of PERSONAS) {
        const call = await entry.call(fixture);
        const body = call.body && typeof call.body === 'object' && 'projectId' in call.body && call.body.projectId === 0 ? { ...call.body, projectId: fixture.projectId } : call.body;
        const auditBefore = await countAudit();
        const reply = await send(call.method, call.url, personas[name].token, body);
        if (allowed.includes(name)) {
          expect(refusedByAccess(reply), `${key} as ${name} should pass the access check: ${reply.status} ${reply.body.msg}`).toBe(false);
        } else {
          expect(refusedByAccess(reply), `${key} as ${name} should be refused: ${reply.status} ${reply.body.msg}`).toBe(true);
          if (name === 'otherProject') expect(reply.body.msg).not.toContain('MATRIX');
          expect(await countAudit(), `${key} as ${name} must change nothing`).toBe(auditBefore);
        }
      }
      // Re-enter the session's project and role, in case a switch call moved them.
      for (const [name, roleId] of [['withRight', fixture.roleAll]] as const) {
        await fixture.study.t.call('GET', `/dcap/project/store/${fixture.projectId}`, { token: personas[name].token });
        await fixture.study.t.call('GET', `/dcap/projectRole/store/${roleId}`, { token: personas[name].token });
      }
    });
  }
});

/** Like the harness's call, but a file download (xlsx) is a success without a JSON body. */
async function send(method: 'GET' | 'POST', url: string, token: string, body: unknown): Promise<Reply> {
  const response = await fixture.study.t.request({
    method,
    url,
    headers: { token },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  const json = String(response.headers['content-type']).startsWith('application/json');
  return {
    status: response.statusCode,
    body: json ? response.json() : { code: 0, msg: 'file', data: null },
    headers: response.headers,
  };
}

async function countAudit(): Promise<number> {
  const row = await fixture.study.t.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}
