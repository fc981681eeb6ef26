import type { MessageLogFilters, OutboundStatus } from '@dcap/core';
import type { Insertable } from 'kysely';
import type { OutboundMessageRow, OutboundMessagesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of the message log (spec 000 §2.2 /sys/messageLog). */

export type LoggedMessage = OutboundMessageRow & {
  project_name: string | null;
  recipient_username: string | null;
  recipient_name: string | null;
  creator_username: string | null;
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function base(db: Executor) {
  return db
    .selectFrom('outbound_messages as m')
    .leftJoin('projects as p', 'p.id', 'm.project_id')
    .leftJoin('users as r', 'r.id', 'm.recipient_user_id')
    .leftJoin('users as c', 'c.id', 'm.created_by');
}

type Base = ReturnType<typeof base>;

function filtered(query: Base, filters: MessageLogFilters): Base {
  let q = query;
  if (filters.projectId !== undefined) q = q.where('m.project_id', '=', filters.projectId);
  if (filters.channel !== undefined) q = q.where('m.channel', '=', filters.channel);
  if (filters.status !== undefined) q = q.where('m.status', '=', filters.status);
  if (filters.kind !== undefined) q = q.where('m.kind', '=', filters.kind);
  if (filters.from !== undefined) q = q.where('m.created_at', '>=', new Date(filters.from));
  if (filters.to !== undefined) q = q.where('m.created_at', '<', new Date(filters.to));
  if (filters.receiver !== undefined) {
    const pattern = `%${escapeLike(filters.receiver)}%`;
    q = q.where((eb) => eb.or([eb('m.address', 'ilike', pattern), eb('r.username', 'ilike', pattern), eb('r.name', 'ilike', pattern)]));
  }
  return q;
}

const COLUMNS = [
  'p.name as project_name',
  'r.username as recipient_username',
  'r.name as recipient_name',
  'c.username as creator_username',
] as const;

/** One page, newest first. */
export async function listMessages(db: Executor, filters: MessageLogFilters, page: { limit: number; offset: number }): Promise<LoggedMessage[]> {
  const query = filtered(base(db), filters);
  return query
    .selectAll('m')
    .select([...COLUMNS])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countMessages(db: Executor, filters: MessageLogFilters): Promise<number> {
  const row = await filtered(base(db), filters)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Messages per channel and status under the same filters, for the log's chart. */
export async function countByStatus(db: Executor, filters: MessageLogFilters): Promise<{ channel: OutboundMessageRow['channel']; status: OutboundStatus; count: number }[]> {
  const rows = await filtered(base(db), filters)
    .select(['m.channel', 'm.status', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy(['m.channel', 'm.status'])
    .orderBy('m.channel')
    .orderBy('m.status')
    .execute();
  return rows.map((row) => ({ channel: row.channel, status: row.status, count: Number(row.count) }));
}

export async function findMessage(db: Executor, id: number): Promise<LoggedMessage | undefined> {
  return base(db).selectAll('m').select([...COLUMNS]).where('m.id', '=', id).executeTakeFirst();
}

/** Locks one message for a change of the log (cancel, resend), against a sender claiming it meanwhile. */
export async function lockMessage(db: Executor, id: number): Promise<OutboundMessageRow | undefined> {
  return db.selectFrom('outbound_messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listResends(db: Executor, id: number): Promise<{ id: number; status: OutboundStatus; created_at: Date }[]> {
  return db.selectFrom('outbound_messages').select(['id', 'status', 'created_at']).where('resend_of', '=', id).orderBy('id').execute();
}

export async function cancelMessage(db: Executor, id: number): Promise<OutboundMessageRow | undefined> {
  return db.updateTable('outbound_messages').set({ status: 'cancelled' }).where('id', '=', id).where('status', '=', 'queued').returningAll().executeTakeFirst();
}

export async function insertResend(db: Executor, row: Insertable<OutboundMessagesTable>): Promise<OutboundMessageRow> {
  return db.insertInto('outbound_messages').values(row).returningAll().executeTakeFirstOrThrow();
}
