import {
  disableRoleParamsSchema,
  projectHintQuerySchema,
  projectIdBodySchema,
  projectIdParamsSchema,
  projectRoleSchema,
  quickSaveRoleSchema,
  roleAuthLogPageSchema,
  roleAuthLogQuerySchema,
  roleBatchQuerySchema,
  roleIdParamsSchema,
  saveRoleSchema,
  siteSchema,
  userRoleSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { registerAssignmentRoutes } from './assignment-routes.js';
import { registerRoleInfoRoutes } from './info-routes.js';
import { exportAuthLogs, exportRoles } from './export.js';
import { fromBody, fromParams, fromQuery } from '../../http/locate.js';
import { authLogs, listRolesOfUser } from './report-service.js';
import { autoCreateSiteRoles, checkSiteRoles, deleteRoles, listRoles, quickSaveRole, saveRole, setRoleEnabled } from './service.js';

const PREFIX = '/dcap/projectRole';
const deletedSchema = z.object({ deleted: z.number(), revoked: z.number() });

/** Project roles (spec 000 §6 "Role administration", §7.3); grants are in assignment-routes.ts. */
export function registerRoleRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/list/:projectId`,
    summary: 'The project’s roles with their sites and number of holders',
    tag: 'roles',
    access: { project: 'project.view', locate: fromParams },
    params: projectIdParamsSchema,
    response: z.array(projectRoleSchema),
    handler: ({ project, meta }) => listRoles(deps, project, meta.locale),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/listByUser`,
    summary: 'The caller’s roles across projects, for the role switcher',
    tag: 'roles',
    access: 'signedIn',
    response: z.array(userRoleSchema),
    handler: ({ actor }) => listRolesOfUser(deps, actor),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/saveRole`,
    summary: 'Create a role, or change one including its sites',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromBody },
    body: saveRoleSchema,
    response: projectRoleSchema,
    handler: ({ caller, body }) => saveRole(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/quickSave`,
    summary: 'Change a role’s alias, descriptions, state or rights',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromBody },
    body: quickSaveRoleSchema,
    response: projectRoleSchema,
    handler: ({ caller, body }) => quickSaveRole(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/deleteProjectRole/:id`,
    summary: 'Delete a role no one holds (logically)',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromQuery },
    params: roleIdParamsSchema,
    query: projectHintQuerySchema,
    response: deletedSchema,
    handler: ({ caller, params }) => deleteRoles(deps, caller, [params.id], false),
  });
  for (const [path, revoke] of [['batchDelete', false], ['batchDeleteRevoke', true]] as const) {
    routes.add(app, {
      method: 'GET',
      url: `${PREFIX}/${path}`,
      summary: revoke ? 'Revoke roles from their holders, then delete them; all or none' : 'Delete roles no one holds; all or none',
      tag: 'roles',
      access: { project: 'role.manage', locate: fromQuery },
      query: roleBatchQuerySchema,
      response: deletedSchema,
      handler: ({ caller, query }) => deleteRoles(deps, caller, query.ids, revoke),
    });
  }
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/disableRole/:id/:enabled`,
    summary: 'Disable (0) or enable (1) a role; holders keep it but a disabled role grants nothing',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromQuery },
    params: disableRoleParamsSchema,
    query: projectHintQuerySchema,
    response: projectRoleSchema,
    handler: ({ caller, params }) => setRoleEnabled(deps, caller, params.id, params.enabled),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/checkProjectRoleOneInstitution/:projectId`,
    summary: 'Active sites without a role limited to that site',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromParams },
    params: projectIdParamsSchema,
    response: z.array(siteSchema),
    handler: ({ project }) => checkSiteRoles(deps, project),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/autoCreateProjectRoleOneInstitution/:projectId`,
    summary: 'Create an investigator role for each active site lacking one',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromParams },
    params: projectIdParamsSchema,
    response: z.array(projectRoleSchema),
    handler: ({ caller }) => autoCreateSiteRoles(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/getProjectRoleAuthLogs`,
    summary: 'The role authorisation log, newest first',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromBody },
    body: roleAuthLogQuerySchema,
    response: roleAuthLogPageSchema,
    handler: ({ project, body }) => authLogs(deps, project, body),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/download`,
    summary: 'Spreadsheet of the roles and their holders',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromQuery },
    query: projectIdParamsSchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller }) => exportRoles(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/exportProjectRoleAuthLogs`,
    summary: 'Spreadsheet of the role authorisation log',
    tag: 'roles',
    access: { project: 'role.manage', locate: fromBody },
    body: projectIdBodySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller }) => exportAuthLogs(deps, caller),
  });
  registerAssignmentRoutes(app, routes, deps);
  registerRoleInfoRoutes(app, routes, deps);
}
