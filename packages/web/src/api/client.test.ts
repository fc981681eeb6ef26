import { describe, expect, it, vi } from 'vitest';
import { userSchema } from '@dcap/core';
import type { Locale } from '@dcap/core';
import { fail, fakeServer, file, ok } from '../test/fakeServer';
import { createApiClient, filenameOf } from './client';
import type { ApiClientDeps } from './client';
import { ApiError } from './errors';
import type { Notice, NoticeKind } from './notifier';

interface SetupOptions {
  token?: string | null;
  locale?: Locale;
  /** Replaces the fake server, for failures that happen before any answer. */
  fetch?: typeof fetch;
}

function setup(routes: Parameters<typeof fakeServer>[0], options: SetupOptions = {}) {
  const server = fakeServer(routes);
  const notices: { kind: NoticeKind; notice: Notice }[] = [];
  let token = options.token === undefined ? 'token-1' : options.token;
  const deps: ApiClientDeps = {
    fetch: options.fetch ?? server.fetch,
    notifier: { notify: (kind, notice) => notices.push({ kind, notice }) },
    getToken: () => token,
    getLocale: () => options.locale ?? 'zh-CN',
    translate: (key) => `t:${key}`,
    onSessionExpired: vi.fn(() => {
      token = null;
    }),
    onForbidden: vi.fn(),
  };
  const client = createApiClient(deps);
  return {
    client,
    server,
    notices,
    deps,
    setToken: (value: string | null) => {
      token = value;
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client: requests', () => {
  it('calls under /dcap with the Token and Accept-Language headers and returns the data', async () => {
    const { client, server } = setup({ 'GET /sys/user/list': () => ok({ list: [], total: 0 }) }, { locale: 'en-US' });
    const data = await client.request('/sys/user/list', { query: { keyword: 'li', status: undefined, pageNo: 2 } });
    expect(data).toEqual({ list: [], total: 0 });
    const [request] = server.requests;
    expect(request?.path).toBe('/sys/user/list');
    expect(request?.search.toString()).toBe('keyword=li&pageNo=2');
    expect(request?.headers.get('Token')).toBe('token-1');
    expect(request?.headers.get('Accept-Language')).toBe('en-US');
  });

  it('sends no Token header without a session', async () => {
    const { client, server } = setup({ 'GET /sys/init': () => ok(null) }, { token: null });
    await client.request('/sys/init');
    expect(server.requests[0]?.headers.has('Token')).toBe(false);
  });

  it('sends form bodies url-encoded and JSON bodies as JSON', async () => {
    const { client, server } = setup({
      'POST /login': () => ok({ token: 't' }),
      'POST /sys/user/validateUser': () => ok({ available: true }),
    });
    await client.request('/login', { method: 'POST', form: { username: 'li na', password: 'p&ss' } });
    await client.request('/sys/user/validateUser', { method: 'POST', json: { username: 'li' } });
    expect(server.requests[0]?.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(server.requests[0]?.body).toBe('username=li+na&password=p%26ss');
    expect(server.requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(server.requests[1]?.body).toBe('{"username":"li"}');
  });
});

describe('api client: notices of spec 000 §8.1', () => {
  it('shows a five-second success notice only for calls that ask for one', async () => {
    const { client, notices } = setup({ 'POST /sys/user/lock/3': () => ok({}) });
    await client.request('/sys/user/lock/3', { method: 'POST' });
    expect(notices).toEqual([]);
    await client.request('/sys/user/lock/3', { method: 'POST', notify: true });
    expect(notices).toEqual([{ kind: 'success', notice: { title: 't:notify.success', duration: 5 } }]);
    await client.request('/sys/user/lock/3', { method: 'POST', notify: true, successMessage: 'Locked' });
    expect(notices[1]?.notice.title).toBe('Locked');
  });

  it('on 401 tells the user to sign in again and ends the session that was refused', async () => {
    const { client, notices, deps } = setup({ 'GET /sys/init': () => fail(401, '请重新登录') });
    const error = await rejection(client.request('/sys/init'));
    expect(error.code).toBe(401);
    expect(error.msg).toBe('请重新登录');
    expect(notices).toEqual([
      { kind: 'error', notice: { key: 'session', title: 't:notify.loginAgainTitle', description: '请重新登录' } },
    ]);
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('on 401 without a token does not end any session', async () => {
    const { client, deps } = setup({ 'GET /sys/init': () => fail(401, 'Please login again') }, { token: null });
    await rejection(client.request('/sys/init'));
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('on a late 401 for an old token keeps the newer session', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, deps, setToken } = setup({
      'GET /sys/init': async () => {
        await gate;
        return fail(401, 'Please login again');
      },
    });
    const pending = rejection(client.request('/sys/init'));
    setToken('token-2');
    release();
    await pending;
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('on 403 shows access denied with the server message and goes to the dashboard', async () => {
    const { client, notices, deps } = setup({ 'GET /sys/user/list': () => fail(403, 'Only platform administrators may do this') });
    const error = await rejection(client.request('/sys/user/list'));
    expect(error.code).toBe(403);
    expect(notices).toEqual([
      {
        kind: 'error',
        notice: { key: 'forbidden', title: 't:notify.forbiddenTitle', description: 'Only platform administrators may do this' },
      },
    ]);
    expect(deps.onForbidden).toHaveBeenCalledTimes(1);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('keeps the envelope data of a failure, where a refused panel save lists its problems', async () => {
    const issues = [{ widgetKey: 'BMI', path: 'list.0.options.expression', code: 'formula.unknown_field', message: 'm', messageEn: 'm' }];
    const { client } = setup({ 'POST /project/field/saveAllCfg': () => fail(422, 'The panel has 1 problem', { data: { issues } }) });
    const error = await rejection(client.request('/project/field/saveAllCfg', { method: 'POST', json: {} }));
    expect(error).toMatchObject({ code: 422, data: { issues } });
  });

  it('on other codes shows a System Warning that stays, with <br/> as new lines, and rejects with field errors', async () => {
    const errors = [{ path: 'email', message: 'email is not a valid e-mail address' }];
    const { client, notices } = setup({
      'POST /sys/user/save': () => fail(400, 'Invalid request:<br/>email<br />name', { errors, errorCode: 'request.invalid' }),
    });
    const error = await rejection(client.request('/sys/user/save', { method: 'POST', json: {} }));
    expect(error).toMatchObject({ code: 400, errorCode: 'request.invalid', errors });
    expect(notices).toEqual([
      { kind: 'error', notice: { title: 't:notify.systemWarning', description: 'Invalid request:\nemail\nname', duration: 0 } },
    ]);
  });

  it('in silent mode shows nothing and stays on the page, but still rejects', async () => {
    const { client, notices, deps } = setup(
      { 'POST /login': () => fail(403, 'The account is locked') },
      { token: null },
    );
    const error = await rejection(client.request('/login', { method: 'POST', form: {}, silent: true }));
    expect(error.msg).toBe('The account is locked');
    expect(notices).toEqual([]);
    expect(deps.onForbidden).not.toHaveBeenCalled();
  });
});

describe('api client: failures before an envelope', () => {
  it('rejects a call that outlives its timeout with a timeout error', async () => {
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const { client, notices } = setup({}, { fetch: hanging });
    const error = await rejection(client.request('/sys/user/validateUser', { timeoutMs: 10 }));
    expect(error).toMatchObject({ code: 408, errorCode: 'client.timeout', msg: 't:request.timeout' });
    expect(notices[0]).toMatchObject({ kind: 'error', notice: { title: 't:notify.systemWarning', duration: 0 } });
  });

  it('passes a caller cancellation through without a notice', async () => {
    const controller = new AbortController();
    const cancelled = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const { client, notices } = setup({}, { fetch: cancelled });
    const pending = client.request('/sys/user/list', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toEqual([]);
  });

  it('reports a network failure', async () => {
    const { client, notices } = setup({}, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = await rejection(client.request('/sys/init'));
    expect(error).toMatchObject({ code: 0, errorCode: 'client.network' });
    expect(notices).toHaveLength(1);
  });

  it('refuses data that breaks the response schema', async () => {
    const { client } = setup({ 'GET /sys/user/info': () => ok({ id: 'not a number' }) });
    const error = await rejection(client.request('/sys/user/info', { schema: userSchema }));
    expect(error.errorCode).toBe('client.bad_response');
  });

  it('rejects a failed HTTP exchange without an envelope', async () => {
    const { client } = setup({}, { fetch: () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })) });
    const error = await rejection(client.request('/sys/init'));
    expect(error).toMatchObject({ code: 502, errorCode: 'client.bad_response' });
  });

  it('passes a successful response without a code through (spec 000 §8.1)', async () => {
    const { client } = setup({ 'GET /openapi.json': () => ({ body: { openapi: '3.1.0' } }) });
    await expect(client.request('/openapi.json')).resolves.toEqual({ openapi: '3.1.0' });
  });
});

describe('api client: server messages and files', () => {
  it('shows the server message as the success notice when asked (spec 000 §7.1 selectEnv)', async () => {
    const { client, notices } = setup({ 'GET /projectEnv/selectEnv/uat': () => ({ body: { code: 0, msg: 'Switched to UAT', data: {} } }) });
    await client.request('/projectEnv/selectEnv/uat', { notify: true, serverMessage: true });
    expect(notices).toEqual([{ kind: 'success', notice: { title: 'Switched to UAT', duration: 5 } }]);
  });

  it('downloads a file with the name the server gave it', async () => {
    const { client, server } = setup({ 'GET /projectRole/download': () => file('xlsx-bytes', '项目-roles-20250101.xlsx') });
    const downloaded = await client.download('/projectRole/download', { query: { projectId: 3 } });
    expect(downloaded.filename).toBe('项目-roles-20250101.xlsx');
    expect(downloaded.blob.size).toBe('xlsx-bytes'.length);
    expect(server.requests[0]?.search.get('projectId')).toBe('3');
  });

  it('reports a refused download like any other call', async () => {
    const { client, notices } = setup({ 'GET /projectRole/download': () => fail(403, 'Your current role does not allow this') });
    const error = await rejection(client.download('/projectRole/download'));
    expect(error.code).toBe(403);
    expect(notices[0]?.notice.description).toBe('Your current role does not allow this');
  });

  it.each([
    [`attachment; filename="a.xlsx"; filename*=UTF-8''%E8%A7%92%E8%89%B2.xlsx`, '角色.xlsx'],
    ['attachment; filename="plain.xlsx"', 'plain.xlsx'],
    [null, 'fallback'],
  ])('reads the file name from %s', (header, expected) => {
    expect(filenameOf(header, 'fallback')).toBe(expected);
  });
});

describe('api client: the success codes of spec 002 §8', () => {
  // Spec 002 §8: "Body code 0 or 999 (number or string) is success; no code means pass-through."
  it.each([0, '0', 999, '999'])('treats body code %j as success', async (code) => {
    const { client } = setup({ 'GET /sys/init': () => ({ body: { code, msg: 'ok', data: { value: 1 } } }) });
    await expect(client.request('/sys/init')).resolves.toEqual({ value: 1 });
  });

  // Spec 000 §8.1: "code 999 shows a warning (default: operation warning)".
  it('shows a warning with the server message for code 999, or the default text without one', async () => {
    const { client, notices } = setup({
      'POST /a': () => ({ body: { code: 999, msg: 'Saved,<br/>but two visits are out of window', data: {} } }),
      'POST /b': () => ({ body: { code: '999', msg: '', data: {} } }),
    });
    await client.request('/a', { method: 'POST', notify: true });
    await client.request('/b', { method: 'POST' });
    expect(notices).toEqual([
      { kind: 'warning', notice: { title: 'Saved,\nbut two visits are out of window', duration: 5 } },
      { kind: 'warning', notice: { title: 't:notify.warning', duration: 5 } },
    ]);
  });

  it('shows no warning for code 999 in silent mode, and still returns the data', async () => {
    const { client, notices } = setup({ 'GET /a': () => ({ body: { code: 999, msg: 'careful', data: 7 } }) });
    await expect(client.request('/a', { silent: true })).resolves.toBe(7);
    expect(notices).toEqual([]);
  });

  it('reads other codes sent as text as failures, with the same handling as numbers', async () => {
    const { client, notices, deps } = setup({ 'GET /sys/user/list': () => ({ body: { code: '403', msg: 'No', data: null } }) });
    const error = await rejection(client.request('/sys/user/list'));
    expect(error.code).toBe(403);
    expect(notices[0]).toMatchObject({ kind: 'error', notice: { key: 'forbidden' } });
    expect(deps.onForbidden).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a code that is not a number', { code: 'OK', data: 1 }],
    ['an array', [1, 2]],
  ])('passes %s through as a body without a code', async (_name, body) => {
    const { client } = setup({ 'GET /x': () => ({ body }) });
    await expect(client.request('/x')).resolves.toEqual(body);
  });

  // Spec 002 §8: "HTTP 403: 'Forbidden' with server message. HTTP 401: ... and federated logout if a token was held."
  it('handles a bare HTTP 403 and 401 without an envelope like the body codes', async () => {
    const forbidden = setup({}, { fetch: () => Promise.resolve(new Response('Forbidden by proxy', { status: 403 })) });
    const error = await rejection(forbidden.client.request('/sys/init'));
    expect(error.code).toBe(403);
    expect(forbidden.notices[0]).toMatchObject({ kind: 'error', notice: { title: 't:notify.forbiddenTitle', description: 'Forbidden by proxy' } });
    expect(forbidden.deps.onForbidden).toHaveBeenCalledTimes(1);

    const expired = setup({}, { fetch: () => Promise.resolve(new Response('<html>401</html>', { status: 401 })) });
    await rejection(expired.client.request('/sys/init'));
    expect(expired.notices[0]).toMatchObject({ kind: 'error', notice: { title: 't:notify.loginAgainTitle', description: 't:notify.loginAgain' } });
    expect(expired.deps.onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('api client: the environment marker of spec 000 §4.4', () => {
  function withMarker(routes: Parameters<typeof fakeServer>[0]) {
    const context = setup(routes);
    const seen: { kind: 'adopt' | 'observe'; marker: unknown; stamp?: number }[] = [];
    let generation = 3;
    context.deps.marker = {
      stamp: () => generation,
      adopt: (marker) => {
        generation += 1;
        seen.push({ kind: 'adopt', marker });
      },
      observe: (marker, stamp) => seen.push({ kind: 'observe', marker, stamp }),
    };
    return { client: createApiClient(context.deps), seen, bump: () => (generation += 1) };
  }
  const envelope = (data: unknown, projectId: unknown, env: unknown) => ({ body: { code: 0, msg: 'ok', data, consistencyProjectId: projectId, consistencyProjectCurrEnv: env } });

  it('adopts the marker of the initialisation and compares every other success with it', async () => {
    const { client, seen } = withMarker({
      'GET /sys/init': () => envelope({}, 5, 'uat'),
      'GET /project/info/5': () => envelope({}, '7', 'prd'),
    });
    await client.request('/sys/init', { adoptMarker: true });
    await client.request('/project/info/5');
    expect(seen).toEqual([
      { kind: 'adopt', marker: { projectId: 5, env: 'uat' } },
      { kind: 'observe', marker: { projectId: 7, env: 'prd' }, stamp: 4 },
    ]);
  });

  it('passes the stamp taken when the call was sent, so a call that crossed a switch is recognised', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, seen, bump } = withMarker({
      'GET /slow': async () => {
        await gate;
        return envelope({}, 5, 'uat');
      },
    });
    const pending = client.request('/slow');
    bump();
    release();
    await pending;
    expect(seen).toEqual([{ kind: 'observe', marker: { projectId: 5, env: 'uat' }, stamp: 3 }]);
  });

  it('ignores answers without the marker fields and failures', async () => {
    const { client, seen } = withMarker({
      'POST /login': () => ok({ token: 't' }),
      'GET /fail': () => fail(422, 'no'),
    });
    await client.request('/login', { method: 'POST', form: {} });
    await rejection(client.request('/fail'));
    expect(seen).toEqual([]);
  });
});
