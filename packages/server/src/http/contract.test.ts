import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/harness.js';
import { ADMIN, createTestContext } from '../test/harness.js';
import { countUsers } from '../modules/users/repo.js';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext({ BODY_LIMIT_BYTES: '4096' });
  token = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

const validUser = { username: 'newuser', name: 'New User' };

describe('response envelope (ARCHITECTURE §4)', () => {
  it('wraps success as code 0 with a message in the request language', async () => {
    const zh = await t.call('GET', '/dcap/health');
    expect(zh.status).toBe(200);
    expect(zh.body).toMatchObject({ code: 0, msg: '操作成功', data: { status: 'ok', database: 'ok' } });
    const en = await t.call('GET', '/dcap/health', { lang: 'en-US,en;q=0.9' });
    expect(en.body.msg).toBe('Operation success');
  });

  it('defaults to zh-CN and answers failures with code equal to the HTTP status', async () => {
    const reply = await t.call('GET', '/dcap/sys/init');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ code: 401, msg: '请重新登录', data: null, errorCode: 'auth.required' });
  });

  it('carries the session’s project and environment for the switched-in-another-window check', async () => {
    const reply = await t.call('GET', '/dcap/sys/init', { token });
    expect(reply.body).toHaveProperty('consistencyProjectId', null);
    expect(reply.body).toHaveProperty('consistencyProjectCurrEnv', null);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const reply = await t.call('GET', '/dcap/no/such/call', { lang: 'en-US' });
    expect(reply.status).toBe(404);
    expect(reply.body.msg).toBe('No such endpoint: GET /dcap/no/such/call');
  });
});

describe('bad input gets a 400-class envelope and changes nothing', () => {
  async function expectNoNewUser(run: () => Promise<{ status: number; body: { code: number; msg: string } }>, status: number, msg: RegExp) {
    const before = await countUsers(t.database.db);
    const reply = await run();
    expect(reply.status).toBe(status);
    expect(reply.body.code).toBe(status);
    expect(reply.body.msg).toMatch(msg);
    expect(await countUsers(t.database.db)).toBe(before);
  }

  it('refuses malformed JSON', () =>
    expectNoNewUser(
      async () => {
        const r = await t.request({ method: 'POST', url: '/dcap/sys/user/save', headers: { token, 'content-type': 'application/json', 'accept-language': 'en-US' }, payload: '{"username": "x",' });
        return { status: r.statusCode, body: r.json() };
      },
      400,
      /not valid JSON/,
    ));

  it('refuses a wrong content type', () =>
    expectNoNewUser(
      async () => {
        const r = await t.request({ method: 'POST', url: '/dcap/sys/user/save', headers: { token, 'content-type': 'text/plain' }, payload: 'username=x' });
        return { status: r.statusCode, body: r.json() };
      },
      415,
      /不支持的内容类型 text\/plain/,
    ));

  it('refuses a form body where only JSON is accepted', () =>
    expectNoNewUser(
      async () => {
        const r = await t.request({ method: 'POST', url: '/dcap/sys/user/save', headers: { token, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' }, payload: 'username=formuser&name=Form' });
        return { status: r.statusCode, body: r.json() };
      },
      415,
      /Unsupported content type application\/x-www-form-urlencoded/,
    ));

  it('refuses an oversize body', () =>
    expectNoNewUser(
      async () => {
        const r = await t.request({ method: 'POST', url: '/dcap/sys/user/save', headers: { token, 'accept-language': 'en-US' }, payload: { ...validUser, department: 'x'.repeat(10_000) } });
        return { status: r.statusCode, body: r.json() };
      },
      413,
      /too large \(limit 4 KiB\)/,
    ));

  it('refuses unknown fields, naming them', async () => {
    const reply = await t.call('POST', '/dcap/sys/user/save', { token, lang: 'en-US', body: { ...validUser, status: 'active', isRoot: true } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([{ path: 'status', message: 'Unknown field status' }, { path: 'isRoot', message: 'Unknown field isRoot' }]),
    );
    expect(await countUsers(t.database.db)).toBe(1);
  });

  it('refuses wrong types with a message per field in the caller’s language', async () => {
    const reply = await t.call('POST', '/dcap/sys/user/save', { token, body: { username: 42, name: 'x', admin: 'yes' } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'username 应为文本' },
        { path: 'admin', message: 'admin 应为布尔值' },
      ]),
    );
    expect(reply.body.msg).toContain('请求参数有误');
    expect(await countUsers(t.database.db)).toBe(1);
  });

  it('refuses a missing body', async () => {
    const reply = await t.call('POST', '/dcap/sys/user/save', { token, lang: 'en-US' });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(/body is required|is required/);
  });

  it('refuses a non-numeric id in the path', async () => {
    const reply = await t.call('GET', '/dcap/sys/user/info/abc', { token, lang: 'en-US' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.[0]?.path).toBe('id');
  });
});

describe('OpenAPI and security headers', () => {
  it('documents every registered route from the same schemas', async () => {
    const response = await t.request({ method: 'GET', url: '/dcap/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; additionalProperties?: boolean } }> } }>> }>();
    expect(doc.openapi).toBe('3.0.3');
    for (const route of t.app.routes.routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const save = doc.paths['/dcap/sys/user/save']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(save?.properties ?? {})).toEqual(expect.arrayContaining(['username', 'name', 'email', 'admin']));
    expect(save?.additionalProperties).toBe(false);
    expect(Object.keys(doc.paths['/dcap/login']?.post?.requestBody?.content ?? {})).toContain('application/x-www-form-urlencoded');
  });

  it('sends security headers on API and page responses, and a content security policy on pages', async () => {
    for (const url of ['/dcap/health', '/dcap/nothing-here', '/project/DataDisplay']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    const page = await t.request({ method: 'GET', url: '/project/DataDisplay' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves the single-page app on non-API paths, but a missing asset is a 404', async () => {
    const response = await t.request({ method: 'GET', url: '/sys/user' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect((await t.request({ method: 'GET', url: '/assets/index-old.js' })).statusCode).toBe(404);
  });
});
