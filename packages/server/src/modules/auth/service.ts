import type { ChangePasswordRequest, LoginRequest, LoginResponse } from '@dcap/core';
import { AppError, platformRightsOf } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { appendAudit } from '../audit/trail.js';
import { findUserById, findUserByUsername, updateUser } from '../users/accounts.js';
import type { SignInAttempt } from './attempts-repo.js';
import { countAttemptsFromAddress, recordAttempt } from './attempts-repo.js';
import { lockAfterFailure } from './lockout.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import type { OpenSession } from './sessions-repo.js';
import { endSession, endUserSessions, findOpenSession, insertSession, touchSession } from './sessions-repo.js';
import type { SessionEndReason, UserRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import { hashToken, newSessionToken } from './tokens.js';
import { sysRoleRights } from '../sysconfig/rights.js';

const MINUTE = 60_000;
/** last_seen_at is written at most this often, so reads stay reads; idle expiry is exact to within it. */
const TOUCH_INTERVAL_MS = 30_000;

type LoginOutcome =
  | { ok: true; response: LoginResponse }
  | { ok: false; error: AppError };

/**
 * Sign-in (spec 000 §7.1; COMPLIANCE AC-2, AC-4, AC-6, AT-4). Every outcome is recorded as an attempt
 * and audited in the same transaction; a failure is thrown only after that transaction commits, so the
 * record of a failed sign-in is never rolled back with it.
 *
 * Every refusal is the same `auth.invalid_credentials`: an unknown name, a wrong password, a locked-out
 * account and one disabled by an administrator look alike to the caller, so a caller learns neither which
 * names exist nor whether a guessed password was right. The reason is kept in the attempt and the audit row
 * (docs/decisions.md, "Sign-in refusals").
 */
export async function login(deps: ServiceDeps, body: LoginRequest, meta: RequestMeta): Promise<LoginResponse> {
  const { db, config, clock } = deps;
  const now = clock.now();
  const recent = await countAttemptsFromAddress(db, meta.ip, new Date(now.getTime() - MINUTE));
  if (recent >= config.loginRateLimitPerMinute) throw new AppError('request.rate_limited', { seconds: 60 });

  const user = await findUserByUsername(db, body.username);
  const passwordMatches = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), body.password);

  const outcome = await db.transaction().execute(async (trx): Promise<LoginOutcome> => {
    const attempt = { username: body.username, userId: user?.id ?? null, ip: meta.ip, at: now };
    const audit = (action: string, newValue: Record<string, unknown>) =>
      appendAudit(trx, {
        actorId: user?.id ?? null,
        actorUsername: user?.username ?? body.username,
        action,
        entityType: 'user',
        entityId: user?.id ?? null,
        newValue,
        ip: meta.ip,
      });
    const refuse = async (reason: Exclude<SignInAttempt['reason'], 'ok'>): Promise<LoginOutcome> => {
      await recordAttempt(trx, { ...attempt, success: false, reason });
      await audit('auth.login_failed', { reason });
      return { ok: false, error: new AppError('auth.invalid_credentials') };
    };

    if (!user || user.status === 'deleted') return refuse('unknown_user');
    // A locked-out account is refused whatever the password, and the attempt does not extend the lock.
    if (user.locked_until && user.locked_until > now) return refuse('locked');
    if (!passwordMatches) {
      const refusal = await refuse('wrong_password');
      const locked = await lockAfterFailure(trx, deps, user, now);
      if (locked) await audit('auth.lockout', { failures: locked.failures, lockedUntil: locked.lockedUntil.toISOString() });
      return refusal;
    }
    if (user.status === 'locked') return refuse('disabled');

    await updateUser(trx, user.id, { locked_until: null, lockout_reset_at: now });
    await recordAttempt(trx, { ...attempt, success: true, reason: 'ok' });
    return { ok: true, response: await startSession(trx, deps, user, meta, 'password') };
  });
  if (user) deps.sessions.forgetUser(user.id);
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}

/**
 * Opens a session for a user whom a sign-in channel has identified (the password form, a QR code confirmed
 * on a signed-in phone, the WeChat mini-app), in the caller's transaction, and audits `auth.login` with the
 * channel. The caller has checked that the account may sign in.
 */
export async function startSession(
  trx: Executor,
  deps: Pick<ServiceDeps, 'config' | 'clock'>,
  user: Pick<UserRow, 'id' | 'username' | 'name' | 'must_change_password'>,
  meta: RequestMeta,
  via: 'password' | 'qr' | 'miniApp',
): Promise<LoginResponse> {
  const now = deps.clock.now();
  const token = newSessionToken();
  await insertSession(trx, {
    tokenHash: hashToken(token),
    userId: user.id,
    now,
    expiresAt: new Date(now.getTime() + deps.config.session.maxAgeMs),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  // Messages to the user are written in the language they last signed in with (docs/decisions.md "Message configuration").
  await updateUser(trx, user.id, { last_login_at: now, language: meta.locale });
  // The password form's audit row stays as it was; other channels name themselves.
  const newValue = via === 'password' ? { ip: meta.ip } : { ip: meta.ip, via };
  await appendAudit(trx, { actorId: user.id, actorUsername: user.username, action: 'auth.login', entityType: 'user', entityId: user.id, newValue, ip: meta.ip });
  return { token, user: { id: user.id, username: user.username, name: user.name, mustChangePassword: user.must_change_password } };
}

/** A user row may open a session now: active, not deleted, not locked out. */
export function maySignIn(user: Pick<UserRow, 'status' | 'locked_until'>, now: Date): boolean {
  return user.status === 'active' && !(user.locked_until && user.locked_until > now);
}

/**
 * Resolves the `Token` header to an actor, ending the session when it has been idle too long or outlived
 * its absolute lifetime (COMPLIANCE AC-5), or when its user has been locked or deleted since.
 */
export async function authenticate(deps: ServiceDeps, token: string | undefined): Promise<Actor> {
  if (!token) throw new AppError('auth.required');
  const { db, config, clock, sessions } = deps;
  const tokenHash = hashToken(token);
  const now = clock.now();
  const idle = (s: OpenSession) => now.getTime() - s.last_seen_at.getTime() > config.session.idleMs;
  let session = sessions.get(tokenHash, now);
  // A remembered session that looks idle may have been used through another instance since: re-read it.
  if (!session || idle(session)) {
    const ticket = sessions.ticket();
    session = await findOpenSession(db, tokenHash);
    if (session) sessions.set(tokenHash, session, now, ticket);
  }
  if (!session) throw new AppError('auth.required');
  const sessionId = session.id;
  const end = async (reason: SessionEndReason) => {
    sessions.forget(tokenHash);
    await endSession(db, sessionId, now, reason);
  };
  if (idle(session)) {
    await end('idle');
    throw new AppError('auth.session_expired');
  }
  if (now >= session.expires_at) {
    await end('expired');
    throw new AppError('auth.required');
  }
  if (session.user.status !== 'active') {
    await end('revoked');
    throw new AppError('auth.required');
  }
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, now);
    sessions.touched(tokenHash, now);
  }
  const flags = { admin: session.user.admin, systemAdmin: session.user.system_admin, projectAdmin: session.user.project_admin };
  return {
    userId: session.user.id,
    username: session.user.username,
    name: session.user.name,
    nameEn: session.user.name_en,
    email: session.user.email,
    ...flags,
    platformRights: platformRightsOf(flags, await sysRoleRights(deps)),
    sessionId: session.id,
    currentProjectId: session.current_project_id,
    currentRoleId: session.current_role_id,
    currentEnv: session.current_env,
    mustChangePassword: session.user.must_change_password,
  };
}

/** Ends the caller's session. An unknown or already ended token is not an error: the client clears anyway. */
export async function logout(deps: ServiceDeps, token: string | undefined, meta: RequestMeta): Promise<void> {
  if (!token) return;
  const { db, clock } = deps;
  const tokenHash = hashToken(token);
  deps.sessions.forget(tokenHash);
  const session = await findOpenSession(db, tokenHash);
  if (!session) return;
  await db.transaction().execute(async (trx) => {
    await endSession(trx, session.id, clock.now(), 'logout');
    await appendAudit(trx, {
      actorId: session.user.id,
      actorUsername: session.user.username,
      action: 'auth.logout',
      entityType: 'user',
      entityId: session.user.id,
      ip: meta.ip,
    });
  });
}

/** The signed-in user changes their own password; their other sessions end. */
export async function changePassword(deps: ServiceDeps, actor: Actor, body: ChangePasswordRequest, meta: RequestMeta): Promise<void> {
  const { db, clock } = deps;
  const user = await findUserById(db, actor.userId);
  if (!user) throw new AppError('user.not_found');
  if (!(await verifyPassword(user.password_hash, body.oldPassword))) throw new AppError('auth.wrong_old_password');
  if (body.newPassword === body.oldPassword) throw new AppError('auth.password_reused');
  const passwordHash = await hashPassword(body.newPassword);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash, password_changed_at: now, must_change_password: false, updated_at: now });
    await endUserSessions(trx, user.id, now, 'revoked', actor.sessionId);
    await appendAudit(trx, {
      actorId: actor.userId,
      actorUsername: actor.username,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: user.id,
      ip: meta.ip,
    });
  });
  deps.sessions.forgetUser(user.id);
}
