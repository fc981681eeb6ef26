import { dashboardSummaryRequestSchema, dashboardSummarySchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { dashboardSummary } from './service.js';

const TAG = 'dashboard';

/** The data display dashboard of spec 002 §2 (the landing page after sign-in, spec 000 §2). */
export function registerDashboardRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/dashboard/summary',
    summary: 'Dashboard indicators of the current project and environment within the caller’s sites: subjects by status and site, enrolment by date, panel statuses, unclosed queries by age',
    tag: TAG,
    access: { project: 'record.view' },
    body: dashboardSummaryRequestSchema,
    response: dashboardSummarySchema,
    handler: ({ caller, body }) => dashboardSummary(deps, caller, body.filter),
  });
}
