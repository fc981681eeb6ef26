import { z } from 'zod';
import { queryId, queryInt, safeText } from '../validation/text.js';
import type { OutboundStatus } from './channels.js';
import { OUTBOUND_CHANNELS, OUTBOUND_STATUSES } from './channels.js';

/**
 * The platform's message log (spec 000 §2.2 /sys/messageLog; docs/decisions.md "Message sending"): every
 * e-mail and WeChat message of the outbox, with what became of it.
 */

/** Statuses a message may be resent from: it left, it did not, or nobody knows (a new message is queued). */
export const RESENDABLE_STATUSES: readonly OutboundStatus[] = ['sent', 'failed', 'unconfirmed'];
export const canResendMessage = (status: OutboundStatus): boolean => RESENDABLE_STATUSES.includes(status);
/** Only a message no sender has taken can be withdrawn. */
export const canCancelMessage = (status: OutboundStatus): boolean => status === 'queued';

/** An instant with its offset, as the browser sends a range bound. */
const instant = () => z.iso.datetime({ offset: true });

export const messageLogFiltersSchema = z.strictObject({
  projectId: queryId().optional(),
  channel: z.enum(OUTBOUND_CHANNELS).optional(),
  status: z.enum(OUTBOUND_STATUSES).optional(),
  kind: safeText().min(1).max(64).optional(),
  /** Part of the address, or of the receiving user's login or name. */
  receiver: safeText().min(1).max(100).optional(),
  /** Queued at or after. */
  from: instant().optional(),
  /** Queued before. */
  to: instant().optional(),
});
export type MessageLogFilters = z.infer<typeof messageLogFiltersSchema>;

export const messageLogQuerySchema = messageLogFiltersSchema.extend({
  pageNo: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(200).default(20),
});
export type MessageLogQuery = z.infer<typeof messageLogQuerySchema>;

export const messageIdParamsSchema = z.strictObject({ id: queryId() });

/** A stored failure, rendered in the reader's language; `detail` is the remote server's own words. */
export const messageErrorSchema = z.object({ code: z.string(), message: z.string(), detail: z.string().nullable() });

export const messageLogItemSchema = z.object({
  id: z.number(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  env: z.string().nullable(),
  channel: z.enum(OUTBOUND_CHANNELS),
  kind: z.string(),
  recipientUserId: z.number().nullable(),
  recipientName: z.string().nullable(),
  address: z.string(),
  language: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOUND_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  resendOf: z.number().nullable(),
  error: messageErrorSchema.nullable(),
  canResend: z.boolean(),
  canCancel: z.boolean(),
});
export type MessageLogItem = z.infer<typeof messageLogItemSchema>;

export const messageLogPageSchema = z.object({
  list: z.array(messageLogItemSchema),
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
});
export type MessageLogPage = z.infer<typeof messageLogPageSchema>;

export const messageDetailSchema = messageLogItemSchema.extend({
  body: z.string(),
  claimedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** Messages queued again from this one. */
  resends: z.array(z.object({ id: z.number(), status: z.enum(OUTBOUND_STATUSES), createdAt: z.string() })),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** Counts for the log's chart: one entry per channel and status that has messages. */
export const messageStatsSchema = z.array(z.object({ channel: z.enum(OUTBOUND_CHANNELS), status: z.enum(OUTBOUND_STATUSES), count: z.number() }));
export type MessageStats = z.infer<typeof messageStatsSchema>;
