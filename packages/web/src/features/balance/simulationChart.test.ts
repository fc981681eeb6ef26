import { describe, expect, it } from 'vitest';
import type { RandScheme, SimulationReport } from '@dcap/core';
import { armShareRows, histogramData, histogramOption, levelData, levelLabel } from './simulationChart';

const FACTORS: RandScheme['factors'] = [
  { code: 'SEX', name: '性别', nameEn: 'Sex', options: [{ code: 'M', label: '男', labelEn: 'Male' }, { code: 'F', label: '女', labelEn: 'Female' }] },
  { code: 'AGE', name: '年龄', options: [{ code: 'Y', label: '<65' }, { code: 'O', label: '≥65' }] },
];

const REPORT: Pick<SimulationReport, 'histogram' | 'levels' | 'armShares'> = {
  histogram: [
    { from: 0, to: 1, trials: 40 },
    { from: 1, to: 2, trials: 35 },
    { from: 2, to: 4, trials: 25 },
  ],
  levels: {
    S01: { mean: 1.234, p95: 3, max: 4 },
    'AGE:O': { mean: 0.5, p95: 2, max: 2 },
    'SEX:F': { mean: 1, p95: 2.456, max: 3 },
    'SEX:M': { mean: 1.1, p95: 2, max: 3 },
  },
  armShares: { A: 0.661, B: 0.339 },
};

const t = (key: string) => key;

describe('the simulation charts’ data', () => {
  it('draws one bar per histogram bin, labelled by its bounds', () => {
    expect(histogramData(REPORT)).toEqual({ labels: ['0', '1', '2–4'], trials: [40, 35, 25] });
    const option = histogramOption(REPORT, t) as { series: { type: string; data: number[] }[] };
    expect(option.series).toEqual([{ type: 'bar', name: 'balance.simulation.axisTrials', data: [40, 35, 25] }]);
  });

  it('orders factor levels as designed, then the sites, with labels in the caller’s language and rounded figures', () => {
    expect(levelData(REPORT, FACTORS, 'en-US')).toEqual({
      keys: ['SEX:M', 'SEX:F', 'AGE:O', 'S01'],
      labels: ['Sex: Male', 'Sex: Female', '年龄: ≥65', 'S01'],
      mean: [1.1, 1, 0.5, 1.23],
      p95: [2, 2.46, 2, 3],
    });
    expect(levelLabel('SEX:F', FACTORS, 'zh-CN')).toBe('性别: 女');
    expect(levelLabel('XYZ:1', FACTORS, 'zh-CN')).toBe('XYZ:1');
  });

  it('names the arms from the settings and gives their planned share; a blinded caller’s arms are their codes', () => {
    const settings = { scheme: { arms: [{ code: 'A', name: '试验', nameEn: 'Active', ratio: 2 }, { code: 'B', name: '对照', ratio: 1 }] } } as unknown as RandScheme['settings'];
    expect(armShareRows(REPORT, settings, 'en-US')).toEqual([
      { code: 'A', name: 'Active', share: 0.661, planned: 2 / 3 },
      { code: 'B', name: '对照', share: 0.339, planned: 1 / 3 },
    ]);
    expect(armShareRows(REPORT, undefined, 'en-US').map((row) => [row.name, row.planned])).toEqual([
      ['A', null],
      ['B', null],
    ]);
  });
});
