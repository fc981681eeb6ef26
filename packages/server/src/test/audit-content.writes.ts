import type { ProjectStatus } from '@dcap/core';
import { FLOW_STATUSES } from '@dcap/core';
import { samplePanel, textWidget } from '../modules/instruments/design.fixture.js';
import type { Persona } from '../modules/roles/study.fixture.js';
import { grant, ok, role, setStatus, site, unit } from '../modules/roles/study.fixture.js';
import { expect } from 'vitest';
import type { Fixture } from './audit-content.routes.js';

/** The write routes of the audit-content test: how to call each, and the audit row it must leave. */

/** Puts a persona's session in the design project's development environment. */
async function enterDesign(f: Fixture, who: Persona): Promise<void> {
  ok(await f.study.t.call('GET', `/dcap/project/store/${f.projectId}`, { token: who.token }));
  ok(await f.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: who.token }));
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  /** Defaults to the project administrator for project calls, the platform administrator for /sys calls. */
  as?: Persona;
}

interface ExpectedRow {
  action: string;
  /** Matched with toMatchObject; null means the row has no old value (a creation). */
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
}

interface Write {
  call(f: Fixture): Promise<Call> | Call;
  audit: ExpectedRow | ((f: Fixture) => ExpectedRow);
}

const EMPTY_PANEL = { list: [], config: { labelWidth: 8, labelPosition: 'right' } };

async function instrument(f: Fixture, kind: 'form' | 'external' | 'derived' = 'form'): Promise<number> {
  const n = f.counter();
  const reply = ok(
    await f.study.t.call('POST', '/dcap/project/instrument/save', { token: f.pm.token, body: { projectId: f.projectId, kind, name: `表单 ${n}`, nameAbbr: `AC${n}` } }),
  ) as { id: number };
  return reply.id;
}

async function event(f: Fixture): Promise<number> {
  const n = f.counter();
  return (ok(await f.study.t.call('POST', '/dcap/project/event/save', { token: f.pm.token, body: { projectId: f.projectId, name: `访视 ${n}`, type: 'TREATMENT', offsetDays: 7 } })) as { id: number }).id;
}

async function newUser(f: Fixture): Promise<number> {
  const n = f.counter();
  return (ok(await f.study.t.call('POST', '/dcap/sys/user/save', { token: f.admin.token, body: { username: `ac.user${n}`, name: `用户 ${n}` } })) as { user: { id: number } }).user.id;
}

async function envId(f: Fixture, key: string): Promise<number> {
  const envs = ok(await f.study.t.call('POST', '/dcap/projectEnv/getEnvList', { token: f.pm.token, body: { projectId: f.projectId } })) as { id: number; key: string }[];
  const env = envs.find((e) => e.key === key);
  if (!env) throw new Error(`no environment ${key}`);
  return env.id;
}

/** Puts the lifecycle project in a status with the given flags; the lifecycle itself has its own tests. */
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

async function lifeAt(f: Fixture, status: ProjectStatus, flags: { config_audit_requested?: boolean; uat_confirmed?: boolean; online_requested?: boolean; prev_status?: ProjectStatus | null } = {}): Promise<void> {
  await setStatus(f.study, f.lifeId, status);
  await f.study.t.database.db
    .updateTable('projects')
    .set({ config_audit_requested: false, uat_confirmed: false, online_requested: false, prev_status: null, ...flags })
    .where('id', '=', f.lifeId)
    .execute();
  await f.study.t.database.db.deleteFrom('status_change_applications').where('project_id', '=', f.lifeId).execute();
}

async function standardField(f: Fixture): Promise<number> {
  const n = f.counter();
  return (
    ok(
      await f.study.t.call('POST', '/dcap/sys/standardField/save', {
        token: f.admin.token,
        body: { domain: 'DM', fieldName: `ACF${n}`, fieldLabel: '变量', fieldLabelEn: 'Variable', fieldAnnotation: 'note', widget: textWidget('X', '变量') },
      }),
    ) as { id: number }
  ).id;
}

async function template(f: Fixture): Promise<number> {
  const n = f.counter();
  return (
    ok(
      await f.study.t.call('POST', '/dcap/sys/standardInstrument/save', {
        token: f.admin.token,
        body: { name: '模板', nameEn: 'Template', nameAbbr: `ACT${n}`, description: 'old', panel: samplePanel() },
      }),
    ) as { id: number }
  ).id;
}

async function derived(f: Fixture): Promise<number> {
  const n = f.counter();
  return (
    ok(
      await f.study.t.call('POST', '/dcap/sys/derivedField/save', {
        token: f.admin.token,
        body: {
          group: 'CONTINUOUS_VARIABLES',
          fieldName: `ACD${n}`,
          fieldLabel: '派生',
          fieldLabelEn: 'Derived',
          expression: '1 + 1',
          description: 'old',
          widget: { type: 'number', key: 'X', model: 'X', name: '派生', options: {} },
        },
      }),
    ) as { id: number }
  ).id;
}

async function sysDict(f: Fixture): Promise<{ id: number; key: string }> {
  const key = `ACDICT${f.counter()}`;
  const row = ok(await f.study.t.call('POST', '/dcap/sys/dict/save', { token: f.admin.token, body: { key, value: '字典', valueEn: 'Dict', items: [{ key: '1', value: '1', label: '是' }] } })) as { id: number };
  return { id: row.id, key };
}

const items = [{ key: '1', value: '1', label: '是' }];

export const WRITES: Record<string, Write> = {
  // Users and profile (COMPLIANCE AT-4)
  'POST /dcap/sys/user/updateCurrentUser': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/user/updateCurrentUser', as: f.pm, body: { name: 'PM 新名', gender: 'female', email: 'pm@example.org', corporation: 'Acme' } }),
    audit: (f) => ({ action: 'user.profile_update', old: { name: `Name of ${f.pm.username}` }, new: { name: 'PM 新名', email: 'pm@example.org' } }),
  },
  'POST /dcap/sys/user/preferences': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/user/preferences', as: f.pm, body: { fontSize: 'large', notifications: { email: { visits: true } } } }),
    audit: { action: 'user.preferences_update', old: { fontSize: 'small', 'email.visits': false }, new: { fontSize: 'large', 'email.visits': true } },
  },
  'POST /dcap/sys/user/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/user/save', body: { username: 'ac.created', name: '新用户', nameEn: 'New user' } }),
    audit: { action: 'user.create', old: null, new: { username: 'ac.created', name: '新用户', nameEn: 'New user' } },
  },
  'POST /dcap/sys/user/update': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/update', body: { id: await newUser(f), department: '心内科', nameEn: null } }),
    audit: { action: 'user.update', old: { department: null }, new: { department: '心内科' } },
  },
  'POST /dcap/sys/user/lock/:id': {
    call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/lock/${await newUser(f)}` }),
    audit: { action: 'user.lock', old: { status: 'active' }, new: { status: 'locked' } },
  },
  'POST /dcap/sys/user/unlock/:id': {
    call: async (f) => {
      const id = await newUser(f);
      ok(await f.study.t.call('POST', `/dcap/sys/user/lock/${id}`, { token: f.admin.token }));
      return { method: 'POST', url: `/dcap/sys/user/unlock/${id}` };
    },
    audit: { action: 'user.unlock', old: { status: 'locked' }, new: { status: 'active' } },
  },
  'POST /dcap/sys/user/delete/:id': {
    call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/delete/${await newUser(f)}` }),
    audit: { action: 'user.delete', old: { status: 'active' }, new: { status: 'deleted' } },
  },
  'POST /dcap/sys/user/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/delete', body: { ids: [await newUser(f)] } }),
    audit: { action: 'user.delete', old: { status: 'active' }, new: { status: 'deleted' } },
  },
  'POST /dcap/sys/user/resetUserPassword': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/resetUserPassword', body: { id: await newUser(f) } }),
    audit: { action: 'user.password_reset', old: null, new: {} },
  },

  // Hospitals and departments
  'POST /dcap/sys/unit/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/unit/save', body: { code: 'AC-NEW', name: '新医院', eName: 'New Hospital' } }),
    audit: { action: 'unit.create', old: null, new: { code: 'AC-NEW', name: '新医院', eName: 'New Hospital', status: 'active' } },
  },
  'POST /dcap/sys/unit/update': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/unit/update', body: { id: f.unitId, city: '北京', status: 'disabled' } }),
    audit: { action: 'unit.update', old: { city: null, status: 'active' }, new: { city: '北京', status: 'disabled' } },
  },
  'POST /dcap/sys/division/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/division/save', body: { unitId: f.unitId, name: '心内科', eName: 'Cardiology' } }),
    audit: { action: 'department.create', old: null, new: { name: '心内科', eName: 'Cardiology' } },
  },
  'POST /dcap/sys/division/update': {
    call: async (f) => {
      const dept = ok(await f.study.t.call('POST', '/dcap/sys/division/save', { token: f.admin.token, body: { unitId: f.unitId, name: '外科', eName: 'Surgery' } })) as { id: number };
      return { method: 'POST', url: '/dcap/sys/division/update', body: { id: dept.id, eName: '' } };
    },
    // A change to empty is a change (COMPLIANCE AT-6).
    audit: { action: 'department.update', old: { eName: 'Surgery' }, new: { eName: '' } },
  },

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

  // Session switches: where a person acts is part of every later row's meaning. Each entry first puts the
  // administrator's session where it starts, so the entries do not depend on one another.
  'GET /dcap/project/store/:projectId': {
    call: async (f) => {
      await enterDesign(f, f.admin);
      return { method: 'GET', url: `/dcap/project/store/${f.lifeId}`, as: f.admin };
    },
    audit: (f) => ({ action: 'session.switch', old: { projectId: f.projectId, env: 'dev' }, new: { projectId: f.lifeId } }),
  },
  'GET /dcap/project/store/:projectId/:roleId/:env': {
    call: async (f) => {
      await enterDesign(f, f.admin);
      return { method: 'GET', url: `/dcap/project/store/${f.lifeId}/0/uat`, as: f.admin };
    },
    audit: (f) => ({ action: 'session.switch', old: { projectId: f.projectId, env: 'dev' }, new: { projectId: f.lifeId, env: 'uat' } }),
  },
  'GET /dcap/projectRole/store/:roleId': {
    call: async (f) => {
      const first = await role(f.study, f.pm, { projectId: f.projectId, alias: `AC-R${f.counter()}`, institutionIds: 'all' });
      const second = await role(f.study, f.pm, { projectId: f.projectId, alias: `AC-R${f.counter()}`, institutionIds: 'all' });
      await grant(f.study, f.pm, f.projectId, { roleId: first.id, userIds: [f.admin.id] });
      await grant(f.study, f.pm, f.projectId, { roleId: second.id, userIds: [f.admin.id] });
      await enterDesign(f, f.admin);
      f.switchedTo = second.id;
      return { method: 'GET', url: `/dcap/projectRole/store/${second.id}`, as: f.admin };
    },
    audit: (f) => ({ action: 'session.switch', old: { roleId: expect.any(Number) as unknown }, new: { roleId: f.switchedTo } }),
  },
  'GET /dcap/projectEnv/selectEnv/:env': {
    call: async (f) => {
      await enterDesign(f, f.admin);
      return { method: 'GET', url: '/dcap/projectEnv/selectEnv/uat', as: f.admin };
    },
    audit: { action: 'session.switch', old: { env: 'dev' }, new: { env: 'uat' } },
  },

  // The project calls of spec 000 §7.4 (docs/decisions.md, "Project calls")
  'GET /dcap/project/deletePicture/:id': {
    call: async (f) => {
      const picture = await f.study.t.database.db
        .insertInto('project_files')
        .values({ project_id: f.projectId, purpose: 'uiConfig', filename: 'logo.png', content_type: 'image/png', size: 10, storage_key: 'ac/logo.png', created_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'GET', url: `/dcap/project/deletePicture/${picture.id}?projectId=${f.projectId}` };
    },
    audit: { action: 'project_file.delete', old: { filename: 'logo.png', deletedAt: null }, new: { deletedAt: expect.any(String) as unknown } },
  },
  'POST /dcap/project/processConfig/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/processConfig/save', body: { projectId: f.projectId, steps: ['verify'] } }),
    audit: { action: 'process_config.update', old: { steps: ['verify', 'review', 'sign'], saved: false }, new: { steps: ['verify'], saved: true } },
  },
  'POST /dcap/project/externalTest': {
    call: async (f) => {
      await lifeAt(f, 'TEST');
      return { method: 'POST', url: '/dcap/project/externalTest', body: { projectId: f.lifeId, result: 'passed', notes: '申办方验收通过' } };
    },
    audit: { action: 'project.externalTest', old: null, new: { result: 'passed', notes: '申办方验收通过' } },
  },
  'POST /dcap/project/applyPreScreenSuspend': {
    call: async (f) => {
      await lifeAt(f, 'ON_RESEARCH');
      await f.study.t.database.db.updateTable('projects').set({ config: JSON.stringify({ preScreen: true }) }).where('id', '=', f.lifeId).execute();
      return { method: 'POST', url: '/dcap/project/applyPreScreenSuspend', body: { projectId: f.lifeId, reason: '预筛选暂停' } };
    },
    audit: { action: 'project.applyStatusChange', old: null, new: { type: 'APPLY_PRE_SCREEN_SUSPEND' } },
  },

  // Environments (COMPLIANCE AT-1: environment is an audited entity)
  'POST /dcap/projectEnv/createEnv': {
    call: (f) => ({ method: 'POST', url: '/dcap/projectEnv/createEnv', body: { projectId: f.projectId, key: 'sde1', type: 'sde', name: '数据环境' } }),
    audit: { action: 'env.create', old: null, new: { key: 'sde1', type: 'sde', name: '数据环境', eName: null } },
  },
  'POST /dcap/projectEnv/updateEnv': {
    call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/updateEnv', body: { projectId: f.projectId, id: await envId(f, 'uat'), name: '用户测试', eName: null } }),
    audit: { action: 'env.update', old: { name: '测试环境', eName: 'Testing (UAT)' }, new: { name: '用户测试', eName: null } },
  },
  'POST /dcap/projectEnv/updateEnvStatus': {
    call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/updateEnvStatus', body: { projectId: f.projectId, id: await envId(f, 'prd'), status: 'disable' } }),
    audit: { action: 'env.status', old: { status: 'normal' }, new: { status: 'disable' } },
  },
  'POST /dcap/projectEnv/cleanEnv': {
    call: async (f) => ({ method: 'POST', url: '/dcap/projectEnv/cleanEnv', body: { projectId: f.projectId, id: await envId(f, 'uat') } }),
    audit: { action: 'env.clean', old: null, new: { removed: {} } },
  },

  // Sites
  'POST /dcap/projectSite/save': {
    call: async (f) => {
      const unitId = await unit(f.study, `AC-U${f.counter()}`, '协和医院', 'PUMCH');
      const created = await site(f.study, f.pm, f.projectId, `S${f.counter()}`, unitId);
      return { method: 'POST', url: '/dcap/projectSite/save', body: { id: created.id, projectId: f.projectId, unitId, code: created.code, piName: '王医生' } };
    },
    audit: { action: 'site.update', old: { piName: null }, new: { piName: '王医生' } },
  },

  // Instruments and panels
  'POST /dcap/project/instrument/save': {
    call: async (f) => {
      const id = await instrument(f);
      return { method: 'POST', url: '/dcap/project/instrument/save', body: { projectId: f.projectId, id, name: '改名', nameAbbr: `REN${f.counter()}`, description: '说明' } };
    },
    audit: { action: 'instrument.update', old: { description: null }, new: { name: '改名', description: '说明' } },
  },
  'POST /dcap/project/instrument/copyTemplate': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/copyTemplate', body: { projectId: f.projectId, templateId: await template(f), nameAbbr: `TPL${f.counter()}` } }),
    audit: { action: 'instrument.create', old: null, new: { kind: 'form', fieldCount: 5 } },
  },
  'POST /dcap/project/instrument/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/delete', body: { projectId: f.projectId, id: await instrument(f) } }),
    audit: { action: 'instrument.delete', old: { kind: 'form', panel: { list: [] }, eventIds: [] }, new: null },
  },
  'POST /dcap/project/instrument/sort': {
    call: async (f) => {
      const list = ok(await f.study.t.call('GET', `/dcap/project/instrument/list/${f.projectId}`, { token: f.pm.token })) as { id: number }[];
      return { method: 'POST', url: '/dcap/project/instrument/sort', body: { projectId: f.projectId, ids: list.map((i) => i.id).reverse() } };
    },
    audit: { action: 'instrument.sort', old: { order: expect.any(Array) as unknown }, new: { order: expect.any(Array) as unknown } },
  },
  'GET /dcap/project/instrument/copy/:id': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/copy/${await instrument(f)}?projectId=${f.projectId}` }),
    audit: { action: 'instrument.copy', old: null, new: { copiedFrom: expect.any(Number) as unknown } },
  },
  'POST /dcap/project/instrument/upload': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/project/instrument/upload',
      body: { projectId: f.projectId, mode: 'append', file: { format: 'dcap-instruments', version: 1, instruments: [{ name: '上传', nameAbbr: 'UPLOADED', panel: samplePanel() }] } },
    }),
    audit: { action: 'instrument.upload', old: null, new: { mode: 'append', created: [{ name: '上传', nameAbbr: 'UPLOADED', panel: { list: expect.any(Array) as unknown } }] } },
  },
  'POST /dcap/project/field/saveAllCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/field/saveAllCfg?projectId=${f.projectId}`, body: { instrumentId: await instrument(f), ...samplePanel() } }),
    audit: { action: 'instrument.panel.save', old: { revision: 0, widgets: { INITIALS: null } }, new: { revision: 1, widgets: { INITIALS: { key: 'INITIALS', name: '姓名缩写' } } } },
  },
  'POST /dcap/project/field/saveCfg': {
    call: async (f) => {
      const id = await instrument(f);
      ok(await f.study.t.call('POST', `/dcap/project/field/saveAllCfg?projectId=${f.projectId}`, { token: f.pm.token, body: { instrumentId: id, ...samplePanel() } }));
      return { method: 'POST', url: `/dcap/project/field/saveCfg?projectId=${f.projectId}`, body: { instrumentId: id, widget: textWidget('INITIALS', '缩写', 'Initials') } };
    },
    // Per widget: its settings before and after, not only which keys changed.
    audit: {
      action: 'instrument.panel.save',
      old: { revision: 1, widgets: { INITIALS: { key: 'INITIALS', name: '姓名缩写' } } },
      new: { revision: 2, changed: ['INITIALS'], widgets: { INITIALS: { key: 'INITIALS', name: '缩写' } } },
    },
  },
  'POST /dcap/project/externalInstrument/saveFieldCfg': {
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/project/externalInstrument/saveFieldCfg?projectId=${f.projectId}`,
      body: { instrumentId: await instrument(f, 'external'), list: [textWidget('EXT', '外部')], config: EMPTY_PANEL.config },
    }),
    audit: { action: 'instrument.panel.save', old: { widgets: { EXT: null } }, new: { widgets: { EXT: { key: 'EXT', name: '外部' } } } },
  },
  'POST /dcap/project/derivedInstrument/saveFieldCfg': {
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/project/derivedInstrument/saveFieldCfg?projectId=${f.projectId}`,
      body: { instrumentId: await instrument(f, 'derived'), list: [], config: { labelWidth: 6, labelPosition: 'right' } },
    }),
    audit: { action: 'instrument.panel.save', old: { widgets: {}, layout: { labelWidth: 8 } }, new: { widgets: {}, layout: { labelWidth: 6 } } },
  },

  // Events and the matrix
  'POST /dcap/project/event/save': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/event/save', body: { projectId: f.projectId, id: await event(f), name: `访视 ${f.counter()}`, type: 'TREATMENT', offsetDays: 14 } }),
    audit: { action: 'event.update', old: { offsetDays: 7 }, new: { offsetDays: 14 } },
  },
  'POST /dcap/project/event/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/event/delete', body: { projectId: f.projectId, id: await event(f) } }),
    audit: { action: 'event.delete', old: { type: 'TREATMENT', offsetDays: 7, instrumentIds: [] }, new: null },
  },
  'POST /dcap/project/event/sort': {
    call: async (f) => {
      await event(f);
      const list = ok(await f.study.t.call('GET', `/dcap/project/event/list/${f.projectId}`, { token: f.pm.token })) as { id: number }[];
      return { method: 'POST', url: '/dcap/project/event/sort', body: { projectId: f.projectId, ids: list.map((e) => e.id).reverse() } };
    },
    audit: { action: 'event.sort', old: { order: expect.any(Array) as unknown }, new: { order: expect.any(Array) as unknown } },
  },
  'POST /dcap/project/eventInstrument/saveMatrix': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/eventInstrument/saveMatrix', body: { projectId: f.projectId, cells: [{ eventId: await event(f), instrumentId: await instrument(f) }] } }),
    audit: { action: 'event.matrix.save', old: { removed: [] }, new: { added: [expect.objectContaining({ eventId: expect.any(Number) as unknown })] } },
  },
  'POST /dcap/project/design/publish': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/design/publish', body: { projectId: f.projectId, target: 'uat' } }),
    audit: { action: 'design.publish', old: { target: 'uat', version: null }, new: { target: 'uat', version: 1, changes: expect.any(Array) as unknown } },
  },
  // The spec's name for the same publishing, after it: the unchanged draft is published again as version 1.
  'POST /dcap/project/publish': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/publish', body: { projectId: f.projectId, target: 'uat' } }),
    audit: { action: 'design.publish', old: { target: 'uat', version: 1 }, new: { target: 'uat', version: 1 } },
  },

  // Libraries
  'POST /dcap/sys/standardField/save': {
    call: async (f) => ({
      method: 'POST',
      url: '/dcap/sys/standardField/save',
      body: { id: await standardField(f), domain: 'DM', fieldName: `ACF${f.counter()}`, fieldLabel: '变量', fieldLabelEn: 'Variable', fieldAnnotation: null, widget: textWidget('X', '变量') },
    }),
    audit: { action: 'std_field.update', old: { fieldAnnotation: 'note' }, new: { fieldAnnotation: '' } },
  },
  'POST /dcap/sys/standardField/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/standardField/delete', body: { id: await standardField(f) } }),
    audit: { action: 'std_field.delete', old: { fieldLabel: '变量' }, new: null },
  },
  'POST /dcap/sys/standardDomain/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/standardDomain/save', body: { domain: 'DM', description: '人口学', descriptionEn: 'Demographics (edited)' } }),
    audit: { action: 'std_domain.update', old: { descriptionEn: expect.any(String) as unknown }, new: { descriptionEn: 'Demographics (edited)' } },
  },
  'POST /dcap/sys/standardDomain/delete': {
    call: async (f) => {
      ok(await f.study.t.call('POST', '/dcap/sys/standardDomain/save', { token: f.admin.token, body: { domain: 'ACX', description: '空域', descriptionEn: 'Empty' } }));
      return { method: 'POST', url: '/dcap/sys/standardDomain/delete', body: { domain: 'ACX' } };
    },
    audit: { action: 'std_domain.delete', old: { description: '空域', descriptionEn: 'Empty' }, new: null },
  },
  'POST /dcap/sys/standardInstrument/save': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/standardInstrument/save', body: { id: await template(f), name: '模板二', nameEn: 'Template', nameAbbr: `ACT${f.counter()}`, panel: samplePanel() } }),
    audit: { action: 'std_template.update', old: { name: '模板' }, new: { name: '模板二' } },
  },
  'POST /dcap/sys/standardInstrument/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/standardInstrument/delete', body: { id: await template(f) } }),
    audit: { action: 'std_template.delete', old: { name: '模板' }, new: null },
  },
  'POST /dcap/project/dict/save': {
    call: async (f) => {
      const key = `ACPD${f.counter()}`;
      ok(await f.study.t.call('POST', '/dcap/project/dict/save', { token: f.pm.token, body: { projectId: f.projectId, key, value: '项目字典', valueEn: 'Project dict', items } }));
      return { method: 'POST', url: '/dcap/project/dict/save', body: { projectId: f.projectId, key, value: '项目字典', valueEn: null, items } };
    },
    audit: { action: 'dict.update', old: { valueEn: 'Project dict' }, new: { valueEn: '' } },
  },
  'POST /dcap/project/dict/delete': {
    call: async (f) => {
      const key = `ACPD${f.counter()}`;
      ok(await f.study.t.call('POST', '/dcap/project/dict/save', { token: f.pm.token, body: { projectId: f.projectId, key, value: '项目字典', items } }));
      return { method: 'POST', url: '/dcap/project/dict/delete', body: { projectId: f.projectId, key } };
    },
    audit: { action: 'dict.delete', old: { value: '项目字典' }, new: null },
  },
  'POST /dcap/sys/dict/save': {
    call: async (f) => {
      const dict = await sysDict(f);
      return { method: 'POST', url: '/dcap/sys/dict/save', body: { id: dict.id, key: dict.key, value: '字典二', items } };
    },
    audit: { action: 'dict.update', old: { value: '字典' }, new: { value: '字典二' } },
  },
  'POST /dcap/sys/dict/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/dict/delete', body: { id: (await sysDict(f)).id } }),
    audit: { action: 'dict.delete', old: { value: '字典' }, new: null },
  },
  'POST /dcap/sys/derivedField/save': {
    call: async (f) => ({
      method: 'POST',
      url: '/dcap/sys/derivedField/save',
      body: {
        id: await derived(f),
        group: 'CONTINUOUS_VARIABLES',
        fieldName: `ACD${f.counter()}`,
        fieldLabel: '派生二',
        fieldLabelEn: 'Derived',
        expression: '2 + 2',
        widget: { type: 'number', key: 'X', model: 'X', name: '派生', options: {} },
      },
    }),
    audit: { action: 'derived_field.update', old: { fieldLabel: '派生', expression: '1 + 1' }, new: { fieldLabel: '派生二', expression: '2 + 2' } },
  },
  'POST /dcap/sys/derivedField/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/derivedField/delete', body: { id: await derived(f) } }),
    audit: { action: 'derived_field.delete', old: { fieldLabel: '派生' }, new: null },
  },
};
