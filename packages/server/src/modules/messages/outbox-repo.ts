import type { Insertable } from 'kysely';
import type { OutboundMessagesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of the outbox of e-mail and WeChat messages (migration 0023). */

export async function insertOutbound(db: Executor, rows: readonly Insertable<OutboundMessagesTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('outbound_messages').values([...rows]).returning('id').execute();
  return inserted.map((row) => row.id);
}
