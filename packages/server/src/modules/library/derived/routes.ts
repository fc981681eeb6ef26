import {
  derivedFieldPreviewSchema,
  derivedFieldsAllSchema,
  derivedFieldsQuerySchema,
  libraryDeleteByIdSchema,
  libraryDeletedIdSchema,
  libraryIdParamsSchema,
  saveSysDerivedFieldSchema,
  sysDerivedFieldListQuerySchema,
  sysDerivedFieldSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../../deps.js';
import type { RouteRegistry } from '../../../http/route.js';
import { MANAGE_LIBRARY } from '../access.js';
import * as service from './service.js';

/** Derived fields: the derived-variable designer's three groups (spec 001 §2.2, §7) and their administration. */
export function registerDerivedRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/derivedField/all',
    summary: 'Derived fields in their three groups, optionally searched',
    tag: 'library',
    access: 'signedIn',
    query: derivedFieldsQuerySchema,
    response: derivedFieldsAllSchema,
    handler: ({ query }) => service.derivedFieldsByGroup(deps, query.keyword),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/derivedField/preview/:id',
    summary: 'The widgets adding a derived field inserts: its inputs, then the computed field',
    tag: 'library',
    access: 'signedIn',
    params: libraryIdParamsSchema,
    response: derivedFieldPreviewSchema,
    handler: ({ params }) => service.derivedPreview(deps, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/derivedField/list',
    summary: 'Derived fields for administration',
    tag: 'library',
    access: MANAGE_LIBRARY,
    query: sysDerivedFieldListQuerySchema,
    response: z.array(sysDerivedFieldSchema),
    handler: ({ query }) => service.listSysDerived(deps, query),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/derivedField/save',
    summary: 'Create or update a derived field',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: saveSysDerivedFieldSchema,
    response: sysDerivedFieldSchema,
    handler: ({ caller, body }) => service.saveSysDerived(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/derivedField/delete',
    summary: 'Delete a derived field',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: libraryDeleteByIdSchema,
    response: libraryDeletedIdSchema,
    handler: ({ caller, body }) => service.deleteSysDerived(deps, caller, body.id),
  });
}
