import {
  alertThresholdsRequestSchema,
  alertThresholdsSchema,
  analyticsChartQuerySchema,
  analyticsChartSchema,
  analyticsFieldsSchema,
  analyticsOverviewQuerySchema,
  analyticsOverviewSchema,
  analyticsProjectsSchema,
  siteTargetRequestSchema,
  siteTargetSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { setAlertThresholds } from './alert-thresholds.js';
import { analyticsFields } from './distribution.js';
import { analyticsOverview } from './overview.js';
import { analyticsProjects } from './projects.js';
import { analyticsChart } from './service.js';
import { setSiteTarget } from './targets.js';

const TAG = 'analytics';

/** The Analytics and Bigscreen sub-applications' data (docs/decisions.md "Analytics"). */
export function registerAnalyticsRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/analytics/chart',
    summary: 'One analytics chart of the current project and environment (categories and series for ECharts), within the chosen sites of the caller’s, for a time filter; arm filter and split only for callers who may see arms',
    tag: TAG,
    access: { project: 'record.view' },
    query: analyticsChartQuerySchema,
    response: analyticsChartSchema,
    handler: ({ caller, query }) => analyticsChart(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/analytics/fields',
    summary: 'The numeric and choice fields of the design the current environment runs, for which a distribution chart may be drawn',
    tag: TAG,
    access: { project: 'record.view' },
    response: analyticsFieldsSchema,
    handler: ({ caller }) => analyticsFields(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/analytics/overview',
    summary: 'Everything the big screen shows in one call: tiles, per-site figures, visit outcomes and alerts of the current project and environment',
    tag: TAG,
    access: { project: 'record.view' },
    query: analyticsOverviewQuerySchema,
    response: analyticsOverviewSchema,
    handler: ({ caller, query }) => analyticsOverview(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/analytics/projects',
    summary: 'Headline figures (enrolled, target, screening failures, open queries) of every project the caller may see: administered projects over all sites, others over the sites of the caller’s enabled roles',
    tag: TAG,
    access: 'signedIn',
    response: analyticsProjectsSchema,
    handler: ({ caller }) => analyticsProjects(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/analytics/siteTarget',
    summary: 'Set or clear a site’s enrolment target, the target line of the enrolment chart',
    tag: TAG,
    access: { project: 'site.manage', site: 'scoped' },
    body: siteTargetRequestSchema,
    response: siteTargetSchema,
    handler: ({ caller, body }) => setSiteTarget(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/analytics/alertThresholds',
    summary: 'Set the project’s own day thresholds of the big screen’s alerts (a site without entries, old unclosed queries), 1 to 365 days; null returns one to the platform’s default',
    tag: TAG,
    access: { project: 'project.configure' },
    body: alertThresholdsRequestSchema,
    response: alertThresholdsSchema,
    handler: ({ caller, body }) => setAlertThresholds(deps, caller, body),
  });
}
