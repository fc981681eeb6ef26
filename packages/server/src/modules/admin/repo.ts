import type { SysLogFilters } from '@dcap/core';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { ApiKeyRow, ApiKeysTable, SessionRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import { SESSION_CHANNEL } from '../auth/session-cache.js';

/** SQL of platform administration (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache). */

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- Online users --------------------------------------------------------------------------------------

export interface OnlineSessionRow {
  id: number;
  user_id: number;
  username: string;
  name: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  current_project_id: number | null;
  current_env: string | null;
  project_name: string | null;
  project_name_en: string | null;
}

/**
 * Open sessions: not ended, not past their absolute lifetime and seen within the idle limit (a session idle
 * longer is ended at its next call, so its user is no longer signed in).
 */
function openSessions(db: Executor, now: Date, idleMs: number, keyword: string | undefined) {
  let query = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('projects as p', 'p.id', 's.current_project_id')
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>=', new Date(now.getTime() - idleMs))
    .where('u.status', '=', 'active');
  if (keyword !== undefined) {
    const pattern = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.name', 'ilike', pattern), eb('s.ip', 'ilike', pattern)]));
  }
  return query;
}

export async function listOnlineSessions(db: Executor, now: Date, idleMs: number, keyword: string | undefined, page: { limit: number; offset: number }): Promise<OnlineSessionRow[]> {
  return openSessions(db, now, idleMs, keyword)
    .select(['s.id', 's.user_id', 'u.username', 'u.name', 's.ip', 's.user_agent', 's.created_at', 's.last_seen_at', 's.expires_at', 's.current_project_id', 's.current_env', 'p.name as project_name', 'p.name_en as project_name_en'])
    .orderBy('s.last_seen_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countOnlineSessions(db: Executor, now: Date, idleMs: number, keyword: string | undefined): Promise<number> {
  const row = await openSessions(db, now, idleMs, keyword).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An open session with its user's login name, locked for ending it. */
export async function lockOpenSession(db: Executor, id: number): Promise<(SessionRow & { username: string }) | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select('u.username')
    .where('s.id', '=', id)
    .where('s.ended_at', 'is', null)
    .forUpdate('s')
    .executeTakeFirst();
}

/** Ends a session; its trigger announces the change to every instance's session cache (migration 0003). */
export async function endSessionNow(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: now, end_reason: 'revoked' }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

/** Tells every instance to forget every remembered session (any payload but `session:` or `user:` clears all). */
export async function announceSessionCacheClear(db: Executor): Promise<void> {
  await sql`SELECT pg_notify(${SESSION_CHANNEL}, 'clear')`.execute(db);
}

// ---- Operation log -------------------------------------------------------------------------------------

export interface SysLogRow {
  id: number;
  at: Date;
  actor_username: string | null;
  actor_name: string | null;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  project_id: number | null;
  project_name: string | null;
  project_name_en: string | null;
  env: string | null;
  ip: string | null;
  old_value: unknown;
  new_value: unknown;
  reason: string | null;
}

function auditRows(db: Executor, filters: SysLogFilters) {
  let query = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id').leftJoin('projects as p', 'p.id', 'a.project_id');
  if (filters.user !== undefined) query = query.where('a.actor_username', 'ilike', `%${escapeLike(filters.user)}%`);
  if (filters.action !== undefined) {
    query = filters.action.endsWith('*')
      ? query.where('a.action', 'like', `${escapeLike(filters.action.slice(0, -1))}%`)
      : query.where('a.action', '=', filters.action);
  }
  if (filters.projectId !== undefined) query = query.where('a.project_id', '=', filters.projectId);
  if (filters.from !== undefined) query = query.where('a.at', '>=', new Date(filters.from));
  if (filters.to !== undefined) query = query.where('a.at', '<', new Date(filters.to));
  if (filters.result !== undefined) {
    // The same rule as core sysLogResultOf.
    const failure = sql<boolean>`(a.action = 'auth.lockout' OR a.action LIKE '%\\_failed' OR a.action LIKE '%\\_refused')`;
    query = query.where(filters.result === 'failure' ? failure : sql<boolean>`NOT ${failure}`);
  }
  return query;
}

const SYS_LOG_COLUMNS = [
  'a.id',
  'a.at',
  'a.actor_username',
  'u.name as actor_name',
  'a.actor_role',
  'a.action',
  'a.entity_type',
  'a.entity_id',
  'a.project_id',
  'p.name as project_name',
  'p.name_en as project_name_en',
  'a.env',
  'a.ip',
  'a.old_value',
  'a.new_value',
  'a.reason',
] as const;

/** Newest first; `limit` null reads every row under the filters (the export). */
export async function listSysLog(db: Executor, filters: SysLogFilters, page: { limit: number | null; offset: number }): Promise<SysLogRow[]> {
  let query = auditRows(db, filters).select([...SYS_LOG_COLUMNS]).orderBy('a.id', 'desc').offset(page.offset);
  if (page.limit !== null) query = query.limit(page.limit);
  return query.execute();
}

export async function countSysLog(db: Executor, filters: SysLogFilters): Promise<number> {
  const row = await auditRows(db, filters).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- Internal interfaces (API keys) --------------------------------------------------------------------

export type ListedApiKey = ApiKeyRow & { creator_username: string | null };

export async function listApiKeys(db: Executor): Promise<ListedApiKey[]> {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .selectAll('k')
    .select('u.username as creator_username')
    .orderBy('k.id', 'desc')
    .execute();
}

export async function findApiKey(db: Executor, id: number): Promise<ListedApiKey | undefined> {
  return db.selectFrom('api_keys as k').leftJoin('users as u', 'u.id', 'k.created_by').selectAll('k').select('u.username as creator_username').where('k.id', '=', id).executeTakeFirst();
}

export async function insertApiKey(db: Executor, row: Insertable<ApiKeysTable>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function lockApiKey(db: Executor, id: number): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function revokeApiKey(db: Executor, id: number, by: number, now: Date): Promise<ApiKeyRow> {
  return db.updateTable('api_keys').set({ revoked_at: now, revoked_by: by }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The key a request carries, by the hash of its secret. */
export async function findApiKeyBySecret(db: Executor, secretHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}

export async function touchApiKey(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
