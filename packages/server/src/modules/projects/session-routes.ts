import { queryId, safeText } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { registerConfigRevisionRoute } from '../environments/revision.js';
import { selectEnvironment, storeProject, storeRole } from './session-service.js';

const selectionSchema = z.object({ projectId: z.number().nullable(), roleId: z.number().nullable(), env: z.string().nullable() });

/**
 * The session's current project, role and environment (spec 000 §4.4, §7.1). Each switch is checked
 * against the caller's standing; the web reloads its shell after a switch.
 */
export function registerSessionRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/store/:projectId',
    summary: 'Switch the session to a project (its first enabled role and default environment)',
    tag: 'session',
    access: 'signedIn',
    params: z.strictObject({ projectId: queryId() }),
    response: selectionSchema,
    handler: ({ actor, params, meta }) => storeProject(deps, actor, meta, params.projectId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/projectRole/store/:roleId',
    summary: 'Switch the session to another of the caller’s roles in the current project',
    tag: 'session',
    access: 'signedIn',
    params: z.strictObject({ roleId: queryId() }),
    response: selectionSchema,
    handler: ({ actor, params, meta }) => storeRole(deps, actor, meta, params.roleId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/projectEnv/selectEnv/:env',
    summary: 'Switch the session to an environment of the current project',
    tag: 'session',
    access: 'signedIn',
    params: z.strictObject({ env: safeText().min(1).max(20) }),
    response: selectionSchema,
    handler: ({ actor, params, meta }) => selectEnvironment(deps, actor, meta, params.env),
  });
  registerConfigRevisionRoute(app, routes, deps);
}
