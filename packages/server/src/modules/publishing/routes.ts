import { designDiffSchema, designProjectParamsSchema, designVersionSchema, diffQuerySchema, publishDesignSchema, publishResultSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromParams } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { diffDesign, listVersions, publishDesign } from './service.js';

const TAG = 'publishing';

/** Publishing the development design to test and production as immutable numbered versions. */
export function registerPublishingRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/design/diff/:projectId',
    summary: 'The changes publishing to test or production would make, per instrument (with field details), event and matrix cell',
    tag: TAG,
    access: { project: 'project.view', locate: fromParams },
    params: designProjectParamsSchema,
    query: diffQuerySchema,
    response: designDiffSchema,
    handler: ({ project, query }) => diffDesign(deps, project, query.target),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/design/publish',
    summary: 'Publish the draft to test, or the tested version to production',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: publishDesignSchema,
    response: publishResultSchema,
    handler: ({ caller, body }) => publishDesign(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/design/versions/:projectId',
    summary: 'The published design versions, newest first, with the environments running each',
    tag: TAG,
    access: { project: 'project.view', locate: fromParams },
    params: designProjectParamsSchema,
    response: z.array(designVersionSchema),
    handler: ({ project }) => listVersions(deps, project),
  });
}
