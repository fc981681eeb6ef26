import type { CompiledQuery, InferResult } from 'kysely';
import type { SessionEndReason, SessionRow, UserRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

export interface NewSession {
  tokenHash: string;
  userId: number;
  now: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Executor, session: NewSession): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What authentication needs of an open session and its user. */
export interface OpenSession {
  id: number;
  last_seen_at: Date;
  expires_at: Date;
  current_project_id: number | null;
  current_role_id: number | null;
  current_env: string | null;
  user: Pick<UserRow, 'id' | 'username' | 'name' | 'name_en' | 'email' | 'admin' | 'system_admin' | 'project_admin' | 'status' | 'must_change_password'>;
}

function openSessionQuery(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.last_seen_at',
      's.expires_at',
      's.current_project_id',
      's.current_role_id',
      's.current_env',
      'u.username',
      'u.name',
      'u.name_en',
      'u.email',
      'u.admin',
      'u.system_admin',
      'u.project_admin',
      'u.status',
      'u.must_change_password',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null);
}

type OpenSessionRow = InferResult<ReturnType<typeof openSessionQuery>>[number];

/**
 * Every authenticated request runs this lookup, so it is compiled once and reused with the token hash as
 * its only parameter: building and compiling the query tree each time cost more than running it.
 */
let compiledLookup: CompiledQuery | undefined;

/** One query per authenticated request: the open session and the flags of its user. */
export async function findOpenSession(db: Executor, tokenHash: string): Promise<OpenSession | undefined> {
  compiledLookup ??= openSessionQuery(db, '').compile();
  const { rows } = await db.executeQuery<OpenSessionRow>({ ...compiledLookup, parameters: [tokenHash] });
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
    current_project_id: row.current_project_id,
    current_role_id: row.current_role_id,
    current_env: row.current_env,
    user: {
      id: row.user_id,
      username: row.username,
      name: row.name,
      name_en: row.name_en,
      email: row.email,
      admin: row.admin,
      system_admin: row.system_admin,
      project_admin: row.project_admin,
      status: row.status,
      must_change_password: row.must_change_password,
    },
  };
}

export async function touchSession(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function endSession(db: Executor, id: number, now: Date, reason: SessionEndReason): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: now, end_reason: reason }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

/** Ends every open session of a user, except optionally the caller's own (password change). */
export async function endUserSessions(
  db: Executor,
  userId: number,
  now: Date,
  reason: SessionEndReason,
  exceptSessionId?: number,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves a session to a project, role and environment (the spec's store and select calls). */
export async function setSessionSelection(db: Executor, id: number, selection: { projectId: number | null; roleId: number | null; env: string | null }): Promise<void> {
  await db.updateTable('sessions').set({ current_project_id: selection.projectId, current_role_id: selection.roleId, current_env: selection.env }).where('id', '=', id).execute();
}

/** One of the user's own sessions, still open at `now`, with where it works. */
export async function findOwnOpenSession(db: Executor, id: number, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'current_project_id', 'current_role_id', 'current_env'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
