import type { Executor } from '../audit/repo.js';

/** Password recovery requests (migration 0030; docs/decisions.md "Sign-in channels"). */

export async function insertRecoveryRequest(
  db: Executor,
  row: { userId: number | null; ip: string; at: Date; tokenHash: string | null; expiresAt: Date | null },
): Promise<void> {
  await db
    .insertInto('password_recovery_requests')
    .values({ user_id: row.userId, ip: row.ip, requested_at: row.at, token_hash: row.tokenHash, expires_at: row.expiresAt })
    .execute();
}

export async function countRecoveryFromAddress(db: Executor, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_recovery_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Links mailed to a user since `since`: a user's mailbox is not flooded whoever asks. */
export async function countLinksForUser(db: Executor, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_recovery_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('token_hash', 'is not', null)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A link still usable at `now`, with its user's name; locked for update inside a transaction. */
export async function findUsableLink(db: Executor, tokenHash: string, now: Date, forUpdate = false) {
  let query = db
    .selectFrom('password_recovery_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.expires_at', 'u.username', 'u.status'])
    .where('r.token_hash', '=', tokenHash)
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', now);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Marks the link used, and every other open link of the user with it: one new password ends them all. */
export async function closeUserLinks(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_recovery_requests')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', 'is not', null)
    .where('used_at', 'is', null)
    .execute();
}
