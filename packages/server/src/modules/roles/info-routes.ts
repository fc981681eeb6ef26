import {
  currentRoleInfoSchema,
  currentRoleSelectionSchema,
  projectHintQuerySchema,
  projectIdBodySchema,
  projectIdPathSchema,
  projectRoleSchema,
  roleDetailSchema,
  roleInfoRequestSchema,
  siteRoleConfigSchema,
  siteRolesAndUsersSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { exportRoleUserLogs } from './export.js';
import { autoCreateStandardRoles, currentRoleInfo, currentRoleSelection, roleDetail, roleInfo, siteRoleConfig, siteRolesAndUsers } from './info-service.js';

const PREFIX = '/dcap/projectRole';
const fromIdParam = ({ params }: { params: unknown }) => (params as { id: number }).id;

/** The caller's role, one role's detail, per-site views and standard roles (spec 000 §7.3; docs/api.md). */
export function registerRoleInfoRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/currentProjectRoleInfo`,
    summary: 'The caller’s active role in the session’s project, with its flags and the caller’s sites',
    tag: 'roles',
    access: { project: 'project.view', locate: fromQuery },
    query: projectHintQuerySchema,
    response: currentRoleInfoSchema,
    handler: ({ project, meta }) => currentRoleInfo(deps, project, meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/getCurrentProjectRole`,
    summary: 'The session’s project, role and environment, with the role',
    tag: 'roles',
    access: { project: 'project.view', locate: fromQuery },
    query: projectHintQuerySchema,
    response: currentRoleSelectionSchema,
    handler: ({ actor, project, meta }) => currentRoleSelection(deps, actor, project, meta.locale),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/projectConfig/institution/:id`,
    summary: 'Each site of the project the caller sees, with the roles covering it',
    tag: 'roles',
    access: { project: 'project.view', locate: fromIdParam },
    params: projectIdPathSchema,
    response: z.array(siteRoleConfigSchema),
    handler: ({ project }) => siteRoleConfig(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/info/`,
    summary: 'One role, as the role list shows it',
    tag: 'roles',
    access: { project: 'project.view', locate: fromBody },
    body: roleInfoRequestSchema,
    response: projectRoleSchema,
    handler: ({ project, meta, body }) => roleInfo(deps, project, body.id, meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/mgmt/detail`,
    summary: 'One role with its sites and holders (within the caller’s sites)',
    tag: 'roles',
    access: { project: 'role.assign', locate: fromBody },
    body: roleInfoRequestSchema,
    response: roleDetailSchema,
    handler: ({ project, meta, body }) => roleDetail(deps, project, body.id, meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/institutionRolesAndUsers`,
    summary: 'Per site: the roles covering it and who acts there (within the caller’s sites)',
    tag: 'roles',
    access: { project: 'role.assign', locate: fromBody },
    body: projectIdBodySchema,
    response: z.array(siteRolesAndUsersSchema),
    handler: ({ project }) => siteRolesAndUsers(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/autoCreateProjectRole`,
    summary: 'Create the standard roles the project lacks, from core’s role templates',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromQuery },
    query: projectHintQuerySchema,
    // The spec's call has no body: any body is refused before anything is written.
    body: z.undefined(),
    response: z.array(projectRoleSchema),
    handler: ({ caller }) => autoCreateStandardRoles(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/exportProjectRoleAndUserLogs`,
    summary: 'Spreadsheet of every grant the project’s roles had, revoked ones included',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromBody },
    body: projectIdBodySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller }) => exportRoleUserLogs(deps, caller),
  });
}
