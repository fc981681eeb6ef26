import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { DictRow, DictsTable } from '../../../db/schema.js';
import type { Executor } from '../../audit/repo.js';

/** Platform dictionaries when projectId is null, else that project's own. */
export function listDicts(db: Executor, projectId: number | null, keyword?: string): Promise<DictRow[]> {
  let query = db.selectFrom('dicts').selectAll();
  query = projectId === null ? query.where('project_id', 'is', null) : query.where('project_id', '=', projectId);
  if (keyword) {
    const like = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql<string>`lower(dict_key)`, 'like', like), eb(sql<string>`lower(value)`, 'like', like), eb(sql<string>`lower(value_en)`, 'like', like)]),
    );
  }
  return query.orderBy('dict_key').execute();
}

export function findDictByKey(db: Executor, projectId: number | null, key: string): Promise<DictRow | undefined> {
  const query = db.selectFrom('dicts').selectAll().where(sql<string>`lower(dict_key)`, '=', key.toLowerCase());
  return (projectId === null ? query.where('project_id', 'is', null) : query.where('project_id', '=', projectId)).executeTakeFirst();
}

export function findDict(db: Executor, id: number): Promise<DictRow | undefined> {
  return db.selectFrom('dicts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether any project dictionary uses the key: a new platform key must not shadow one. */
export async function projectDictWithKey(db: Executor, key: string): Promise<boolean> {
  const row = await db.selectFrom('dicts').select('id').where('project_id', 'is not', null).where(sql<string>`lower(dict_key)`, '=', key.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export function insertDict(db: Executor, values: Insertable<DictsTable>): Promise<DictRow> {
  return db.insertInto('dicts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateDict(db: Executor, id: number, values: Updateable<DictsTable>): Promise<DictRow> {
  return db.updateTable('dicts').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteDict(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('dicts').where('id', '=', id).execute();
}
