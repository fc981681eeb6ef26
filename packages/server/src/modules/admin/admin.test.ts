import type { ApiKey, ApiKeyCreated, CacheInfo, OnlineUsersPage, SysLogPage } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/harness.js';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, project, refused } from '../roles/study.fixture.js';

/**
 * Platform administration (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache): who is signed in and
 * force sign-out, the operation log with its filters and export, the session cache's view and clear; each
 * write audited, and refused to anyone but platform administrators.
 */
let study: Study;
let alice: Persona;
let bob: Persona;
let projectId: number;

beforeAll(async () => {
  study = await openStudy();
  alice = await person(study, 'adm.alice');
  bob = await person(study, 'adm.bob');
  projectId = (await project(study, study.admin, 'ADMLOG')).id;
  // A refused sign-in for the operation log's result filter.
  await study.t.call('POST', '/dcap/login', { body: { username: 'adm.bob', password: 'Wrong0ne!x' } });
});
afterAll(() => study.t.close());

const admin = () => study.admin.token;
const online = async (query = '') => ok(await study.t.call('GET', `/dcap/sys/onlineUser/list?${query}`, { token: admin() })) as OnlineUsersPage;
const sysLog = async (query: string) => ok(await study.t.call('GET', `/dcap/sys/sysLog/list?${query}`, { token: admin() })) as SysLogPage;
const auditRows = (action: string) =>
  study.t.deps.db.selectFrom('audit_log').select(['actor_username', 'entity_type', 'entity_id', 'old_value', 'new_value']).where('action', '=', action).orderBy('id').execute();

describe('online users', () => {
  it('lists open sessions with their users, most recently active first, and finds them by keyword', async () => {
    const page = await online();
    const names = page.list.map((s) => s.username);
    expect(names).toEqual(expect.arrayContaining([study.admin.username, 'adm.alice', 'adm.bob']));
    expect(page.total).toBe(page.list.length);
    const own = page.list.find((s) => s.own);
    expect(own?.username).toBe(study.admin.username);
    const found = await online('keyword=ADM.AL');
    expect(found.list.map((s) => s.username)).toEqual(['adm.alice']);
    expect(found.list[0]).toMatchObject({ name: 'Name of adm.alice', own: false, projectId: null });
    expect((await online('keyword=%25')).list).toEqual([]);
  });

  it('leaves out sessions idle past the limit', async () => {
    const carol = await person(study, 'adm.carol');
    expect((await online('keyword=adm.carol')).total).toBe(1);
    await study.t.deps.db.updateTable('sessions').set({ last_seen_at: new Date(study.t.clock.now().getTime() - study.t.config.session.idleMs - 1000) }).where('user_id', '=', carol.id).execute();
    expect((await online('keyword=adm.carol')).total).toBe(0);
  });

  it('signs another user out at once, audited, and their next call must sign in again', async () => {
    // Bob's session is remembered by the cache before it is ended.
    ok(await study.t.call('GET', '/dcap/sys/init', { token: bob.token }));
    const session = (await online('keyword=adm.bob')).list[0];
    expect(session).toBeDefined();
    const reply = await study.t.call('POST', `/dcap/sys/onlineUser/signOut/${String(session?.sessionId)}`, { token: admin(), lang: 'en-US' });
    expect(ok(reply)).toBeNull();
    expect(reply.body.msg).toBe('The user has been signed out');
    refused(await study.t.call('GET', '/dcap/sys/init', { token: bob.token }), 401, 'auth.required');
    expect((await online('keyword=adm.bob')).total).toBe(0);
    const ended = await study.t.deps.db.selectFrom('sessions').select(['ended_at', 'end_reason']).where('id', '=', session?.sessionId ?? 0).executeTakeFirstOrThrow();
    expect(ended.end_reason).toBe('revoked');
    expect(ended.ended_at).not.toBeNull();
    const rows = await auditRows('session.force_sign_out');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_username: study.admin.username, entity_type: 'session', entity_id: String(session?.sessionId), old_value: { userId: bob.id, username: 'adm.bob' }, new_value: { endReason: 'revoked' } });
    // Ending it again finds no open session; nothing more is written.
    refused(await study.t.call('POST', `/dcap/sys/onlineUser/signOut/${String(session?.sessionId)}`, { token: admin() }), 404, 'session.not_found');
    expect(await auditRows('session.force_sign_out')).toHaveLength(1);
  });

  it('refuses to sign out the caller’s own session, in the caller’s language', async () => {
    const own = (await online()).list.find((s) => s.own);
    const reply = await study.t.call('POST', `/dcap/sys/onlineUser/signOut/${String(own?.sessionId)}`, { token: admin(), lang: 'zh-CN' });
    refused(reply, 409, 'session.own_sign_out');
    expect(reply.body.msg).toContain('不能强制退出自己的会话');
    ok(await study.t.call('GET', '/dcap/sys/init', { token: admin() }));
  });

  it('is for platform administrators only', async () => {
    refused(await study.t.call('GET', '/dcap/sys/onlineUser/list', { token: alice.token }), 403, 'permission.platform_admin_required');
    const own = (await online('keyword=adm.alice')).list[0];
    refused(await study.t.call('POST', `/dcap/sys/onlineUser/signOut/${String(own?.sessionId)}`, { token: alice.token }), 403, 'permission.platform_admin_required');
  });
});

describe('operation log', () => {
  it('lists audit rows newest first with user, action, project, result and time filters', async () => {
    const all = await sysLog('pageSize=200');
    const ids = all.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.total).toBeGreaterThan(5);
    const logins = await sysLog('action=auth.login');
    expect(logins.list.length).toBeGreaterThanOrEqual(3);
    expect(logins.list.every((e) => e.action === 'auth.login' && e.result === 'success')).toBe(true);
    const failures = await sysLog('result=failure');
    expect(failures.list.map((e) => e.action)).toEqual(['auth.login_failed']);
    expect(failures.list[0]).toMatchObject({ actorUsername: 'adm.bob', result: 'failure', newValue: { reason: 'wrong_password' } });
    const family = await sysLog('action=auth.*&user=adm.bob&pageSize=200');
    expect(new Set(family.list.map((e) => e.action))).toEqual(new Set(['auth.login', 'auth.login_failed']));
    const inProject = await sysLog(`projectId=${String(projectId)}`);
    expect(inProject.total).toBeGreaterThan(0);
    expect(inProject.list.every((e) => e.projectId === projectId && e.projectName === 'Study ADMLOG')).toBe(true);
    // A project's values stay in its own alteration log.
    expect(inProject.list.every((e) => e.oldValue === null && e.newValue === null)).toBe(true);
    const future = encodeURIComponent('2999-01-01T00:00:00+08:00');
    expect((await sysLog(`from=${future}`)).total).toBe(0);
    expect((await sysLog(`to=${future}`)).total).toBe(all.total);
    const page = await sysLog('pageNo=2&pageSize=2');
    expect(page.list.map((e) => e.id)).toEqual(ids.slice(2, 4));
    refused(await study.t.call('GET', '/dcap/sys/sysLog/list?result=maybe', { token: admin() }), 400, 'request.invalid');
    refused(await study.t.call('GET', '/dcap/sys/sysLog/list', { token: alice.token }), 403, 'permission.platform_admin_required');
  });

  it('exports the rows under the filters as CSV in the caller’s language and zone, and audits the export', async () => {
    const response = await study.t.request({
      method: 'GET',
      url: '/dcap/sys/sysLog/export?format=csv&result=failure&timeZone=Asia/Shanghai',
      headers: { token: admin(), 'accept-language': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('序号,时间,登录名,姓名,角色,操作,结果,对象,项目,环境,IP,原值,新值,原因');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('auth.login_failed');
    expect(lines[1]).toContain('失败');
    expect(lines[1]).toMatch(/\+08:00/);
    const xlsx = await study.t.request({ method: 'GET', url: '/dcap/sys/sysLog/export', headers: { token: admin() } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const rows = await auditRows('audit.export');
    expect(rows.map((r) => r.new_value)).toEqual([{ rows: 1, filters: { result: 'failure' } }, expect.objectContaining({ filters: {} })]);
    refused(await study.t.call('GET', '/dcap/sys/sysLog/export?timeZone=Mars/Base', { token: admin() }), 400, 'request.invalid');
    refused(await study.t.call('GET', '/dcap/sys/sysLog/export', { token: alice.token }), 403, 'permission.platform_admin_required');
    expect(await auditRows('audit.export')).toHaveLength(2);
  });
});

describe('caches', () => {
  it('counts the remembered sessions and clears them, audited; every session still works after', async () => {
    ok(await study.t.call('GET', '/dcap/sys/init', { token: alice.token }));
    const before = ok(await study.t.call('GET', '/dcap/sys/cache/list', { token: admin() })) as CacheInfo[];
    expect(before).toEqual([expect.objectContaining({ name: 'sessions', live: true, ttlSeconds: 30 })]);
    expect(before[0]?.entries).toBeGreaterThanOrEqual(2);
    const reply = await study.t.call('POST', '/dcap/sys/cache/clear', { token: admin(), body: { name: 'sessions' }, lang: 'en-US' });
    const after = ok(reply) as CacheInfo[];
    expect(reply.body.msg).toBe('Cache cleared');
    expect(after[0]?.entries).toBe(0);
    const rows = await auditRows('cache.clear');
    expect(rows).toEqual([expect.objectContaining({ actor_username: study.admin.username, entity_type: 'cache', entity_id: 'sessions', old_value: { entries: before[0]?.entries } })]);
    ok(await study.t.call('GET', '/dcap/sys/init', { token: alice.token }));
    refused(await study.t.call('POST', '/dcap/sys/cache/clear', { token: admin(), body: { name: 'pages' } }), 400, 'request.invalid');
    refused(await study.t.call('POST', '/dcap/sys/cache/clear', { token: alice.token, body: { name: 'sessions' } }), 403, 'permission.platform_admin_required');
    refused(await study.t.call('GET', '/dcap/sys/cache/list', { token: alice.token }), 403, 'permission.platform_admin_required');
    expect(await auditRows('cache.clear')).toHaveLength(1);
  });
});

describe('internal interfaces (API keys)', () => {
  const DAY = 86_400_000;
  const inDays = (days: number) => new Date(study.t.clock.now().getTime() + days * DAY).toISOString();
  const create = async (body: unknown) => ok(await study.t.call('POST', '/dcap/sys/internalinterface/save', { token: admin(), body })) as ApiKeyCreated;
  const withKey = async (url: string, key: string, lang = 'en-US') => {
    const response = await study.t.request({ method: 'GET', url, headers: { 'x-api-key': key, 'accept-language': lang } });
    return { status: response.statusCode, body: response.json<{ data: unknown; errorCode?: string; msg: string }>() };
  };

  it('creates a key shown once and stored hashed, audited without its secret', async () => {
    const created = await create({ name: 'SIEM', scopes: ['sysLog.read'], expiresAt: inDays(30) });
    expect(created.secret).toMatch(/^dcapk_[\w-]{43}$/);
    expect(created.key).toMatchObject({ name: 'SIEM', scopes: ['sysLog.read'], state: 'active', revokedAt: null, lastUsedAt: null, createdBy: study.admin.username, prefix: created.secret.slice(0, 12) });
    const stored = await study.t.deps.db.selectFrom('api_keys').selectAll().where('id', '=', created.key.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(created.secret.slice(6));
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = ok(await study.t.call('GET', '/dcap/sys/internalinterface/list', { token: admin() })) as ApiKey[];
    expect(listed.map((k) => k.id)).toContain(created.key.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const rows = await study.t.deps.db.selectFrom('audit_log').select(['action', 'new_value']).where('entity_type', '=', 'api_key').where('entity_id', '=', String(created.key.id)).execute();
    expect(rows.map((r) => r.action)).toEqual(['api_key.create']);
    expect(rows[0]?.new_value).toMatchObject({ name: 'SIEM', scopes: ['sysLog.read'] });
    expect(JSON.stringify(rows)).not.toContain(stored.secret_hash);
  });

  it('lets a key reach only the read calls of its scopes, as the integration', async () => {
    const { secret, key } = await create({ name: 'Directory sync', scopes: ['users.read', 'units.read'], expiresAt: inDays(10) });
    const users = await withKey('/dcap/sys/user/list?keyword=adm.alice', secret);
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body.data)).toContain('adm.alice');
    expect((await withKey('/dcap/sys/unit/list', secret)).status).toBe(200);
    // Out of scope: the operation log, another platform read, a project call.
    for (const url of ['/dcap/sys/sysLog/list', '/dcap/sys/onlineUser/list', '/dcap/sys/init', '/dcap/project/list']) {
      const reply = await withKey(url, secret);
      expect(reply.status, url).toBe(403);
      expect(reply.body.errorCode).toBe('apikey.scope_forbidden');
    }
    // A write is refused whatever the key holds, and changes nothing.
    const write = await study.t.request({ method: 'POST', url: '/dcap/sys/unit/save', headers: { 'x-api-key': secret }, payload: { code: 'KEYU', name: 'Key unit' } });
    expect(write.statusCode).toBe(403);
    expect(await study.t.deps.db.selectFrom('units').select('id').where('code', '=', 'KEYU').execute()).toEqual([]);
    const used = (ok(await study.t.call('GET', '/dcap/sys/internalinterface/list', { token: admin() })) as ApiKey[]).find((k) => k.id === key.id);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('refuses an unknown, expired or revoked key, in the caller’s language', async () => {
    const unknown = await withKey('/dcap/sys/sysLog/list', 'dcapk_nothing', 'zh-CN');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ errorCode: 'apikey.invalid', msg: 'API 密钥无效、已过期或已撤销' });

    const short = await create({ name: 'Short', scopes: ['sysLog.read'], expiresAt: inDays(1) });
    expect((await withKey('/dcap/sys/sysLog/list', short.secret)).status).toBe(200);
    study.t.clock.advance(2 * DAY);
    expect((await withKey('/dcap/sys/sysLog/list', short.secret)).body.errorCode).toBe('apikey.invalid');
    // Every session is idle now: the people sign in again for the rest.
    study.admin.token = await study.t.signIn(ADMIN.username, ADMIN.password);
    alice.token = await study.t.signIn(alice.username, 'Passw0rd!x');
    const expired = (ok(await study.t.call('GET', '/dcap/sys/internalinterface/list', { token: admin() })) as ApiKey[]).find((k) => k.id === short.key.id);
    expect(expired?.state).toBe('expired');

    const revokable = await create({ name: 'Revoked', scopes: ['sysLog.read'], expiresAt: inDays(5) });
    expect((await withKey('/dcap/sys/sysLog/list', revokable.secret)).status).toBe(200);
    const reply = await study.t.call('POST', `/dcap/sys/internalinterface/revoke/${String(revokable.key.id)}`, { token: admin(), lang: 'en-US' });
    expect(ok(reply)).toMatchObject({ state: 'revoked' });
    expect(reply.body.msg).toBe('API key revoked');
    expect((await withKey('/dcap/sys/sysLog/list', revokable.secret)).body.errorCode).toBe('apikey.invalid');
    refused(await study.t.call('POST', `/dcap/sys/internalinterface/revoke/${String(revokable.key.id)}`, { token: admin() }), 409, 'apikey.already_revoked');
    refused(await study.t.call('POST', '/dcap/sys/internalinterface/revoke/999999', { token: admin() }), 404, 'apikey.not_found');
    const audit = await study.t.deps.db.selectFrom('audit_log').select(['action', 'old_value', 'new_value']).where('entity_type', '=', 'api_key').where('entity_id', '=', String(revokable.key.id)).orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['api_key.create', 'api_key.update']);
    expect((audit[1]?.new_value as { revokedAt: string | null } | undefined)?.revokedAt).toMatch(/^\d{4}-/);
  });

  it('refuses a bad expiry or scope, and anyone but platform administrators', async () => {
    const count = async () => (await study.t.deps.db.selectFrom('api_keys').select('id').execute()).length;
    const before = await count();
    const past = await study.t.call('POST', '/dcap/sys/internalinterface/save', { token: admin(), body: { name: 'Old', scopes: ['sysLog.read'], expiresAt: inDays(-1) }, lang: 'en-US' });
    refused(past, 422, 'apikey.expiry_invalid');
    expect(past.body.msg).toContain('730 days');
    refused(await study.t.call('POST', '/dcap/sys/internalinterface/save', { token: admin(), body: { name: 'Far', scopes: ['sysLog.read'], expiresAt: inDays(800) } }), 422, 'apikey.expiry_invalid');
    refused(await study.t.call('POST', '/dcap/sys/internalinterface/save', { token: admin(), body: { name: 'Writer', scopes: ['users.write'], expiresAt: inDays(3) } }), 400, 'request.invalid');
    refused(await study.t.call('POST', '/dcap/sys/internalinterface/save', { token: admin(), body: { name: 'None', scopes: [], expiresAt: inDays(3) } }), 400, 'request.invalid');
    refused(await study.t.call('POST', '/dcap/sys/internalinterface/save', { token: alice.token, body: { name: 'Mine', scopes: ['sysLog.read'], expiresAt: inDays(3) } }), 403, 'permission.platform_admin_required');
    refused(await study.t.call('GET', '/dcap/sys/internalinterface/list', { token: alice.token }), 403, 'permission.platform_admin_required');
    expect(await count()).toBe(before);
  });
});
