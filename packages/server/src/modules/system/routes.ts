import { initQuerySchema, initResponseSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { buildInit } from './init-service.js';
import { pingDatabase } from './repo.js';

export function registerSystemRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/init',
    summary: 'Initialise the shell: user, menus, version, the session’s project, role and environment (entering the first listed project when it has none), process, dictionaries and role templates',
    tag: 'session',
    access: 'signedIn',
    query: initQuerySchema,
    response: initResponseSchema,
    handler: async ({ actor, query, meta, request }) => {
      const { response, session } = await buildInit(deps, actor, query.application, meta);
      // The envelope's consistency marker (spec 000 §4.4) reports the session as this call left it: init may
      // have entered the first listed project, and the window must not take its own entry for another's.
      request.actor = session;
      return response;
    },
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/health',
    summary: 'Liveness and database reachability',
    tag: 'system',
    access: 'public',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() }),
    handler: async () => {
      await pingDatabase(deps.db);
      return { status: 'ok' as const, database: 'ok' as const, version: deps.config.version.number };
    },
  });
}
