import { sql } from 'kysely';
import type { DepartmentRow, UnitRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A unit with the names of the area it stands in (migration 0033), for lists and answers. */
export type UnitWithArea = UnitRow & { area_name: string | null; area_name_en: string | null };

const unitsWithArea = (db: Executor) =>
  db.selectFrom('units').leftJoin('areas', 'areas.id', 'units.area_id').selectAll('units').select(['areas.name as area_name', 'areas.name_en as area_name_en']);

export async function listUnits(db: Executor, keyword: string | undefined): Promise<UnitWithArea[]> {
  let query = unitsWithArea(db).orderBy('units.code');
  if (keyword) {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('units.code', 'ilike', pattern), eb('units.name', 'ilike', pattern), eb('units.name_en', 'ilike', pattern)]));
  }
  return query.execute();
}

export async function findUnitWithArea(db: Executor, id: number): Promise<UnitWithArea> {
  return unitsWithArea(db).where('units.id', '=', id).executeTakeFirstOrThrow();
}

export async function findUnit(db: Executor, id: number): Promise<UnitRow | undefined> {
  return db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUnitByCode(db: Executor, code: string): Promise<UnitRow | undefined> {
  return db.selectFrom('units').selectAll().where(sql<string>`lower(code)`, '=', code.toLowerCase()).executeTakeFirst();
}

export async function insertUnit(db: Executor, values: Omit<UnitRow, 'id' | 'status' | 'created_at' | 'updated_at'>): Promise<UnitRow> {
  return db.insertInto('units').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateUnit(db: Executor, id: number, values: Partial<Omit<UnitRow, 'id' | 'created_at'>>): Promise<UnitRow> {
  return db.updateTable('units').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function listDepartments(db: Executor, unitId: number): Promise<DepartmentRow[]> {
  return db.selectFrom('departments').selectAll().where('unit_id', '=', unitId).orderBy('name').execute();
}

export async function findDepartment(db: Executor, id: number): Promise<DepartmentRow | undefined> {
  return db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDepartment(db: Executor, values: { unit_id: number; name: string; name_en: string | null }): Promise<DepartmentRow> {
  return db.insertInto('departments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateDepartment(db: Executor, id: number, values: { name: string; name_en: string | null }): Promise<DepartmentRow> {
  return db.updateTable('departments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
