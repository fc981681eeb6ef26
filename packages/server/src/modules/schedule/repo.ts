import type { Insertable } from 'kysely';
import { sql } from 'kysely';
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

/** Locks a visit for a change of its dates. */
export async function lockEventInstance(db: Executor, id: number): Promise<EventInstanceRow | undefined> {
  return db.selectFrom('event_instances').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setActualDate(db: Executor, id: number, actualDate: string | null): Promise<EventInstanceRow> {
  return db.updateTable('event_instances').set({ actual_date: actualDate }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function setPlan(db: Executor, id: number, plan: { planned_date: string | null; window_start: string | null; window_end: string | null }): Promise<void> {
  await db.updateTable('event_instances').set(plan).where('id', '=', id).execute();
}

/** The next sequence number of an event for a subject (a repeat or another unscheduled visit). */
export async function nextEventSeq(db: Executor, subjectId: number, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('event_instances')
    .select((eb) => eb.fn.max<number | null>('seq').as('top'))
    .where('subject_id', '=', subjectId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return (row?.top ?? 0) + 1;
}

/** The next sequence number of a panel in a visit (another log entry). */
export async function nextPanelSeq(db: Executor, eventInstanceId: number, instrumentId: number): Promise<number> {
  const row = await db
    .selectFrom('panel_instances')
    .select((eb) => eb.fn.max<number | null>('seq').as('top'))
    .where('event_instance_id', '=', eventInstanceId)
    .where('instrument_id', '=', instrumentId)
    .executeTakeFirst();
  return (row?.top ?? 0) + 1;
}

/** Serialises additions to one subject's schedule (two repeats added at once get different numbers). */
export async function lockSubject(db: Executor, subjectId: number): Promise<void> {
  await db.selectFrom('subjects').select('id').where('id', '=', subjectId).forUpdate().executeTakeFirst();
}

/** Unclosed (OPEN, ANSWERED) queries per panel instance. */
export async function openQueriesByPanel(db: Executor, panelInstanceIds: number[]): Promise<Map<number, number>> {
  if (panelInstanceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('queries')
    .select(['panel_instance_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('panel_instance_id', 'in', panelInstanceIds)
    .where('status', 'in', ['OPEN', 'ANSWERED'])
    .groupBy('panel_instance_id')
    .execute();
  return new Map(rows.map((row) => [row.panel_instance_id, Number(row.count)]));
}

/** The sites of a project within a scope, in code order. */
export async function sitesInScope(db: Executor, projectId: number, sites: 'all' | readonly number[]): Promise<{ id: number; code: string; name: string; name_en: string | null }[]> {
  if (sites !== 'all' && sites.length === 0) return [];
  let query = db.selectFrom('project_sites as s').select(['s.id', 's.code', 's.name', 's.name_en']).where('s.project_id', '=', projectId);
  if (sites !== 'all') query = query.where('s.id', 'in', sites);
  return query.orderBy('s.code').orderBy('s.id').execute();
}

export interface TaskScope {
  projectId: number;
  envId: number;
  sites: 'all' | readonly number[];
  closedStatuses: readonly string[];
  /** Only visits of this event. */
  eventId?: number;
}

/** Every visit of the subjects with its dates and its panels' statuses: what follow-up states are derived from. */
export async function visitProgress(
  db: Executor,
  subjectIds: readonly number[],
): Promise<{ subject_id: number; planned_date: string | null; actual_date: string | null; panel_statuses: string[] }[]> {
  if (subjectIds.length === 0) return [];
  const rows = await db
    .selectFrom('event_instances as ei')
    .select(['ei.subject_id', 'ei.planned_date', 'ei.actual_date'])
    .select((eb) =>
      eb
        .selectFrom('panel_instances as p')
        .select(sql<string[]>`coalesce(jsonb_agg(p.status), '[]'::jsonb)`.as('statuses'))
        .whereRef('p.event_instance_id', '=', 'ei.id')
        .as('panel_statuses'),
    )
    .where('ei.subject_id', 'in', [...subjectIds])
    .orderBy('ei.id')
    .execute();
  return rows.map((row) => ({ ...row, panel_statuses: row.panel_statuses ?? [] }));
}

export type Bucket = 'dueToday' | 'dueThisWeek' | 'overdue' | 'upcoming';

/**
 * Open visits of the scope: planned, no actual date, no panel with data, of a subject still in the study
 * (core schedule/plan.ts `taskBucketsOf` says the same for one visit).
 */
function openVisits(db: Executor, scope: TaskScope) {
  let query = db
    .selectFrom('event_instances as ei')
    .innerJoin('subjects as s', 's.id', 'ei.subject_id')
    .where('ei.project_id', '=', scope.projectId)
    .where('ei.env_id', '=', scope.envId)
    .where('ei.actual_date', 'is', null)
    .where('ei.planned_date', 'is not', null)
    .where('ei.window_start', 'is not', null)
    .where('ei.window_end', 'is not', null)
    .where('s.status', 'not in', scope.closedStatuses as never[])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('panel_instances as p').select('p.id').whereRef('p.event_instance_id', '=', 'ei.id').where('p.status', '<>', 'EXPIRED'))));
  if (scope.sites !== 'all') query = query.where('ei.site_id', 'in', scope.sites.length > 0 ? scope.sites : [0]);
  if (scope.eventId !== undefined) query = query.where('ei.event_id', '=', scope.eventId);
  return query;
}

/** Counts per site of the open visits in each bucket. */
export async function taskCounts(db: Executor, scope: TaskScope, today: string, weekEnd: string): Promise<{ site_id: number; dueToday: number; dueThisWeek: number; overdue: number; upcoming: number }[]> {
  const rows = await openVisits(db, scope)
    .select((eb) => [
      'ei.site_id',
      eb.fn.countAll<string>().filterWhere(eb.and([eb('ei.window_start', '<=', today), eb('ei.window_end', '>=', today)])).as('dueToday'),
      eb.fn.countAll<string>().filterWhere(eb.and([eb('ei.window_start', '<=', weekEnd), eb('ei.window_end', '>=', today)])).as('dueThisWeek'),
      eb.fn.countAll<string>().filterWhere('ei.window_end', '<', today).as('overdue'),
      eb.fn.countAll<string>().filterWhere('ei.window_start', '>', weekEnd).as('upcoming'),
    ])
    .groupBy('ei.site_id')
    .execute();
  return rows.map((row) => ({
    site_id: row.site_id,
    dueToday: Number(row.dueToday),
    dueThisWeek: Number(row.dueThisWeek),
    overdue: Number(row.overdue),
    upcoming: Number(row.upcoming),
  }));
}

/** One page of the open visits of a bucket, earliest window first. */
export async function taskPage(
  db: Executor,
  scope: TaskScope,
  bucket: Bucket,
  bounds: { today: string; weekEnd: string },
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: (EventInstanceRow & { platform_no: string; subject_code: string | null; records: number })[] }> {
  const inBucket = openVisits(db, scope).where((eb) => {
    switch (bucket) {
      case 'dueToday':
        return eb.and([eb('ei.window_start', '<=', bounds.today), eb('ei.window_end', '>=', bounds.today)]);
      case 'dueThisWeek':
        return eb.and([eb('ei.window_start', '<=', bounds.weekEnd), eb('ei.window_end', '>=', bounds.today)]);
      case 'overdue':
        return eb('ei.window_end', '<', bounds.today);
      case 'upcoming':
        return eb('ei.window_start', '>', bounds.weekEnd);
    }
  });
  const total = await inBucket.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await inBucket
    .selectAll('ei')
    .select(['s.platform_no', 's.subject_code'])
    .select((eb) =>
      eb
        .selectFrom('attachments as a')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('a.event_instance_id', '=', 'ei.id')
        .where('a.kind', '=', 'visitRecord')
        .where('a.deleted_at', 'is', null)
        .as('records'),
    )
    .orderBy('ei.window_start')
    .orderBy('s.platform_no')
    .orderBy('ei.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { total: Number(total?.count ?? 0), rows: rows.map((row) => ({ ...row, records: Number(row.records ?? 0) })) };
}
