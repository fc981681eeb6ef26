import type { Insertable } from 'kysely';
import type { DictRow, DictsTable, EventsTable, InstrumentsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The project's own dictionaries (spec 001 §3.8 isSysProjectDict), by key. */
export async function projectDicts(db: Executor, projectId: number): Promise<DictRow[]> {
  return db.selectFrom('dicts').selectAll().where('project_id', '=', projectId).orderBy('dict_key').execute();
}

/** How many instruments, events and dictionaries the development draft holds. */
export async function draftSize(db: Executor, projectId: number): Promise<number> {
  const [instruments, events, dicts] = await Promise.all([
    db.selectFrom('instruments').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow(),
    db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow(),
    db.selectFrom('dicts').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow(),
  ]);
  return Number(instruments.n) + Number(events.n) + Number(dicts.n);
}

/** Empties the development draft: the matrix goes with its instruments and events (ON DELETE CASCADE). */
export async function clearDraft(db: Executor, projectId: number): Promise<void> {
  await db.deleteFrom('instruments').where('project_id', '=', projectId).execute();
  await db.deleteFrom('events').where('project_id', '=', projectId).execute();
  await db.deleteFrom('dicts').where('project_id', '=', projectId).execute();
}

export async function insertInstrument(db: Executor, values: Insertable<InstrumentsTable>): Promise<number> {
  return (await db.insertInto('instruments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertEvent(db: Executor, values: Insertable<EventsTable>): Promise<number> {
  return (await db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertMatrix(db: Executor, cells: { project_id: number; event_id: number; instrument_id: number }[]): Promise<void> {
  if (cells.length > 0) await db.insertInto('event_instruments').values(cells).execute();
}

export async function insertDict(db: Executor, values: Insertable<DictsTable>): Promise<void> {
  await db.insertInto('dicts').values(values).execute();
}
