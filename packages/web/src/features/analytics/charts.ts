import type { AnalyticsChart, AnalyticsLabel, Locale } from '@dcap/core';
import { analyticsChartCsv, CHART_PALETTE } from '@dcap/core';
import type { EChartsOption } from 'echarts';

/** A label in the reader's language: the English name when there is one, else the Chinese. */
export function labelIn(label: Pick<AnalyticsLabel, 'name' | 'nameEn'>, locale: Locale): string {
  return locale === 'en-US' ? (label.nameEn ?? label.name) : label.name;
}

/** Nothing to draw: no category, or every value empty or zero. */
export function chartIsEmpty(chart: AnalyticsChart): boolean {
  return chart.categories.length === 0 || chart.series.every((series) => series.data.every((value) => value === null || value === 0));
}

/** Target lines of the enrolment chart are keyed `target:<site>` by the server; drawn dashed. */
const isTarget = (key: string) => key.startsWith('target:');

/**
 * Any analytics chart as an ECharts option (docs/decisions.md "Analytics screens"): categories on the x axis,
 * a bar or line per series (stacked when the server says so), target lines dashed, and a distribution's
 * missing counts as a grey bar of their own. Colours come from the platform palette the EChart wrapper sets.
 */
export function analyticsOption(chart: AnalyticsChart, locale: Locale, missingName: string, scale = 1): EChartsOption {
  const dates = chart.indicator === 'enrolment';
  const font = Math.round(12 * scale);
  const many = chart.categories.length > 8;
  // A target line takes its site's colour, so each site's line and target read together.
  const own = chart.series.filter((line) => !isTarget(line.key)).map((line) => line.key);
  const colourOf = (key: string) => {
    const index = own.indexOf(isTarget(key) ? key.slice('target:'.length) : key);
    return index < 0 ? undefined : CHART_PALETTE[index % CHART_PALETTE.length];
  };
  const series: EChartsOption['series'] = chart.series.map((line) => ({
    type: line.type,
    name: labelIn(line, locale),
    data: line.data,
    ...(colourOf(line.key) ? { color: colourOf(line.key) } : {}),
    ...(line.stack ? { stack: line.stack } : {}),
    ...(line.type === 'line'
      ? { showSymbol: chart.categories.length <= 31, step: dates && !isTarget(line.key) ? ('end' as const) : undefined, lineStyle: { width: 2 * scale, ...(isTarget(line.key) ? { type: 'dashed' as const } : {}) } }
      : { emphasis: { focus: 'series' as const }, barMaxWidth: 48 * scale }),
  }));
  if (chart.missing) series.push({ type: 'bar', name: missingName, data: chart.missing, itemStyle: { color: '#BFBFBF' }, barMaxWidth: 48 * scale });
  return {
    textStyle: { fontSize: font },
    tooltip: { trigger: 'axis', axisPointer: { type: dates ? 'line' : 'shadow' }, textStyle: { fontSize: font } },
    legend: { top: 0, type: 'scroll', textStyle: { fontSize: font } },
    grid: { left: 16, right: 32, top: 40 * scale, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: !dates,
      data: chart.categories.map((category) => labelIn(category, locale)),
      axisLabel: dates
        ? { fontSize: font, hideOverlap: true, alignMinLabel: 'left', alignMaxLabel: 'right' }
        : // Few categories: every label shows, cut short to fit its slot; many: slanted, and those that collide hidden.
          many
          ? { fontSize: font, hideOverlap: true, rotate: 30, width: 120 * scale, overflow: 'truncate' }
          : { fontSize: font, interval: 0, width: 84 * scale, overflow: 'truncate' },
    },
    yAxis: { type: 'value', minInterval: chart.unit === 'count' ? 1 : 0, axisLabel: { fontSize: font } },
    series,
  };
}

/** A chart's data as a CSV file in the reader's language (core `analyticsChartCsv`), named after the chart. */
export function chartCsvFile(chart: AnalyticsChart, locale: Locale, title: string): { blob: Blob; filename: string } {
  return { blob: new Blob([analyticsChartCsv(chart, locale)], { type: 'text/csv;charset=utf-8' }), filename: `${fileSafe(title)}-${chart.today}.csv` };
}

/** A file name from a title: characters file systems refuse become dashes. */
export function fileSafe(title: string): string {
  return title.replace(/[\\/:*?"<>|\s]+/g, '-');
}
