import { describe, expect, it } from 'vitest';
import { armRequestRefused } from './blinding.js';
import { analyticsChartCsv } from './csv.js';
import { distributionFields } from './fields.js';
import { field, panelOf, table } from '../formulas/panels.fixture.js';
import { alertThresholds, binEdges, binLabel, binOf } from './indicators.js';
import { alertThresholdsRequestSchema, analyticsChartQuerySchema, analyticsFilterSchema } from './schemas.js';
import { analyticsRange } from './time-range.js';

describe('analytics filters', () => {
  it('reads site ids separated by commas, without repeats, and defaults the time filter to "all"', () => {
    expect(analyticsFilterSchema.parse({ siteIds: '3,7,3' })).toEqual({ time: 'all', siteIds: [3, 7] });
    expect(analyticsFilterSchema.parse({ time: 'week' }).siteIds).toBeUndefined();
    for (const siteIds of ['', '3,', 'a', '3;7', '0', '1234567890']) expect(analyticsFilterSchema.safeParse({ siteIds }).success, siteIds).toBe(false);
    expect(analyticsFilterSchema.safeParse({ time: 'decade' }).success).toBe(false);
    expect(analyticsFilterSchema.safeParse({ arm: 'A\u0000' }).success).toBe(false);
  });

  it('knows the indicators and the splits of a distribution', () => {
    expect(analyticsChartQuerySchema.parse({ indicator: 'distribution', instrumentId: '4', path: 'WEIGHT', split: 'visit' })).toMatchObject({ instrumentId: 4, split: 'visit' });
    expect(analyticsChartQuerySchema.safeParse({ indicator: 'distribution', split: 'month' }).success).toBe(false);
    expect(analyticsChartQuerySchema.safeParse({ indicator: 'revenue' }).success).toBe(false);
  });
});

describe('the distribution picker’s fields', () => {
  it('keeps numeric and choice fields outside tables, panels in design order, fields in panel order', () => {
    const vitals = { id: 9, name: '生命体征', nameEn: 'Vital signs', sort: 2, panel: panelOf(field('WEIGHT'), field('NOTE', 'input'), field('SCORE', 'rate'), table('LOG', { DOSE: field('DOSE') })) };
    const demography = { id: 4, name: '人口学', nameEn: null, sort: 1, panel: panelOf(field('SEX', 'radio'), field('BRTHDAT', 'date'), field('RACE', 'checkbox')) };
    expect(distributionFields([vitals, demography]).map((f) => `${String(f.instrumentId)}.${f.path}:${f.numeric ? 'numeric' : 'choice'}`)).toEqual([
      '4.SEX:choice',
      '4.RACE:choice',
      '9.WEIGHT:numeric',
      '9.SCORE:numeric',
    ]);
    expect(distributionFields([demography])[0]).toMatchObject({ instrumentName: '人口学', instrumentNameEn: null });
  });
});

describe('alert thresholds', () => {
  it('applies a project’s own number where it set one and the platform default (14 and 30 days) where it did not', () => {
    expect(alertThresholds({ siteIdleDays: null, queryDays: null })).toEqual({ siteIdleDays: 14, queryDays: 30, own: { siteIdleDays: false, queryDays: false } });
    expect(alertThresholds({ siteIdleDays: 60, queryDays: null })).toEqual({ siteIdleDays: 60, queryDays: 30, own: { siteIdleDays: true, queryDays: false } });
  });

  it('takes whole days from 1 to 365, or null for the default, and both thresholds named', () => {
    expect(alertThresholdsRequestSchema.parse({ siteIdleDays: 1, queryDays: 365 })).toEqual({ siteIdleDays: 1, queryDays: 365 });
    expect(alertThresholdsRequestSchema.parse({ siteIdleDays: null, queryDays: null })).toEqual({ siteIdleDays: null, queryDays: null });
    for (const body of [{ siteIdleDays: 0, queryDays: 1 }, { siteIdleDays: 1, queryDays: 366 }, { siteIdleDays: 1.5, queryDays: 1 }, { siteIdleDays: '7', queryDays: 1 }, { siteIdleDays: 7 }, { siteIdleDays: 7, queryDays: 7, extra: 1 }]) {
      expect(alertThresholdsRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe('the blinding rule of analytics', () => {
  it('refuses an arm filter or an arm split only to a caller who may not see arms', () => {
    expect(armRequestRefused({ arm: 'A' }, false)).toBe(true);
    expect(armRequestRefused({ split: 'arm' }, false)).toBe(true);
    expect(armRequestRefused({ split: 'site' }, false)).toBe(false);
    expect(armRequestRefused({ arm: 'A', split: 'arm' }, true)).toBe(false);
  });
});

describe('analytics time range', () => {
  it('counts the period in the study’s zone, from its midnight', () => {
    // 20:00 UTC on 25 November is already the 26th in Shanghai.
    const range = analyticsRange('month', new Date('2026-11-25T20:00:00Z'));
    expect(range).toEqual({ timeZone: 'Asia/Shanghai', since: new Date('2026-10-31T16:00:00Z'), firstDate: '2026-11-01', today: '2026-11-26' });
    expect(analyticsRange('all', new Date('2026-11-25T20:00:00Z'))).toMatchObject({ since: null, firstDate: null });
  });
});

describe('distribution bins', () => {
  it('cuts the range into ten equal bins, the largest value in the last', () => {
    expect(binEdges(0, 100)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect([0, 9.99, 10, 55, 99, 100].map((value) => binOf(value, 0, 100))).toEqual([0, 0, 1, 5, 9, 9]);
    expect(binLabel(binEdges(0, 100), 9, 100)).toBe('90–100');
  });

  it('puts every value in one bin when all are equal', () => {
    expect(binEdges(5, 5)).toEqual([5]);
    expect(binOf(5, 5, 5)).toBe(0);
    expect(binLabel([5], 0, 5)).toBe('5');
  });
});

describe('chart CSV', () => {
  const chart = {
    categoryTitle: { key: 'site', name: '中心', nameEn: 'Site' },
    categories: [
      { key: '1', name: '协和医院', nameEn: 'PUMCH' },
      { key: '2', name: '=HYPERLINK("x")', nameEn: null },
    ],
    series: [
      { key: 'a', name: '已核查', nameEn: 'Verified', type: 'bar' as const, stack: null, data: [3, null] },
      { key: 'b', name: '未核查, 待办', nameEn: 'Not verified', type: 'bar' as const, stack: null, data: [1, 2] },
    ],
    missing: [0, 4],
  };

  it('writes headings in the reader’s language, a row per category and the missing counts', () => {
    expect(analyticsChartCsv(chart, 'en-US')).toBe('\uFEFFSite,Verified,Not verified,Missing\r\nPUMCH,3,1,0\r\n"\'=HYPERLINK(""x"")",,2,4\r\n');
    expect(analyticsChartCsv(chart, 'zh-CN').split('\r\n')[0]).toBe('\uFEFF中心,已核查,"未核查, 待办",缺失值');
  });

  it('has no missing column for a chart without missing counts', () => {
    expect(analyticsChartCsv({ ...chart, missing: null }, 'en-US').split('\r\n')[0]).toBe('\uFEFFSite,Verified,Not verified');
  });
});
