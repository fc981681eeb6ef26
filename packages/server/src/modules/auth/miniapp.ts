import type { MiniAppLoginQuery, MiniAppLoginResponse } from '@dcap/core';
import { AppError } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { RequestMeta } from '../../http/context.js';
import { userIdByWechat } from '../messages/binding-service.js';
import type { WechatClient } from '../messages/channels/index.js';
import { WechatApiError } from '../messages/channels/index.js';
import { findUserById } from '../users/accounts.js';
import { countAttemptsFromAddress } from './attempts-repo.js';
import { maySignIn, startSession } from './service.js';

const MINUTE = 60_000;

/**
 * POST /dcap/miniApp/user/login (spec 000 §7.1; docs/decisions.md "Sign-in channels"). The mini-app's
 * `wx.login` code is exchanged with WeChat (jscode2session) for its open id; the user who bound that
 * mini-app id in account settings (user_wechat_bindings) signs in. The query's openId and unionId are only
 * checked against what WeChat answered: ids a client sends prove nothing by themselves.
 */
export async function miniAppLogin(deps: ServiceDeps, wechat: WechatClient, query: MiniAppLoginQuery, meta: RequestMeta): Promise<MiniAppLoginResponse> {
  const now = deps.clock.now();
  if ((await countAttemptsFromAddress(deps.db, meta.ip, new Date(now.getTime() - MINUTE))) >= deps.config.loginRateLimitPerMinute) {
    throw new AppError('request.rate_limited', { seconds: 60 });
  }
  if (!deps.config.wechat.miniApp) throw new AppError('wechat.miniapp_not_configured');
  let identity;
  try {
    identity = await wechat.exchangeMiniAppCode(query.code);
  } catch (error) {
    const reason = error instanceof WechatApiError ? `${error.errcode} ${error.errmsg}` : error instanceof Error ? error.message : String(error);
    throw new AppError('miniapp.login_failed', { reason: reason.slice(0, 200) });
  }
  if ((query.openId && query.openId !== identity.openId) || (query.unionId && identity.unionId && query.unionId !== identity.unionId)) {
    throw new AppError('miniapp.login_failed', { reason: 'openId/unionId' });
  }
  const userId = await userIdByWechat(deps, 'miniApp', identity.openId);
  const user = userId === null ? undefined : await findUserById(deps.db, userId);
  if (!user || !maySignIn(user, now)) throw new AppError('miniapp.not_bound');
  const login = await deps.db.transaction().execute((trx) => startSession(trx, deps, user, meta, 'miniApp'));
  deps.sessions.forgetUser(user.id);
  const info = query.loadAllUserInfo ? { nameEn: user.name_en, email: user.email, language: user.language } : null;
  return { ...login, info };
}
