import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';

/** The project's sites, roles and the grants of roles to users. */
export const SITE_ROLE_ENTRIES: Record<string, Entry> = {
  'POST /dcap/projectSite/list': { call: (f) => ({ method: 'POST', url: '/dcap/projectSite/list', body: { projectId: f.projectId } }) },
  // Site A's details (site-scoped): the persona limited to site B must not see them.
  'POST /dcap/projectSite/save': {
    call: async (f) => ({ method: 'POST', url: '/dcap/projectSite/save', body: { id: f.siteA, projectId: f.projectId, unitId: await unitOf(f, f.siteA), code: 'A01', piName: 'Dr A' } }),
  },
  'GET /dcap/projectSite/info/:id': {
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
  // Grants and revocations of a site-A role (site-scoped): the site-B rights manager is refused.
  'POST /dcap/projectRole/assignRole2User': {
    call: async (f) => ({ method: 'POST', url: `/dcap/projectRole/assignRole2User?projectId=${f.projectId}`, body: { roleId: f.roleA, userIds: [await f.freshUser()] } }),
  },
  'GET /dcap/projectRole/assignRole2UserByPm': {
    call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/assignRole2UserByPm?projectId=${f.projectId}&roleId=${f.roleA}&userIds=${await f.freshUser()}` }),
  },
  'GET /dcap/projectRole/addRoles2Users': {
    call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/addRoles2Users?projectId=${f.projectId}&roleIds=${f.roleA}&userIds=${await f.freshUser()}` }),
  },
  'POST /dcap/projectRole/batchAssignRole2User': {
    call: async (f) => ({
      method: 'POST',
      url: '/dcap/projectRole/batchAssignRole2User',
      body: { projectId: f.projectId, assignments: [{ roleId: f.roleA, userIds: [await f.freshUser()] }] },
    }),
  },
  'GET /dcap/projectRole/removeProjectRoleFromUser/:roleId/:userId': {
    call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/removeProjectRoleFromUser/${f.roleA}/${await f.holderOfRoleA()}?projectId=${f.projectId}` }),
  },
  'POST /dcap/projectRole/revokeSingleRoleOfUser': {
    call: async (f) => ({ method: 'POST', url: `/dcap/projectRole/revokeSingleRoleOfUser?projectId=${f.projectId}`, body: { roleId: f.roleA, userId: await f.holderOfRoleA() } }),
  },
  'POST /dcap/projectRole/updateRoleSiteAuthorityOfUser': {
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/projectRole/updateRoleSiteAuthorityOfUser?projectId=${f.projectId}`,
      body: { roleId: f.roleA, userId: await f.holderOfRoleA(), institutionIds: [f.siteA] },
    }),
  },
  'GET /dcap/projectRole/searchUsers': { call: (f) => ({ method: 'GET', url: `/dcap/projectRole/searchUsers?projectId=${f.projectId}&keyword=mx` }) },
  'POST /dcap/projectRole/userRolesAndInstitutions': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/userRolesAndInstitutions', body: { projectId: f.projectId } }) },
  'POST /dcap/projectRole/roleAndInstitutionUsers': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/roleAndInstitutionUsers', body: { projectId: f.projectId } }) },
  'GET /dcap/projectRole/currentProjectRoleInfo': { call: (f) => ({ method: 'GET', url: `/dcap/projectRole/currentProjectRoleInfo?projectId=${f.projectId}` }) },
  'POST /dcap/projectRole/getCurrentProjectRole': { call: (f) => ({ method: 'POST', url: `/dcap/projectRole/getCurrentProjectRole?projectId=${f.projectId}` }) },
  'GET /dcap/projectRole/projectConfig/institution/:id': { call: (f) => ({ method: 'GET', url: `/dcap/projectRole/projectConfig/institution/${f.projectId}` }) },
  // The all-sites role: every viewer sees it (a role wholly at other sites is tested in roles/info.test.ts).
  'POST /dcap/projectRole/info/': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/info/', body: { projectId: f.projectId, id: f.roleAll } }) },
  'POST /dcap/projectRole/mgmt/detail': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/mgmt/detail', body: { projectId: f.projectId, id: f.roleAll } }) },
  'POST /dcap/projectRole/institutionRolesAndUsers': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/institutionRolesAndUsers', body: { projectId: f.projectId } }) },
  'POST /dcap/projectRole/autoCreateProjectRole': { call: (f) => ({ method: 'POST', url: `/dcap/projectRole/autoCreateProjectRole?projectId=${f.projectId}` }) },
  'POST /dcap/projectRole/exportProjectRoleAndUserLogs': { call: (f) => ({ method: 'POST', url: '/dcap/projectRole/exportProjectRoleAndUserLogs', body: { projectId: f.projectId } }) },
  'GET /dcap/projectRole/assignRole2User': {
    call: async (f) => ({ method: 'GET', url: `/dcap/projectRole/assignRole2User?projectId=${f.projectId}&roleId=${f.roleA}&userIds=${await f.freshUser()}` }),
  },
};

async function unitOf(f: Fixture, siteId: number): Promise<number> {
  const info = await f.study.t.call('GET', `/dcap/projectSite/info/${siteId}?projectId=${f.projectId}`, { token: f.study.admin.token });
  return (info.body.data as { unitId: number }).unitId;
}
