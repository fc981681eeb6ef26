import type { QrLoginCreated, QrLoginInfo, QrLoginPollResponse, QrLoginState } from '@dcap/core';
import { AppError, QR_LOGIN_SECONDS } from '@dcap/core';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { QrLoginRequestRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { appendAudit } from '../audit/trail.js';
import { findUserById } from '../users/accounts.js';
import * as repo from './qr-repo.js';
import { maySignIn, startSession } from './service.js';
import { hashToken } from './tokens.js';

const MINUTE = 60_000;

/**
 * QR-code sign-in (spec 000 §2.2 `/webApp/auth`, §7.1 `GET /dcap/wx/webApp/{id}/auth`; docs/decisions.md
 * "Sign-in channels"). The desktop sign-in page asks for a request and shows its id as a QR code; a phone
 * already signed in opens `/webApp/auth?id=…`, sees where and when the request was made, and confirms or
 * refuses; the desktop, polling with the secret only it holds, then receives a session once.
 */
function stateOf(row: QrLoginRequestRow, now: Date): QrLoginState {
  if (row.status === 'used') return 'used';
  if (row.status === 'refused') return 'refused';
  if (now >= row.expires_at) return 'expired';
  return row.status;
}

export async function createQrRequest(deps: ServiceDeps, device: string, meta: RequestMeta): Promise<QrLoginCreated> {
  const now = deps.clock.now();
  if ((await repo.countQrFromAddress(deps.db, meta.ip, new Date(now.getTime() - MINUTE))) >= deps.config.loginRateLimitPerMinute) {
    throw new AppError('request.rate_limited', { seconds: 60 });
  }
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + QR_LOGIN_SECONDS * 1000);
  await repo.insertQrRequest(deps.db, { id, secretHash: hashToken(secret), ip: meta.ip, userAgent: meta.userAgent, device, at: now, expiresAt });
  return { id, secret, expiresAt: expiresAt.toISOString() };
}

/** The desktop's poll. A wrong secret is "not found": the id in the QR code alone collects nothing. */
export async function pollQrRequest(deps: ServiceDeps, id: string, secret: string, meta: RequestMeta): Promise<QrLoginPollResponse> {
  const now = deps.clock.now();
  const matches = (row: QrLoginRequestRow) => timingSafeEqual(Buffer.from(row.secret_hash), Buffer.from(hashToken(secret)));
  const seen = await repo.findQrRequest(deps.db, id);
  if (!seen || !matches(seen)) throw new AppError('qr.request_not_found');
  if (stateOf(seen, now) !== 'confirmed') return { state: stateOf(seen, now), login: null };
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findQrRequest(trx, id, true);
    if (!row || stateOf(row, now) !== 'confirmed' || row.user_id === null) return { state: row ? stateOf(row, now) : 'expired', login: null } as const;
    const user = await findUserById(trx, row.user_id);
    await repo.setQrStatus(trx, id, { status: 'used', at: now });
    // The phone's user may have been disabled or locked out since confirming.
    if (!user || !maySignIn(user, now)) return { state: 'refused', login: null } as const;
    return { state: 'used', login: await startSession(trx, deps, user, meta, 'qr') } as const;
  });
  if (outcome.login) deps.sessions.forgetUser(outcome.login.user.id);
  return { state: outcome.state, login: outcome.login };
}

function present(row: QrLoginRequestRow, now: Date): QrLoginInfo {
  return { id: row.id, state: stateOf(row, now), createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString(), ip: row.ip, userAgent: row.user_agent, device: row.device };
}

/** What the signed-in phone is shown before it confirms. */
export async function readQrRequest(deps: ServiceDeps, id: string): Promise<QrLoginInfo> {
  const row = await repo.findQrRequest(deps.db, id);
  if (!row) throw new AppError('qr.request_not_found');
  return present(row, deps.clock.now());
}

/** The phone's answer: confirm signs the desktop in as the phone's user; either answer closes the request. */
export async function decideQrRequest(deps: ServiceDeps, actor: Actor, id: string, confirm: boolean, meta: RequestMeta): Promise<QrLoginInfo> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findQrRequest(trx, id, true);
    if (!row) throw new AppError('qr.request_not_found');
    if (stateOf(row, now) !== 'pending') throw new AppError('qr.request_closed');
    const status = confirm ? 'confirmed' : 'refused';
    await repo.setQrStatus(trx, id, { status, userId: actor.userId, at: now });
    await appendAudit(trx, {
      actorId: actor.userId,
      actorUsername: actor.username,
      action: confirm ? 'auth.qr_confirmed' : 'auth.qr_refused',
      entityType: 'qr_login',
      entityId: id,
      newValue: { requestIp: row.ip, userAgent: row.user_agent, device: row.device },
      ip: meta.ip,
    });
    return present({ ...row, status, user_id: actor.userId, decided_at: now }, now);
  });
}
