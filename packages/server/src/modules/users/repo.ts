import type { UserListQuery } from '@dcap/core';
import { sql } from 'kysely';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Login names compare without case, matching the unique index. */
export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export async function countActiveAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('admin', '=', true), eb('system_admin', '=', true)]))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertUser(db: Executor, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Locks the row for the rest of the transaction so two administrators' changes apply one after the other. */
export async function findUserForUpdate(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(db: Executor, query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users');
  if (query.status) base = base.where('status', '=', query.status);
  else base = base.where('status', '!=', 'deleted');
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('username', 'ilike', pattern),
        eb('name', 'ilike', pattern),
        eb('name_en', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('phone', 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export async function searchActiveUsers(db: Executor, keyword: string, limit: number): Promise<UserRow[]> {
  const pattern = `%${escapeLike(keyword)}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('username', 'ilike', pattern), eb('name', 'ilike', pattern), eb('name_en', 'ilike', pattern)]))
    .orderBy('username')
    .limit(limit)
    .execute();
}
