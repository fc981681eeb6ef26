import type { Config } from '../../../config.js';

/**
 * The WeChat HTTP API as the platform uses it (docs/decisions.md "Message sending"): the official account's
 * access token (client_credential, kept until it expires and fetched again once when WeChat says it is
 * invalid or expired), template messages, the OAuth code exchange of a web page (sns/oauth2/access_token)
 * and the mini-app's jscode2session. Every call answers JSON with `errcode` 0 or absent on success.
 */

/** WeChat's answer to a call: `errcode` and `errmsg` on failure (0 or absent on success). */
export interface WechatReply {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

/** WeChat refused the call; `errcode` says why. */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat error ${errcode}: ${errmsg}`);
    this.name = 'WechatApiError';
  }
}

/** WeChat could not be reached or answered something that is not its API's JSON. */
export class WechatUnavailable extends Error {
  constructor(readonly reply: string) {
    super(`WeChat unavailable: ${reply}`);
    this.name = 'WechatUnavailable';
  }
}

/** Error codes of an access token that is invalid (40001, 40014) or expired (42001). */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** A token is fetched again this long before WeChat says it expires, so a call never carries a dying token. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** Network failures that happen before a request is sent. */
const BEFORE_REQUEST = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** A call must end well within the sender's lease (sender.ts). */
const TIMEOUT_MS = 30_000;

export interface WechatIdentity {
  openId: string;
  unionId: string | null;
}

export interface WechatClient {
  /** Sends a template message to an official-account open id. */
  sendTemplate(message: { openId: string; templateId: string; data: Record<string, { value: string }>; url?: string }): Promise<void>;
  /** Exchanges a web page's OAuth code for the user's official-account open id. */
  exchangeOAuthCode(code: string): Promise<WechatIdentity>;
  /** Exchanges a mini-app wx.login code for the user's mini-app open id. */
  exchangeMiniAppCode(code: string): Promise<WechatIdentity>;
}

async function call(url: string, init?: { json: unknown }): Promise<WechatReply> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init ? 'POST' : 'GET',
      headers: init ? { 'content-type': 'application/json' } : {},
      body: init ? JSON.stringify(init.json) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // Refused or unresolvable before the request left: safe to try again. A timeout or a broken connection
    // after it left leaves the outcome unknown, and the error goes on as it is (channel.ts).
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
    if (typeof cause?.code === 'string' && BEFORE_REQUEST.has(cause.code)) throw new WechatUnavailable(`${cause.code} ${url.split('?')[0] ?? ''}`);
    throw error;
  }
  const text = await response.text();
  if (!response.ok) throw new WechatUnavailable(`HTTP ${response.status} ${text.slice(0, 200)}`);
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new WechatUnavailable(`not JSON: ${text.slice(0, 200)}`);
  }
  if (typeof reply !== 'object' || reply === null) throw new WechatUnavailable(`not an object: ${text.slice(0, 200)}`);
  const answer = reply as WechatReply;
  if (typeof answer.errcode === 'number' && answer.errcode !== 0) throw new WechatApiError(answer.errcode, typeof answer.errmsg === 'string' ? answer.errmsg : '');
  return answer;
}

function identityOf(reply: WechatReply): WechatIdentity {
  if (typeof reply.openid !== 'string' || reply.openid === '') throw new WechatUnavailable('no openid in the answer');
  return { openId: reply.openid, unionId: typeof reply.unionid === 'string' && reply.unionid !== '' ? reply.unionid : null };
}

/** A client of the configured WeChat applications; a call to an application not configured throws. */
export function createWechatClient(wechat: Config['wechat'], now: () => number = Date.now): WechatClient {
  const base = wechat.apiUrl;
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(official: NonNullable<Config['wechat']['official']>): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: official.appId, secret: official.appSecret });
    const reply = await call(`${base}/cgi-bin/token?${query.toString()}`);
    if (typeof reply.access_token !== 'string') throw new WechatUnavailable('no access_token in the answer');
    const expiresIn = typeof reply.expires_in === 'number' ? reply.expires_in : 7200;
    token = { value: reply.access_token, expiresAt: now() + expiresIn * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  function official() {
    if (!wechat.official) throw new Error('no WeChat official account is configured');
    return wechat.official;
  }

  return {
    async sendTemplate(message) {
      const app = official();
      const body = { touser: message.openId, template_id: message.templateId, data: message.data, ...(message.url ? { url: message.url } : {}) };
      for (let attempt = 0; ; attempt += 1) {
        const value = await accessToken(app);
        try {
          await call(`${base}/cgi-bin/message/template/send?access_token=${encodeURIComponent(value)}`, { json: body });
          return;
        } catch (error) {
          // Another instance (or WeChat) may have replaced the token: fetch a new one once, then give up.
          if (attempt === 0 && error instanceof WechatApiError && TOKEN_ERRORS.has(error.errcode)) {
            if (token?.value === value) token = null;
            continue;
          }
          throw error;
        }
      }
    },
    async exchangeOAuthCode(code) {
      const app = official();
      const query = new URLSearchParams({ appid: app.appId, secret: app.appSecret, code, grant_type: 'authorization_code' });
      return identityOf(await call(`${base}/sns/oauth2/access_token?${query.toString()}`));
    },
    async exchangeMiniAppCode(code) {
      if (!wechat.miniApp) throw new Error('no WeChat mini-app is configured');
      const query = new URLSearchParams({ appid: wechat.miniApp.appId, secret: wechat.miniApp.appSecret, js_code: code, grant_type: 'authorization_code' });
      return identityOf(await call(`${base}/sns/jscode2session?${query.toString()}`));
    },
  };
}
