import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { OutboundMessagesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of the outbox of e-mail and WeChat messages (migration 0023). */

export async function insertOutbound(db: Executor, rows: readonly Insertable<OutboundMessagesTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('outbound_messages').values([...rows]).returning('id').execute();
  return inserted.map((row) => row.id);
}

/**
 * Tells every instance's sender that messages were queued. NOTIFY inside a transaction is delivered when it
 * commits and dropped when it rolls back, so senders wake exactly when there is something to send.
 */
export async function notifyOutbox(db: Executor): Promise<void> {
  await sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`.execute(db);
}

export const OUTBOX_CHANNEL = 'dcap_outbox';
