import type { RoleAssignment, UserBrief } from '@dcap/core';
import {
  AppError,
  isPlatformAdmin,
  listByRoleSchema,
  roleAssignmentSchema,
  userBriefSchema,
  userSchema,
  usersBySysRoleQuerySchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import type { RouteRegistry } from '../../http/route.js';
import type { ProjectContext } from '../projects/access.js';
import { resolveProjectAccess } from '../projects/access.js';
import { presentAssignment } from '../roles/presenter.js';
import { visibleGrants } from '../roles/report-service.js';
import { ownRole } from '../roles/write.js';
import { presentUser } from './presenter.js';
import { activeUserNames, activeUsersWithFlag, grantsRolesSomewhere } from './repo.js';

/**
 * Who may list every active user for a picker: platform and project administrators, and anyone holding an
 * enabled role with the user-rights flag in a project still in use (they grant roles to users). Others
 * have no reason to read the platform's directory (docs/decisions.md, "User directory").
 */
async function mayPickUsers(deps: ServiceDeps, actor: Actor): Promise<boolean> {
  if (isPlatformAdmin(actor) || actor.projectAdmin) return true;
  return grantsRolesSomewhere(deps.db, actor.userId);
}

/** GET /dcap/sys/user/users: every active user with the fields a picker shows. */
export async function activeUserBriefs(deps: ServiceDeps, actor: Actor): Promise<UserBrief[]> {
  if (!(await mayPickUsers(deps, actor))) throw new AppError('user.picker_forbidden');
  const rows = await activeUserNames(deps.db);
  return rows.map((row) => ({ id: row.id, username: row.username, name: row.name, nameEn: row.name_en }));
}

/** POST /dcap/sys/user/listByRole: the holders of one role of a project (platform administrators see all sites). */
export async function holdersOfRole(deps: ServiceDeps, context: ProjectContext, roleId: number): Promise<RoleAssignment[]> {
  const role = await ownRole(deps.db, { project: context }, roleId);
  return (await visibleGrants(deps.db, context, [role])).map((grant) => presentAssignment(grant.assignment, grant.scope));
}

export function registerUserDirectoryRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/users',
    summary: 'Every active user with login name and names, for pickers',
    tag: 'users',
    access: 'signedIn',
    response: z.array(userBriefSchema),
    handler: ({ actor }) => activeUserBriefs(deps, actor),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/usersBySysRole',
    summary: 'Active users holding a platform flag: admin, systemAdmin or projectAdmin',
    tag: 'users',
    access: { platform: 'user.manage' },
    query: usersBySysRoleQuerySchema,
    response: z.array(userSchema),
    handler: async ({ query }) => {
      const column = query.sysRole === 'admin' ? 'admin' : query.sysRole === 'systemAdmin' ? 'system_admin' : 'project_admin';
      const rows = await activeUsersWithFlag(deps.db, column);
      return rows.map(presentUser);
    },
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/listByRole',
    summary: 'The users holding a role of a project (user administration)',
    tag: 'users',
    access: { platform: 'user.manage' },
    body: listByRoleSchema,
    response: z.array(roleAssignmentSchema),
    handler: async ({ actor, body }) => holdersOfRole(deps, await resolveProjectAccess(deps.db, actor, body.projectId), body.roleId),
  });
}
