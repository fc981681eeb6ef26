import type { Locale, TaskSummary } from '@dcap/core';
import type { EChartsOption } from 'echarts';

type Translate = (key: string, params?: Record<string, string | number>) => string;
type SiteRow = TaskSummary['sites'][number];

/** A site's label in the interface language: its code and its name. */
export function taskSiteLabel(site: Pick<SiteRow, 'code' | 'name' | 'nameEn'>, locale: Locale): string {
  return `${site.code} ${locale === 'en-US' ? (site.nameEn ?? site.name) : site.name}`;
}

/** The buckets the chart shows side by side per site: due today, due this week, overdue. */
export const CHART_BUCKETS = ['dueToday', 'dueThisWeek', 'overdue'] as const;

/** Due and overdue visits per site (x), one bar per bucket; colours are the platform palette (EChart). */
export function taskChartOption(summary: TaskSummary, t: Translate, locale: Locale): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 48, bottom: 48, containLabel: true },
    // The axis shows site codes (names can be long); the tooltip names the site in full.
    xAxis: { type: 'category', data: summary.sites.map((site) => taskSiteLabel(site, locale)), axisLabel: { interval: 0, formatter: (value: string) => value.split(' ')[0] ?? value } },
    yAxis: { type: 'value', name: t('schedule.tasks.axisCount'), minInterval: 1 },
    series: CHART_BUCKETS.map((bucket) => ({
      type: 'bar',
      name: t(`schedule.tasks.${bucket}`),
      emphasis: { focus: 'series' },
      data: summary.sites.map((site) => site[bucket]),
    })),
  };
}
