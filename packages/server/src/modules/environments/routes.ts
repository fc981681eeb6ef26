import { createEnvSchema, environmentSchema, envIdSchema, projectIdBodySchema, updateEnvSchema, updateEnvStatusSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { registerUserEnvRoutes } from './user-envs.js';
import { cleanEnvironment, createEnvironment, listEnvironments, setEnvironmentStatus, updateEnvironment } from './service.js';


/** Project environments (spec 000 §7.5). */
export function registerEnvironmentRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectEnv/getEnvList',
    summary: 'The project’s environments in the spec’s order',
    tag: 'environments',
    access: { project: 'project.view', locate: fromBody },
    body: projectIdBodySchema,
    response: z.array(environmentSchema),
    handler: ({ project }) => listEnvironments(deps, project.project.id),
  });
  registerUserEnvRoutes(app, routes, deps);
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectEnv/createEnv',
    summary: 'Create an environment (dev, uat, bprd, prd, or an sde environment)',
    tag: 'environments',
    access: { project: 'env.manage', locate: fromBody },
    body: createEnvSchema,
    response: environmentSchema,
    handler: ({ caller, body }) => createEnvironment(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectEnv/updateEnv',
    summary: 'Rename an environment',
    tag: 'environments',
    access: { project: 'env.manage', locate: fromBody },
    body: updateEnvSchema,
    response: environmentSchema,
    handler: ({ caller, body }) => updateEnvironment(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectEnv/updateEnvStatus',
    summary: 'Enable (normal) or disable an environment',
    tag: 'environments',
    access: { project: 'env.manage', locate: fromBody },
    body: updateEnvStatusSchema,
    response: environmentSchema,
    handler: ({ caller, body }) => setEnvironmentStatus(deps, caller, body.id, body.status),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectEnv/cleanEnv',
    summary: 'Remove the study data of a non-production environment',
    tag: 'environments',
    access: { project: 'env.manage', locate: fromBody },
    body: envIdSchema,
    response: z.object({ env: z.string(), removed: z.record(z.string(), z.number()) }),
    handler: ({ caller, body }) => cleanEnvironment(deps, caller, body.id),
  });
}
