import type { InitResponse } from '@dcap/core';
import { canOnPlatform, initQuerySchema, initResponseSchema, menusFor } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import type { RouteRegistry } from '../../http/route.js';

/**
 * The login response of spec 000 §3. Projects, roles, environments and dictionaries are later domains;
 * until they exist their fields are empty, never invented.
 */
function buildInit(deps: ServiceDeps, actor: Actor, application: string | undefined): InitResponse {
  return {
    user: {
      id: actor.userId,
      username: actor.username,
      name: actor.name,
      nameEn: actor.nameEn,
      email: actor.email,
      admin: actor.admin,
      systemAdmin: actor.systemAdmin,
      projectAdmin: actor.projectAdmin,
    },
    application: application ?? null,
    currEnv: actor.currentEnv,
    menus: menusFor(actor),
    version: deps.config.version,
    branding: { filingNumber: deps.config.filingNumber },
    auditProcMap: {},
    auditProcList: [],
    dictMap: {},
    projectConfigMap: {},
    projectConfigsVo: null,
    project: null,
    projects: [],
    projectRole: null,
    projectRoles: [],
    projRoles: [],
    siteRoles: [],
    institutions: [],
    allInstitutions: [],
    envList: [],
    abilities: { manageUsers: canOnPlatform(actor, 'user.manage') },
  };
}

export function registerSystemRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/init',
    summary: 'Initialise the shell: user, menus, version and the session’s project, role and environment',
    tag: 'session',
    access: 'signedIn',
    query: initQuerySchema,
    response: initResponseSchema,
    handler: ({ actor, query }) => Promise.resolve(buildInit(deps, actor, query.application)),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/health',
    summary: 'Liveness and database reachability',
    tag: 'system',
    access: 'public',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() }),
    handler: async () => {
      await sql`SELECT 1`.execute(deps.db);
      return { status: 'ok' as const, database: 'ok' as const, version: deps.config.version.number };
    },
  });
}
