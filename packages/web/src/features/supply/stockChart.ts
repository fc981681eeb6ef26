import type { Locale, SupplyPlan, SupplyStockRow } from '@dcap/core';
import type { EChartsOption } from 'echarts';
import { kitTypeName, locationName } from './labels';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Kits that can still be shipped or dispensed where they are: at a depot, or at a site pharmacy. */
const usable = (row: SupplyStockRow) => row.counts.available + row.counts.at_site;

export interface StockChartData {
  /** One category per location, depots first, in code order. */
  locations: string[];
  /** Usable stock per kit type (as labelled for the caller), one value per location. */
  series: { name: string; data: number[] }[];
  inTransit: number[];
  /** The sum of the location's trigger levels, or null where none is set (depots). */
  trigger: (number | null)[];
}

/**
 * The delivery-centre chart's data: usable stock per location stacked by kit type (blinded names for
 * blinded callers, which the server already counts together), kits in transit, and the trigger level of the
 * location's resupply settings summed over its kit types, since the bars stack them too.
 */
export function stockChartData(stock: readonly SupplyStockRow[], resupply: SupplyPlan['resupply'], locale: Locale): StockChartData {
  const locations = [...new Map(stock.map((row) => [row.location.id, row.location])).values()].sort((a, b) => (a.kind === b.kind ? a.code.localeCompare(b.code) : a.kind === 'depot' ? -1 : 1));
  const index = new Map(locations.map((location, at) => [location.id, at]));
  const types = new Map<string, number[]>();
  const inTransit = locations.map(() => 0);
  for (const row of stock) {
    const at = index.get(row.location.id) ?? 0;
    const name = kitTypeName(row.kitType, locale);
    const data = types.get(name) ?? locations.map(() => 0);
    data[at] = (data[at] ?? 0) + usable(row);
    types.set(name, data);
    inTransit[at] = (inTransit[at] ?? 0) + row.counts.in_transit;
  }
  const trigger = locations.map((location) => {
    const settings = resupply.filter((setting) => setting.locationId === location.id);
    return settings.length === 0 ? null : settings.reduce((sum, setting) => sum + setting.triggerLevel, 0);
  });
  return { locations: locations.map((location) => locationName(location, locale)), series: [...types.entries()].map(([name, data]) => ({ name, data })), inTransit, trigger };
}

export function stockChartOption(data: StockChartData, t: Translate): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 48, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.locations, axisLabel: { interval: 0, rotate: data.locations.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', name: t('isupply.monitor.axisKits'), minInterval: 1 },
    series: [
      ...data.series.map((series) => ({ type: 'bar' as const, stack: 'stock', name: series.name, data: series.data, barMaxWidth: 72 })),
      { type: 'bar' as const, stack: 'stock', name: t('isupply.monitor.inTransit'), data: data.inTransit, barMaxWidth: 72, itemStyle: { opacity: 0.45 } },
      {
        type: 'scatter' as const,
        name: t('isupply.monitor.trigger'),
        data: data.trigger.map((value) => value ?? '-'),
        // A wide, dark line across the bar at the trigger level, so it reads as a threshold, not a value.
        symbol: 'rect',
        symbolSize: [96, 3],
        itemStyle: { color: '#cf1322' },
        label: { show: true, position: 'right', formatter: '{c}' },
        z: 10,
      },
    ],
  };
}
