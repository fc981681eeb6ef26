import type { ProjectStatus } from '@dcap/core';
import { FLOW_STATUSES } from '@dcap/core';
import { grant, ok, role, setStatus, site, unit } from '../../modules/roles/study.fixture.js';
import type { Fixture } from '../audit-content.routes.js';
import type { Write } from './write.js';

/** Projects and their lifecycle: creation, settings, status steps, resets, syncs and status change applications. */
export const LIFECYCLE_WRITES: Record<string, Write> = {
  // Projects and their lifecycle (COMPLIANCE AT-3)
  'POST /dcap/project/apply': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/apply', as: f.pm, body: { code: 'AC-APPLIED', name: '新项目', eName: 'New study' } }),
    audit: { action: 'project.create', old: null, new: { code: 'AC-APPLIED', name: '新项目', eName: 'New study', status: 'PROJECT_STATUS_SET_UP' } },
  },
  'POST /dcap/project/save': {
    call: async (f) => {
      const info = ok(await f.study.t.call('GET', `/dcap/project/info/${f.projectId}`, { token: f.pm.token })) as { version: number };
      return { method: 'POST', url: '/dcap/project/save', body: { id: f.projectId, version: info.version, sponsorNames: '申办方', blindMethod: 'D' } };
    },
    audit: { action: 'project.update', old: { sponsorNames: null, blindMethod: 'N' }, new: { sponsorNames: '申办方', blindMethod: 'D' } },
  },
  'GET /dcap/project/nextStep/:projectId/:n': {
    call: async (f) => {
      await lifeAt(f, 'PROJECT_STATUS_SET_UP');
      return { method: 'GET', url: `/dcap/project/nextStep/${f.lifeId}/${FLOW_STATUSES.indexOf('PROJECT_STATUS_SET_UP')}` };
    },
    audit: { action: 'project.nextStep', old: { status: 'PROJECT_STATUS_SET_UP' }, new: { status: 'CONFIG' } },
  },
  'POST /dcap/project/applyAuditConfig': {
    call: async (f) => {
      await lifeAt(f, 'CONFIG');
      await lifeGatesMet(f);
      return { method: 'POST', url: '/dcap/project/applyAuditConfig', body: { projectId: f.lifeId } };
    },
    audit: { action: 'project.applyAuditConfig', old: { status: 'CONFIG', configAuditRequested: false }, new: { status: 'CONFIG', configAuditRequested: true } },
  },
  'POST /dcap/project/saConfirmConfig': {
    call: async (f) => {
      await lifeAt(f, 'CONFIG', { config_audit_requested: true });
      await lifeGatesMet(f);
      return { method: 'POST', url: '/dcap/project/saConfirmConfig', as: f.admin, body: { projectId: f.lifeId } };
    },
    audit: { action: 'project.saConfirmConfig', old: { status: 'CONFIG' }, new: { status: 'INTERNAL_TEST' } },
  },
  'POST /dcap/project/confirmProjectInternalTest': {
    call: async (f) => {
      await lifeAt(f, 'INTERNAL_TEST');
      return { method: 'POST', url: '/dcap/project/confirmProjectInternalTest', body: { projectId: f.lifeId } };
    },
    audit: { action: 'project.confirmInternalTest', old: { status: 'INTERNAL_TEST' }, new: { status: 'TEST' } },
  },
  'POST /dcap/project/confirmProjectUatTest': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      return { method: 'POST', url: '/dcap/project/confirmProjectUatTest', body: { projectId: f.lifeId } };
    },
    audit: { action: 'project.confirmUatTest', old: { status: 'TEST', uatConfirmed: false }, new: { status: 'TEST', uatConfirmed: true } },
  },
  'POST /dcap/project/applyOnline': {
    call: async (f) => {
      await lifeAt(f, 'TEST', { uat_confirmed: true });
      return { method: 'POST', url: '/dcap/project/applyOnline', body: { projectId: f.lifeId, reason: 'UAT passed' } };
    },
    audit: { action: 'project.applyOnline', old: { status: 'TEST', onlineRequested: false }, new: { status: 'TEST', onlineRequested: true } },
  },
  'POST /dcap/project/approveApplyOnline': {
    call: async (f) => {
      await lifeAt(f, 'TEST', { uat_confirmed: true, online_requested: true });
      return { method: 'POST', url: `/dcap/project/approveApplyOnline?projectId=${f.lifeId}&approve=false`, as: f.admin, body: { reason: 'Not yet' } };
    },
    audit: { action: 'project.rejectOnline', old: { status: 'TEST', onlineRequested: true }, new: { status: 'TEST', onlineRequested: false } },
  },
  'POST /dcap/project/lockProject': {
    call: async (f) => {
      await lifeAt(f, 'ON_RESEARCH');
      return { method: 'POST', url: '/dcap/project/lockProject', as: f.admin, body: { projectId: f.lifeId } };
    },
    audit: { action: 'project.lock', old: { status: 'ON_RESEARCH', prevStatus: null }, new: { status: 'LOCKED', prevStatus: 'ON_RESEARCH' } },
  },
  'POST /dcap/project/unlockProject': {
    call: async (f) => {
      await lifeAt(f, 'LOCKED', { prev_status: 'ON_RESEARCH' });
      return { method: 'POST', url: '/dcap/project/unlockProject', as: f.admin, body: { projectId: f.lifeId } };
    },
    audit: { action: 'project.unlock', old: { status: 'LOCKED', prevStatus: 'ON_RESEARCH' }, new: { status: 'ON_RESEARCH', prevStatus: null } },
  },
  'POST /dcap/project/updateStatus': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      return { method: 'POST', url: `/dcap/project/updateStatus?projectId=${f.lifeId}&status=FREEZED_ON_TEST&oldStatus=TEST`, as: f.admin };
    },
    audit: { action: 'project.updateStatus', old: { status: 'TEST' }, new: { status: 'FREEZED_ON_TEST' } },
  },
  'POST /dcap/project/resetTest': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      return { method: 'POST', url: `/dcap/project/resetTest?projectId=${f.lifeId}` };
    },
    audit: { action: 'project.resetTest', old: null, new: { removed: {} } },
  },
  'POST /dcap/project/resetPro': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      return { method: 'POST', url: `/dcap/project/resetPro?projectId=${f.lifeId}&typesStr=design,data&confirmCode=AC-LIFE` };
    },
    audit: { action: 'project.resetPro', old: null, new: { types: ['design', 'data'], removed: { prd: {} } } },
  },
  // A sync is queued with its audit row; the job's own rows (job.start, design.sync, job.finish) are
  // checked by modules/sync/sync.test.ts.
  'POST /dcap/project/syncData': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      await f.study.t.app.jobs.drain();
      return { method: 'POST', url: `/dcap/project/syncData?projectId=${f.lifeId}&typesStr=design` };
    },
    audit: { action: 'sync.request', old: null, new: { direction: 'syncData', types: ['design'], source: 'dev', target: 'uat' } },
  },
  'POST /dcap/project/syncDataToTest': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      await productionRunsDesign(f);
      return { method: 'POST', url: `/dcap/project/syncDataToTest?projectId=${f.lifeId}&typesStr=design` };
    },
    audit: { action: 'sync.request', old: null, new: { direction: 'syncDataToTest', types: ['design'], source: 'prd', target: 'uat' } },
  },
  // A queued sync is cancelled; cancelling a running one is checked by modules/sync/sync.test.ts.
  'POST /dcap/project/syncTask/cancel': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      await f.study.t.app.jobs.drain();
      const task = ok(await f.study.t.call('POST', `/dcap/project/syncData?projectId=${f.lifeId}&typesStr=design`, { token: f.pm.token })) as { id: number };
      return { method: 'POST', url: '/dcap/project/syncTask/cancel', body: { projectId: f.lifeId, id: task.id } };
    },
    audit: { action: 'job.cancel', old: { status: 'queued' }, new: { status: 'cancelled' } },
  },
  'POST /dcap/project/applyProjectStatusChange': {
    call: async (f) => {
      await lifeAt(f, 'ON_RESEARCH');
      return { method: 'POST', url: '/dcap/project/applyProjectStatusChange', body: { projectId: f.lifeId, type: 'APPLY_SUSPEND_RECRUIT', reason: '入组暂停' } };
    },
    audit: { action: 'project.applyStatusChange', old: null, new: { type: 'APPLY_SUSPEND_RECRUIT' } },
  },
  'POST /dcap/project/decideStatusChange': {
    call: async (f) => {
      await lifeAt(f, 'FIX');
      const applied = ok(
        await f.study.t.call('POST', '/dcap/project/applyProjectStatusChange', { token: f.pm.token, body: { projectId: f.lifeId, type: 'APPLY_DATABASE_FREEZED', reason: '锁库' } }),
      ) as { id: number };
      return { method: 'POST', url: '/dcap/project/decideStatusChange', as: f.admin, body: { projectId: f.lifeId, id: applied.id, approve: true } };
    },
    audit: { action: 'project.approveStatusChange', old: { status: 'FIX' }, new: { status: 'DATABASE_FREEZED' } },
  },

};

/** Makes production of the lifecycle project run a design: the draft synced to test, then test's version. */
async function productionRunsDesign(f: Fixture): Promise<void> {
  const { t } = f.study;
  await t.app.jobs.drain();
  ok(await t.call('POST', `/dcap/project/syncData?projectId=${f.lifeId}&typesStr=design`, { token: f.pm.token }));
  await t.app.jobs.drain();
  const db = t.database.db;
  const tested = await db
    .selectFrom('env_designs as d')
    .innerJoin('project_envs as e', 'e.id', 'd.env_id')
    .select('d.design_version_id')
    .where('e.project_id', '=', f.lifeId)
    .where('e.key', '=', 'uat')
    .executeTakeFirstOrThrow();
  const prd = await db.selectFrom('project_envs').select('id').where('project_id', '=', f.lifeId).where('key', '=', 'prd').executeTakeFirstOrThrow();
  await db
    .insertInto('env_designs')
    .values({ env_id: prd.id, project_id: f.lifeId, design_version_id: tested.design_version_id, published_at: new Date(), published_by: f.pm.username })
    .onConflict((oc) => oc.column('env_id').doUpdateSet({ design_version_id: tested.design_version_id }))
    .execute();
}

/**
 * Gives the lifecycle project what entering internal test needs (a site, a held role, a published design
 * version; docs/decisions.md "Lifecycle gates"), once. The gates have their own tests (modules/projects/approvals.test.ts).
 */
async function lifeGatesMet(f: Fixture): Promise<void> {
  const db = f.study.t.database.db;
  if (await db.selectFrom('design_versions').select('id').where('project_id', '=', f.lifeId).executeTakeFirst()) return;
  await site(f.study, f.pm, f.lifeId, 'LIFE1', await unit(f.study, 'AC-LIFE-UNIT', '生命周期医院'));
  const held = await role(f.study, f.pm, { projectId: f.lifeId, alias: 'LifeRole', institutionIds: 'all', dataEntryRights: true });
  await grant(f.study, f.pm, f.lifeId, { roleId: held.id, userIds: [f.pm.id] });
  await db.insertInto('design_versions').values({ project_id: f.lifeId, version: 1, snapshot: JSON.stringify({}), note: null, published_at: new Date(), published_by: f.pm.username }).execute();
}

/** Puts the lifecycle project in a status with the given flags; the lifecycle itself has its own tests. */
export async function lifeAt(f: Fixture, status: ProjectStatus, flags: { config_audit_requested?: boolean; uat_confirmed?: boolean; online_requested?: boolean; prev_status?: ProjectStatus | null } = {}): Promise<void> {
  await setStatus(f.study, f.lifeId, status);
  await f.study.t.database.db
    .updateTable('projects')
    .set({ config_audit_requested: false, uat_confirmed: false, online_requested: false, prev_status: null, ...flags })
    .where('id', '=', f.lifeId)
    .execute();
  await f.study.t.database.db.deleteFrom('status_change_applications').where('project_id', '=', f.lifeId).execute();
}
