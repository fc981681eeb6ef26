import type { Generated, Selectable } from 'kysely';
import type { OutboundChannel, OutboundStatus } from '@dcap/core';
import type { Json, NullableTimestamp } from './columns.js';

/** Messages (migration 0023, docs/decisions.md "Messages"). */

export interface OutboundMessagesTable {
  id: Generated<number>;
  project_id: number | null;
  env: string | null;
  channel: OutboundChannel;
  /** core messages/channels.ts OutboundKind. */
  kind: string;
  recipient_user_id: number | null;
  recipient_subject_id: number | null;
  address: string;
  language: 'zh-CN' | 'en-US';
  subject: string;
  body: string;
  payload: Json;
  status: Generated<OutboundStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  last_error: string | null;
  resend_of: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
}
export type OutboundMessageRow = Selectable<OutboundMessagesTable>;

/** A user's WeChat ids: `official` for template messages, `miniApp` for the mini-app (migration 0023). */
export interface UserWechatBindingsTable {
  user_id: number;
  kind: 'official' | 'miniApp';
  open_id: string;
  union_id: string | null;
  bound_at: Generated<Date>;
}
export type UserWechatBindingRow = Selectable<UserWechatBindingsTable>;

/** One hour slot's queued reminder scan (migration 0027). */
export interface ReminderSlotsTable {
  slot: Date;
  job_id: number | null;
  queued_at: Generated<Date>;
}

/** A visit reminder sent, skipped or without an address, once per visit, audience and sequence (migration 0027). */
export interface VisitRemindersTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  event_instance_id: number;
  /** core schedule/reminders.ts ReminderAudience. */
  audience: 'subject' | 'staff.due' | 'staff.overdue';
  sequence: number;
  due_day: string;
  outcome: 'sent' | 'skipped' | 'unreachable';
  channels: Json;
  message_ids: Json;
  slot: Date;
  created_at: Generated<Date>;
}
export type VisitReminderRow = Selectable<VisitRemindersTable>;
