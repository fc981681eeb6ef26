import type { ConfigRevision } from '@dcap/core';
import { canInProject, configRevisionSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import type { RouteRegistry } from '../../http/route.js';
import { resolveProjectAccess } from '../projects/access.js';
import { configRevision } from './repo.js';

/**
 * The configuration revision of the session's current project (spec 000 §4.4, docs/decisions.md "Windows
 * and environments"). A background check: it never fails for a project the caller cannot see, it answers
 * with no revision instead.
 */
export async function currentConfigRevision(deps: ServiceDeps, actor: Actor): Promise<ConfigRevision> {
  const none = { projectId: actor.currentProjectId, env: actor.currentEnv, revision: null };
  if (actor.currentProjectId === null) return none;
  const context = await resolveProjectAccess(deps.db, actor, actor.currentProjectId).catch(() => null);
  if (!context || !canInProject(context.access, 'project.view')) return none;
  return { ...none, revision: await configRevision(deps.db, context.project.id) };
}

export function registerConfigRevisionRoute(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/projectEnv/configRevision',
    summary: 'The revision of the current project’s configuration and design, compared by windows on focus',
    tag: 'environments',
    access: 'signedIn',
    response: configRevisionSchema,
    handler: ({ actor }) => currentConfigRevision(deps, actor),
  });
}
