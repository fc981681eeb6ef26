import { projectHintQuerySchema, projectIdBodySchema, saveSiteSchema, siteIdParamsSchema, siteSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { getSite, listSites, saveSite } from './service.js';

/** Undefined sends the route to the session's current project. */

/** A project's sites (institutions): the `/project/institution` screen of spec 000 §2.2. */
export function registerSiteRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectSite/list',
    summary: 'The project’s sites within the caller’s site scope',
    tag: 'sites',
    access: { project: 'project.view', locate: fromBody },
    body: projectIdBodySchema,
    response: z.array(siteSchema),
    handler: ({ project }) => listSites(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectSite/save',
    summary: 'Create or update a site while the project’s configuration may be edited',
    tag: 'sites',
    access: { project: 'site.manage', locate: fromBody, site: 'scoped' },
    body: saveSiteSchema,
    response: siteSchema,
    handler: ({ caller, body }) => saveSite(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/projectSite/info/:id',
    summary: 'One site of the current project (or of `projectId`), within the caller’s scope',
    tag: 'sites',
    access: { project: 'project.view', locate: fromQuery, site: 'scoped' },
    params: siteIdParamsSchema,
    query: projectHintQuerySchema,
    response: siteSchema,
    handler: ({ project, params }) => getSite(deps, project, params.id),
  });
}
