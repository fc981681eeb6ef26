import type { MessageStats } from '@dcap/core';
import { OUTBOUND_CHANNELS, OUTBOUND_STATUSES } from '@dcap/core';
import type { EChartsOption } from 'echarts';

type Translate = (key: string) => string;

/** Status colours shared with the tags: sent green, failed red, unconfirmed orange, the rest quiet. */
export const STATUS_COLOURS: Record<(typeof OUTBOUND_STATUSES)[number], string> = {
  queued: '#1677ff',
  sending: '#13c2c2',
  sent: '#52c41a',
  failed: '#f5222d',
  unconfirmed: '#fa8c16',
  cancelled: '#8c8c8c',
};

/** Messages by status, one stacked bar per channel: what the log's filters select, at a glance. */
export function statusChartOption(stats: MessageStats, t: Translate): EChartsOption {
  const count = (channel: string, status: string) => stats.find((entry) => entry.channel === channel && entry.status === status)?.count ?? 0;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 40, right: 16, top: 24, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: OUTBOUND_CHANNELS.map((channel) => t(`messages.channel.${channel}`)) },
    yAxis: { type: 'value', name: t('messages.log.axisCount'), minInterval: 1 },
    series: OUTBOUND_STATUSES.map((status) => ({
      type: 'bar' as const,
      stack: 'status',
      name: t(`messages.status.${status}`),
      barMaxWidth: 64,
      itemStyle: { color: STATUS_COLOURS[status] },
      data: OUTBOUND_CHANNELS.map((channel) => count(channel, status)),
    })),
  };
}
