import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';

/** The project's settings, lifecycle and synchronisation, the session switches and the environments. */
export const PROJECT_SETUP_ENTRIES: Record<string, Entry> = {
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
  'POST /dcap/dashboard/summary': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/dashboard/summary', body: { filter: 'month' } }) },
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
};

/** A picture of the matrix project's UI settings, written straight to the database (uploads are not here). */
async function pictureOf(f: Fixture): Promise<number> {
  const row = await f.study.t.database.db
    .insertInto('project_files')
    .values({ project_id: f.projectId, purpose: 'uiConfig', filename: 'logo.png', content_type: 'image/png', size: 10, storage_key: 'matrix/logo.png', created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function envId(f: Fixture, key: string): Promise<number> {
  const envs = await f.study.t.call('POST', '/dcap/projectEnv/getEnvList', { token: f.study.admin.token, body: { projectId: f.projectId } });
  return (envs.body.data as { id: number; key: string }[]).find((env) => env.key === key)?.id ?? 0;
}
