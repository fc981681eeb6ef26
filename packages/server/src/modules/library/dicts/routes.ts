import {
  deletedDictSchema,
  deleteProjectDictSchema,
  dictEntrySchema,
  dictOptionsRequestSchema,
  dictOptionsResponseSchema,
  libraryDeleteByIdSchema,
  libraryDeletedIdSchema,
  safeText,
  saveProjectDictSchema,
  saveSysDictSchema,
  sysDictSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../../deps.js';
import { fromBody } from '../../../http/locate.js';
import type { RouteRegistry } from '../../../http/route.js';
import { MANAGE_LIBRARY } from '../access.js';
import * as service from './service.js';

const keywordQuery = z.strictObject({ keyword: safeText().max(64).optional() });

/** Dictionaries: platform ones (administered under /sys/dict) and each project's own (spec 001 §3.8, §7). */
export function registerDictRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  // Spec 001 §7 sends no payload: any signed-in user gets the platform dictionaries; a project's own come
  // with them when the caller may view that project (checked in the service).
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/dict/getDictOptions',
    summary: 'Platform dictionaries, plus the named (or current) project’s own',
    tag: 'library',
    access: 'signedIn',
    body: dictOptionsRequestSchema.optional(),
    response: dictOptionsResponseSchema,
    handler: ({ actor, body }) => service.dictOptions(deps, actor, body?.projectId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/dict/save',
    summary: 'Create or replace a project dictionary while the design may be edited',
    tag: 'library',
    access: { project: 'design.edit', locate: fromBody },
    body: saveProjectDictSchema,
    response: dictEntrySchema,
    handler: ({ caller, body }) => service.saveProjectDict(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/dict/delete',
    summary: 'Delete a project dictionary while the design may be edited',
    tag: 'library',
    access: { project: 'design.edit', locate: fromBody },
    body: deleteProjectDictSchema,
    response: deletedDictSchema,
    handler: ({ caller, body }) => service.deleteProjectDict(deps, caller, body.key),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/dict/list',
    summary: 'Platform dictionaries for administration',
    tag: 'library',
    access: MANAGE_LIBRARY,
    query: keywordQuery,
    response: z.array(sysDictSchema),
    handler: ({ query }) => service.listSysDicts(deps, query.keyword),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/dict/save',
    summary: 'Create or update a platform dictionary',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: saveSysDictSchema,
    response: sysDictSchema,
    handler: ({ caller, body }) => service.saveSysDict(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/dict/delete',
    summary: 'Delete a platform dictionary',
    tag: 'library',
    access: MANAGE_LIBRARY,
    body: libraryDeleteByIdSchema,
    response: libraryDeletedIdSchema,
    handler: ({ caller, body }) => service.deleteSysDict(deps, caller, body.id),
  });
}
