import { z } from 'zod';
import { queryId, queryInt, safeText } from '../validation/text.js';
import { EXPORT_FORMATS } from '../queries/schemas.js';
import { knownTimeZone } from '../queries/time.js';

/**
 * Platform administration (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache; docs/decisions.md
 * "Platform administration"): who is signed in, the platform's operation log and the server's caches.
 */

const instant = () => z.iso.datetime({ offset: true });
const timeZone = () => safeText().max(64).refine(knownTimeZone, { message: 'time_zone' });
const paging = {
  pageNo: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(200).default(20),
};

// ---- Online users --------------------------------------------------------------------------------------

export const onlineUsersQuerySchema = z.strictObject({
  /** Part of the user's login name or name, or of the address signed in from. */
  keyword: safeText().min(1).max(100).optional(),
  ...paging,
});
export type OnlineUsersQuery = z.infer<typeof onlineUsersQuerySchema>;

export const onlineSessionSchema = z.object({
  sessionId: z.number(),
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  projectNameEn: z.string().nullable(),
  env: z.string().nullable(),
  /** The caller's own session: signing it out is refused (they have "sign out" for that). */
  own: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;

export const onlineUsersPageSchema = z.object({ list: z.array(onlineSessionSchema), total: z.number(), pageNo: z.number(), pageSize: z.number() });
export type OnlineUsersPage = z.infer<typeof onlineUsersPageSchema>;

export const sessionIdParamsSchema = z.strictObject({ id: queryId() });

// ---- Operation log -------------------------------------------------------------------------------------

export const SYS_LOG_RESULTS = ['success', 'failure'] as const;
export type SysLogResult = (typeof SYS_LOG_RESULTS)[number];

/**
 * Whether an audited action records a failure: a refused sign-in or re-authentication, a lockout, a refused
 * or failed send or import. Every other audited action is a change that happened.
 */
export function sysLogResultOf(action: string): SysLogResult {
  return action === 'auth.lockout' || /(_failed|_refused)$/.test(action) ? 'failure' : 'success';
}

const sysLogFilters = {
  /** Part of the acting user's login name. */
  user: safeText().min(1).max(100).optional(),
  /** An action (`auth.login`) or a family of them (`auth.*`). */
  action: safeText().min(1).max(64).optional(),
  projectId: queryId().optional(),
  result: z.enum(SYS_LOG_RESULTS).optional(),
  /** At or after. */
  from: instant().optional(),
  /** Before. */
  to: instant().optional(),
};
export const sysLogFiltersSchema = z.strictObject(sysLogFilters);
export type SysLogFilters = z.infer<typeof sysLogFiltersSchema>;
export const sysLogQuerySchema = z.strictObject({ ...sysLogFilters, ...paging });
export type SysLogQuery = z.infer<typeof sysLogQuerySchema>;
export const sysLogExportQuerySchema = z.strictObject({
  ...sysLogFilters,
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  /** The zone the exported times are written in (COMPLIANCE TS-2); UTC when absent. */
  timeZone: timeZone().optional(),
});
export type SysLogExportQuery = z.infer<typeof sysLogExportQuerySchema>;

export const sysLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorUsername: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  result: z.enum(SYS_LOG_RESULTS),
  entityType: z.string(),
  entityId: z.string().nullable(),
  projectId: z.number().nullable(),
  projectName: z.string().nullable(),
  projectNameEn: z.string().nullable(),
  env: z.string().nullable(),
  ip: z.string().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  reason: z.string().nullable(),
});
export type SysLogEntry = z.infer<typeof sysLogEntrySchema>;

export const sysLogPageSchema = z.object({ list: z.array(sysLogEntrySchema), total: z.number(), pageNo: z.number(), pageSize: z.number() });
export type SysLogPage = z.infer<typeof sysLogPageSchema>;

// ---- Caches --------------------------------------------------------------------------------------------

export const SERVER_CACHES = ['sessions'] as const;
export type ServerCache = (typeof SERVER_CACHES)[number];

export const cacheInfoSchema = z.object({
  name: z.enum(SERVER_CACHES),
  entries: z.number(),
  /** Whether the cache is in use (the session cache is off while the database's notifications are down). */
  live: z.boolean(),
  /** How long an entry is kept at most, in seconds. */
  ttlSeconds: z.number(),
  maxEntries: z.number(),
});
export type CacheInfo = z.infer<typeof cacheInfoSchema>;
export const cacheListSchema = z.array(cacheInfoSchema);

export const cacheClearSchema = z.strictObject({ name: z.enum(SERVER_CACHES) });
export type CacheClear = z.infer<typeof cacheClearSchema>;

// ---- Internal interfaces (API keys) --------------------------------------------------------------------

/**
 * What a key may call (docs/decisions.md "Platform administration"). Every scope reads; no key reaches a
 * write, a project's data or any call not listed here. The routes name their scope (`apiKey` in a route
 * definition); the server refuses a key on every other call.
 */
export const API_KEY_SCOPES = ['sysLog.read', 'users.read', 'units.read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** The header a key travels in. */
export const API_KEY_HEADER = 'x-api-key';
/** A key lives at most this long; a new one is made before it runs out. */
export const API_KEY_MAX_DAYS = 730;

export const apiKeyCreateSchema = z.strictObject({
  name: safeText().min(1).max(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
  /** When the key stops working; in the future, and at most API_KEY_MAX_DAYS away. */
  expiresAt: instant(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyIdParamsSchema = z.strictObject({ id: queryId() });

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  state: z.enum(API_KEY_STATES),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** A new key: the secret is in this answer only. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
