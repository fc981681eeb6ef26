import type { QueryPage } from '@dcap/core';
import { QUERY_AGE_GROUPS } from '@dcap/core';
import type { EChartsOption } from 'echarts';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Unclosed queries by how long they have waited (≤7, 8–30, >30 days), one bar each; the oldest in the alarm colour. */
export function ageChartOption(page: Pick<QueryPage, 'openAges'>, t: Translate): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 40, right: 16, top: 32, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: QUERY_AGE_GROUPS.map((group) => t(`queries.age.${group}`)) },
    yAxis: { type: 'value', name: t('queries.management.axisCount'), minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: t('queries.management.axisCount'),
        barMaxWidth: 48,
        label: { show: true, position: 'top' },
        data: QUERY_AGE_GROUPS.map((group, index) => ({ value: page.openAges[group], itemStyle: index === QUERY_AGE_GROUPS.length - 1 ? { color: '#F5222D' } : {} })),
      },
    ],
  };
}
