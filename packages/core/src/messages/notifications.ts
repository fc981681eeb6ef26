import { z } from 'zod';
import { dbId, queryInt } from '../validation/text.js';

/** In-site notifications (spec 000 §3 channel "in-site notification"; spec 000 §2.3 account centre message list). */
export const notificationSchema = z.object({
  id: z.number(),
  event: z.string(),
  projectId: z.number().nullable(),
  projectCode: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  pageNo: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = z.object({ list: z.array(notificationSchema), total: z.number(), unread: z.number(), pageNo: z.number(), pageSize: z.number() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ count: z.number() });

export const markNotificationsReadSchema = z.strictObject({ ids: z.array(dbId()).min(1).max(200) });
export const markedReadSchema = z.object({ marked: z.number() });
