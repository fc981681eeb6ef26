import { loginUrlParamsSchema, portalConfigSchema, queryId, uiConfigSaveSchema, uiConfigSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromParams } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { getUiConfig, portalByUrl, saveUiConfig } from './service.js';

/** Project UI settings and the project's portal (spec 002 §3 "UI settings", §7; spec 000 §2.3 /portal/{project}). */
export function registerUiConfigRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/projectUIConfig/saveUIConfig',
    summary: 'Save the project’s logos, footers, background, login address, description and portal notice',
    tag: 'uiConfig',
    access: { project: 'project.configure', locate: fromBody },
    body: uiConfigSaveSchema,
    response: uiConfigSchema,
    handler: ({ caller, body }) => saveUiConfig(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/projectUIConfig/getUIConfig/:projectId',
    summary: 'The project’s UI settings (the shell overrides the footer with them)',
    tag: 'uiConfig',
    access: { project: 'project.view', locate: fromParams },
    params: z.strictObject({ projectId: queryId() }),
    response: uiConfigSchema,
    handler: ({ params }) => getUiConfig(deps, params.projectId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/projectUIConfig/getUIConfigByUrl/:url',
    summary: 'The project portal’s sign-in page settings by its login address (public)',
    tag: 'uiConfig',
    access: 'public',
    params: loginUrlParamsSchema,
    response: portalConfigSchema,
    handler: ({ params }) => portalByUrl(deps, params.url),
  });
}
