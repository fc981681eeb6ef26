import type { WechatBindingKind, WechatBindings } from '@dcap/core';
import { AppError, maskOpenId } from '@dcap/core';
import type { UserWechatBindingRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import { findUserById } from '../users/accounts.js';
import * as repo from './binding-repo.js';
import type { WechatClient, WechatIdentity } from './channels/index.js';
import { WechatApiError } from './channels/index.js';

/**
 * WeChat binding (spec 002 §3 "bound WeChat ids"; spec 000 §8.3 and spec 002 §8 bind and unbind notices):
 * a signed-in user binds their official-account id (an OAuth code from the account's web page) or their
 * mini-app id (a wx.login code), each exchanged with WeChat by the server; they unbind their own, and
 * administrators unbind anyone's (spec 002 §7 `unbind/{id}`, `unbindMiniApp/{id}`). Every change is audited.
 */

const BIND_FAILED = { official: 'wechat.bind_failed', miniApp: 'wechat.miniapp_bind_failed' } as const;
const UNBIND_FAILED = { official: 'wechat.unbind_failed', miniApp: 'wechat.miniapp_unbind_failed' } as const;

function present(rows: UserWechatBindingRow[], deps: ServiceDeps): WechatBindings {
  const available: WechatBindingKind[] = [];
  if (deps.config.wechat.official) available.push('official');
  if (deps.config.wechat.miniApp) available.push('miniApp');
  return { bindings: rows.map((row) => ({ kind: row.kind, openId: maskOpenId(row.open_id), boundAt: row.bound_at.toISOString() })), available };
}

const audited = (row: UserWechatBindingRow) => ({ kind: row.kind, openId: row.open_id, unionId: row.union_id });

export async function listWechatBindings(deps: ServiceDeps, userId: number): Promise<WechatBindings> {
  if (!(await findUserById(deps.db, userId))) throw new AppError('user.not_found');
  return present(await repo.listBindings(deps.db, userId), deps);
}

/**
 * Asks WeChat whose code this is; a refusal or an unreachable WeChat is the bind-failure notice with the
 * reason. Also binds subjects from the questionnaire page (epro/wechat.ts).
 */
export async function exchangeWechatCode(deps: ServiceDeps, wechat: WechatClient, kind: WechatBindingKind, code: string): Promise<WechatIdentity> {
  if (kind === 'official' && !deps.config.wechat.official) throw new AppError('wechat.not_configured');
  if (kind === 'miniApp' && !deps.config.wechat.miniApp) throw new AppError('wechat.miniapp_not_configured');
  try {
    return kind === 'official' ? await wechat.exchangeOAuthCode(code) : await wechat.exchangeMiniAppCode(code);
  } catch (error) {
    const reason = error instanceof WechatApiError ? `${error.errcode} ${error.errmsg}` : error instanceof Error ? error.message : String(error);
    throw new AppError(BIND_FAILED[kind], { reason: reason.slice(0, 200) });
  }
}

export async function bindWechat(deps: ServiceDeps, wechat: WechatClient, caller: Caller, kind: WechatBindingKind, code: string): Promise<WechatBindings> {
  const identity = await exchangeWechatCode(deps, wechat, kind, code);
  const userId = caller.actor.userId;
  return platformWrite(deps, caller, async (trx, audit) => {
    const holder = await repo.findByOpenId(trx, kind, identity.openId);
    if (holder && holder.user_id !== userId) throw new AppError('wechat.open_id_taken');
    const before = await repo.findBinding(trx, userId, kind);
    const after = await repo.upsertBinding(trx, { user_id: userId, kind, open_id: identity.openId, union_id: identity.unionId, bound_at: deps.clock.now() });
    const change = before ? { kind: 'update' as const, before: audited(before), after: audited(after) } : { kind: 'create' as const, after: audited(after) };
    await audit.change('wechat_binding', `${userId}:${kind}`, change);
    return present(await repo.listBindings(trx, userId), deps);
  });
}

/** Unbinds the user's id of this kind: their own, or anyone's by an administrator (the route decides who may). */
export async function unbindWechat(deps: ServiceDeps, caller: Caller, userId: number, kind: WechatBindingKind): Promise<WechatBindings> {
  return platformWrite(deps, caller, async (trx, audit) => {
    if (!(await findUserById(trx, userId))) throw new AppError('user.not_found');
    const removed = await repo.deleteBinding(trx, userId, kind);
    if (!removed) throw new AppError(UNBIND_FAILED[kind]);
    await audit.change('wechat_binding', `${userId}:${kind}`, { kind: 'delete', before: audited(removed) });
    return present(await repo.listBindings(trx, userId), deps);
  });
}

/** The user holding a WeChat id of this kind, if any: the mini-app sign-in (auth/miniapp.ts). */
export async function userIdByWechat(deps: Pick<ServiceDeps, 'db'>, kind: WechatBindingKind, openId: string): Promise<number | null> {
  return (await repo.findByOpenId(deps.db, kind, openId))?.user_id ?? null;
}
