import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designTeam } from '../modules/instruments/design.fixture.js';
import { ok, openStudy, project, unit } from '../modules/roles/study.fixture.js';
import type { Fixture } from './audit-content.routes.js';
import { COVERED_ELSEWHERE, READS, ROLE_MODULE, ROLE_MODULE_TEST } from './audit-content.routes.js';
import { WRITES } from './audit-content.writes.js';

/**
 * Audit rows say what changed (COMPLIANCE AT-1, AT-6). Driven by the route inventory: every route is either a
 * write with an entry below, which calls it and names the audit row it must leave (action, old and new
 * values), a read that changes nothing, or covered by a named test elsewhere. A route added without a
 * decision here fails the first test.
 */

let f: Fixture;

beforeAll(async () => {
  const study = await openStudy();
  const team = await designTeam('AC', study);
  const admin = study.admin;
  ok(await study.t.call('GET', `/dcap/project/store/${team.projectId}`, { token: admin.token }));
  ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
  const life = await project(study, team.pm, 'AC-LIFE');
  let n = 0;
  f = {
    study,
    team,
    admin,
    pm: team.pm,
    projectId: team.projectId,
    lifeId: life.id,
    unitId: await unit(study, 'AC-UNIT', '测试医院'),
    counter: () => (n += 1),
  };
});
afterAll(() => f.study.t.close());

function inventory(): string[] {
  return f.study.t.app.routes.routes.map((route) => `${route.method} ${route.url}`);
}

describe('audit content by route inventory', () => {
  it('classifies every route: a write with its expected audit row, a read, or covered by a named test', () => {
    const routes = inventory();
    const unclassified = routes.filter((key) => !(key in WRITES) && !READS.has(key) && !(key in COVERED_ELSEWHERE) && !ROLE_MODULE.test(key));
    expect(unclassified, 'routes without an audit decision').toEqual([]);
    const known = [...Object.keys(WRITES), ...READS, ...Object.keys(COVERED_ELSEWHERE)];
    expect(known.filter((key) => !routes.includes(key)), 'entries for routes that no longer exist').toEqual([]);
    const twice = Object.keys(WRITES).filter((key) => READS.has(key) || key in COVERED_ELSEWHERE || ROLE_MODULE.test(key));
    expect(twice, 'routes classified twice').toEqual([]);
    for (const file of [...Object.values(COVERED_ELSEWHERE), ROLE_MODULE_TEST]) expect(existsSync(new URL(`../${file}`, import.meta.url)), file).toBe(true);
  });

  it('writes no row for an update that changes nothing (COMPLIANCE AT-6: only what changed)', async () => {
    const envs = ok(await f.study.t.call('POST', '/dcap/projectEnv/getEnvList', { token: f.pm.token, body: { projectId: f.projectId } })) as { id: number; key: string; name: string }[];
    const dev = envs.find((env) => env.key === 'dev');
    if (!dev) throw new Error('no development environment');
    const since = await lastAuditId();
    ok(await f.study.t.call('POST', '/dcap/projectEnv/updateEnv', { token: f.pm.token, body: { projectId: f.projectId, id: dev.id, name: dev.name } }));
    ok(await f.study.t.call('POST', '/dcap/sys/unit/update', { token: f.admin.token, body: { id: f.unitId } }));
    expect((await auditSince(since)).map((row) => row.action)).toEqual([]);
  });

  for (const [key, entry] of Object.entries(WRITES)) {
    it(`${key} records what it changed`, async () => {
      const call = await entry.call(f);
      const as = call.as ?? (call.url.startsWith('/dcap/sys/') ? f.admin : f.pm);
      const since = await lastAuditId();
      const reply = await f.study.t.call(call.method, call.url, { token: as.token, body: call.body });
      expect(reply.status, `${key}: ${reply.body.msg}`).toBe(200);
      const expected = typeof entry.audit === 'function' ? entry.audit(f) : entry.audit;
      const rows = await auditSince(since);
      const row = rows.find((r) => r.action === expected.action);
      expect(row, `${key} wrote ${rows.map((r) => r.action).join(', ') || 'no audit row'}`).toBeDefined();
      if (!row) return;
      expect(row.actor_username).toBe(as.username);
      if (expected.old === null) expect(row.old_value).toBeNull();
      else expect(row.old_value).toMatchObject(expected.old);
      if (expected.new === null) expect(row.new_value).toBeNull();
      else expect(row.new_value).toMatchObject(expected.new);
    });
  }
});

async function lastAuditId(): Promise<number> {
  const row = await f.study.t.database.db.selectFrom('audit_log').select((eb) => eb.fn.max<number | null>('id').as('id')).executeTakeFirstOrThrow();
  return row.id ?? 0;
}

async function auditSince(id: number) {
  return f.study.t.database.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
}
