import { AppError } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { appendAudit } from '../audit/trail.js';
import { findUserById } from '../users/accounts.js';
import { countAttemptsFromAddress, recordAttempt } from './attempts-repo.js';
import { lockAfterFailure } from './lockout.js';
import { verifyPassword } from './passwords.js';

/**
 * Re-authentication before an electronic signature (COMPLIANCE ES-1, ES-2; spec 001 §2.3): the login name must
 * be the signed-in user's own and the password right. A wrong password is recorded as a failed attempt and
 * counts toward the same lockout as sign-in (AC-2); every refusal is audited. The record commits before the
 * refusal is thrown, so it is never rolled back with the signature that was refused. `purpose` names what the
 * re-authentication was for in the audit row.
 */
export async function reauthenticate(deps: ServiceDeps, actor: Actor, credentials: { username: string; password: string }, meta: RequestMeta, purpose: string): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  // The sign-in rate limit per address holds here too, so signing cannot be used to guess passwords faster.
  const recent = await countAttemptsFromAddress(db, meta.ip, new Date(now.getTime() - 60_000));
  if (recent >= deps.config.loginRateLimitPerMinute) throw new AppError('request.rate_limited', { seconds: 60 });
  const user = await findUserById(db, actor.userId);
  const own = user !== undefined && credentials.username.toLowerCase() === user.username.toLowerCase();
  const passwordMatches = own && (await verifyPassword(user.password_hash, credentials.password));

  const error = await db.transaction().execute(async (trx): Promise<AppError | null> => {
    const audit = (action: string, newValue: Record<string, unknown>) =>
      appendAudit(trx, { actorId: actor.userId, actorUsername: actor.username, action, entityType: 'user', entityId: actor.userId, newValue, ip: meta.ip });
    if (!user || !own) {
      // Someone else's name: not a guess at this account's password, so it does not count toward its lockout.
      await audit('auth.reauth_failed', { purpose, reason: 'not_self', username: credentials.username.slice(0, 128) });
      return new AppError('signature.not_self');
    }
    const attempt = { username: user.username, userId: user.id, ip: meta.ip, at: now };
    if (user.locked_until && user.locked_until > now) {
      await recordAttempt(trx, { ...attempt, success: false, reason: 'locked' });
      await audit('auth.reauth_failed', { purpose, reason: 'locked' });
      return new AppError('signature.account_locked');
    }
    if (!passwordMatches) {
      await recordAttempt(trx, { ...attempt, success: false, reason: 'wrong_password' });
      await audit('auth.reauth_failed', { purpose, reason: 'wrong_password' });
      const locked = await lockAfterFailure(trx, deps, user, now);
      if (locked) {
        await audit('auth.lockout', { failures: locked.failures, lockedUntil: locked.lockedUntil.toISOString() });
        return new AppError('signature.account_locked');
      }
      return new AppError('signature.invalid_credentials');
    }
    return null;
  });
  if (error) {
    deps.sessions.forgetUser(actor.userId);
    throw error;
  }
}
