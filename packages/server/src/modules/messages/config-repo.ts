import type { Insertable, Updateable } from 'kysely';
import type { MessageConfigRow, MessageConfigsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of the message configuration (migration 0025). */

/** The platform's rows (projectId null) or one project's own rows. */
export function listConfigRows(db: Executor, projectId: number | null): Promise<MessageConfigRow[]> {
  const query = db.selectFrom('message_configs').selectAll();
  return (projectId === null ? query.where('project_id', 'is', null) : query.where('project_id', '=', projectId)).orderBy('id').execute();
}

export function findConfigRow(db: Executor, projectId: number | null, event: string, lock = false): Promise<MessageConfigRow | undefined> {
  let query = db.selectFrom('message_configs').selectAll().where('event', '=', event);
  query = projectId === null ? query.where('project_id', 'is', null) : query.where('project_id', '=', projectId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The project's own row of an event, else the platform's: the one that decides (project over system). */
export function effectiveConfigRow(db: Executor, projectId: number | null, event: string): Promise<MessageConfigRow | undefined> {
  return db
    .selectFrom('message_configs')
    .selectAll()
    .where('event', '=', event)
    .where((eb) => (projectId === null ? eb('project_id', 'is', null) : eb.or([eb('project_id', 'is', null), eb('project_id', '=', projectId)])))
    .orderBy('project_id', (ob) => ob.asc().nullsLast())
    .limit(1)
    .executeTakeFirst();
}

export function insertConfig(db: Executor, row: Insertable<MessageConfigsTable>): Promise<MessageConfigRow> {
  return db.insertInto('message_configs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateConfig(db: Executor, id: number, set: Updateable<MessageConfigsTable>): Promise<MessageConfigRow> {
  return db.updateTable('message_configs').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteConfig(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('message_configs').where('id', '=', id).execute();
}

export interface UserName {
  id: number;
  username: string;
  name: string;
}

export async function usersByIds(db: Executor, ids: readonly number[]): Promise<UserName[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username', 'name']).where('id', 'in', [...ids]).orderBy('id').execute();
}

/** Active users holding an unrevoked grant of an undeleted role of the project: whom the blacklist picker offers. */
export function projectMembers(db: Executor, projectId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.name', 'u.name_en'])
    .where('u.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('role_assignments as a')
          .innerJoin('project_roles as r', 'r.id', 'a.role_id')
          .select('a.id')
          .whereRef('a.user_id', '=', 'u.id')
          .where('a.project_id', '=', projectId)
          .where('a.revoked_at', 'is', null)
          .where('r.deleted_at', 'is', null),
      ),
    )
    .orderBy('u.username')
    .execute();
}
