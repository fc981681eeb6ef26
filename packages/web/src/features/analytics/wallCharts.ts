import type { AnalyticsOverview, Locale } from '@dcap/core';
import { QUERY_AGE_BUCKET_KEYS, VISIT_OUTCOMES } from '@dcap/core';
import type { EChartsOption } from 'echarts';
import { labelIn } from './charts';

type Translate = (key: string, params?: Record<string, string | number>) => string;

const TEXT = '#e6f0ff';
const MUTED = '#8fa8cc';
const LINE = '#1f3a66';
/** Visit outcomes keep their colour whichever are present: in window green, out of window blue, due yellow, missed red, not yet due grey. */
const OUTCOME_COLOURS = ['#2FC25B', '#1890FF', '#FACC14', '#F04864', '#8FA8CC'];

/** Axis, legend and tooltip styling of the dark wall, in fonts scaled to the screen (1 at 1920 px wide). */
function wallBase(scale: number): EChartsOption {
  const font = Math.round(18 * scale);
  return {
    backgroundColor: 'transparent',
    textStyle: { color: TEXT, fontSize: font },
    legend: { top: 0, textStyle: { color: TEXT, fontSize: font }, itemWidth: 18 * scale, itemHeight: 12 * scale },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: { fontSize: font } },
    grid: { left: 8 * scale, right: 24 * scale, top: 36 * scale, bottom: 4 * scale, containLabel: true },
  };
}

const axisStyle = (scale: number) => ({
  axisLabel: { color: MUTED, fontSize: Math.round(17 * scale), hideOverlap: true },
  axisLine: { lineStyle: { color: LINE } },
  splitLine: { lineStyle: { color: LINE } },
});

/** Enrolled subjects per site against the site's target (a hollow bar behind). Site codes: names do not fit under a bar. */
export function wallEnrolmentOption(overview: AnalyticsOverview, t: Translate, scale: number): EChartsOption {
  const hasTargets = overview.sites.some((site) => site.target !== null);
  return {
    ...wallBase(scale),
    xAxis: { type: 'category', data: overview.sites.map((site) => site.code), ...axisStyle(scale) },
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(scale) },
    series: [
      ...(hasTargets
        ? [{ type: 'bar' as const, name: t('bigscreen.projects.target'), data: overview.sites.map((site) => site.target), barGap: '-100%', itemStyle: { color: 'rgba(24,144,255,0.15)', borderColor: '#1890FF', borderType: 'dashed' as const, borderWidth: 2 * scale }, barMaxWidth: 64 * scale }]
        : []),
      {
        type: 'bar' as const,
        name: t('bigscreen.tile.enrolled'),
        data: overview.sites.map((site) => site.enrolled),
        barMaxWidth: 64 * scale,
        label: { show: true, position: 'top' as const, color: TEXT, fontSize: Math.round(22 * scale) },
      },
    ],
  };
}

/** Visits by outcome (done in window, out of window, due, missed, not yet due), as a ring. */
export function wallVisitsOption(overview: AnalyticsOverview, outcomeName: (outcome: string) => string, scale: number): EChartsOption {
  const base = wallBase(scale);
  return {
    ...base,
    tooltip: { trigger: 'item', textStyle: { fontSize: Math.round(18 * scale) } },
    legend: { ...(base.legend as object), top: 'middle', right: 0, orient: 'vertical' },
    series: [
      {
        type: 'pie',
        radius: ['42%', '72%'],
        center: ['38%', '55%'],
        label: { color: TEXT, fontSize: Math.round(20 * scale), formatter: '{c}' },
        // Outcomes nobody has are left out: a ring of zero-width slices only stacks their labels.
        data: VISIT_OUTCOMES.map((outcome, index) => ({
          name: outcomeName(outcome),
          value: overview.visitOutcomes.find((row) => row.outcome === outcome)?.count ?? 0,
          itemStyle: { color: OUTCOME_COLOURS[index] },
        })).filter((slice) => slice.value > 0),
      },
    ],
  };
}

/** Unclosed queries by age bucket. */
export function wallQueriesOption(overview: AnalyticsOverview, t: Translate, scale: number): EChartsOption {
  return {
    ...wallBase(scale),
    legend: { show: false },
    xAxis: { type: 'category', data: QUERY_AGE_BUCKET_KEYS.map((bucket) => t(`dataDisplay.bucket.${bucket}`)), ...axisStyle(scale) },
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(scale) },
    series: [
      {
        type: 'bar',
        name: t('bigscreen.tile.openQueries'),
        data: QUERY_AGE_BUCKET_KEYS.map((bucket, index) => ({
          value: overview.tiles.queryAges.find((row) => row.bucket === bucket)?.count ?? 0,
          itemStyle: { color: ['#2FC25B', '#1890FF', '#FACC14', '#F04864', '#8543E0'][index] },
        })),
        barMaxWidth: 72 * scale,
        label: { show: true, position: 'top', color: TEXT, fontSize: Math.round(22 * scale) },
      },
    ],
  };
}

/** A site's display name in an alert: code and name in the reader's language. */
export function siteName(overview: AnalyticsOverview, siteId: number | null, locale: Locale): string {
  const site = overview.sites.find((candidate) => candidate.id === siteId);
  return site ? `${site.code} ${labelIn(site, locale)}` : '';
}
