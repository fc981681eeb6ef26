import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { registerDerivedRoutes } from './derived/routes.js';
import { registerDictRoutes } from './dicts/routes.js';
import { registerStandardRoutes } from './standard/routes.js';
import { registerTemplateRoutes } from './templates/routes.js';

/** The libraries the designers draw from, and their platform administration. */
export function registerLibraryRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  registerStandardRoutes(app, routes, deps);
  registerTemplateRoutes(app, routes, deps);
  registerDictRoutes(app, routes, deps);
  registerDerivedRoutes(app, routes, deps);
}
