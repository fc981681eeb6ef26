import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { StdDomainRow, StdDomainsTable, StdFieldRow, StdFieldsTable } from '../../../db/schema.js';
import type { Executor } from '../../audit/repo.js';

export interface DomainWithCount extends StdDomainRow {
  count: number;
}

export async function listDomains(db: Executor): Promise<DomainWithCount[]> {
  const rows = await db
    .selectFrom('std_domains as d')
    .leftJoin('std_fields as f', 'f.domain', 'd.code')
    .selectAll('d')
    .select((eb) => eb.fn.count<string>('f.id').as('count'))
    .groupBy('d.code')
    .orderBy('d.sort')
    .orderBy('d.code')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export function findDomain(db: Executor, code: string): Promise<StdDomainRow | undefined> {
  return db.selectFrom('std_domains').selectAll().where('code', '=', code).executeTakeFirst();
}

export function insertDomain(db: Executor, values: Insertable<StdDomainsTable>): Promise<StdDomainRow> {
  return db.insertInto('std_domains').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateDomain(db: Executor, code: string, values: Updateable<StdDomainsTable>): Promise<StdDomainRow> {
  return db.updateTable('std_domains').set(values).where('code', '=', code).returningAll().executeTakeFirstOrThrow();
}

export async function deleteDomain(db: Executor, code: string): Promise<void> {
  await db.deleteFrom('std_domains').where('code', '=', code).execute();
}

export async function countDomainFields(db: Executor, code: string): Promise<number> {
  const row = await db.selectFrom('std_fields').select((eb) => eb.fn.countAll<string>().as('n')).where('domain', '=', code).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Variables in library order: by domain order, then by their own. */
export function listFields(db: Executor, filter: { domain?: string | undefined; keyword?: string | undefined } = {}): Promise<StdFieldRow[]> {
  let query = db.selectFrom('std_fields as f').innerJoin('std_domains as d', 'd.code', 'f.domain').selectAll('f');
  if (filter.domain) query = query.where('f.domain', '=', filter.domain);
  if (filter.keyword) {
    const like = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(f.field_name)`, 'like', like),
        eb(sql<string>`lower(f.field_label)`, 'like', like),
        eb(sql<string>`lower(f.field_label_en)`, 'like', like),
      ]),
    );
  }
  return query.orderBy('d.sort').orderBy('f.domain').orderBy('f.sort').orderBy('f.id').execute();
}

export function findField(db: Executor, id: number): Promise<StdFieldRow | undefined> {
  return db.selectFrom('std_fields').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFieldByName(db: Executor, name: string): Promise<StdFieldRow | undefined> {
  return db.selectFrom('std_fields').selectAll().where(sql<string>`lower(field_name)`, '=', name.toLowerCase()).executeTakeFirst();
}

export function findFieldsByNames(db: Executor, names: string[]): Promise<StdFieldRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db.selectFrom('std_fields').selectAll().where(sql<string>`lower(field_name)`, 'in', names.map((name) => name.toLowerCase())).execute();
}

export async function nextFieldSort(db: Executor, domain: string): Promise<number> {
  const row = await db.selectFrom('std_fields').select((eb) => eb.fn.max<number | null>('sort').as('top')).where('domain', '=', domain).executeTakeFirst();
  return (row?.top ?? 0) + 10;
}

export function insertField(db: Executor, values: Insertable<StdFieldsTable>): Promise<StdFieldRow> {
  return db.insertInto('std_fields').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateField(db: Executor, id: number, values: Updateable<StdFieldsTable>): Promise<StdFieldRow> {
  return db.updateTable('std_fields').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteField(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('std_fields').where('id', '=', id).execute();
}
