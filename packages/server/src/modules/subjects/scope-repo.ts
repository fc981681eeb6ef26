import type { EventInstanceRow, PanelInstanceRow, SubjectRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

export async function findSubject(db: Executor, id: number): Promise<SubjectRow | undefined> {
  return db.selectFrom('subjects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findEventInstance(db: Executor, id: number): Promise<EventInstanceRow | undefined> {
  return db.selectFrom('event_instances').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPanelInstance(db: Executor, id: number): Promise<PanelInstanceRow | undefined> {
  return db.selectFrom('panel_instances').selectAll().where('id', '=', id).executeTakeFirst();
}
