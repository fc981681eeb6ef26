import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyScope, ApiKeyState } from '@dcap/core';
import { API_KEY_MAX_DAYS, AppError } from '@dcap/core';
import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import { hashToken } from '../auth/tokens.js';
import * as repo from './repo.js';

/**
 * Internal interfaces (spec 000 §2.2 /sys/internalinterface; docs/decisions.md "Platform administration"):
 * API keys for other systems. A key is `dcapk_` and 256 random bits; only its SHA-256 is stored (like
 * session tokens, COMPLIANCE AC-6), so it is shown once. A request with the key in the `X-Api-Key` header
 * reaches only the read calls its scopes name (core API_KEY_SCOPES), as the integration, never as a user.
 */

const DAY = 86_400_000;
const PREFIX_LENGTH = 12;
/** last_used_at is written at most this often, so a polling integration does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;

function stateOf(row: { revoked_at: Date | null; expires_at: Date }, now: Date): ApiKeyState {
  if (row.revoked_at) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'active';
}

function present(row: repo.ListedApiKey, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.creator_username,
    state: stateOf(row, now),
  };
}

/** What the audit trail keeps of a key: never its hash. */
const audited = (row: { name: string; prefix: string; scopes: string[]; expires_at: Date; revoked_at: Date | null }) => ({
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  expiresAt: row.expires_at.toISOString(),
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

export async function listApiKeys(deps: ServiceDeps): Promise<ApiKey[]> {
  const now = deps.clock.now();
  return (await repo.listApiKeys(deps.db)).map((row) => present(row, now));
}

export async function createApiKey(deps: ServiceDeps, caller: Caller, body: ApiKeyCreate): Promise<ApiKeyCreated> {
  const now = deps.clock.now();
  const expiresAt = new Date(body.expiresAt);
  if (expiresAt <= now || expiresAt.getTime() - now.getTime() > API_KEY_MAX_DAYS * DAY) throw new AppError('apikey.expiry_invalid', { days: String(API_KEY_MAX_DAYS) });
  const secret = `dcapk_${randomBytes(32).toString('base64url')}`;
  const id = await platformWrite(deps, caller, async (trx, audit) => {
    const row = await repo.insertApiKey(trx, {
      name: body.name,
      prefix: secret.slice(0, PREFIX_LENGTH),
      secret_hash: hashToken(secret),
      scopes: [...new Set(body.scopes)],
      expires_at: expiresAt,
      created_by: caller.actor.userId,
      created_at: now,
    });
    await audit.change('api_key', row.id, { kind: 'create', after: audited(row) });
    return row.id;
  });
  const created = await repo.findApiKey(deps.db, id);
  if (!created) throw new AppError('apikey.not_found');
  return { key: present(created, now), secret };
}

export async function revokeApiKey(deps: ServiceDeps, caller: Caller, id: number): Promise<ApiKey> {
  const now = deps.clock.now();
  await platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.lockApiKey(trx, id);
    if (!before) throw new AppError('apikey.not_found');
    if (before.revoked_at) throw new AppError('apikey.already_revoked');
    const after = await repo.revokeApiKey(trx, id, caller.actor.userId, now);
    await audit.change('api_key', id, { kind: 'update', before: audited(before), after: audited(after) });
  });
  const row = await repo.findApiKey(deps.db, id);
  if (!row) throw new AppError('apikey.not_found');
  return present(row, now);
}

/**
 * Resolves the `X-Api-Key` header of a call that admits `scope`: an unknown, revoked or expired key is
 * `apikey.invalid`, a key without the scope `apikey.scope_forbidden`. The caller is the integration: no
 * user, no rights beyond the scope, no session, no project.
 */
export async function authenticateApiKey(deps: ServiceDeps, secret: string, scope: ApiKeyScope | undefined): Promise<Actor> {
  const now = deps.clock.now();
  const key = await repo.findApiKeyBySecret(deps.db, hashToken(secret));
  if (!key || key.revoked_at || key.expires_at <= now) throw new AppError('apikey.invalid');
  if (!scope || !key.scopes.includes(scope)) throw new AppError('apikey.scope_forbidden');
  if (!key.last_used_at || now.getTime() - key.last_used_at.getTime() > TOUCH_INTERVAL_MS) await repo.touchApiKey(deps.db, key.id, now);
  return {
    userId: 0,
    username: `apikey:${key.prefix}`,
    name: key.name,
    nameEn: null,
    email: null,
    admin: false,
    systemAdmin: false,
    projectAdmin: false,
    platformRights: [],
    sessionId: 0,
    currentProjectId: null,
    currentRoleId: null,
    currentEnv: null,
  };
}
