import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the WeChat API on 127.0.0.1 (a random port) for tests, speaking what
 * modules/messages/channels/wechat-client.ts calls: the official account's access token, template messages,
 * the OAuth code exchange (sns/oauth2/access_token) and the mini-app's jscode2session. Tokens are checked
 * (a replaced or expired one answers 40001), codes are registered by the test and single-use, and
 * `failNext` makes the next template sends answer an error code.
 *
 *   const wx = await startWechatFake();
 *   const t = await createTestContext({ ...wx.env });   // WECHAT_API_URL, app ids, secrets, template
 *   wx.addOAuthCode('code-1', { openId: 'o-alice' });    // then bind with code-1
 *   wx.failNext(-1);                                     // the next template send: system busy
 *   wx.templates[0].data;                                // what was sent
 *   await wx.close();
 */
export interface SentTemplate {
  touser: string;
  template_id: string;
  url?: string;
  data: Record<string, { value: string }>;
}

export interface WechatFake {
  url: string;
  /** Settings for createTestContext: this server as WECHAT_API_URL, an official account with a template, a mini-app. */
  env: Record<'WECHAT_API_URL' | 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET' | 'WECHAT_TEMPLATE_ID' | 'WECHAT_MINIAPP_APP_ID' | 'WECHAT_MINIAPP_APP_SECRET', string>;
  /** Template messages accepted, in order. */
  templates: SentTemplate[];
  /** Access tokens issued so far. */
  tokensIssued(): number;
  /** Makes the current access token invalid, as when another instance fetched a new one. */
  revokeToken(): void;
  /** The next `times` template sends answer `errcode` (after the token check). */
  failNext(errcode: number, errmsg?: string, times?: number): void;
  /** A code the OAuth exchange turns into this identity once. */
  addOAuthCode(code: string, identity: { openId: string; unionId?: string }): void;
  /** A wx.login code jscode2session turns into this identity once. */
  addMiniAppCode(code: string, identity: { openId: string; unionId?: string }): void;
  close(): Promise<void>;
}

const APP = { id: 'wx-test-app', secret: 'wx-test-secret', template: 'tpl-test', miniId: 'wx-test-mini', miniSecret: 'wx-test-mini-secret' };

export async function startWechatFake(): Promise<WechatFake> {
  const templates: SentTemplate[] = [];
  const failures: { errcode: number; errmsg: string }[] = [];
  const oauthCodes = new Map<string, { openId: string; unionId?: string }>();
  const miniCodes = new Map<string, { openId: string; unionId?: string }>();
  let issued = 0;
  let current: string | null = null;

  const answer = (response: http.ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const identity = (response: http.ServerResponse, codes: Map<string, { openId: string; unionId?: string }>, code: string | null, extra: Record<string, unknown>) => {
    const found = code === null ? undefined : codes.get(code);
    if (!found || code === null) return answer(response, { errcode: 40029, errmsg: 'invalid code' });
    codes.delete(code);
    return answer(response, { openid: found.openId, ...(found.unionId ? { unionid: found.unionId } : {}), ...extra });
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const q = url.searchParams;
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (url.pathname === '/cgi-bin/token') {
        if (q.get('grant_type') !== 'client_credential') return answer(response, { errcode: 40002, errmsg: 'invalid grant_type' });
        if (q.get('appid') !== APP.id) return answer(response, { errcode: 40013, errmsg: 'invalid appid' });
        if (q.get('secret') !== APP.secret) return answer(response, { errcode: 40125, errmsg: 'invalid appsecret' });
        issued += 1;
        current = `token-${issued}`;
        return answer(response, { access_token: current, expires_in: 7200 });
      }
      if (url.pathname === '/cgi-bin/message/template/send' && request.method === 'POST') {
        if (!current || q.get('access_token') !== current) return answer(response, { errcode: 40001, errmsg: 'invalid credential' });
        const failure = failures.shift();
        if (failure) return answer(response, failure);
        templates.push(JSON.parse(raw) as SentTemplate);
        return answer(response, { errcode: 0, errmsg: 'ok', msgid: templates.length });
      }
      if (url.pathname === '/sns/oauth2/access_token') {
        if (q.get('appid') !== APP.id || q.get('secret') !== APP.secret) return answer(response, { errcode: 40125, errmsg: 'invalid appsecret' });
        return identity(response, oauthCodes, q.get('code'), { access_token: 'web-token', expires_in: 7200, refresh_token: 'refresh', scope: 'snsapi_base' });
      }
      if (url.pathname === '/sns/jscode2session') {
        if (q.get('appid') !== APP.miniId || q.get('secret') !== APP.miniSecret) return answer(response, { errcode: 40125, errmsg: 'invalid appsecret' });
        return identity(response, miniCodes, q.get('js_code'), { session_key: 'session-key' });
      }
      response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      WECHAT_API_URL: url,
      WECHAT_APP_ID: APP.id,
      WECHAT_APP_SECRET: APP.secret,
      WECHAT_TEMPLATE_ID: APP.template,
      WECHAT_MINIAPP_APP_ID: APP.miniId,
      WECHAT_MINIAPP_APP_SECRET: APP.miniSecret,
    },
    templates,
    tokensIssued: () => issued,
    revokeToken: () => {
      current = null;
    },
    failNext: (errcode, errmsg = 'failed by the test', times = 1) => {
      for (let i = 0; i < times; i += 1) failures.push({ errcode, errmsg });
    },
    addOAuthCode: (code, who) => oauthCodes.set(code, who),
    addMiniAppCode: (code, who) => miniCodes.set(code, who),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
