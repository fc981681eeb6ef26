import type { Locale, MessageDetail, MessageLogItem } from '@dcap/core';
import { canCancelMessage, canResendMessage } from '@dcap/core';
import type { LoggedMessage } from './log-repo.js';
import { renderStoredError } from './stored-error.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A message of the log; its failure in the reader's language. */
export function presentLogItem(row: LoggedMessage, locale: Locale): MessageLogItem {
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    env: row.env,
    channel: row.channel,
    kind: row.kind,
    recipientUserId: row.recipient_user_id,
    recipientName: row.recipient_name === null ? null : `${row.recipient_name} (${row.recipient_username ?? ''})`,
    address: row.address,
    language: row.language,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at.toISOString(),
    sentAt: iso(row.sent_at),
    createdAt: row.created_at.toISOString(),
    resendOf: row.resend_of,
    error: renderStoredError(row.last_error, locale),
    canResend: canResendMessage(row.status),
    canCancel: canCancelMessage(row.status),
  };
}

export function presentDetail(row: LoggedMessage, resends: { id: number; status: LoggedMessage['status']; created_at: Date }[], locale: Locale): MessageDetail {
  return {
    ...presentLogItem(row, locale),
    body: row.body,
    claimedAt: iso(row.claimed_at),
    createdBy: row.creator_username,
    resends: resends.map((resend) => ({ id: resend.id, status: resend.status, createdAt: resend.created_at.toISOString() })),
  };
}

/** What the audit trail keeps of a message changed from the log: never its text, which may hold personal data. */
export function auditedMessage(row: { id: number; channel: string; kind: string; status: string; resend_of: number | null }): Record<string, unknown> {
  return { channel: row.channel, kind: row.kind, status: row.status, resendOf: row.resend_of };
}
