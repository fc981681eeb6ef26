import type { UserUkeyRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** USB key serials of users (migration 0030; docs/decisions.md "Sign-in channels"). */

export async function findUkey(db: Executor, userId: number): Promise<UserUkeyRow | undefined> {
  return db.selectFrom('user_ukeys').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findUkeyBySerial(db: Executor, serial: string): Promise<UserUkeyRow | undefined> {
  return db.selectFrom('user_ukeys').selectAll().where('serial', '=', serial).executeTakeFirst();
}

export async function upsertUkey(db: Executor, row: UserUkeyRow): Promise<void> {
  await db
    .insertInto('user_ukeys')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ serial: row.serial, bound_at: row.bound_at, bound_by: row.bound_by }))
    .execute();
}

export async function deleteUkey(db: Executor, userId: number): Promise<UserUkeyRow | undefined> {
  return db.deleteFrom('user_ukeys').where('user_id', '=', userId).returningAll().executeTakeFirst();
}
