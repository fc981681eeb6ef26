import type { MessageDetail, MessageLogPage, MessageLogQuery, MessageStats, MessageLogFilters } from '@dcap/core';
import { AppError, canCancelMessage, canResendMessage } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import * as repo from './log-repo.js';
import { notifyOutbox } from './outbox-repo.js';
import { auditedMessage, presentDetail, presentLogItem } from './log-presenter.js';

/** The message log of platform administration (spec 000 §2.2 /sys/messageLog; docs/decisions.md "Message sending"). */

export async function listMessageLog(deps: ServiceDeps, caller: Caller, query: MessageLogQuery): Promise<MessageLogPage> {
  const { pageNo, pageSize, ...filters } = query;
  const [rows, total] = await Promise.all([
    repo.listMessages(deps.db, filters, { limit: pageSize, offset: (pageNo - 1) * pageSize }),
    repo.countMessages(deps.db, filters),
  ]);
  return { list: rows.map((row) => presentLogItem(row, caller.meta.locale)), total, pageNo, pageSize };
}

export async function messageStats(deps: ServiceDeps, filters: MessageLogFilters): Promise<MessageStats> {
  return repo.countByStatus(deps.db, filters);
}

export async function getMessage(deps: ServiceDeps, caller: Caller, id: number): Promise<MessageDetail> {
  const row = await repo.findMessage(deps.db, id);
  if (!row) throw new AppError('message.not_found');
  return presentDetail(row, await repo.listResends(deps.db, id), caller.meta.locale);
}

/**
 * Withdraws a queued message. The row is locked first: a sender that claimed it meanwhile has made it
 * `sending`, and the cancellation is refused rather than racing the send.
 */
export async function cancelMessage(deps: ServiceDeps, caller: Caller, id: number): Promise<MessageDetail> {
  await platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.lockMessage(trx, id);
    if (!before) throw new AppError('message.not_found');
    if (!canCancelMessage(before.status)) throw new AppError('message.not_cancellable', { status: before.status });
    const after = await repo.cancelMessage(trx, id);
    if (!after) throw new AppError('message.not_cancellable', { status: before.status });
    await audit.change('outbound_message', id, { kind: 'update', before: auditedMessage(before), after: auditedMessage(after) }, { projectId: before.project_id, env: before.env });
  });
  return getMessage(deps, caller, id);
}

/**
 * Sends a message again, only when an administrator asks: a new queued row with the same receiver, text and
 * payload, pointing at the original (`resend_of`), so the original keeps its history and the new one has
 * its own Message-ID. Allowed for sent, failed and unconfirmed messages (core canResendMessage).
 */
export async function resendMessage(deps: ServiceDeps, caller: Caller, id: number): Promise<MessageDetail> {
  const resentId = await platformWrite(deps, caller, async (trx, audit) => {
    const original = await repo.lockMessage(trx, id);
    if (!original) throw new AppError('message.not_found');
    if (!canResendMessage(original.status)) throw new AppError('message.not_resendable', { status: original.status });
    const resent = await repo.insertResend(trx, {
      project_id: original.project_id,
      env: original.env,
      channel: original.channel,
      kind: original.kind,
      recipient_user_id: original.recipient_user_id,
      recipient_subject_id: original.recipient_subject_id,
      address: original.address,
      language: original.language,
      subject: original.subject,
      body: original.body,
      payload: JSON.stringify(original.payload ?? {}),
      resend_of: original.id,
      created_by: caller.actor.userId,
    });
    await notifyOutbox(trx);
    await audit.change('outbound_message', resent.id, { kind: 'create', after: auditedMessage(resent) }, { projectId: resent.project_id, env: resent.env });
    return resent.id;
  });
  return getMessage(deps, caller, resentId);
}
