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

export type SessionWithUser = SessionRow & {
  user: Pick<UserRow, 'id' | 'username' | 'name' | 'name_en' | 'email' | 'admin' | 'system_admin' | 'project_admin' | 'status'>;
};

/** One query per authenticated request: the open session and the flags of its user. */
export async function findOpenSession(db: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select([
      'u.username as u_username',
      'u.name as u_name',
      'u.name_en as u_name_en',
      'u.email as u_email',
      'u.admin as u_admin',
      'u.system_admin as u_system_admin',
      'u.project_admin as u_project_admin',
      'u.status as u_status',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { u_username, u_name, u_name_en, u_email, u_admin, u_system_admin, u_project_admin, u_status, ...session } = row;
  return {
    ...session,
    user: {
      id: session.user_id,
      username: u_username,
      name: u_name,
      name_en: u_name_en,
      email: u_email,
      admin: u_admin,
      system_admin: u_system_admin,
      project_admin: u_project_admin,
      status: u_status,
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
