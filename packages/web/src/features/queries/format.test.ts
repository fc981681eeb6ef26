import { describe, expect, it } from 'vitest';
import { ageChartOption } from './ageChart';
import { describeAuditValue, localName, timeWithOffset } from './format';

describe('audit values as a reader sees them', () => {
  it.each([
    [null, ''],
    [{ value: 'AB', status: 'COMPLETED' }, 'AB'],
    [{ value: null, status: '' }, ''],
    [{ value: ['1', '3'] }, '1, 3'],
    [{ status: 'OPEN' }, 'OPEN'],
    [{ status: 'ANSWERED', panelInstanceId: 3, path: 'AGE' }, 'ANSWERED'],
    [{ rows: 2 }, '{"rows":2}'],
    [12.5, '12.5'],
  ])('%j reads %j', (value, text) => {
    expect(describeAuditValue(value)).toBe(text);
  });

  it('TS-2 shows a time with its offset', () => {
    expect(timeWithOffset('2026-03-01T08:05:09Z')).toMatch(/^2026-03-01 \d\d:05:09 [+-]\d\d:\d\d$/);
    expect(timeWithOffset(null)).toBe('—');
  });

  it('names in the interface language fall back to Chinese', () => {
    expect(localName('en-US', '基线', 'Baseline')).toBe('Baseline');
    expect(localName('en-US', '基线', null)).toBe('基线');
    expect(localName('zh-CN', '基线', 'Baseline')).toBe('基线');
  });
});

describe('the chart of unclosed queries by age', () => {
  it('has one bar per age group in order, the oldest in the alarm colour', () => {
    const option = ageChartOption({ openAges: { le7: 4, d8to30: 2, gt30: 1 } }, (key) => key);
    const series = (option.series as { data: { value: number; itemStyle: { color?: string } }[] }[])[0];
    expect(series?.data.map((bar) => bar.value)).toEqual([4, 2, 1]);
    expect(series?.data[2]?.itemStyle.color).toBe('#F5222D');
    expect((option.xAxis as { data: string[] }).data).toEqual(['queries.age.le7', 'queries.age.d8to30', 'queries.age.gt30']);
  });
});
