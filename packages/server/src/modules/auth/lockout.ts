import type { ServiceDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import { updateUser } from '../users/accounts.js';
import { countFailuresForUser } from './attempts-repo.js';
import { endUserSessions } from './sessions-repo.js';

/**
 * After a wrong password has been recorded as a failed attempt: locks the account when the failures in the
 * lockout window reach the threshold (COMPLIANCE AC-2), ending its sessions. Sign-in and re-authentication
 * at signing (ES-2) count toward the same lockout. Returns the lock's end when it locked.
 */
export async function lockAfterFailure(trx: Executor, deps: Pick<ServiceDeps, 'config'>, user: Pick<UserRow, 'id' | 'lockout_reset_at'>, now: Date): Promise<{ failures: number; lockedUntil: Date } | null> {
  const { lockout } = deps.config;
  const windowStart = new Date(now.getTime() - lockout.windowMs);
  const since = user.lockout_reset_at && user.lockout_reset_at > windowStart ? user.lockout_reset_at : windowStart;
  const failures = await countFailuresForUser(trx, user.id, since);
  if (failures < lockout.threshold) return null;
  const lockedUntil = new Date(now.getTime() + lockout.durationMs);
  await updateUser(trx, user.id, { locked_until: lockedUntil, lockout_reset_at: now });
  await endUserSessions(trx, user.id, now, 'revoked');
  return { failures, lockedUntil };
}
