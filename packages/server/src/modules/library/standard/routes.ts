import {
  deleteSysStandardDomainSchema,
  libraryDeleteByIdSchema,
  libraryDeletedIdSchema,
  libraryIdParamsSchema,
  saveSysStandardDomainSchema,
  saveSysStandardFieldSchema,
  standardDomainPanelSchema,
  standardDomainQuerySchema,
  standardFieldWidgetSchema,
  standardFieldsResponseSchema,
  sysStandardDomainSchema,
  sysStandardFieldListQuerySchema,
  sysStandardFieldSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../../deps.js';
import type { RouteRegistry } from '../../../http/route.js';
import { MANAGE_LIBRARY } from '../access.js';
import * as service from './service.js';

/** The standard variable library: the designer's domain and variable selects, and its administration. */
export function registerStandardRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/standard/fields',
    summary: 'Every standard domain with its variables, for the grouped variable select',
    tag: 'library',
    access: 'signedIn',
    response: standardFieldsResponseSchema,
    handler: () => service.listStandardFields(deps),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/standard/domain',
    summary: 'Every variable of one domain as a panel of widgets',
    tag: 'library',
    access: 'signedIn',
    query: standardDomainQuerySchema,
    response: standardDomainPanelSchema,
    handler: ({ query }) => service.domainPanel(deps, query.domain),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/standard/field/:id',
    summary: 'One standard variable as a widget',
    tag: 'library',
    access: 'signedIn',
    params: libraryIdParamsSchema,
    response: standardFieldWidgetSchema,
    handler: ({ params }) => service.fieldWidget(deps, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/standardField/list',
    summary: 'Standard variables for administration, by domain or keyword',
    tag: 'library',
    access: MANAGE_LIBRARY,
    query: sysStandardFieldListQuerySchema,
    response: z.array(sysStandardFieldSchema),
    handler: ({ query }) => service.listSysFields(deps, query),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/standardField/save',
    summary: 'Create or update a standard variable',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: saveSysStandardFieldSchema,
    response: sysStandardFieldSchema,
    handler: ({ caller, body }) => service.saveSysField(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/standardField/delete',
    summary: 'Delete a standard variable',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: libraryDeleteByIdSchema,
    response: libraryDeletedIdSchema,
    handler: ({ caller, body }) => service.deleteSysField(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/standardDomain/list',
    summary: 'Standard domains with their variable counts',
    tag: 'library',
    access: MANAGE_LIBRARY,
    response: z.array(sysStandardDomainSchema),
    handler: () => service.listSysDomains(deps),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/standardDomain/save',
    summary: 'Create a standard domain, or update its descriptions',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: saveSysStandardDomainSchema,
    response: sysStandardDomainSchema,
    handler: ({ caller, body }) => service.saveSysDomain(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/standardDomain/delete',
    summary: 'Delete an empty standard domain',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: deleteSysStandardDomainSchema,
    response: z.object({ domain: z.string() }),
    handler: ({ caller, body }) => service.deleteSysDomain(deps, caller, body.domain),
  });
}
