import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@dcap/core';
import { enrolmentOption, headlineFigures, panelsOption, queriesOption, siteLabel, subjectsOption } from './charts';

const t = (key: string) => key.split('.').pop() ?? key;

const summary: DashboardSummary = {
  filter: 'week',
  timeZone: 'Asia/Shanghai',
  periodStart: '2026-11-22T16:00:00.000Z',
  today: '2026-11-25',
  firstDate: '2026-11-23',
  env: 'uat',
  sites: [
    { id: 1, code: 'S01', name: '协和', nameEn: 'PUMCH' },
    { id: 2, code: 'S02', name: '瑞金', nameEn: null },
  ],
  subjects: [
    { siteId: 1, status: 'ARMED', count: 2 },
    { siteId: 2, status: 'ARMED', count: 1 },
    { siteId: 2, status: 'RECORD_STATUS_SCREENING', count: 4 },
  ],
  enrolmentBaseline: [{ siteId: 1, count: 3 }],
  enrolmentDaily: [
    { siteId: 1, date: '2026-11-24', count: 2 },
    { siteId: 2, date: '2026-11-25', count: 1 },
  ],
  panels: [
    { siteId: 1, status: 'SIGNED', count: 5 },
    { siteId: 1, status: 'EXPIRED', count: 2 },
    { siteId: 2, status: 'EXPIRED', count: 7 },
  ],
  openQueries: [
    { bucket: 'd0_7', status: 'OPEN', count: 2 },
    { bucket: 'd61_plus', status: 'ANSWERED', count: 1 },
  ],
};

type Series = { name: string; data: number[]; stack?: string }[];

describe('dashboard charts (spec 002 §2)', () => {
  it('labels sites by code and the name in the interface language, Chinese when there is no English one', () => {
    const [first, second] = summary.sites;
    if (!first || !second) throw new Error('two sites');
    expect(siteLabel(first, 'en-US')).toBe('S01 PUMCH');
    expect(siteLabel(second, 'en-US')).toBe('S02 瑞金');
    expect(siteLabel(first, 'zh-CN')).toBe('S01 协和');
  });

  it('sums the headline figures of the period', () => {
    expect(headlineFigures(summary)).toEqual({ subjects: 7, enrolled: 3, panels: 14, openQueries: 3 });
  });

  it('stacks subjects of each site per status, in the status order, leaving out statuses nobody holds', () => {
    const option = subjectsOption(summary, t, 'zh-CN');
    expect((option.xAxis as { data: string[] }).data).toEqual(['RECORD_STATUS_SCREENING', 'ARMED']);
    expect((option.series as Series).map((s) => [s.name, s.data])).toEqual([
      ['S01 协和', [0, 2]],
      ['S02 瑞金', [4, 1]],
    ]);
  });

  it('draws cumulative enrolment per site from the period’s first day, starting from those enrolled before', () => {
    const option = enrolmentOption(summary, t, 'en-US');
    expect((option.xAxis as { data: string[] }).data).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect((option.series as Series).map((s) => s.data)).toEqual([
      [3, 5, 5],
      [0, 0, 1],
    ]);
  });

  it('stacks panel statuses per site in the order of the forward chain', () => {
    const series = panelsOption(summary, t).series as Series;
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['EXPIRED', [2, 7]],
      ['SIGNED', [5, 0]],
    ]);
    expect(new Set(series.map((s) => s.stack))).toEqual(new Set(['panels']));
  });

  it('puts unclosed queries in every age bucket, awaiting reply and replied stacked', () => {
    const option = queriesOption(summary, t);
    expect((option.xAxis as { data: string[] }).data).toEqual(['d0_7', 'd8_14', 'd15_30', 'd31_60', 'd61_plus']);
    expect((option.series as Series).map((s) => s.data)).toEqual([
      [2, 0, 0, 0, 0],
      [0, 0, 0, 0, 1],
    ]);
  });
});
