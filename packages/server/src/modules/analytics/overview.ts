import type { AnalyticsFilter, AnalyticsOverview, QueryAgeBucket } from '@dcap/core';
import { alertThresholds, QUERY_AGE_BUCKET_KEYS, queryAgeBounds, VISIT_OUTCOMES } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { analyticsContext } from './context.js';
import * as overviewRepo from './overview-repo.js';
import * as repo from './repo.js';
import { siteLocations } from '../areas/service.js';

const DAY_MS = 86_400_000;
const sum = <T>(rows: readonly T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);

/** A site's point on the big screen's map (docs/decisions.md "Bigscreen"), from the areas' locations. */
function siteLocation(located: Awaited<ReturnType<typeof siteLocations>>[number] | undefined): AnalyticsOverview['sites'][number]['location'] {
  if (!located?.point) return null;
  return { longitude: located.point.longitude, latitude: located.point.latitude, areaName: located.area?.name ?? null, areaNameEn: located.area?.nameEn ?? null };
}

/**
 * GET /dcap/analytics/overview: everything the big screen shows in one call (docs/decisions.md "Analytics"):
 * tiles, a line per site and the alerts, within the chosen sites of the caller's and the period; the
 * randomisation balance per arm only for a caller who may see arms, and stock alerts name kit types by
 * their blinded names for the others.
 */
export async function analyticsOverview(deps: ServiceDeps, caller: ProjectCaller, filter: AnalyticsFilter): Promise<AnalyticsOverview> {
  const [ctx, stored] = await Promise.all([analyticsContext(deps, caller, filter), repo.storedAlertThresholds(deps.db, caller.project.project.id)]);
  const { range, now } = ctx;
  const thresholds = alertThresholds(stored);
  const head = { time: filter.time, timeZone: range.timeZone, today: range.today, env: ctx.envKey, armsVisible: ctx.armsVisible, alertThresholds: thresholds };
  const scope = ctx.scope;
  if (scope === null) {
    const tiles = { enrolled: 0, target: null, screened: 0, screeningFailures: 0, visitsDue: 0, visitsMissed: 0, openQueries: 0, queryAges: [], entryLagMedianDays: null, sdvPercent: null, randomised: { total: 0, byArm: ctx.armsVisible ? [] : null }, stockAlerts: 0 };
    return { ...head, tiles, sites: [], visitOutcomes: VISIT_OUTCOMES.map((outcome) => ({ outcome, count: 0 })), alerts: [] };
  }
  const db = deps.db;
  const [subjects, queries, lastEntries, stock, visits, lag, values, randomised, locations] = await Promise.all([
    overviewRepo.subjectCounts(db, scope, range.since),
    overviewRepo.unclosedQueries(db, scope, queryAgeBounds(now), new Date(now.getTime() - thresholds.queryDays * DAY_MS)),
    overviewRepo.lastEntries(db, scope),
    overviewRepo.stockAlerts(db, scope),
    repo.visitOutcomes(db, scope, range.firstDate, range.today),
    repo.entryLag(db, scope, range.since, range.timeZone),
    repo.valueCounts(db, scope, range.since),
    repo.randomised(db, scope, range.since),
    siteLocations(db, scope.projectId),
  ]);
  const targets = ctx.sites.map((site) => site.enrolment_target).filter((target): target is number => target !== null);
  const entered = sum(values, (row) => row.entered);
  const verified = sum(values, (row) => row.verified);
  const arms = [...new Set(randomised.map((row) => row.arm))].sort();
  const outcome = (name: string) => sum(visits.filter((row) => row.outcome === name), (row) => row.count);
  const median = lag.find((row) => row.site_id === null)?.median ?? null;
  const tiles: AnalyticsOverview['tiles'] = {
    enrolled: sum(subjects, (row) => row.enrolled),
    target: targets.length === 0 ? null : targets.reduce((a, b) => a + b, 0),
    screened: sum(subjects, (row) => row.screened),
    screeningFailures: sum(subjects, (row) => row.failed),
    visitsDue: outcome('due'),
    visitsMissed: outcome('missed'),
    openQueries: sum(queries, (row) => row.count),
    queryAges: QUERY_AGE_BUCKET_KEYS.map((bucket: QueryAgeBucket) => ({ bucket, count: sum(queries.filter((row) => row.bucket === bucket), (row) => row.count) })),
    entryLagMedianDays: median === null ? null : Number(median.toFixed(1)),
    sdvPercent: entered === 0 ? null : Number(((100 * verified) / entered).toFixed(1)),
    randomised: {
      total: sum(randomised, (row) => row.count),
      byArm: ctx.armsVisible ? arms.map((arm) => ({ arm, count: sum(randomised.filter((row) => row.arm === arm), (row) => row.count) })) : null,
    },
    stockAlerts: stock.length,
  };
  const alerts: AnalyticsOverview['alerts'] = [];
  for (const site of ctx.sites) {
    const active = subjects.find((row) => row.site_id === site.id)?.active ?? 0;
    const last = lastEntries.find((row) => row.site_id === site.id)?.last ?? null;
    const idleDays = last === null ? null : Math.floor((now.getTime() - new Date(last).getTime()) / DAY_MS);
    if (active > 0 && (idleDays === null || idleDays >= thresholds.siteIdleDays)) alerts.push({ kind: 'siteIdle', siteId: site.id, count: idleDays, threshold: thresholds.siteIdleDays, subject: null });
  }
  for (const row of stock) {
    const subject = ctx.armsVisible ? { key: row.code, name: row.name, nameEn: row.name_en } : { key: String(row.kit_type_id), name: row.blinded_name, nameEn: row.blinded_name_en };
    alerts.push({ kind: 'stockLow', siteId: row.site_id, count: row.stock, threshold: row.trigger_level, subject });
  }
  for (const site of ctx.sites) {
    const old = sum(queries.filter((row) => row.site_id === site.id), (row) => row.old);
    if (old > 0) alerts.push({ kind: 'queryOld', siteId: site.id, count: old, threshold: thresholds.queryDays, subject: null });
  }
  return {
    ...head,
    tiles,
    sites: ctx.sites.map((site) => {
      const last = lastEntries.find((row) => row.site_id === site.id)?.last ?? null;
      return {
        id: site.id,
        code: site.code,
        name: site.name,
        nameEn: site.name_en,
        province: site.province,
        city: site.city,
        location: siteLocation(locations.find((row) => row.siteId === site.id)),
        enrolled: subjects.find((row) => row.site_id === site.id)?.enrolled ?? 0,
        target: site.enrolment_target,
        openQueries: sum(queries.filter((row) => row.site_id === site.id), (row) => row.count),
        lastEntryAt: last === null ? null : new Date(last).toISOString(),
      };
    }),
    visitOutcomes: VISIT_OUTCOMES.map((name) => ({ outcome: name, count: outcome(name) })),
    alerts,
  };
}
