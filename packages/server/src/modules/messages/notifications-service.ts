import type { Notification, NotificationListQuery, NotificationPage } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { NotificationListRow } from './notifications-repo.js';
import * as repo from './notifications-repo.js';

/** The caller's own in-site notifications (spec 000 §2.3 message list; the header bell): never another user's. */

function present(row: NotificationListRow): Notification {
  return {
    id: row.id,
    event: row.event,
    projectId: row.project_id,
    projectCode: row.project_code,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listMyNotifications(deps: ServiceDeps, caller: Caller, query: NotificationListQuery): Promise<NotificationPage> {
  const userId = caller.actor.userId;
  const rows = await repo.listNotifications(deps.db, userId, { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize, unreadOnly: query.unread === 'true' });
  const counts = await repo.countNotifications(deps.db, userId);
  return { list: rows.map(present), total: query.unread === 'true' ? counts.unread : counts.total, unread: counts.unread, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function unreadCount(deps: ServiceDeps, caller: Caller): Promise<{ count: number }> {
  return { count: (await repo.countNotifications(deps.db, caller.actor.userId)).unread };
}

/**
 * Marks the caller's own notifications read (the ids given, or all); ids of others' or already read ones are
 * passed over. Audited when something changed, as every write is.
 */
export async function markNotificationsRead(deps: ServiceDeps, caller: Caller, ids: readonly number[] | null): Promise<{ marked: number }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const marked = await repo.markRead(trx, caller.actor.userId, ids === null ? null : [...new Set(ids)], deps.clock.now());
    if (marked.length > 0) await audit({ action: 'notification.read', entityType: 'user', entityId: caller.actor.userId, newValue: { notificationIds: marked } });
    return { marked: marked.length };
  });
}
