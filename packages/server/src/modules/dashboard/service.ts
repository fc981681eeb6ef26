import type { DashboardSummary, DashboardTimeFilter } from '@dcap/core';
import { analyticsRange, queryAgeBounds } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { dataScope } from '../subjects/scope.js';
import * as repo from './repo.js';

/**
 * POST /dcap/dashboard/summary (spec 002 §2 "data display dashboard"): the indicators of the session's
 * project and environment, within the caller's sites (COMPLIANCE WF-3). The time filter (spec 002 §9)
 * bounds each indicator by the moment it is about: subjects by when they were added, enrolment by when
 * subjects were enrolled, panels by their last change, queries by when they were raised
 * (docs/decisions.md, "Dashboard"). Every figure is a database aggregate. Periods and enrolment days are
 * counted in the study's zone, so the dashboard's today is the schedule's (docs/decisions.md "The study's day").
 */
export async function dashboardSummary(deps: ServiceDeps, caller: ProjectCaller, filter: DashboardTimeFilter): Promise<DashboardSummary> {
  const scope = await dataScope(deps.db, caller);
  const now = deps.clock.now();
  const { timeZone, since, today, firstDate } = analyticsRange(filter, now);
  const where: repo.Where = { projectId: scope.projectId, envId: scope.env.id, sites: scope.sites, since };
  const base = { filter, timeZone, periodStart: since?.toISOString() ?? null, today, firstDate, env: scope.env.key };
  // A role limited to no site sees nothing, and no empty site list reaches SQL.
  if (scope.sites !== 'all' && scope.sites.length === 0) {
    return { ...base, sites: [], subjects: [], enrolmentBaseline: [], enrolmentDaily: [], panels: [], openQueries: [] };
  }
  const [sites, subjects, baseline, daily, panels, queries] = await Promise.all([
    repo.sites(deps.db, where),
    repo.subjectsBySiteStatus(deps.db, where),
    since === null ? Promise.resolve([]) : repo.enrolledBefore(deps.db, where, since),
    repo.enrolledByDate(deps.db, where, timeZone),
    repo.panelsBySiteStatus(deps.db, where),
    repo.unclosedQueriesByAge(deps.db, where, queryAgeBounds(now)),
  ]);
  return {
    ...base,
    sites: sites.map((site) => ({ id: site.id, code: site.code, name: site.name, nameEn: site.name_en })),
    subjects: subjects.map((row) => ({ siteId: row.site_id, status: row.status, count: row.count })),
    enrolmentBaseline: baseline.map((row) => ({ siteId: row.site_id, count: row.count })),
    enrolmentDaily: daily.map((row) => ({ siteId: row.site_id, date: row.date, count: row.count })),
    panels: panels.map((row) => ({ siteId: row.site_id, status: row.status, count: row.count })),
    openQueries: queries.map((row) => ({ bucket: row.bucket as DashboardSummary['openQueries'][number]['bucket'], status: row.status, count: row.count })),
  };
}
