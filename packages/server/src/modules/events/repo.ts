import type { Insertable, Updateable } from 'kysely';
import type { EventRow, EventsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

export async function listEvents(db: Executor, projectId: number): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
}

export async function findEvent(db: Executor, id: number, lock = false): Promise<EventRow | undefined> {
  const query = db.selectFrom('events').selectAll().where('id', '=', id);
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export async function nextEventSort(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max<number | null>('sort').as('top'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return (row?.top ?? 0) + 1;
}

export async function insertEvent(db: Executor, values: Insertable<EventsTable>): Promise<EventRow> {
  return db.insertInto('events').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEvent(db: Executor, id: number, values: Updateable<EventsTable>): Promise<EventRow> {
  return db.updateTable('events').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Removes an event; its matrix cells go with it (ON DELETE CASCADE). */
export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('events').where('id', '=', id).execute();
}

/** The project's matrix cells, each event's instruments in instrument order. */
export async function listCells(db: Executor, projectId: number): Promise<{ eventId: number; instrumentId: number }[]> {
  const rows = await db
    .selectFrom('event_instruments as c')
    .innerJoin('instruments as i', 'i.id', 'c.instrument_id')
    .select(['c.event_id', 'c.instrument_id'])
    .where('c.project_id', '=', projectId)
    .orderBy('c.event_id')
    .orderBy('i.sort')
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({ eventId: row.event_id, instrumentId: row.instrument_id }));
}

export async function replaceCells(db: Executor, projectId: number, cells: readonly { eventId: number; instrumentId: number }[]): Promise<void> {
  await db.deleteFrom('event_instruments').where('project_id', '=', projectId).execute();
  if (cells.length === 0) return;
  await db
    .insertInto('event_instruments')
    .values(cells.map((cell) => ({ project_id: projectId, event_id: cell.eventId, instrument_id: cell.instrumentId })))
    .execute();
}
