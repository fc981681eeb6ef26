import type { Insertable } from 'kysely';
import type { NotificationsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of in-site notifications (migration 0025). */

export async function insertNotifications(db: Executor, rows: readonly Insertable<NotificationsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('notifications').values([...rows]).execute();
}

export function listNotifications(db: Executor, userId: number, page: { offset: number; limit: number; unreadOnly: boolean }) {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('projects as p', 'p.id', 'n.project_id')
    .select(['n.id', 'n.event', 'n.project_id', 'p.code as project_code', 'n.title', 'n.body', 'n.link', 'n.read_at', 'n.created_at'])
    .where('n.user_id', '=', userId);
  if (page.unreadOnly) query = query.where('n.read_at', 'is', null);
  return query.orderBy('n.id', 'desc').offset(page.offset).limit(page.limit).execute();
}
export type NotificationListRow = Awaited<ReturnType<typeof listNotifications>>[number];

export async function countNotifications(db: Executor, userId: number): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('id').filterWhere('read_at', 'is', null).as('unread')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** Marks the user's own unread notifications among `ids` (all of them when null) read; returns their ids. */
export async function markRead(db: Executor, userId: number, ids: readonly number[] | null, now: Date): Promise<number[]> {
  let query = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids !== null) query = query.where('id', 'in', [...ids]);
  return (await query.returning('id').execute()).map((row) => row.id);
}
