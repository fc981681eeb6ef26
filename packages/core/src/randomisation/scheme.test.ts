import { describe, expect, it } from 'vitest';
import { describeValidationIssues } from '../errors/validation.js';
import { AGE, ARMS_2_TO_1, MALE, scheme, SEX, SITES } from './randomisation.fixture.js';
import type { RandomisationSchemeInput } from './scheme.js';
import { formatRandomNumber, randomisationSchemeSchema } from './scheme.js';
import { countStrata, listStrata, stratumKey, WHOLE_TRIAL_STRATUM } from './strata.js';

const messages = (input: unknown, locale: 'zh-CN' | 'en-US' = 'en-US') => {
  const result = randomisationSchemeSchema.safeParse(input);
  return result.success ? [] : describeValidationIssues(result.error.issues, locale);
};
const paths = (input: unknown) => messages(input).map((item) => item.path);
const blocks: RandomisationSchemeInput = { method: 'blocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], tableSize: 30 };

describe('the randomisation scheme (docs/decisions.md, "Randomisation")', () => {
  it('fills in the defaults: random numbers R0001, no site strata, minimisation at 0.8 by range', () => {
    const parsed = scheme(blocks);
    expect(parsed).toMatchObject({ randomNumber: { prefix: 'R', width: 4 }, stratifyBySite: false });
    expect(scheme({ method: 'minimisation', arms: ARMS_2_TO_1, factors: [AGE] })).toMatchObject({ probability: 0.8, measure: 'range', includeSite: false });
  });

  it('takes 2 to 10 arms with unique codes (compared without case) and positive whole ratios', () => {
    const arm = (code: string) => ({ code, name: code, ratio: 1 });
    expect(paths({ ...blocks, arms: [arm('A')] })).toEqual(['arms']);
    expect(paths({ ...blocks, arms: Array.from({ length: 11 }, (_, index) => arm(`A${index}`)), blockSizes: [11] })).toEqual(['arms']);
    expect(paths({ ...blocks, arms: [arm('A'), arm('a')], blockSizes: [2] })).toEqual(['arms.1.code']);
    expect(paths({ ...blocks, arms: [{ ...arm('A'), ratio: 0 }, arm('B')] })).toEqual(['arms.0.ratio']);
    expect(paths({ ...blocks, arms: [{ ...arm('A'), ratio: 1.5 }, arm('B')] })).toEqual(['arms.0.ratio']);
  });

  it('keeps codes free of the stratum key’s separators', () => {
    expect(paths({ ...blocks, arms: [{ code: 'A|B', name: 'x', ratio: 1 }, { code: 'C', name: 'y', ratio: 2 }] })).toEqual(['arms.0.code']);
    expect(paths({ ...blocks, method: 'stratifiedBlocks', factors: [{ ...AGE, options: [{ code: '1:2', label: 'x' }, { code: '3', label: 'y' }] }] })).toEqual(['factors.0.options.0.code']);
  });

  it('wants each block size to be a multiple of the ratio sum, and no size twice', () => {
    expect(messages({ ...blocks, blockSizes: [3, 4, 3] })).toEqual([
      { path: 'blockSizes.1', message: 'blockSizes.1 must be a multiple of the sum of the arm ratios, 3' },
      { path: 'blockSizes.2', message: 'blockSizes.2: 3 appears more than once' },
    ]);
    expect(messages({ ...blocks, blockSizes: [4] }, 'zh-CN')).toEqual([{ path: 'blockSizes.0', message: 'blockSizes.0 须为各组比例之和 3 的整数倍' }]);
    expect(paths({ ...blocks, blockSizes: [] })).toEqual(['blockSizes']);
  });

  it('has factors only where they are used: stratified blocks need one, simple and blocks take none', () => {
    expect(paths({ ...blocks, factors: [AGE] })).toEqual(['factors']);
    expect(paths({ ...blocks, method: 'stratifiedBlocks' })).toEqual(['factors']);
    expect(paths({ ...blocks, method: 'stratifiedBlocks', factors: [] })).toEqual(['factors']);
    expect(paths({ ...blocks, method: 'stratifiedBlocks', factors: [AGE, SEX] })).toEqual([]);
  });

  it('refuses a factor code that names a column of the table, and repeated factor or option codes', () => {
    const stratified = { ...blocks, method: 'stratifiedBlocks' };
    expect(messages({ ...stratified, factors: [{ ...AGE, code: 'Site' }] })).toEqual([
      { path: 'factors.0.code', message: 'factors.0.code cannot be the reserved code Site (a column of the randomisation table)' },
    ]);
    expect(paths({ ...stratified, factors: [AGE, { ...SEX, code: 'age' }] })).toEqual(['factors.1.code']);
    expect(paths({ ...stratified, factors: [{ ...SEX, options: [MALE, MALE] }] })).toEqual(['factors.0.options.1.code']);
  });

  it('minimisation needs a factor or the site, weights naming its factors, and a probability from 0.5 to 1', () => {
    const minimisation = { method: 'minimisation', arms: ARMS_2_TO_1 };
    expect(messages(minimisation)).toEqual([{ path: 'factors', message: 'Minimisation needs at least one factor, or the site as a factor' }]);
    expect(paths({ ...minimisation, includeSite: true })).toEqual([]);
    expect(paths({ ...minimisation, factors: [AGE], weights: { AGE: 2, site: 1 } })).toEqual(['weights.site']);
    expect(paths({ ...minimisation, factors: [AGE], includeSite: true, weights: { AGE: 2, site: 1 } })).toEqual([]);
    expect(paths({ ...minimisation, factors: [AGE], weights: { AGE: 0 } })).toEqual(['weights.AGE']);
    expect(paths({ ...minimisation, factors: [AGE], probability: 0.4 })).toEqual(['probability']);
    expect(paths({ ...minimisation, factors: [AGE], probability: 1 })).toEqual([]);
    expect(paths({ ...minimisation, factors: [AGE], tableSize: 10 })).toEqual(['tableSize']);
  });

  it('writes random numbers as prefix and zero-padded number, in full beyond the width', () => {
    expect(formatRandomNumber({ prefix: 'R', width: 4 }, 1)).toBe('R0001');
    expect(formatRandomNumber({ prefix: '', width: 3 }, 42)).toBe('042');
    expect(formatRandomNumber({ prefix: 'R', width: 2 }, 123)).toBe('R123');
  });
});

describe('strata', () => {
  const stratified = scheme({ ...blocks, method: 'stratifiedBlocks', stratifyBySite: true, factors: [AGE, SEX] });

  it('keys a subject by site, then each factor’s option in factor order', () => {
    expect(stratumKey(stratified, { site: 'SITE01', levels: { SEX: 'F', AGE: '2' } })).toBe('SITE01|AGE:2|SEX:F');
    expect(stratumKey(scheme({ ...blocks, stratifyBySite: true }), { site: 'SITE01', levels: { AGE: '2' } })).toBe('SITE01');
    expect(stratumKey(scheme(blocks), { site: 'SITE01', levels: {} })).toBe(WHOLE_TRIAL_STRATUM);
  });

  it('has no stratum for a missing or unknown option, or a missing site', () => {
    expect(stratumKey(stratified, { site: 'SITE01', levels: { AGE: '2' } })).toBeNull();
    expect(stratumKey(stratified, { site: 'SITE01', levels: { AGE: '3', SEX: 'F' } })).toBeNull();
    expect(stratumKey(stratified, { site: '', levels: { AGE: '1', SEX: 'F' } })).toBeNull();
  });

  it('lists every stratum, sites in the order given, then options in design order', () => {
    const strata = listStrata(stratified, [...SITES, 'SITE01']);
    expect(strata).toHaveLength(countStrata(stratified, SITES.length));
    expect(strata.slice(0, 5).map((stratum) => stratum.key)).toEqual(['SITE01|AGE:1|SEX:M', 'SITE01|AGE:1|SEX:F', 'SITE01|AGE:2|SEX:M', 'SITE01|AGE:2|SEX:F', 'SITE02|AGE:1|SEX:M']);
    expect(strata[3]).toEqual({ key: 'SITE01|AGE:2|SEX:F', site: 'SITE01', levels: { AGE: '2', SEX: 'F' } });
    expect(listStrata(scheme(blocks), SITES)).toEqual([{ key: WHOLE_TRIAL_STRATUM, site: null, levels: {} }]);
  });

  it('appends the strata of a site added last, leaving the others where they were', () => {
    const before = listStrata(stratified, SITES).map((stratum) => stratum.key);
    const after = listStrata(stratified, [...SITES, 'SITE04']).map((stratum) => stratum.key);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).every((key) => key.startsWith('SITE04|'))).toBe(true);
  });
});
