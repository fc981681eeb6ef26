import { apiKeyCreateSchema, apiKeyCreatedSchema, apiKeyIdParamsSchema, apiKeyListSchema, apiKeySchema, cacheClearSchema, cacheListSchema, onlineUsersPageSchema, onlineUsersQuerySchema, sessionIdParamsSchema, sysLogExportQuerySchema, sysLogPageSchema, sysLogQuerySchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
import { clearCache, exportSysLog, forceSignOut, listCaches, listOnlineUsers, listSysLog } from './service.js';

const ADMINISTER = { platform: 'platform.administer' } as const;
const TAG = 'administration';

/** Platform administration (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache): platform administrators only. */
export function registerAdminRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/onlineUser/list',
    summary: 'Open sessions (signed-in users), most recently active first',
    tag: TAG,
    access: ADMINISTER,
    query: onlineUsersQuerySchema,
    response: onlineUsersPageSchema,
    handler: ({ caller, query }) => listOnlineUsers(deps, caller, query),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/onlineUser/signOut/:id',
    summary: 'End another user’s session at once (force sign-out), audited',
    tag: TAG,
    access: ADMINISTER,
    params: sessionIdParamsSchema,
    response: z.null(),
    successMessage: 'ok.session_signed_out',
    handler: async ({ caller, params }) => {
      await forceSignOut(deps, caller, params.id);
      return null;
    },
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/sysLog/list',
    summary: 'The operation log: audit rows of the platform and every project, sign-ins included, newest first',
    tag: TAG,
    access: ADMINISTER,
    query: sysLogQuerySchema,
    response: sysLogPageSchema,
    apiKey: 'sysLog.read',
    handler: ({ query }) => listSysLog(deps, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/sysLog/export',
    summary: 'The operation log under its filters as xlsx or CSV, newest first (times with the offset of the given zone), audited',
    tag: TAG,
    access: ADMINISTER,
    query: sysLogExportQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => exportSysLog(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/cache/list',
    summary: 'What this server instance caches, with counts',
    tag: TAG,
    access: ADMINISTER,
    response: cacheListSchema,
    handler: () => Promise.resolve(listCaches(deps)),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/cache/clear',
    summary: 'Empty a cache on every instance, audited',
    tag: TAG,
    access: ADMINISTER,
    body: cacheClearSchema,
    response: cacheListSchema,
    successMessage: 'ok.cache_cleared',
    handler: ({ caller, body }) => clearCache(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/internalinterface/list',
    summary: 'API keys of the internal interfaces, newest first (never their secrets)',
    tag: TAG,
    access: ADMINISTER,
    response: apiKeyListSchema,
    handler: () => listApiKeys(deps),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/internalinterface/save',
    summary: 'Create an API key with a name, scopes and expiry; the secret is in this answer only',
    tag: TAG,
    access: ADMINISTER,
    body: apiKeyCreateSchema,
    response: apiKeyCreatedSchema,
    successMessage: 'ok.apikey_created',
    handler: ({ caller, body }) => createApiKey(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/internalinterface/revoke/:id',
    summary: 'Revoke an API key: its next call is refused',
    tag: TAG,
    access: ADMINISTER,
    params: apiKeyIdParamsSchema,
    response: apiKeySchema,
    successMessage: 'ok.apikey_revoked',
    handler: ({ caller, params }) => revokeApiKey(deps, caller, params.id),
  });
}
