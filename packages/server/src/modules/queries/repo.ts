import type { QueryAction, QueryStatus } from '@dcap/core';
import { UNCLOSED_QUERY_STATUSES } from '@dcap/core';
import type { Insertable, Selectable } from 'kysely';
import type { QueriesTable, QueryCommentsTable, QueryRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The environment's key (audit rows name the environment by key). */
export type QueryCommentRow = Selectable<QueryCommentsTable>;

export async function envKey(db: Executor, envId: number): Promise<string | null> {
  const row = await db.selectFrom('project_envs').select('key').where('id', '=', envId).executeTakeFirst();
  return row?.key ?? null;
}

/** Unclosed queries of some fields of one panel, locked for the change that closes them. */
export async function lockUnclosedAt(db: Executor, panelInstanceId: number, paths: readonly string[]): Promise<QueryRow[]> {
  if (paths.length === 0) return [];
  return db
    .selectFrom('queries')
    .selectAll()
    .where('panel_instance_id', '=', panelInstanceId)
    .where('path', 'in', [...paths])
    .where('status', 'in', [...UNCLOSED_QUERY_STATUSES])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function findQuery(db: Executor, id: number, lock = false): Promise<QueryRow | undefined> {
  const query = db.selectFrom('queries').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertQuery(db: Executor, values: Insertable<QueriesTable>): Promise<QueryRow> {
  return db.insertInto('queries').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setQueryStatus(db: Executor, id: number, status: QueryStatus, userId: number | null, now: Date): Promise<QueryRow> {
  const closing = status !== 'OPEN' && status !== 'ANSWERED';
  return db
    .updateTable('queries')
    .set({ status, updated_at: now, ...(closing ? { closed_by: userId, closed_at: now } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertComment(db: Executor, queryId: number, action: QueryAction, content: string | null, authorId: number | null, now: Date): Promise<QueryCommentRow> {
  return db
    .insertInto('query_comments')
    .values({ query_id: queryId, action, content, author_id: authorId, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface OpenCount {
  panelInstanceId: number;
  path: string;
  count: number;
}

/** OPEN and ANSWERED queries per panel and field. */
export async function countUnclosed(db: Executor, panelInstanceIds: readonly number[]): Promise<OpenCount[]> {
  if (panelInstanceIds.length === 0) return [];
  const rows = await db
    .selectFrom('queries')
    .select(['panel_instance_id', 'path', (eb) => eb.fn.countAll<string>().as('count')])
    .where('panel_instance_id', 'in', [...panelInstanceIds])
    .where('status', 'in', [...UNCLOSED_QUERY_STATUSES])
    .groupBy(['panel_instance_id', 'path'])
    .execute();
  return rows.map((row) => ({ panelInstanceId: row.panel_instance_id, path: row.path, count: Number(row.count) }));
}

export async function fieldStatus(db: Executor, panelInstanceId: number, path: string): Promise<string | null> {
  const row = await db.selectFrom('field_values').select('status').where('panel_instance_id', '=', panelInstanceId).where('path', '=', path).executeTakeFirst();
  return row?.status ?? null;
}

/** A query with what its presentation needs: site, subject, visit, panel, people and role. */
export interface QueryListRow extends QueryRow {
  site_name: string;
  site_name_en: string | null;
  platform_no: string;
  subject_code: string | null;
  event_id: number;
  event_seq: number;
  instrument_id: number;
  design_version_id: number;
  raised_by_name: string | null;
  closed_by_name: string | null;
  raised_role: string | null;
}

export interface QueryFilter {
  projectId: number;
  envId: number;
  /** Null for every site. */
  sites: readonly number[] | null;
  id?: number;
  panelInstanceId?: number;
  path?: string;
  siteId?: number;
  statuses?: readonly QueryStatus[];
  eventId?: number;
  instrumentId?: number;
  subjectId?: number;
  subject?: string;
  raisedAfter?: Date | null;
  raisedAtOrBefore?: Date | null;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Executor, filter: QueryFilter) {
  let query = db
    .selectFrom('queries as q')
    .innerJoin('subjects as s', 's.id', 'q.subject_id')
    .innerJoin('project_sites as ps', 'ps.id', 'q.site_id')
    .innerJoin('event_instances as ei', 'ei.id', 'q.event_instance_id')
    .innerJoin('panel_instances as pi', 'pi.id', 'q.panel_instance_id')
    .where('q.project_id', '=', filter.projectId)
    .where('q.env_id', '=', filter.envId)
    .where('s.status', '<>', 'DEL');
  if (filter.sites !== null) query = filter.sites.length === 0 ? query.where((eb) => eb.val(false)) : query.where('q.site_id', 'in', [...filter.sites]);
  if (filter.id !== undefined) query = query.where('q.id', '=', filter.id);
  if (filter.panelInstanceId !== undefined) query = query.where('q.panel_instance_id', '=', filter.panelInstanceId);
  if (filter.path !== undefined) query = query.where('q.path', '=', filter.path);
  if (filter.siteId !== undefined) query = query.where('q.site_id', '=', filter.siteId);
  if (filter.statuses !== undefined) query = query.where('q.status', 'in', [...filter.statuses]);
  if (filter.eventId !== undefined) query = query.where('ei.event_id', '=', filter.eventId);
  if (filter.instrumentId !== undefined) query = query.where('pi.instrument_id', '=', filter.instrumentId);
  if (filter.subjectId !== undefined) query = query.where('q.subject_id', '=', filter.subjectId);
  if (filter.subject !== undefined && filter.subject !== '') {
    const pattern = `%${escapeLike(filter.subject)}%`;
    query = query.where((eb) => eb.or([eb('s.platform_no', 'ilike', pattern), eb('s.subject_code', 'ilike', pattern)]));
  }
  if (filter.raisedAfter) query = query.where('q.raised_at', '>', filter.raisedAfter);
  if (filter.raisedAtOrBefore) query = query.where('q.raised_at', '<=', filter.raisedAtOrBefore);
  return query;
}

/** Queries under a filter, newest first, a page at a time (all when `limit` is null). */
export async function listQueries(db: Executor, filter: QueryFilter, limit: number | null = null, offset = 0): Promise<QueryListRow[]> {
  let query = filtered(db, filter)
    .leftJoin('users as ru', 'ru.id', 'q.raised_by')
    .leftJoin('users as cu', 'cu.id', 'q.closed_by')
    .leftJoin('project_roles as pr', 'pr.id', 'q.raised_role_id')
    .selectAll('q')
    .select([
      'ps.name as site_name',
      'ps.name_en as site_name_en',
      's.platform_no',
      's.subject_code',
      'ei.event_id',
      'ei.seq as event_seq',
      'pi.instrument_id',
      'pi.design_version_id',
      'ru.name as raised_by_name',
      'cu.name as closed_by_name',
      'pr.alias as raised_role',
    ])
    .orderBy('q.raised_at', 'desc')
    .orderBy('q.id', 'desc');
  if (limit !== null) query = query.limit(limit).offset(offset);
  return query.execute();
}

export async function countQueries(db: Executor, filter: QueryFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countByStatus(db: Executor, filter: QueryFilter): Promise<{ status: QueryStatus; count: number }[]> {
  const rows = await filtered(db, filter)
    .select(['q.status', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('q.status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/** Raise times of the unclosed queries under a filter, for the age groups. */
export async function unclosedRaiseTimes(db: Executor, filter: QueryFilter): Promise<Date[]> {
  const rows = await filtered(db, { ...filter, statuses: UNCLOSED_QUERY_STATUSES }).select('q.raised_at').execute();
  return rows.map((row) => row.raised_at);
}

export interface CommentListRow extends QueryCommentRow {
  author_name: string | null;
}

export async function commentsOf(db: Executor, queryId: number): Promise<CommentListRow[]> {
  return db
    .selectFrom('query_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .selectAll('c')
    .select('u.name as author_name')
    .where('c.query_id', '=', queryId)
    .orderBy('c.id')
    .execute();
}

/** Snapshots of design versions, by id. */
export async function designVersions(db: Executor, ids: readonly number[]): Promise<{ id: number; snapshot: unknown }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('design_versions').select(['id', 'snapshot']).where('id', 'in', [...ids]).execute();
}

/** Where a query stands in the design: its panel's design version and instrument, and its visit. */
export function queryPlace(db: Executor, panelInstanceId: number) {
  return db
    .selectFrom('panel_instances as p')
    .innerJoin('event_instances as e', 'e.id', 'p.event_instance_id')
    .select(['p.design_version_id', 'p.instrument_id', 'e.event_id', 'e.seq'])
    .where('p.id', '=', panelInstanceId)
    .executeTakeFirst();
}
