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

export async function setQueryStatus(db: Executor, id: number, status: QueryStatus, userId: number, now: Date): Promise<QueryRow> {
  const closing = status !== 'OPEN' && status !== 'ANSWERED';
  return db
    .updateTable('queries')
    .set({ status, updated_at: now, ...(closing ? { closed_by: userId, closed_at: now } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertComment(db: Executor, queryId: number, action: QueryAction, content: string | null, authorId: number, now: Date): Promise<QueryCommentRow> {
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
