import { sql } from 'kysely';
import type { AreaRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The area dictionary's SQL (migration 0033; docs/decisions.md "Areas"). */

export type AreaWithUse = AreaRow & { unit_count: number };

/** Every area with how many units name it; the tree is small (a few thousand rows at most) and read whole. */
export async function listAreas(db: Executor): Promise<AreaWithUse[]> {
  return db
    .selectFrom('areas')
    .selectAll('areas')
    .select((eb) => eb.selectFrom('units').select(sql<number>`count(*)::int`.as('n')).whereRef('units.area_id', '=', 'areas.id').as('unit_count'))
    .execute() as Promise<AreaWithUse[]>;
}

export async function findArea(db: Executor, id: number): Promise<AreaRow | undefined> {
  return db.selectFrom('areas').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAreaByCode(db: Executor, code: string): Promise<AreaRow | undefined> {
  return db.selectFrom('areas').selectAll().where(sql<string>`lower(code)`, '=', code.toLowerCase()).executeTakeFirst();
}

/** The tree's links and codes, read inside a write's transaction to check a move or an import. */
export async function areaLinks(db: Executor): Promise<Pick<AreaRow, 'id' | 'parent_id' | 'code' | 'level'>[]> {
  return db.selectFrom('areas').select(['id', 'parent_id', 'code', 'level']).execute();
}

export async function insertArea(db: Executor, values: Omit<AreaRow, 'id' | 'created_at' | 'updated_at'>): Promise<AreaRow> {
  return db.insertInto('areas').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateArea(db: Executor, id: number, values: Partial<Omit<AreaRow, 'id' | 'created_at'>>): Promise<AreaRow> {
  return db.updateTable('areas').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteArea(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('areas').where('id', '=', id).execute();
}

export async function countChildren(db: Executor, id: number): Promise<number> {
  const row = await db.selectFrom('areas').select(sql<number>`count(*)::int`.as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
  return row.n;
}

export async function countUnitsIn(db: Executor, id: number): Promise<number> {
  const row = await db.selectFrom('units').select(sql<number>`count(*)::int`.as('n')).where('area_id', '=', id).executeTakeFirstOrThrow();
  return row.n;
}

/** Serialises writes to the tree, so two moves cannot each pass the cycle check and together make a loop. */
export async function lockAreaTree(db: Executor): Promise<void> {
  await sql`LOCK TABLE areas IN SHARE ROW EXCLUSIVE MODE`.execute(db);
}
