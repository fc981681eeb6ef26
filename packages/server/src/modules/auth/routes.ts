import { changePasswordSchema, loginRequestSchema, loginResponseSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { changePassword, login, logout } from './service.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

export function registerAuthRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/login',
    summary: 'Sign in with form fields username and password; returns the session token',
    tag: 'session',
    access: 'public',
    consumes: FORM_OR_JSON,
    body: loginRequestSchema,
    response: loginResponseSchema,
    handler: ({ body, meta }) => login(deps, body, meta),
  });

  routes.add(app, {
    method: 'GET',
    url: '/dcap/logout',
    summary: 'End the current session',
    tag: 'session',
    access: 'public',
    response: z.null(),
    handler: async ({ request, meta }) => {
      const token = request.headers.token;
      await logout(deps, typeof token === 'string' ? token : undefined, meta);
      return null;
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/password',
    summary: 'Change the signed-in user’s password (old password required)',
    tag: 'account',
    access: 'signedIn',
    beforePasswordChange: true,
    body: changePasswordSchema,
    response: z.null(),
    handler: async ({ actor, body, meta }) => {
      await changePassword(deps, actor, body, meta);
      return null;
    },
  });
}
