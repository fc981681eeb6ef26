import type { WechatBindingKind } from '@dcap/core';
import type { UserWechatBindingRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of users' WeChat bindings (migration 0023 `user_wechat_bindings`). */

export async function listBindings(db: Executor, userId: number): Promise<UserWechatBindingRow[]> {
  return db.selectFrom('user_wechat_bindings').selectAll().where('user_id', '=', userId).orderBy('kind').execute();
}

export async function findBinding(db: Executor, userId: number, kind: WechatBindingKind): Promise<UserWechatBindingRow | undefined> {
  return db.selectFrom('user_wechat_bindings').selectAll().where('user_id', '=', userId).where('kind', '=', kind).forUpdate().executeTakeFirst();
}

export async function findByOpenId(db: Executor, kind: WechatBindingKind, openId: string): Promise<UserWechatBindingRow | undefined> {
  return db.selectFrom('user_wechat_bindings').selectAll().where('kind', '=', kind).where('open_id', '=', openId).executeTakeFirst();
}

/** Binds, or replaces the id of the same kind the user had. */
export async function upsertBinding(db: Executor, row: { user_id: number; kind: WechatBindingKind; open_id: string; union_id: string | null; bound_at: Date }): Promise<UserWechatBindingRow> {
  return db
    .insertInto('user_wechat_bindings')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ open_id: row.open_id, union_id: row.union_id, bound_at: row.bound_at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteBinding(db: Executor, userId: number, kind: WechatBindingKind): Promise<UserWechatBindingRow | undefined> {
  return db.deleteFrom('user_wechat_bindings').where('user_id', '=', userId).where('kind', '=', kind).returningAll().executeTakeFirst();
}
