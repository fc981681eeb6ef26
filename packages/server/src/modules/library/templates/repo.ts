import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { StdTemplateRow, StdTemplatesTable } from '../../../db/schema.js';
import type { Executor } from '../../audit/repo.js';

export function listTemplates(db: Executor, keyword?: string): Promise<StdTemplateRow[]> {
  let query = db.selectFrom('std_templates').selectAll();
  if (keyword) {
    const like = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql<string>`lower(name)`, 'like', like), eb(sql<string>`lower(name_en)`, 'like', like), eb(sql<string>`lower(name_abbr)`, 'like', like)]),
    );
  }
  return query.orderBy('sort').orderBy('id').execute();
}

export function findTemplate(db: Executor, id: number): Promise<StdTemplateRow | undefined> {
  return db.selectFrom('std_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTemplateByAbbr(db: Executor, abbr: string): Promise<StdTemplateRow | undefined> {
  return db.selectFrom('std_templates').selectAll().where(sql<string>`lower(name_abbr)`, '=', abbr.toLowerCase()).executeTakeFirst();
}

export async function nextTemplateSort(db: Executor): Promise<number> {
  const row = await db.selectFrom('std_templates').select((eb) => eb.fn.max<number | null>('sort').as('top')).executeTakeFirst();
  return (row?.top ?? 0) + 10;
}

export function insertTemplate(db: Executor, values: Insertable<StdTemplatesTable>): Promise<StdTemplateRow> {
  return db.insertInto('std_templates').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateTemplate(db: Executor, id: number, values: Updateable<StdTemplatesTable>): Promise<StdTemplateRow> {
  return db.updateTable('std_templates').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteTemplate(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('std_templates').where('id', '=', id).execute();
}
