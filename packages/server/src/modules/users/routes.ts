import {
  batchDeleteUsersSchema,
  createUserSchema,
  issuedPasswordSchema,
  resetPasswordSchema,
  safeText,
  updateProfileSchema,
  updateUserSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
  validateUserSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import {
  createUser,
  deleteUsers,
  getUser,
  isUsernameAvailable,
  listUsers,
  resetPassword,
  searchUsers,
  setUserStatus,
  updateProfile,
  updateUser,
} from './service.js';
import { registerUserDirectoryRoutes } from './directory.js';
import { registerUserImportRoutes } from './import-routes.js';

const MANAGE_USERS = { platform: 'user.manage' } as const;

/** The user administration calls of spec 002 §7, and the signed-in user's own account calls. */
export function registerUserRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/info',
    summary: 'The signed-in user',
    tag: 'account',
    access: 'signedIn',
    response: userSchema,
    handler: ({ actor }) => getUser(deps, actor.userId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/updateCurrentUser',
    summary: 'Update the signed-in user’s profile',
    tag: 'account',
    access: 'signedIn',
    body: updateProfileSchema,
    response: userSchema,
    handler: ({ actor, body, meta }) => updateProfile(deps, actor, body, meta),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/list',
    summary: 'List and search platform users',
    tag: 'users',
    access: MANAGE_USERS,
    query: userListQuerySchema,
    response: userPageSchema,
    // Other systems read this with an API key (docs/decisions.md "Platform administration").
    apiKey: 'users.read',
    handler: ({ query }) => listUsers(deps, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/search/:keyword',
    summary: 'Active users whose login name or name contains the keyword',
    tag: 'users',
    access: MANAGE_USERS,
    params: z.strictObject({ keyword: safeText().min(1).max(64) }),
    response: z.array(userSchema),
    handler: ({ params }) => searchUsers(deps, params.keyword),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/info/:id',
    summary: 'One platform user',
    tag: 'users',
    access: MANAGE_USERS,
    params: userIdParamsSchema,
    response: userSchema,
    handler: ({ params }) => getUser(deps, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/save',
    summary: 'Create a platform user; a generated password is returned once',
    tag: 'users',
    access: MANAGE_USERS,
    body: createUserSchema,
    response: issuedPasswordSchema,
    handler: ({ actor, body, meta }) => createUser(deps, actor, body, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/update',
    summary: 'Update a platform user',
    tag: 'users',
    access: MANAGE_USERS,
    body: updateUserSchema,
    response: userSchema,
    handler: ({ actor, body, meta }) => updateUser(deps, actor, body, meta),
  });
  for (const change of ['lock', 'unlock'] as const) {
    routes.add(app, {
      method: 'POST',
      url: `/dcap/sys/user/${change}/:id`,
      summary: change === 'lock' ? 'Lock a user and end their sessions' : 'Unlock a user, clearing any sign-in lockout',
      tag: 'users',
      access: MANAGE_USERS,
      params: userIdParamsSchema,
      response: userSchema,
      handler: ({ actor, params, meta }) => setUserStatus(deps, actor, params.id, change, meta),
    });
  }
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/delete/:id',
    summary: 'Delete a user (logically: they can no longer sign in; their history stays)',
    tag: 'users',
    access: MANAGE_USERS,
    params: userIdParamsSchema,
    response: z.null(),
    handler: async ({ actor, params, meta }) => {
      await setUserStatus(deps, actor, params.id, 'delete', meta);
      return null;
    },
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/delete',
    summary: 'Delete several users at once, all or none',
    tag: 'users',
    access: MANAGE_USERS,
    body: batchDeleteUsersSchema,
    response: z.object({ deleted: z.number() }),
    handler: ({ actor, body, meta }) => deleteUsers(deps, actor, body.ids, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/resetUserPassword',
    summary: 'Issue a new password, shown once or e-mailed to the user',
    tag: 'users',
    access: MANAGE_USERS,
    body: resetPasswordSchema,
    response: issuedPasswordSchema,
    handler: ({ actor, body, meta }) => resetPassword(deps, actor, body.id, meta, body.sendEmail ?? false),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/validateUser',
    summary: 'Whether a login name is free (names of deleted users are never free)',
    tag: 'users',
    access: MANAGE_USERS,
    body: validateUserSchema,
    response: z.object({ available: z.boolean() }),
    handler: async ({ body }) => ({ available: await isUsernameAvailable(deps, body.username) }),
  });
  registerUserDirectoryRoutes(app, routes, deps);
  registerUserImportRoutes(app, routes, deps);
}
