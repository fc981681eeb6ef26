import type { Locale, OutboundChannel, OutboundKind } from '@dcap/core';
import type { Executor } from '../audit/repo.js';
import { insertOutbound, notifyOutbox } from './outbox-repo.js';

/**
 * What other modules call to send an e-mail or WeChat message (docs/decisions.md "Messages"): the message is
 * queued in the caller's transaction, so it exists exactly when the change it tells about commits, and the
 * sender job sends it afterwards. The text is rendered by the caller in the receiver's language.
 */
export interface OutboundMessage {
  channel: OutboundChannel;
  kind: OutboundKind;
  projectId: number | null;
  env: string | null;
  recipientUserId?: number | null;
  recipientSubjectId?: number | null;
  /** The e-mail address, or the WeChat open id. */
  address: string;
  language: Locale;
  subject: string;
  body: string;
  /** What a channel needs besides the text (a WeChat template's data, a survey link), kept for resending. */
  payload?: Record<string, unknown>;
  createdBy: number | null;
}

/**
 * Queues messages in the caller's transaction; returns their ids in order. Senders are woken when the
 * transaction commits (sender.ts), and otherwise find the messages at their next poll.
 */
export async function queueMessages(trx: Executor, messages: readonly OutboundMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  await notifyOutbox(trx);
  return insertOutbound(
    trx,
    messages.map((message) => ({
      project_id: message.projectId,
      env: message.env,
      channel: message.channel,
      kind: message.kind,
      recipient_user_id: message.recipientUserId ?? null,
      recipient_subject_id: message.recipientSubjectId ?? null,
      address: message.address,
      language: message.language,
      subject: message.subject,
      body: message.body,
      payload: JSON.stringify(message.payload ?? {}),
      created_by: message.createdBy,
    })),
  );
}
