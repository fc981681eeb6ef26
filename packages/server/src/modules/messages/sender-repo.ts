import { sql } from 'kysely';
import type { OutboundMessageRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/**
 * SQL of the sender (sender.ts). Times come from the sender's clock, passed in, so every statement of one
 * pass agrees on "now". Writes of an outcome are fenced by the attempt number the claim gave: a sender
 * whose claim was taken over can no longer change the row.
 */

/**
 * Claims the message due first: marked `sending` with one more attempt, in one statement that commits on
 * its own. SKIP LOCKED lets any number of senders claim side by side without waiting on or taking each
 * other's rows; once committed the row is `sending` and no other sender looks at it.
 */
export async function claimDue(db: Executor, now: Date): Promise<OutboundMessageRow | undefined> {
  const result = await sql<OutboundMessageRow>`
    UPDATE outbound_messages
    SET status = 'sending', claimed_at = ${now}, attempts = attempts + 1
    WHERE id = (
      SELECT id FROM outbound_messages
      WHERE status = 'queued' AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return result.rows[0];
}

/** Messages left `sending` since before `claimedBefore` (their sender died or hung) become `unconfirmed`. */
export async function expireLeases(db: Executor, claimedBefore: Date, error: string): Promise<OutboundMessageRow[]> {
  const result = await sql<OutboundMessageRow>`
    UPDATE outbound_messages
    SET status = 'unconfirmed', last_error = ${error}
    WHERE id IN (
      SELECT id FROM outbound_messages
      WHERE status = 'sending' AND claimed_at < ${claimedBefore}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return result.rows;
}

export type Outcome =
  | { status: 'sent'; sentAt: Date }
  | { status: 'queued'; nextAttemptAt: Date; error: string }
  | { status: 'failed'; error: string };

/**
 * Records what became of the claim `attempt`: still the sender's if nobody took it over, or `unconfirmed`
 * when its lease ran out first (the late answer is then the better knowledge). Undefined when the row was
 * claimed again, cancelled or already recorded.
 */
export async function recordOutcome(db: Executor, id: number, attempt: number, outcome: Outcome): Promise<OutboundMessageRow | undefined> {
  const values =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sent_at: outcome.sentAt, last_error: null }
      : outcome.status === 'queued'
        ? { status: 'queued' as const, next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error }
        : { status: 'failed' as const, last_error: outcome.error };
  return db
    .updateTable('outbound_messages')
    .set(values)
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', 'in', ['sending', 'unconfirmed'])
    .returningAll()
    .executeTakeFirst();
}
