import {
  addRolesToUsersQuerySchema,
  assignRoleQuerySchema,
  assignByPmQuerySchema,
  assignRoleSchema,
  batchAssignRoleSchema,
  projectHintQuerySchema,
  projectIdBodySchema,
  revokeRoleSchema,
  roleAssignmentSchema,
  roleHoldersQuerySchema,
  roleHoldersSchema,
  roleUserParamsSchema,
  updateSiteAuthoritySchema,
  userPickSchema,
  userRolesAndSitesSchema,
  userSearchQuerySchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { searchActiveUsers } from '../users/accounts.js';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { assignRoles, revokeRole, updateSiteAuthority } from './assignment-service.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import { roleHolders, userRolesAndSites } from './report-service.js';

const PREFIX = '/dcap/projectRole';
const ASSIGN = 'role.assign' as const;

/** Who holds which role at which sites: grants, revocations and site authority (spec 000 §6). */
export function registerAssignmentRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/assignRole2User`,
    summary: 'Grant a role to users, for the role’s sites or some of them',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromQuery, site: 'scoped' },
    body: assignRoleSchema,
    query: projectHintQuerySchema,
    response: z.array(roleAssignmentSchema),
    handler: ({ caller, body }) =>
      assignRoles(deps, caller, [{ roleId: body.roleId, userIds: body.userIds, institutionIds: body.institutionIds }], body.notify),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/assignRole2User`,
    summary: 'Grant a role to users, in query parameters (spec 000 §7.3); as the POST form',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromQuery, site: 'scoped' },
    query: assignRoleQuerySchema,
    response: z.array(roleAssignmentSchema),
    handler: ({ caller, query }) =>
      assignRoles(deps, caller, [{ roleId: query.roleId, userIds: query.userIds, institutionIds: query.institutionIds }], query.notify),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/assignRole2UserByPm`,
    summary: 'Grant a role to users for the role’s sites (project manager)',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromQuery, site: 'scoped' },
    query: assignByPmQuerySchema,
    response: z.array(roleAssignmentSchema),
    handler: ({ caller, query }) => assignRoles(deps, caller, [{ roleId: query.roleId, userIds: query.userIds }], query.notify),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/addRoles2Users`,
    summary: 'Grant several roles to several users; all or none',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromQuery, site: 'scoped' },
    query: addRolesToUsersQuerySchema,
    response: z.array(roleAssignmentSchema),
    handler: ({ caller, query }) =>
      assignRoles(deps, caller, query.roleIds.map((roleId) => ({ roleId, userIds: query.userIds })), query.notify),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/batchAssignRole2User`,
    summary: 'Grant roles to users, each grant with its own sites; all or none',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromBody, site: 'scoped' },
    body: batchAssignRoleSchema,
    response: z.array(roleAssignmentSchema),
    handler: ({ caller, body }) => assignRoles(deps, caller, body.assignments, body.notify),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/removeProjectRoleFromUser/:roleId/:userId`,
    summary: 'Revoke a role from a user',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromQuery, site: 'scoped' },
    params: roleUserParamsSchema,
    query: projectHintQuerySchema,
    response: z.null(),
    handler: ({ caller, params }) => revokeRole(deps, caller, params.roleId, params.userId),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/revokeSingleRoleOfUser`,
    summary: 'Revoke a role from a user',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromQuery, site: 'scoped' },
    body: revokeRoleSchema,
    query: projectHintQuerySchema,
    response: z.null(),
    handler: ({ caller, body }) => revokeRole(deps, caller, body.roleId, body.userId),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/updateRoleSiteAuthorityOfUser`,
    summary: 'Change the sites a holder acts for within the role',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromQuery, site: 'scoped' },
    body: updateSiteAuthoritySchema,
    query: projectHintQuerySchema,
    response: roleAssignmentSchema,
    handler: ({ caller, body }) => updateSiteAuthority(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/userRolesAndInstitutions`,
    summary: 'Per user: their roles and sites (within the caller’s sites)',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromBody },
    body: projectIdBodySchema,
    response: z.array(userRolesAndSitesSchema),
    handler: ({ project, meta }) => userRolesAndSites(deps, project, meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: `${PREFIX}/roleAndInstitutionUsers`,
    summary: 'Per role: its sites and holders (within the caller’s sites)',
    tag: 'roles',
    access: { project: ASSIGN, locate: fromBody },
    body: roleHoldersQuerySchema,
    response: z.array(roleHoldersSchema),
    handler: ({ project, meta, body }) => roleHolders(deps, project, body.roleId, meta.locale),
  });
  routes.add(app, {
    method: 'GET',
    url: `${PREFIX}/searchUsers`,
    summary: 'Active platform users to grant a role to, by login name or name (at most 20)',
    tag: 'roles',
    access: { project: 'role.assign', locate: fromQuery },
    query: userSearchQuerySchema,
    response: z.array(userPickSchema),
    handler: async ({ query }) => (await searchActiveUsers(deps.db, query.keyword, 20)).map((user) => ({ id: user.id, username: user.username, name: user.name, nameEn: user.name_en })),
  });

}
