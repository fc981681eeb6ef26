import type { Insertable, Updateable } from 'kysely';
import type { InstrumentRow, InstrumentsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A project's instruments in their display order. */
export async function listInstruments(db: Executor, projectId: number): Promise<InstrumentRow[]> {
  return db.selectFrom('instruments').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
}

export async function findInstrument(db: Executor, id: number): Promise<InstrumentRow | undefined> {
  return db.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the row, so concurrent saves of one draft are applied one after the other. */
export async function findInstrumentForUpdate(db: Executor, id: number): Promise<InstrumentRow | undefined> {
  return db.selectFrom('instruments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function abbreviationsInUse(db: Executor, projectId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('instruments').select('name_abbr').where('project_id', '=', projectId).execute();
  return new Set(rows.map((row) => row.name_abbr.toLowerCase()));
}

export async function nextSort(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('instruments')
    .select((eb) => eb.fn.max<number | null>('sort').as('top'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return (row?.top ?? 0) + 1;
}

export async function insertInstrument(db: Executor, values: Insertable<InstrumentsTable>): Promise<InstrumentRow> {
  return db.insertInto('instruments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateInstrument(db: Executor, id: number, values: Updateable<InstrumentsTable>): Promise<InstrumentRow> {
  return db.updateTable('instruments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Removes instruments; their matrix cells go with them (ON DELETE CASCADE). */
export async function deleteInstruments(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('instruments').where('id', 'in', [...ids]).execute();
}

/** The events an instrument is assigned to, for the audit row of its deletion. */
export async function eventsOfInstrument(db: Executor, instrumentId: number): Promise<number[]> {
  const rows = await db.selectFrom('event_instruments').select('event_id').where('instrument_id', '=', instrumentId).orderBy('event_id').execute();
  return rows.map((row) => row.event_id);
}

/** The ids of the project's instruments, locked until the transaction ends (the matrix save checks its cells). */
export async function lockInstrumentIds(db: Executor, projectId: number): Promise<number[]> {
  return (await db.selectFrom('instruments').select('id').where('project_id', '=', projectId).forUpdate().execute()).map((row) => row.id);
}
