import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildApp } from '../../app.js';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import { SessionCache } from './session-cache.js';

let t: TestContext;
let second: App;

/** Waits for an asynchronous announcement to take effect: bounded, and fails when it never does. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function statusOn(app: App, token: string): Promise<number> {
  return (await app.fastify.inject({ method: 'GET', url: '/dcap/sys/init', headers: { token } })).statusCode;
}

beforeAll(async () => {
  t = await createTestContext();
  // A second server instance on the same database, as behind a load balancer.
  second = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false });
});
afterAll(async () => {
  await second.fastify.close();
  await t.close();
});

describe('session cache across instances (ARCHITECTURE §1: stateless instances; COMPLIANCE AC-5)', () => {
  it('ends a session on every instance at once when an administrator locks its user elsewhere', async () => {
    const admin = await t.signIn(ADMIN.username, ADMIN.password);
    const created = await t.call('POST', '/dcap/sys/user/save', { token: admin, body: { username: 'roaming', name: 'Roaming', password: 'Roaming123' } });
    const id = (created.body.data as { user: { id: number } }).user.id;
    await t.database.db.updateTable('users').set({ must_change_password: false }).where('id', '=', id).execute();
    const token = await t.signIn('roaming', 'Roaming123');
    expect(second.deps.sessions.isLive).toBe(true);
    expect(await statusOn(second, token)).toBe(200);
    expect(await statusOn(second, token)).toBe(200);

    await t.call('POST', `/dcap/sys/user/lock/${id}`, { token: admin });
    expect(await statusOn(t.app, token)).toBe(401);
    expect(await eventually(async () => (await statusOn(second, token)) === 401)).toBe(true);
  });

  it('ends a session everywhere at logout, and follows a project switch made through another instance', async () => {
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    expect(await statusOn(second, token)).toBe(200);
    const project = await t.call('POST', '/dcap/project/apply', { token, body: { code: 'ROAM-1', name: 'Roam' } });
    const projectId = (project.body.data as { id: number }).id;
    await t.call('GET', `/dcap/project/store/${projectId}`, { token });
    expect(
      await eventually(async () => {
        const reply = await second.fastify.inject({ method: 'GET', url: '/dcap/sys/init', headers: { token } });
        return reply.json<{ consistencyProjectId: number | null }>().consistencyProjectId === projectId;
      }),
    ).toBe(true);
    await t.call('GET', '/dcap/logout', { token });
    expect(await eventually(async () => (await statusOn(second, token)) === 401)).toBe(true);
  });
});

describe('SessionCache', () => {
  const session = { id: 7, last_seen_at: new Date(), expires_at: new Date(), current_project_id: null, current_role_id: null, current_env: null, user: { id: 3 } } as never;

  it('remembers nothing while its subscription is down, and forgets by session, user or announcement', () => {
    const cache = new SessionCache();
    const now = new Date();
    cache.set('a', session, now, cache.ticket());
    expect(cache.get('a', now)).toBeUndefined();
    cache.setLive(true);
    cache.set('a', session, now, cache.ticket());
    expect(cache.get('a', now)).toBeDefined();
    cache.apply('user:3');
    expect(cache.get('a', now)).toBeUndefined();
    cache.set('a', session, now, cache.ticket());
    cache.apply('session:7');
    expect(cache.get('a', now)).toBeUndefined();
    cache.set('a', session, now, cache.ticket());
    expect(cache.get('a', new Date(now.getTime() + 31_000))).toBeUndefined();
    cache.set('a', session, now, cache.ticket());
    cache.setLive(false);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('leaves out a session read before an eviction: the read may predate the change that caused it', () => {
    const cache = new SessionCache();
    const now = new Date();
    cache.setLive(true);
    const ticket = cache.ticket();
    // Another request moves session 7 to a project and evicts it while this read is in flight.
    cache.forgetSession(7);
    cache.set('a', session, now, ticket);
    expect(cache.get('a', now)).toBeUndefined();
    cache.set('a', session, now, cache.ticket());
    expect(cache.get('a', now)).toBeDefined();
  });

  it('holds the system roles\' permissions until they are announced changed, the cache is cleared or goes down', () => {
    const cache = new SessionCache();
    const now = new Date();
    const rights = { systemAdmin: [], projectAdmin: ['project.create' as const] };
    cache.setLive(true);
    cache.set('a', session, now, cache.ticket());
    cache.setSysRoleRights(rights, now, cache.ticket());
    expect(cache.getSysRoleRights(now)).toBe(rights);
    // The announcement of a save forgets the permissions, not the sessions.
    cache.apply('rights');
    expect(cache.getSysRoleRights(now)).toBeUndefined();
    expect(cache.get('a', now)).toBeDefined();
    const ticket = cache.ticket();
    cache.forgetSysRoleRights();
    cache.setSysRoleRights(rights, now, ticket);
    expect(cache.getSysRoleRights(now)).toBeUndefined();
    cache.setSysRoleRights(rights, now, cache.ticket());
    cache.clear();
    expect(cache.getSysRoleRights(now)).toBeUndefined();
    cache.setSysRoleRights(rights, now, cache.ticket());
    expect(cache.getSysRoleRights(new Date(now.getTime() + 31_000))).toBeUndefined();
    cache.setSysRoleRights(rights, now, cache.ticket());
    cache.setLive(false);
    expect(cache.getSysRoleRights(now)).toBeUndefined();
  });
});
