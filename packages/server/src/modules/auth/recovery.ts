import type { PasswordRecoveryRequest, PasswordResetRequest, RecoveryLink } from '@dcap/core';
import { AppError, RECOVERY_LINK_HOURS, RESET_PASSWORD_PATH, recoveryText } from '@dcap/core';
import type { UserRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { RequestMeta } from '../../http/context.js';
import { appendAudit } from '../audit/trail.js';
import { queueMessages } from '../messages/outbox.js';
import { findActiveUsersByEmail, findUserByUsername, updateUser } from '../users/accounts.js';
import { hashPassword } from './passwords.js';
import * as repo from './recovery-repo.js';
import { endUserSessions } from './sessions-repo.js';
import { hashToken, newSessionToken } from './tokens.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Links mailed to one account in an hour; further requests mail nothing but answer the same. */
const LINKS_PER_USER_PER_HOUR = 3;

/**
 * POST /dcap/user/password/recovery (spec 000 §5, §7.1): a login name or an e-mail address. Each active
 * account it names that has an e-mail address gets a single-use link valid 24 hours, queued in the outbox in
 * the account's language (at most three links an hour per account). The answer is the same whether or not any account was found, so the call tells
 * nothing about which names or addresses exist; only the per-address rate limit is ever refused.
 */
export async function requestRecovery(deps: ServiceDeps, body: PasswordRecoveryRequest, meta: RequestMeta): Promise<void> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const hourAgo = new Date(now.getTime() - HOUR);
  // Requests from one address, whatever they name, are limited like sign-in attempts.
  if ((await repo.countRecoveryFromAddress(db, meta.ip, new Date(now.getTime() - MINUTE))) >= config.loginRateLimitPerMinute) {
    throw new AppError('request.rate_limited', { seconds: 60 });
  }
  const byName = await findUserByUsername(db, body.login);
  const candidates: UserRow[] = byName ? [byName] : body.login.includes('@') ? await findActiveUsersByEmail(db, body.login) : [];
  const reachable = candidates.filter((user) => user.status === 'active' && user.email);
  await db.transaction().execute(async (trx) => {
    if (reachable.length === 0) {
      await repo.insertRecoveryRequest(trx, { userId: null, ip: meta.ip, at: now, tokenHash: null, expiresAt: null });
      return;
    }
    for (const user of reachable) {
      if ((await repo.countLinksForUser(trx, user.id, hourAgo)) >= LINKS_PER_USER_PER_HOUR) {
        await repo.insertRecoveryRequest(trx, { userId: user.id, ip: meta.ip, at: now, tokenHash: null, expiresAt: null });
        continue;
      }
      const token = newSessionToken();
      const expiresAt = new Date(now.getTime() + RECOVERY_LINK_HOURS * HOUR);
      await repo.insertRecoveryRequest(trx, { userId: user.id, ip: meta.ip, at: now, tokenHash: hashToken(token), expiresAt });
      const language = user.language ?? meta.locale;
      const url = `${config.publicUrl}${RESET_PASSWORD_PATH}?token=${token}`;
      const params = { name: user.name, username: user.username, url, expires: `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` };
      const [messageId] = await queueMessages(trx, [
        {
          channel: 'email',
          kind: 'password.recovery',
          projectId: null,
          env: null,
          recipientUserId: user.id,
          address: user.email ?? '',
          language,
          subject: recoveryText('subject', language),
          body: recoveryText('body', language, params),
          createdBy: null,
        },
      ]);
      await appendAudit(trx, {
        actorId: null,
        actorUsername: body.login,
        action: 'user.password_recovery_requested',
        entityType: 'user',
        entityId: user.id,
        newValue: { expiresAt: expiresAt.toISOString(), messageId },
        ip: meta.ip,
      });
    }
  });
}

/** GET /dcap/user/password/recovery/link: whether a link is usable, and for whom, before the form is filled. */
export async function checkRecoveryLink(deps: ServiceDeps, token: string): Promise<RecoveryLink> {
  const link = await repo.findUsableLink(deps.db, hashToken(token), deps.clock.now());
  if (!link || link.status !== 'active' || !link.expires_at) throw new AppError('recovery.link_invalid');
  return { username: link.username, expiresAt: link.expires_at.toISOString() };
}

/**
 * POST /dcap/user/password/reset: sets the new password (core's password rules) by a usable link. The link
 * and every other open link of the user close, every session of the user ends, and the change is audited.
 */
export async function resetByLink(deps: ServiceDeps, body: PasswordResetRequest, meta: RequestMeta): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const tokenHash = hashToken(body.token);
  const passwordHash = await hashPassword(body.newPassword);
  const userId = await db.transaction().execute(async (trx) => {
    const link = await repo.findUsableLink(trx, tokenHash, now, true);
    if (!link || link.status !== 'active' || link.user_id === null) throw new AppError('recovery.link_invalid');
    await repo.closeUserLinks(trx, link.user_id, now);
    await updateUser(trx, link.user_id, { password_hash: passwordHash, password_changed_at: now, must_change_password: false, updated_at: now });
    const ended = await endUserSessions(trx, link.user_id, now, 'revoked');
    await appendAudit(trx, {
      actorId: link.user_id,
      actorUsername: link.username,
      action: 'user.password_recovered',
      entityType: 'user',
      entityId: link.user_id,
      newValue: { requestId: link.id, sessionsEnded: ended },
      ip: meta.ip,
    });
    return link.user_id;
  });
  deps.sessions.forgetUser(userId);
}
