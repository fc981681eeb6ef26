import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { DerivedFieldRow, DerivedFieldsTable } from '../../../db/schema.js';
import type { Executor } from '../../audit/repo.js';

/** Spec 001 §2.2: the search matches label, name, expression and description. */
export function listDerived(db: Executor, filter: { group?: DerivedFieldRow['group_code'] | undefined; keyword?: string | undefined } = {}): Promise<DerivedFieldRow[]> {
  let query = db.selectFrom('derived_fields').selectAll();
  if (filter.group) query = query.where('group_code', '=', filter.group);
  if (filter.keyword) {
    const like = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        ['field_label', 'field_label_en', 'field_name', 'expression', 'description', 'description_en'].map((column) =>
          eb(sql<string>`lower(${sql.ref(column)})`, 'like', like),
        ),
      ),
    );
  }
  return query.orderBy('sort').orderBy('id').execute();
}

export function findDerived(db: Executor, id: number): Promise<DerivedFieldRow | undefined> {
  return db.selectFrom('derived_fields').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDerivedByName(db: Executor, name: string): Promise<DerivedFieldRow | undefined> {
  return db.selectFrom('derived_fields').selectAll().where(sql<string>`lower(field_name)`, '=', name.toLowerCase()).executeTakeFirst();
}

export function findDerivedByNames(db: Executor, names: string[]): Promise<DerivedFieldRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db.selectFrom('derived_fields').selectAll().where(sql<string>`lower(field_name)`, 'in', names.map((name) => name.toLowerCase())).execute();
}

export async function nextDerivedSort(db: Executor): Promise<number> {
  const row = await db.selectFrom('derived_fields').select((eb) => eb.fn.max<number | null>('sort').as('top')).executeTakeFirst();
  return (row?.top ?? 0) + 10;
}

export function insertDerived(db: Executor, values: Insertable<DerivedFieldsTable>): Promise<DerivedFieldRow> {
  return db.insertInto('derived_fields').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateDerived(db: Executor, id: number, values: Updateable<DerivedFieldsTable>): Promise<DerivedFieldRow> {
  return db.updateTable('derived_fields').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteDerived(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('derived_fields').where('id', '=', id).execute();
}
