import type { DashboardSummary, Locale } from '@dcap/core';
import { cumulativeEnrolment, LISTED_SUBJECT_STATUSES, PANEL_STATUSES, QUERY_AGE_BUCKET_KEYS } from '@dcap/core';
import type { EChartsOption } from 'echarts';

type Translate = (key: string, params?: Record<string, string | number>) => string;
type Site = DashboardSummary['sites'][number];

/** A site's label in the interface language: its code and its name. */
export function siteLabel(site: Site, locale: Locale): string {
  return `${site.code} ${locale === 'en-US' ? (site.nameEn ?? site.name) : site.name}`;
}

const sum = (rows: readonly { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);

/** The figures above the charts: subjects added, subjects enrolled, panels changed, unclosed queries, in the period. */
export function headlineFigures(summary: DashboardSummary): { subjects: number; enrolled: number; panels: number; openQueries: number } {
  return { subjects: sum(summary.subjects), enrolled: sum(summary.enrolmentDaily), panels: sum(summary.panels), openQueries: sum(summary.openQueries) };
}

const grid = { left: 24, right: 40, top: 40, bottom: 8, containLabel: true };
const legend = { top: 0, type: 'scroll' as const };
const countAxis = () => ({ type: 'value' as const, minInterval: 1 });

/** Subjects by status (x) with one stacked series per site; statuses nobody holds are left out. */
export function subjectsOption(summary: DashboardSummary, t: Translate, locale: Locale): EChartsOption {
  const statuses = LISTED_SUBJECT_STATUSES.filter((status) => summary.subjects.some((row) => row.status === status));
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend,
    grid,
    xAxis: { type: 'category', data: statuses.map((status) => t(`dataDisplay.subjectStatus.${status}`)), axisLabel: { interval: 0, rotate: statuses.length > 5 ? 30 : 0 } },
    yAxis: countAxis(),
    series: summary.sites.map((site) => ({
      type: 'bar',
      name: siteLabel(site, locale),
      stack: 'subjects',
      emphasis: { focus: 'series' },
      data: statuses.map((status) => summary.subjects.find((row) => row.siteId === site.id && row.status === status)?.count ?? 0),
    })),
  };
}

/** Cumulative enrolment, one line per site, from the period's first day (or the first enrolment) to today. */
export function enrolmentOption(summary: DashboardSummary, t: Translate, locale: Locale): EChartsOption {
  const { dates, series } = cumulativeEnrolment(
    summary.sites.map((site) => site.id),
    summary.enrolmentBaseline,
    summary.enrolmentDaily,
    summary.firstDate,
    summary.today,
  );
  return {
    tooltip: { trigger: 'axis' },
    legend,
    grid,
    xAxis: { type: 'category', boundaryGap: false, data: dates, axisLabel: { alignMinLabel: 'left', alignMaxLabel: 'right', hideOverlap: true } },
    yAxis: countAxis(),
    series: series.map((line) => {
      const site = summary.sites.find((s) => s.id === line.siteId);
      return { type: 'line', name: site ? siteLabel(site, locale) : String(line.siteId), step: 'end', showSymbol: dates.length <= 31, data: line.values };
    }),
  };
}

/** Panel instances by site (x), stacked by status in the order of the forward chain. */
export function panelsOption(summary: DashboardSummary, t: Translate): EChartsOption {
  const statuses = PANEL_STATUSES.filter((status) => summary.panels.some((row) => row.status === status));
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend,
    grid,
    // Site codes on the axis: full hospital names do not fit under a bar.
    xAxis: { type: 'category', data: summary.sites.map((site) => site.code) },
    yAxis: countAxis(),
    series: statuses.map((status) => ({
      type: 'bar',
      name: t(`dataDisplay.panelStatus.${status}`),
      stack: 'panels',
      emphasis: { focus: 'series' },
      data: summary.sites.map((site) => summary.panels.find((row) => row.siteId === site.id && row.status === status)?.count ?? 0),
    })),
  };
}

/** Unclosed queries by age bucket (x), stacked: awaiting a reply, and replied but not yet closed. */
export function queriesOption(summary: DashboardSummary, t: Translate): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend,
    grid,
    xAxis: { type: 'category', data: QUERY_AGE_BUCKET_KEYS.map((bucket) => t(`dataDisplay.bucket.${bucket}`)) },
    yAxis: countAxis(),
    series: (['OPEN', 'ANSWERED'] as const).map((status) => ({
      type: 'bar',
      name: t(`dataDisplay.queryStatus.${status}`),
      stack: 'queries',
      data: QUERY_AGE_BUCKET_KEYS.map((bucket) => summary.openQueries.find((row) => row.bucket === bucket && row.status === status)?.count ?? 0),
    })),
  };
}
