import type { Insertable } from 'kysely';
import type { EventInstanceRow, EventInstancesTable, PanelInstanceRow, PanelInstancesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The key of an environment (audit rows carry it). */
export async function envKey(db: Executor, envId: number): Promise<string | null> {
  const row = await db.selectFrom('project_envs').select('key').where('id', '=', envId).executeTakeFirst();
  return row?.key ?? null;
}

export async function subjectEventInstances(db: Executor, subjectId: number): Promise<EventInstanceRow[]> {
  return db.selectFrom('event_instances').selectAll().where('subject_id', '=', subjectId).orderBy('id').execute();
}

export async function subjectPanelInstances(db: Executor, subjectId: number): Promise<PanelInstanceRow[]> {
  return db.selectFrom('panel_instances').selectAll().where('subject_id', '=', subjectId).orderBy('event_instance_id').orderBy('instrument_id').orderBy('seq').execute();
}

export async function insertEventInstance(db: Executor, values: Insertable<EventInstancesTable>): Promise<EventInstanceRow> {
  return db.insertInto('event_instances').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertPanelInstances(db: Executor, values: Insertable<PanelInstancesTable>[]): Promise<PanelInstanceRow[]> {
  if (values.length === 0) return [];
  return db.insertInto('panel_instances').values(values).returningAll().execute();
}
