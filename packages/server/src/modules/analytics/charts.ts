import type { AnalyticsChart, AnalyticsChartRequest, AnalyticsLabel, AnalyticsName, AnalyticsSeries } from '@dcap/core';
import { analyticsLabel, cumulativeEnrolment, VISIT_OUTCOMES } from '@dcap/core';
import type { Executor } from '../audit/repo.js';
import type { AnalyticsContext } from './context.js';
import type { Scope, SiteRow } from './repo.js';
import * as repo from './repo.js';

/** What a chart builder returns; the service adds the period, environment and blinding. */
export type ChartBody = Pick<AnalyticsChart, 'unit' | 'categoryTitle' | 'categories' | 'series' | 'missing'>;

export function siteLabel(site: SiteRow): AnalyticsLabel {
  return { key: String(site.id), name: site.name, nameEn: site.name_en };
}

export function series(label: AnalyticsLabel, data: (number | null)[], type: 'bar' | 'line' = 'bar', stack: string | null = null): AnalyticsSeries {
  return { ...label, type, stack, data };
}

const named = (name: AnalyticsName, data: (number | null)[], stack: string | null = null) => series(analyticsLabel(name), data, 'bar', stack);

/** A value per site from rows keyed by site id, zero where a site has no row. */
function perSite<R extends { site_id: number | null }>(sites: readonly SiteRow[], rows: readonly R[], value: (row: R) => number | null, empty: number | null = 0): (number | null)[] {
  return sites.map((site) => {
    const row = rows.find((candidate) => candidate.site_id === site.id);
    return row ? value(row) : empty;
  });
}

const round = (value: number | null, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));

/** Cumulative enrolment per site over the period's dates (core `cumulativeEnrolment`), with each target as a flat line. */
async function enrolment(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const { since, firstDate, today, timeZone } = ctx.range;
  const [baseline, daily] = await Promise.all([
    since === null ? Promise.resolve([]) : repo.enrolledBefore(db, scope, since),
    repo.enrolledByDate(db, scope, since, timeZone),
  ]);
  const curve = cumulativeEnrolment(
    ctx.sites.map((site) => site.id),
    baseline.map((row) => ({ siteId: row.site_id, count: row.count })),
    daily.map((row) => ({ siteId: row.site_id, date: row.date, count: row.count })),
    firstDate,
    today,
  );
  const lines = ctx.sites.map((site, index) => series(siteLabel(site), curve.series[index]?.values ?? [], 'line'));
  const targets = ctx.sites
    .filter((site) => site.enrolment_target !== null)
    .map((site) => {
      const target = analyticsLabel('target');
      return series({ key: `target:${String(site.id)}`, name: `${site.name} ${target.name}`, nameEn: `${site.name_en ?? site.name} ${target.nameEn ?? ''}`.trim() }, curve.dates.map(() => site.enrolment_target), 'line');
    });
  return { unit: 'count', categoryTitle: analyticsLabel('date'), categories: curve.dates.map((date) => ({ key: date, name: date, nameEn: date })), series: [...lines, ...targets], missing: null };
}

/** Screening failures by reason (categories, most frequent first), a stacked bar per site. */
async function screeningFailures(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const rows = await repo.screeningFailures(db, scope, ctx.range.since);
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.reason, (totals.get(row.reason) ?? 0) + row.count);
  const reasons = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([reason]) => reason);
  const none = analyticsLabel('noReason');
  const categories = reasons.map((reason) => (reason === '' ? { ...none, key: '' } : { key: reason, name: reason, nameEn: reason }));
  const data = ctx.sites.map((site) => series(siteLabel(site), reasons.map((reason) => rows.find((row) => row.site_id === site.id && row.reason === reason)?.count ?? 0), 'bar', 'failures'));
  return { unit: 'count', categoryTitle: analyticsLabel('reason'), categories, series: data, missing: null };
}

/** Visits per event of the schedule, a stacked bar per outcome. */
async function visitCompletion(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const rows = await repo.visitOutcomes(db, scope, ctx.range.firstDate, ctx.range.today);
  const events = await repo.events(db, [...new Set(rows.map((row) => row.event_id))]);
  const count = (eventId: number, outcome: string) => rows.filter((row) => row.event_id === eventId && row.outcome === outcome).reduce((sum, row) => sum + row.count, 0);
  return {
    unit: 'count',
    categoryTitle: analyticsLabel('visit'),
    categories: events.map((event) => ({ key: String(event.id), name: event.name, nameEn: event.name_en })),
    series: VISIT_OUTCOMES.map((outcome) => named(outcome, events.map((event) => count(event.id, outcome)), 'visits')),
    missing: null,
  };
}

const QUERY_GROUPS = ['OPEN', 'ANSWERED', 'CLOSED'] as const;

/** Queries per site by status (stacked), and the queries per 100 entered values as a line. */
async function queryRateBySite(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const [rows, values] = await Promise.all([repo.queriesBy(db, scope, ctx.range.since, 'site'), repo.valueCounts(db, scope, ctx.range.since)]);
  const count = (siteId: number, status: string) => rows.find((row) => row.key === siteId && row.status === status)?.count ?? 0;
  const total = (siteId: number) => QUERY_GROUPS.reduce((sum, status) => sum + count(siteId, status), 0);
  const rate = perSite(ctx.sites, values, (row) => (row.entered === 0 ? null : round((100 * total(row.site_id)) / row.entered, 2)), null);
  return {
    unit: 'count',
    categoryTitle: analyticsLabel('site'),
    categories: ctx.sites.map(siteLabel),
    series: [...QUERY_GROUPS.map((status) => named(status, ctx.sites.map((site) => count(site.id, status)), 'queries')), series(analyticsLabel('perHundred'), rate, 'line')],
    missing: null,
  };
}

/** Queries per panel (instrument) by status, stacked. */
async function queryRateByPanel(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const rows = await repo.queriesBy(db, scope, ctx.range.since, 'instrument');
  const instruments = await repo.instruments(db, [...new Set(rows.map((row) => row.key))]);
  const count = (id: number, status: string) => rows.find((row) => row.key === id && row.status === status)?.count ?? 0;
  return {
    unit: 'count',
    categoryTitle: analyticsLabel('panel'),
    categories: instruments.map((instrument) => ({ key: String(instrument.id), name: instrument.name, nameEn: instrument.name_en })),
    series: QUERY_GROUPS.map((status) => named(status, instruments.map((instrument) => count(instrument.id, status)), 'queries')),
    missing: null,
  };
}

/** Median hours to answer and to close per site, with the whole selection as the last category. */
async function queryTimes(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const rows = await repo.queryTimes(db, scope, ctx.range.since);
  const all = rows.find((row) => row.site_id === null);
  return {
    unit: 'hours',
    categoryTitle: analyticsLabel('site'),
    categories: [...ctx.sites.map(siteLabel), analyticsLabel('all', '')],
    series: [
      named('hoursToAnswer', [...perSite(ctx.sites, rows, (row) => round(row.to_answer), null), round(all?.to_answer ?? null)]),
      named('hoursToClose', [...perSite(ctx.sites, rows, (row) => round(row.to_close), null), round(all?.to_close ?? null)]),
    ],
    missing: null,
  };
}

/** Median and 90th percentile entry lag in days per site, with the whole selection last. */
async function entryLag(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const rows = await repo.entryLag(db, scope, ctx.range.since, ctx.range.timeZone);
  const all = rows.find((row) => row.site_id === null);
  return {
    unit: 'days',
    categoryTitle: analyticsLabel('site'),
    categories: [...ctx.sites.map(siteLabel), analyticsLabel('all', '')],
    series: [
      named('lagMedian', [...perSite(ctx.sites, rows, (row) => round(row.median), null), round(all?.median ?? null)]),
      named('lagP90', [...perSite(ctx.sites, rows, (row) => round(row.p90), null), round(all?.p90 ?? null)]),
    ],
    missing: null,
  };
}

/** Entered values per site, verified and not yet (stacked). */
async function sdvProgress(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const rows = await repo.valueCounts(db, scope, ctx.range.since);
  return {
    unit: 'count',
    categoryTitle: analyticsLabel('site'),
    categories: ctx.sites.map(siteLabel),
    series: [named('verified', perSite(ctx.sites, rows, (row) => row.verified), 'values'), named('notVerified', perSite(ctx.sites, rows, (row) => row.entered - row.verified), 'values')],
    missing: null,
  };
}

/** Randomised subjects per site: a stacked bar per arm for a caller who may see arms, else one total. */
async function randomisation(db: Executor, scope: Scope, ctx: AnalyticsContext): Promise<ChartBody> {
  const rows = await repo.randomised(db, scope, ctx.range.since);
  const total = named('randomised', ctx.sites.map((site) => rows.filter((row) => row.site_id === site.id).reduce((sum, row) => sum + row.count, 0)));
  const arms = [...new Set(rows.map((row) => row.arm))].sort();
  const byArm = arms.map((arm) => series({ key: arm, name: arm, nameEn: arm }, ctx.sites.map((site) => rows.find((row) => row.site_id === site.id && row.arm === arm)?.count ?? 0), 'bar', 'arms'));
  return { unit: 'count', categoryTitle: analyticsLabel('site'), categories: ctx.sites.map(siteLabel), series: ctx.armsVisible ? byArm : [total], missing: null };
}

export const CHART_BUILDERS: Record<Exclude<AnalyticsChartRequest['indicator'], 'distribution'>, (db: Executor, scope: Scope, ctx: AnalyticsContext) => Promise<ChartBody>> = {
  enrolment,
  screeningFailures,
  visitCompletion,
  queryRateBySite,
  queryRateByPanel,
  queryTimes,
  entryLag,
  sdvProgress,
  randomisation,
};
