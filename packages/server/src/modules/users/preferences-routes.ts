import { saveUserPreferencesSchema, userPreferencesSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { getPreferences, savePreferences } from './preferences-service.js';

/** The signed-in user's own preferences: account settings, tabs custom and notification (spec 000 §2.3). */
export function registerPreferenceRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/preferences',
    summary: 'The signed-in user’s font size and notification preferences',
    tag: 'account',
    access: 'signedIn',
    response: userPreferencesSchema,
    handler: ({ actor }) => getPreferences(deps, actor),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/preferences',
    summary: 'Change the signed-in user’s font size or notification preferences',
    tag: 'account',
    access: 'signedIn',
    body: saveUserPreferencesSchema,
    response: userPreferencesSchema,
    handler: ({ actor, body, meta }) => savePreferences(deps, actor, body, meta),
  });
}
