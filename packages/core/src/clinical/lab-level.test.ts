import { describe, expect, it } from 'vitest';
import type { LabResultLevel } from './lab-level.js';
import { CLINICAL_SIGNIFICANCE_OPTIONS, CLINICAL_SIGNIFICANCE_VALUES, labResultLevel, suggestedClinicalSignificance } from './lab-level.js';

describe('labResultLevel against low 4 and up 10 (spec 002 §4; thresholds 1, 2, 3 × up and 1, 1/2, 1/4 × low, §9)', () => {
  it.each<[string, unknown, LabResultLevel]>([
    ['0 normal: inside the range', 7, 0],
    ['0 normal: exactly the upper limit is not above it', 10, 0],
    ['0 normal: exactly the lower limit is not below it', 4, 0],
    ['1 above the upper limit', 10.01, 1],
    ['1 above the upper limit, up to 2 ×', 20, 1],
    ['2 above 2 times the upper limit', 20.5, 2],
    ['2 above 2 times, up to 3 ×', 30, 2],
    ['3 above 3 times the upper limit', 30.1, 3],
    ['3 far above', 1000, 3],
    ['4 below the lower limit', 3.99, 4],
    ['4 below the lower limit, down to half', 2, 4],
    ['5 below half the lower limit', 1.99, 5],
    ['5 below half, down to a quarter', 1, 5],
    ['6 below a quarter of the lower limit', 0.99, 6],
    ['6 far below', 0, 6],
    ['numeric texts from inputs count', '31', 3],
  ])('%s: %j', (_rule, value, level) => {
    expect(labResultLevel(value, 4, 10)).toBe(level);
  });

  it.each<[string, unknown, unknown, unknown]>([
    ['no value', '', 4, 10],
    ['a value that is not a number', 'ND', 4, 10],
    ['a text such as <0.5', '<0.5', 4, 10],
    ['no lower limit', 100, null, 10],
    ['no upper limit', 0, 4, undefined],
    ['a blank upper limit', 100, '4', ' '],
  ])('"Grade is 0 when any bound is missing": %s', (_rule, value, low, up) => {
    expect(labResultLevel(value, low, up)).toBe(0);
  });

  it('reads bounds given as texts', () => {
    expect(labResultLevel(25, '4', '10')).toBe(2);
  });
});

describe('suggestedClinicalSignificance (spec 002 §4: 0 normal; 1, 2, 4, 5 not significant; 3, 6 significant)', () => {
  it.each<[LabResultLevel, string]>([
    [0, 'LBCLSIG_NORMAL'],
    [1, 'LBCLSIG_ABNORMAL_NON_CLSIG'],
    [2, 'LBCLSIG_ABNORMAL_NON_CLSIG'],
    [3, 'LBCLSIG_ABNORMAL_CLSIG'],
    [4, 'LBCLSIG_ABNORMAL_NON_CLSIG'],
    [5, 'LBCLSIG_ABNORMAL_NON_CLSIG'],
    [6, 'LBCLSIG_ABNORMAL_CLSIG'],
  ])('level %i suggests %s', (level, expected) => {
    expect(suggestedClinicalSignificance(level)).toBe(expected);
  });

  it('offers the four values of spec 001 §3.8 with labels in both languages', () => {
    expect(CLINICAL_SIGNIFICANCE_OPTIONS.map((option) => option.value)).toEqual([...CLINICAL_SIGNIFICANCE_VALUES]);
    for (const option of CLINICAL_SIGNIFICANCE_OPTIONS) {
      expect(option.label).not.toBe('');
      expect(option.labelEn).toBeTruthy();
    }
  });
});
