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

/** Active users with this e-mail address (any case): password recovery by e-mail (spec 000 §5). */
export async function findActiveUsersByEmail(db: Executor, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
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

/** Login names among `names` already taken by any user, deleted ones included (never reused, AC-1). */
export async function takenNames(db: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(username)`.as('name'))
    .where(sql<string>`lower(username)`, 'in', names.map((name) => name.toLowerCase()))
    .execute();
  return new Set(rows.map((row) => row.name));
}

/** Every user not deleted, for the export sheet. */
export async function listUsersForExport(db: Executor): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('status', '!=', 'deleted').orderBy('id').execute();
}

/** Active users with the fields a picker shows, by login name. */
export async function activeUserNames(db: Executor): Promise<Pick<UserRow, 'id' | 'username' | 'name' | 'name_en'>[]> {
  return db.selectFrom('users').select(['id', 'username', 'name', 'name_en']).where('status', '=', 'active').orderBy('username').execute();
}

/**
 * Whether the user holds an enabled role with the user-rights flag in a project still in use (they grant
 * roles to users, so they may read the directory).
 */
export async function grantsRolesSomewhere(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select('a.id')
    .where('a.user_id', '=', userId)
    .where('a.revoked_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .where('r.enabled', '=', true)
    .where('p.status', '!=', 'OFFLINE')
    .where(sql<boolean>`'userRightsManagement' = any(r.rights)`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's saved preferences, locked for the change when `lock` is set. */
export async function findPreferences(db: Executor, userId: number, lock: boolean): Promise<{ font_size: string; notifications: unknown } | undefined> {
  const query = db.selectFrom('user_preferences').select(['font_size', 'notifications']).where('user_id', '=', userId);
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export async function savePreferences(db: Executor, userId: number, values: { font_size: 'small' | 'medium' | 'large'; notifications: string; updated_at: Date }): Promise<void> {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Active users holding a platform flag, by login name. */
export async function activeUsersWithFlag(db: Executor, flag: 'admin' | 'system_admin' | 'project_admin'): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('status', '=', 'active').where(flag, '=', true).orderBy('username').execute();
}
