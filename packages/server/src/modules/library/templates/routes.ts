import {
  libraryDeleteByIdSchema,
  libraryDeletedIdSchema,
  libraryIdParamsSchema,
  safeText,
  saveSysTemplateSchema,
  sysTemplateDetailSchema,
  sysTemplateSchema,
  templateDetailSchema,
  templatesResponseSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../../deps.js';
import type { RouteRegistry } from '../../../http/route.js';
import { MANAGE_LIBRARY } from '../access.js';
import * as service from './service.js';

const keywordQuery = z.strictObject({ keyword: safeText().max(64).optional() });

/** Panel templates: the designer's panel library select (spec 001 §2.1, §7) and its administration. */
export function registerTemplateRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/templates',
    summary: 'Panel templates and standard domains for the designer’s selects',
    tag: 'library',
    access: 'signedIn',
    response: templatesResponseSchema,
    handler: () => service.templatesAndDomains(deps),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/template/:id',
    summary: 'One panel template with its panel',
    tag: 'library',
    access: 'signedIn',
    params: libraryIdParamsSchema,
    response: templateDetailSchema,
    handler: ({ params }) => service.templateDetail(deps, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/standardInstrument/list',
    summary: 'Panel templates for administration',
    tag: 'library',
    access: MANAGE_LIBRARY,
    query: keywordQuery,
    response: z.array(sysTemplateSchema),
    handler: ({ query }) => service.listSysTemplates(deps, query.keyword),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/standardInstrument/get/:id',
    summary: 'One panel template for editing',
    tag: 'library',
    access: MANAGE_LIBRARY,
    params: libraryIdParamsSchema,
    response: sysTemplateDetailSchema,
    handler: ({ params }) => service.getSysTemplate(deps, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/standardInstrument/save',
    summary: 'Create or update a panel template; its panel must pass every panel rule',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: saveSysTemplateSchema,
    response: sysTemplateDetailSchema,
    handler: ({ caller, body }) => service.saveSysTemplate(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/standardInstrument/delete',
    summary: 'Delete a panel template',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: libraryDeleteByIdSchema,
    response: libraryDeletedIdSchema,
    handler: ({ caller, body }) => service.deleteSysTemplate(deps, caller, body.id),
  });
}
