import type { UserEnvironment } from '@dcap/core';
import { projectIdBodySchema, projectIdPathSchema, sortEnvironments, userEnvironmentSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import { fromBody } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import type { ProjectContext } from '../projects/access.js';
import { listEnvs } from './repo.js';
import { presentEnv } from './service.js';

/**
 * The environments a member may use in a project (spec 000 §2.6, §4.4): every environment in the fixed
 * order, sde last, each with its status, whether the selector offers it (status normal, the same rule
 * selectEnv applies) and whether the session works in it now.
 */
export async function userEnvironments(deps: ServiceDeps, actor: Actor, context: ProjectContext): Promise<UserEnvironment[]> {
  const here = actor.currentProjectId === context.project.id ? actor.currentEnv : null;
  return sortEnvironments((await listEnvs(deps.db, context.project.id)).map(presentEnv)).map((env) => ({
    id: env.id,
    projectId: env.projectId,
    key: env.key,
    envKey: env.envKey,
    name: env.name,
    eName: env.eName,
    type: env.type,
    status: env.status,
    selectable: env.status === 'normal',
    current: env.key === here,
  }));
}

/** POST /dcap/projectEnv/userEnvList (body) and userEnvList/{projectId} (no body), spec 000 §7.5. */
export function registerUserEnvRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectEnv/userEnvList',
    summary: 'The environments the caller may use in a project, with status and the current one',
    tag: 'environments',
    access: { project: 'project.view', locate: fromBody },
    body: projectIdBodySchema,
    response: z.array(userEnvironmentSchema),
    handler: ({ actor, project }) => userEnvironments(deps, actor, project),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectEnv/userEnvList/:id',
    summary: 'The environments the caller may use in the project named in the path',
    tag: 'environments',
    access: { project: 'project.view', locate: ({ params }) => (params as { id: number }).id },
    params: projectIdPathSchema,
    response: z.array(userEnvironmentSchema),
    handler: ({ actor, project }) => userEnvironments(deps, actor, project),
  });
}
