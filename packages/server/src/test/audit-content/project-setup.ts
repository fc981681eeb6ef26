import { ok, site, unit } from '../../modules/roles/study.fixture.js';
import { expect } from 'vitest';
import type { Fixture } from '../audit-content.routes.js';
import { lifeAt } from './lifecycle.js';
import type { Write } from './write.js';

/** The project calls of spec 000 §7.4, the project's environments and its sites. */
export const PROJECT_SETUP_WRITES: Record<string, Write> = {
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
  'POST /dcap/analytics/siteTarget': {
    call: async (f) => {
      const unitId = await unit(f.study, `AC-U${f.counter()}`, '华山医院', 'Huashan');
      const created = await site(f.study, f.pm, f.projectId, `S${f.counter()}`, unitId);
      return { method: 'POST', url: '/dcap/analytics/siteTarget', body: { siteId: created.id, target: 25 } };
    },
    audit: { action: 'site.update', old: { enrolmentTarget: null }, new: { enrolmentTarget: 25 } },
  },
  // The project's own alert thresholds; the query threshold stays the default, so only one field changes.
  'POST /dcap/analytics/alertThresholds': {
    call: () => ({ method: 'POST', url: '/dcap/analytics/alertThresholds', body: { siteIdleDays: 21, queryDays: null } }),
    audit: { action: 'project.update', old: { alertSiteIdleDays: null }, new: { alertSiteIdleDays: 21 } },
  },

};

async function envId(f: Fixture, key: string): Promise<number> {
  const envs = ok(await f.study.t.call('POST', '/dcap/projectEnv/getEnvList', { token: f.pm.token, body: { projectId: f.projectId } })) as { id: number; key: string }[];
  const env = envs.find((e) => e.key === key);
  if (!env) throw new Error(`no environment ${key}`);
  return env.id;
}
