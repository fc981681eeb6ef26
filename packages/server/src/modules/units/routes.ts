import {
  createDepartmentSchema,
  createUnitSchema,
  departmentListQuerySchema,
  departmentSchema,
  unitListQuerySchema,
  unitSchema,
  updateDepartmentSchema,
  updateUnitSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { createDepartment, createUnit, listDepartments, listUnits, updateDepartment, updateUnit } from './service.js';

const MANAGE_UNITS = { platform: 'unit.manage' } as const;

/** Platform units (hospitals) and departments: `/sys/unit/unit` and `/sys/unit/division` of spec 000 §2.2. */
export function registerUnitRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/unit/list',
    summary: 'Hospitals, for choosing a project’s sites',
    tag: 'units',
    access: 'signedIn',
    query: unitListQuerySchema,
    response: z.array(unitSchema),
    // Other systems read this with an API key (docs/decisions.md "Platform administration").
    apiKey: 'units.read',
    handler: ({ query }) => listUnits(deps, query.keyword),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/unit/save',
    summary: 'Create a hospital',
    tag: 'units',
    access: MANAGE_UNITS,
    body: createUnitSchema,
    response: unitSchema,
    handler: ({ actor, body, meta }) => createUnit(deps, actor, body, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/unit/update',
    summary: 'Update a hospital, or disable it',
    tag: 'units',
    access: MANAGE_UNITS,
    body: updateUnitSchema,
    response: unitSchema,
    handler: ({ actor, body, meta }) => updateUnit(deps, actor, body, meta),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/division/list',
    summary: 'Departments of a hospital',
    tag: 'units',
    access: 'signedIn',
    query: departmentListQuerySchema,
    response: z.array(departmentSchema),
    handler: ({ query }) => listDepartments(deps, query.unitId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/division/save',
    summary: 'Create a department',
    tag: 'units',
    access: MANAGE_UNITS,
    body: createDepartmentSchema,
    response: departmentSchema,
    handler: ({ actor, body, meta }) => createDepartment(deps, actor, body, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/division/update',
    summary: 'Rename a department',
    tag: 'units',
    access: MANAGE_UNITS,
    body: updateDepartmentSchema,
    response: departmentSchema,
    handler: ({ actor, body, meta }) => updateDepartment(deps, actor, body, meta),
  });
}
