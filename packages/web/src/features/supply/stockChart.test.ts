import { describe, expect, it } from 'vitest';
import { KIT_STATUSES } from '@dcap/core';
import type { KitStatus, SupplyPlan, SupplyStockRow } from '@dcap/core';
import { stockChartData, stockChartOption } from './stockChart';

const counts = (some: Partial<Record<KitStatus, number>>) => ({ ...(Object.fromEntries(KIT_STATUSES.map((status) => [status, 0])) as Record<KitStatus, number>), ...some });
const DEPOT = { id: 1, code: 'D01', name: '中心仓库', kind: 'depot' as const, siteId: null };
const SITE_A = { id: 2, code: 'PA', name: 'A 药房', kind: 'site' as const, siteId: 21 };
const SITE_B = { id: 3, code: 'PB', name: 'B 药房', kind: 'site' as const, siteId: 22 };
const BLINDED = { name: '研究药物', nameEn: 'Study drug' };

/** Stock as a blinded caller gets it: one row per location under the shared blinded name. */
const STOCK: SupplyStockRow[] = [
  { location: SITE_B, kitType: BLINDED, counts: counts({ at_site: 2, in_transit: 4, dispensed: 3 }) },
  { location: DEPOT, kitType: BLINDED, counts: counts({ available: 30 }) },
  { location: SITE_A, kitType: BLINDED, counts: counts({ at_site: 1, quarantined: 1 }) },
];
const RESUPPLY: SupplyPlan['resupply'] = [
  { locationId: 2, kitTypeId: 7, kitType: BLINDED, triggerLevel: 2, targetLevel: 6, predictiveDays: 0 },
  { locationId: 2, kitTypeId: 8, kitType: BLINDED, triggerLevel: 2, targetLevel: 6, predictiveDays: 0 },
];

describe('the stock chart’s data', () => {
  it('puts depots first, stacks usable kits by the name the caller sees, and sums each pharmacy’s trigger levels', () => {
    expect(stockChartData(STOCK, RESUPPLY, 'en-US')).toEqual({
      locations: ['D01 中心仓库', 'PA A 药房', 'PB B 药房'],
      series: [{ name: 'Study drug', data: [30, 1, 2] }],
      inTransit: [0, 0, 4],
      trigger: [null, 4, null],
    });
    expect(stockChartData(STOCK, RESUPPLY, 'zh-CN').series[0]?.name).toBe('研究药物');
  });

  it('gives an unblinded caller one stacked series per kit type', () => {
    const stock: SupplyStockRow[] = [
      { location: SITE_A, kitType: { id: 7, name: '试验药', nameEn: 'Active' }, counts: counts({ at_site: 3 }) },
      { location: SITE_A, kitType: { id: 8, name: '安慰剂', nameEn: null }, counts: counts({ at_site: 5 }) },
    ];
    const data = stockChartData(stock, [], 'en-US');
    expect(data.series).toEqual([
      { name: 'Active', data: [3] },
      { name: '安慰剂', data: [5] },
    ]);
    const option = stockChartOption(data, (key) => key) as { series: { type: string; stack?: string; name: string; data: unknown[] }[] };
    expect(option.series.map((series) => [series.type, series.stack ?? null, series.name])).toEqual([
      ['bar', 'stock', 'Active'],
      ['bar', 'stock', '安慰剂'],
      ['bar', 'stock', 'isupply.monitor.inTransit'],
      ['scatter', null, 'isupply.monitor.trigger'],
    ]);
    // No trigger set: no marker drawn.
    expect(option.series[3]?.data).toEqual(['-']);
  });
});
