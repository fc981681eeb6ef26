import type { Persona } from '../../modules/roles/study.fixture.js';
import { grant, ok, role } from '../../modules/roles/study.fixture.js';
import { expect } from 'vitest';
import type { Fixture } from '../audit-content.routes.js';
import type { Write } from './write.js';

/** Session switches of project, role and environment. */
export const SESSION_WRITES: Record<string, Write> = {
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

};

/** Puts a persona's session in the design project's development environment. */
async function enterDesign(f: Fixture, who: Persona): Promise<void> {
  ok(await f.study.t.call('GET', `/dcap/project/store/${f.projectId}`, { token: who.token }));
  ok(await f.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: who.token }));
}
