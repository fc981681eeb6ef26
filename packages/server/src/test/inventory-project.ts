import type { Panel } from '@dcap/core';
import { indexForm } from '@dcap/core';
import type { Call, Fixture, PersonaName } from './inventory.fixture.js';
import { LOGIN } from './inventory.fixture.js';
import { multipartForm, PNG } from '../modules/attachments/attachments.fixture.js';

/**
 * How to call each project-scoped route and each session switch in the permission inventory. Who is let
 * through follows from the route's declaration (its project right, and `site: 'scoped'`); `allowed`
 * overrides that only where a service adds a rule of its own, said beside the entry.
 */
export interface Entry {
  /** Who is let through; defaults to what the route declares. */
  allowed?: PersonaName[];
  /** Sent without a token whoever calls (signing out must not end the personas' sessions). */
  withoutToken?: boolean;
  call(f: Fixture): Promise<Call> | Call;
}

const MEMBERS_ANYWHERE: PersonaName[] = ['otherProject', 'otherSite', 'withoutRight', 'withRight', 'projectAdmin', 'platformAdmin'];

export const PROJECT_ENTRIES: Record<string, Entry> = {
  'POST /dcap/project/save': {
    call: async (f) => {
      const info = await f.study.t.call('GET', `/dcap/project/info/${f.projectId}`, { token: f.study.admin.token });
      const version = (info.body.data as { version: number }).version;
      return { method: 'POST', url: '/dcap/project/save', body: { id: f.projectId, version, code: 'MATRIX', name: 'Matrix study' } };
    },
  },
  'GET /dcap/project/info/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/info/${f.projectId}` }) },
  'GET /dcap/project/step/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/step/${f.projectId}` }) },
  'GET /dcap/project/gates/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/gates/${f.projectId}` }) },
  // The session's current project: each member asks in the project their session is in (a stranger in
  // theirs), so the project and platform administrators first enter the matrix project.
  'GET /dcap/project/info/': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/project/info/' }) },
  'GET /dcap/project/step/': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/project/step/' }) },
  // The dashboard reads the session's current project and environment: each member asks in their own.
  'POST /dcap/dashboard/summary': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/dashboard/summary', body: { filter: 'month', timeZone: 'Asia/Shanghai' } }) },
  'GET /dcap/project/dataBaseNotAvailable': { call: (f) => ({ method: 'GET', url: `/dcap/project/dataBaseNotAvailable?projectId=${f.projectId}` }) },
  // A fresh picture for each call, so every allowed persona deletes one.
  'GET /dcap/project/deletePicture/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/project/deletePicture/${await pictureOf(f)}?projectId=${f.projectId}` }) },
  'POST /dcap/project/publish': { call: (f) => ({ method: 'POST', url: '/dcap/project/publish', body: { projectId: f.projectId, target: 'uat' } }) },
  'POST /dcap/project/oncePublished': { call: (f) => ({ method: 'POST', url: '/dcap/project/oncePublished', body: { projectId: f.projectId } }) },
  'POST /dcap/project/processConfig/detail': { call: (f) => ({ method: 'POST', url: '/dcap/project/processConfig/detail', body: { projectId: f.projectId } }) },
  'POST /dcap/project/processConfig/save': { call: (f) => ({ method: 'POST', url: '/dcap/project/processConfig/save', body: { projectId: f.projectId, steps: ['verify', 'sign'] } }) },
  'POST /dcap/project/externalTest': { call: (f) => ({ method: 'POST', url: '/dcap/project/externalTest', body: { projectId: f.projectId, result: 'passed' } }) },
  'POST /dcap/project/applyPreScreenSuspend': { call: (f) => ({ method: 'POST', url: '/dcap/project/applyPreScreenSuspend', body: { projectId: f.projectId, reason: 'matrix' } }) },
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
  // A wrong code: callers let through are refused by the typed confirmation, so the fixture's production stays.
  'POST /dcap/project/resetPro': { call: (f) => ({ method: 'POST', url: `/dcap/project/resetPro?projectId=${f.projectId}&typesStr=design&confirmCode=WRONG` }) },
  // Each allowed persona's call queues a sync or is told one is queued already; the worker never runs here.
  'POST /dcap/project/syncData': { call: (f) => ({ method: 'POST', url: `/dcap/project/syncData?projectId=${f.projectId}&typesStr=design` }) },
  'POST /dcap/project/syncDataToTest': { call: (f) => ({ method: 'POST', url: `/dcap/project/syncDataToTest?projectId=${f.projectId}&typesStr=design` }) },
  'POST /dcap/project/syncTask/list': { call: (f) => ({ method: 'POST', url: '/dcap/project/syncTask/list', body: { projectId: f.projectId } }) },
  'POST /dcap/project/syncTask/detail': { call: (f) => ({ method: 'POST', url: '/dcap/project/syncTask/detail', body: { projectId: f.projectId, id: 999999 } }) },
  // No such task: callers let through are told so, and nothing changes.
  'POST /dcap/project/syncTask/cancel': { call: (f) => ({ method: 'POST', url: '/dcap/project/syncTask/cancel', body: { projectId: f.projectId, id: 999999 } }) },
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
  // Project, role and environment at once: only a holder of the named role may choose it.
  'GET /dcap/project/store/:projectId/:roleId/:env': { allowed: ['withRight'], call: (f) => ({ method: 'GET', url: `/dcap/project/store/${f.projectId}/${f.roleAll}/uat` }) },
  'GET /dcap/projectRole/store/:roleId': { allowed: ['withRight'], call: (f) => ({ method: 'GET', url: `/dcap/projectRole/store/${f.roleAll}` }) },
  // Every persona selects within its own current project, so the stranger succeeds in theirs; a user in no
  // project has none to select in.
  'GET /dcap/projectEnv/selectEnv/:env': { allowed: MEMBERS_ANYWHERE, call: () => ({ method: 'GET', url: '/dcap/projectEnv/selectEnv/uat' }) },
  'POST /dcap/projectEnv/getEnvList': { call: (f) => ({ method: 'POST', url: '/dcap/projectEnv/getEnvList', body: { projectId: f.projectId } }) },
  'POST /dcap/projectEnv/userEnvList': { call: (f) => ({ method: 'POST', url: '/dcap/projectEnv/userEnvList', body: { projectId: f.projectId } }) },
  'POST /dcap/projectEnv/userEnvList/:id': { call: (f) => ({ method: 'POST', url: `/dcap/projectEnv/userEnvList/${f.projectId}` }) },
  'POST /dcap/projectEnv/createEnv': { call: (f) => ({ method: 'POST', url: '/dcap/projectEnv/createEnv', body: { projectId: f.projectId, key: 'bprd', type: 'bprd', name: 'Backup' } }) },
  'POST /dcap/projectEnv/updateEnv': { call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/updateEnv', body: { projectId: f.projectId, id: await envId(f, 'dev'), name: 'Dev' } }) },
  'POST /dcap/projectEnv/updateEnvStatus': {
    call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/updateEnvStatus', body: { projectId: f.projectId, id: await envId(f, 'dev'), status: 'normal' } }),
  },
  'POST /dcap/projectEnv/cleanEnv': { call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/cleanEnv', body: { projectId: f.projectId, id: await envId(f, 'dev') } }) },
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
  // Design. Personas work in the test environment, so allowed writes stop at the environment check.
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
  // The visit schedule: calls naming site A's subject, visit or panel (the inventory's study data); the task
  // summary reads the session's project, each member asking in their own. The matrix project is in config, so
  // writes let through are refused by its status; the task calls answer that visit tasks are off.
  'GET /dcap/schedule/subject/:subjectId': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/schedule/subject/${String(f.studyData.subjectId)}` }) },
  'POST /dcap/schedule/setActualDate': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/setActualDate', body: { eventInstanceId: f.studyData.eventInstanceId, actualDate: '2024-03-05', reason: 'matrix' } }),
  },
  'POST /dcap/schedule/addUnscheduled': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/addUnscheduled', body: { subjectId: f.studyData.subjectId, eventId: await unscheduledEventOf(f) } }),
  },
  'POST /dcap/schedule/addRepeat': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/addRepeat', body: { subjectId: f.studyData.subjectId, eventId: await unscheduledEventOf(f) } }),
  },
  'POST /dcap/schedule/addLogEntry': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/addLogEntry', body: { panelInstanceId: f.studyData.panelInstanceId } }) },
  'GET /dcap/visitTask/summary': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/visitTask/summary?timeZone=Asia%2FShanghai' }) },
  'GET /dcap/visitTask/list': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/visitTask/list?bucket=overdue&siteId=${String(f.siteA)}` }) },
  'GET /dcap/visitTask/visitRecords/:eventInstanceId': {
    call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/visitTask/visitRecords/${String(f.studyData.eventInstanceId)}` }),
  },
  // Panel entry: calls naming site A's panel. The save sends the panel's current version; copying a panel onto
  // itself is refused by the service after the access checks.
  'GET /dcap/project/recordDataManage/panel/:panelInstanceId': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/recordDataManage/panel/${String((await siteAStudyData(f)).panelInstanceId)}` }),
  },
  'GET /dcap/project/recordDataManage/prepareForQuery': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/recordDataManage/prepareForQuery?panelInstanceId=${String((await siteAStudyData(f)).panelInstanceId)}` }),
  },
  'POST /dcap/project/recordDataManage/save': {
    call: async (f) => {
      const { panelInstanceId } = await siteAStudyData(f);
      const panel = await f.study.t.database.db.selectFrom('panel_instances').select('version').where('id', '=', panelInstanceId).executeTakeFirst();
      return { method: 'POST', url: '/dcap/project/recordDataManage/save', body: { panelInstanceId, version: panel?.version ?? 0, values: {} } };
    },
  },
  'GET /dcap/project/recordDataManage/copySources/:panelInstanceId': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/recordDataManage/copySources/${String((await siteAStudyData(f)).panelInstanceId)}` }),
  },
  'POST /dcap/project/recordDataManage/copy': {
    call: async (f) => {
      const { panelInstanceId } = await siteAStudyData(f);
      return { method: 'POST', url: '/dcap/project/recordDataManage/copy', body: { panelInstanceId, sourcePanelInstanceId: panelInstanceId, version: 0 } };
    },
  },
  // Field workflow and signatures: calls naming site A's field, panel or subject. The field and bulk routes
  // declare the right to see data; the action's own right (freeze here) is checked by the service, so a role
  // without it is refused there. The signature names the persona with every right, so the others are refused
  // as not themselves (422) after the access checks; the matrix project's status refuses what is left.
  'POST /dcap/project/recordData/workflow/field': {
    allowed: ['withRight', 'projectAdmin', 'platformAdmin'],
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/workflow/field', body: { ...(await siteAField(f)), action: 'freeze' } }),
  },
  'POST /dcap/project/recordData/workflow/bulk': {
    allowed: ['withRight', 'projectAdmin', 'platformAdmin'],
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/workflow/bulk', body: { scope: 'subject', id: (await siteAStudyData(f)).subjectId, action: 'freeze' } }),
  },
  'POST /dcap/project/recordData/signature/sign': {
    call: async (f) =>
      enterManagers(f, {
        method: 'POST',
        url: '/dcap/project/recordData/signature/sign',
        body: { scope: 'panel', id: (await siteAStudyData(f)).panelInstanceId, username: f.personas.withRight.username, password: LOGIN.password, meaning: 'approval', attested: true },
      }),
  },
  'POST /dcap/project/recordData/signature/list': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/signature/list', body: { subjectId: (await siteAStudyData(f)).subjectId } }),
  },
  // Queries and the audit trail screens: calls naming a site A panel, field or query (a fresh query per call,
  // so each allowed persona settles one); lists and exports read the session's project, each member asking
  // in their own.
  'POST /dcap/query/raise': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/raise', body: { ...(await siteAField(f)), content: 'matrix' } }) },
  'POST /dcap/query/answer': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/answer', body: { id: await siteAQuery(f), comment: 'matrix' } }) },
  'POST /dcap/query/close': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/close', body: { id: await siteAQuery(f) } }) },
  'POST /dcap/query/cancel': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/cancel', body: { id: await siteAQuery(f) } }) },
  'GET /dcap/query/thread': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/query/thread?id=${String(await siteAQuery(f))}` }) },
  'GET /dcap/query/panel': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/query/panel?panelInstanceId=${String((await siteAField(f)).panelInstanceId)}` }) },
  'GET /dcap/query/options': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/query/options' }) },
  'GET /dcap/query/list': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/query/list' }) },
  'GET /dcap/query/export': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/query/export?format=csv' }) },
  'GET /dcap/audit/field': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/audit/field?${await siteAFieldQuery(f)}` }) },
  // Not a formula field: callers let through are told so (422), the others never learn the panel exists.
  'GET /dcap/audit/derived': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/audit/derived?${await siteAFieldQuery(f)}` }) },
  'GET /dcap/audit/alteration': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/audit/alteration' }) },
  'GET /dcap/audit/alteration/export': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/audit/alteration/export?format=csv' }) },
  // Subjects: the list, options and requests read the session's project (each member in their own); calls
  // naming a subject or site name site A's (the inventory's study data). The matrix project is in config, so
  // writes let through are refused by its status and change nothing.
  'GET /dcap/subject/options': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/subject/options' }) },
  'POST /dcap/subject/list': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/list', body: {} }) },
  'POST /dcap/subject/request/list': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/request/list', body: {} }) },
  'POST /dcap/subject/save': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/save', body: { siteId: f.siteA, name: 'matrix' } }) },
  'GET /dcap/subject/info/:id': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/subject/info/${String(f.studyData.subjectId)}` }) },
  'POST /dcap/subject/update': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/update', body: { id: f.studyData.subjectId, version: 1, phone: '1' } }) },
  'POST /dcap/subject/status': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/status', body: { id: f.studyData.subjectId, version: 1, status: 'DEL', reason: 'matrix' } }),
  },
  'POST /dcap/subject/enrol': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/enrol', body: { id: f.studyData.subjectId, version: 1, randomNo: 'R', treatmentPhase: 'P', firstDrugNo: 'D' } }),
  },
  'POST /dcap/subject/screening': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/screening', body: { id: f.studyData.subjectId, version: 1, result: 'success' } }) },
  'POST /dcap/subject/request/rollback': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/request/rollback', body: { subjectId: f.studyData.subjectId, reason: 'matrix' } }),
  },
  // A fresh pending request of site A's subject for each call, asked by someone who never decides.
  'POST /dcap/subject/request/decide': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/request/decide', body: { id: await siteARequest(f), approve: false, comment: 'matrix' } }),
  },
  // Attachments: uploads are multipart (as the users import sends its sheet) and name site A's panel, visit or
  // subject; callers let through are refused by the matrix project's status or the data's own rules. Deletion
  // and the picture name a fresh attachment of site A, written straight to the database.
  'POST /dcap/project/recordData/attachment/import': {
    call: async (f) =>
      enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/attachment/import', raw: multipartForm({ instrumentInsId: (await siteAStudyData(f)).panelInstanceId, field: 'PHOTO' }, MATRIX_PNG) }),
  },
  'POST /dcap/project/recordData/source/import': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/source/import', raw: multipartForm({ instrumentInsId: (await siteAStudyData(f)).panelInstanceId }, MATRIX_PNG) }),
  },
  'POST /dcap/visitTask/uploadVisitRecord': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/visitTask/uploadVisitRecord', raw: multipartForm({ eventInsId: (await siteAStudyData(f)).eventInstanceId }, MATRIX_PNG) }),
  },
  'POST /dcap/prescreen/subject/uploadIdCard': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/prescreen/subject/uploadIdCard', raw: multipartForm({ recordId: (await siteAStudyData(f)).subjectId }, MATRIX_PNG) }),
  },
  'POST /dcap/project/recordData/attachment/list': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/attachment/list', body: { instrumentInsId: (await siteAStudyData(f)).panelInstanceId, field: 'PHOTO' } }),
  },
  'GET /dcap/project/recordData/attachment/delete/:id': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/project/recordData/attachment/delete/${String(await siteAAttachment(f))}` }),
  },
  'GET /dcap/project/recordData/attachment/picture/:projectId/:id': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/project/recordData/attachment/picture/${f.projectId}/${String(await siteAAttachment(f))}?thumbnail=1` }),
  },
  'POST /dcap/project/recordData/import': {
    call: async (f) =>
      enterManagers(f, {
        method: 'POST',
        url: '/dcap/project/recordData/import',
        raw: multipartForm({ instrumentInsId: (await siteAStudyData(f)).panelInstanceId, table: 'MATRIXTABLE' }, { name: 'rows.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: Buffer.from('PK') }),
      }),
  },
  'GET /dcap/project/recordData/importTemplate/:instrumentInsId/:table': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/project/recordData/importTemplate/${String((await siteAStudyData(f)).panelInstanceId)}/MATRIXTABLE` }),
  },
};

const EMPTY_PANEL = { list: [], config: { labelWidth: 8, labelPosition: 'right' } };

/** Puts the project and platform administrators' sessions in the matrix project, then makes the call. */
async function enterManagers(f: Fixture, call: Call): Promise<Call> {
  for (const who of [f.personas.projectAdmin, f.personas.platformAdmin]) await f.study.t.call('GET', `/dcap/project/store/${f.projectId}`, { token: who.token });
  return call;
}

/** A picture of the matrix project's UI settings, written straight to the database (uploads are not here). */
async function pictureOf(f: Fixture): Promise<number> {
  const row = await f.study.t.database.db
    .insertInto('project_files')
    .values({ project_id: f.projectId, purpose: 'uiConfig', filename: 'logo.png', content_type: 'image/png', size: 10, storage_key: 'matrix/logo.png', created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

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

/**
 * Site A's study data in the inventory project, read from the database: a subject there, one of its visits
 * and panels, and an unscheduled event of the design its environment runs (0 when there is none).
 */
async function siteAStudyData(f: Fixture): Promise<{ subjectId: number; eventInstanceId: number; eventId: number; panelInstanceId: number; unscheduledEventId: number }> {
  const db = f.study.t.database.db;
  const panel = await db
    .selectFrom('panel_instances as p')
    .innerJoin('event_instances as e', 'e.id', 'p.event_instance_id')
    .select(['p.id', 'p.subject_id', 'p.event_instance_id', 'e.event_id', 'e.env_id'])
    .where('p.project_id', '=', f.projectId)
    .where('p.site_id', '=', f.siteA)
    .orderBy('p.id')
    .executeTakeFirst();
  if (!panel) return { subjectId: 999999, eventInstanceId: 999999, eventId: 999999, panelInstanceId: 999999, unscheduledEventId: 999999 };
  const design = await db
    .selectFrom('env_designs as d')
    .innerJoin('design_versions as v', 'v.id', 'd.design_version_id')
    .select('v.snapshot')
    .where('d.env_id', '=', panel.env_id)
    .executeTakeFirst();
  const events = ((design?.snapshot ?? { events: [] }) as { events: { id: number; type: string }[] }).events;
  return {
    subjectId: panel.subject_id,
    eventInstanceId: panel.event_instance_id,
    eventId: panel.event_id,
    panelInstanceId: panel.id,
    unscheduledEventId: events.find((event) => event.type === 'UNSCHEDULED')?.id ?? 999999,
  };
}

/** A field of site A's panel (the first value-holding field of its instrument), or a path of a missing panel. */
async function siteAField(f: Fixture): Promise<{ panelInstanceId: number; path: string }> {
  const { panelInstanceId } = await siteAStudyData(f);
  const db = f.study.t.database.db;
  const panel = await db
    .selectFrom('panel_instances as p')
    .innerJoin('design_versions as v', 'v.id', 'p.design_version_id')
    .select(['p.instrument_id', 'v.snapshot'])
    .where('p.id', '=', panelInstanceId)
    .executeTakeFirst();
  const instruments = ((panel?.snapshot ?? { instruments: [] }) as { instruments: { id: number; panel: Panel }[] }).instruments;
  const definition = instruments.find((instrument) => instrument.id === panel?.instrument_id)?.panel;
  const model = definition ? [...indexForm(definition).fields.keys()][0] : undefined;
  return { panelInstanceId, path: model ?? 'MISSING' };
}

async function siteAFieldQuery(f: Fixture): Promise<string> {
  const field = await siteAField(f);
  return `panelInstanceId=${String(field.panelInstanceId)}&path=${encodeURIComponent(field.path)}`;
}

/** A fresh OPEN query on that field, written straight to the database (999999 when site A has no panel). */
async function siteAQuery(f: Fixture): Promise<number> {
  const { panelInstanceId, path } = await siteAField(f);
  const db = f.study.t.database.db;
  const panel = await db.selectFrom('panel_instances').selectAll().where('id', '=', panelInstanceId).executeTakeFirst();
  if (!panel) return 999999;
  const row = await db
    .insertInto('queries')
    .values({
      project_id: panel.project_id,
      env_id: panel.env_id,
      site_id: panel.site_id,
      subject_id: panel.subject_id,
      event_instance_id: panel.event_instance_id,
      panel_instance_id: panel.id,
      path,
      content: 'matrix',
      raised_by: f.personas.withRight.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh pending rollback request of site A's subject, written straight to the database. */
async function siteARequest(f: Fixture): Promise<number> {
  const db = f.study.t.database.db;
  const subject = await db.selectFrom('subjects').selectAll().where('id', '=', f.studyData.subjectId).executeTakeFirstOrThrow();
  await db.updateTable('subject_requests').set({ state: 'rejected' }).where('subject_id', '=', subject.id).where('state', '=', 'pending').execute();
  const row = await db
    .insertInto('subject_requests')
    .values({
      project_id: subject.project_id,
      env_id: subject.env_id,
      site_id: subject.site_id,
      subject_id: subject.id,
      kind: 'screeningRollback',
      reason: 'matrix',
      requested_by: await f.freshUser(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const MATRIX_PNG = { name: 'matrix.png', type: 'image/png', bytes: PNG };

/** A fresh image of site A's panel, written straight to the database (999999 when site A has no panel). */
async function siteAAttachment(f: Fixture): Promise<number> {
  const { panelInstanceId } = await siteAStudyData(f);
  const db = f.study.t.database.db;
  const panel = await db.selectFrom('panel_instances').selectAll().where('id', '=', panelInstanceId).executeTakeFirst();
  if (!panel) return 999999;
  const row = await db
    .insertInto('attachments')
    .values({
      project_id: panel.project_id,
      env_id: panel.env_id,
      site_id: panel.site_id,
      subject_id: panel.subject_id,
      kind: 'field',
      event_instance_id: panel.event_instance_id,
      panel_instance_id: panel.id,
      path: 'PHOTO',
      name: `matrix-${String(f.study.t.clock.now().getTime())}-${String(Math.random()).slice(2, 8)}.png`,
      content_type: 'image/png',
      size: PNG.length,
      sha256: 'matrix',
      content: PNG,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The unscheduled event of the design the inventory's test environment runs (0 when there is none). */
async function unscheduledEventOf(f: Fixture): Promise<number> {
  const design = await f.study.t.database.db
    .selectFrom('env_designs as d')
    .innerJoin('project_envs as e', 'e.id', 'd.env_id')
    .innerJoin('design_versions as v', 'v.id', 'd.design_version_id')
    .select('v.snapshot')
    .where('e.project_id', '=', f.projectId)
    .where('e.key', '=', f.studyData.env)
    .executeTakeFirst();
  const events = ((design?.snapshot ?? { events: [] }) as { events: { id: number; type: string }[] }).events;
  return events.find((event) => event.type === 'UNSCHEDULED')?.id ?? 0;
}
