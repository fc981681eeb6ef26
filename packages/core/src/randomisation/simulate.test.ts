import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { AGE, ARMS_2_TO_1, ECOG, scheme, SEX, SITES } from './randomisation.fixture.js';
import type { RandomisationSchemeInput } from './scheme.js';
import type { SimulationResult } from './simulate.js';
import { simulate, simulationOptionsSchema, summariseImbalance } from './simulate.js';

const SEED = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const TEN_SITES = Array.from({ length: 10 }, (_, index) => `SITE${String(index + 1).padStart(2, '0')}`);
const simple: RandomisationSchemeInput = { method: 'simple', arms: ARMS_2_TO_1, tableSize: 10 };
const blocks: RandomisationSchemeInput = { method: 'blocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], tableSize: 10 };
/** Ten sites × 2 × 2 × 3 options: 120 strata, far more than 200 subjects can fill. */
const stratified: RandomisationSchemeInput = { method: 'stratifiedBlocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], factors: [AGE, SEX, ECOG], stratifyBySite: true, tableSize: 10 };
const minimisation: RandomisationSchemeInput = { method: 'minimisation', arms: ARMS_2_TO_1, factors: [AGE, SEX, ECOG], includeSite: true };
const run = (input: RandomisationSchemeInput, trials: number, subjectsPerTrial: number, seed = SEED) => simulate(scheme(input), seed, { trials, subjectsPerTrial, siteCodes: TEN_SITES });
const meanOverLevels = (result: SimulationResult) => {
  const means = Object.values(result.summary.levels).map((item) => item.mean);
  return means.reduce((sum, mean) => sum + mean, 0) / means.length;
};

describe('simulated trials (docs/decisions.md, "Randomisation")', () => {
  // Observed with this seed: simple 67.3 %, minimisation 66.7 %.
  it('over 10,000 simulated subjects a 2:1 ratio holds within ±2 percentage points, for simple randomisation and for minimisation', () => {
    for (const input of [simple, minimisation]) {
      const shares = run(input, 1, 10_000).summary.armShares;
      expect(Math.abs((shares.T ?? 0) - 2 / 3), input.method).toBeLessThan(0.02);
      expect((shares.T ?? 0) + (shares.C ?? 0)).toBeCloseTo(1, 12);
    }
  });

  // Observed: simple mean 7.95 (p95 18.5), blocks 0.70, minimisation 1.69.
  it('minimisation’s mean overall imbalance is below simple randomisation’s (500 trials of 200 subjects)', () => {
    const bySimple = run(simple, 500, 200).summary.overall;
    const byMinimisation = run(minimisation, 500, 200).summary.overall;
    expect(byMinimisation.mean).toBeLessThan(bySimple.mean / 2);
    expect(byMinimisation.p95).toBeLessThan(bySimple.p95);
  });

  // Observed: worst level per trial 4.11 against 7.83; mean over levels 1.38 against 2.69.
  it('with many strata (120 for 200 subjects) minimisation’s marginal imbalance on the factors is below stratified blocks’', () => {
    const byBlocks = run(stratified, 500, 200);
    const byMinimisation = run(minimisation, 500, 200);
    expect(byMinimisation.summary.marginal.mean).toBeLessThan(byBlocks.summary.marginal.mean);
    expect(meanOverLevels(byMinimisation)).toBeLessThan(meanOverLevels(byBlocks));
    expect(Object.keys(byBlocks.summary.levels).sort()).toEqual(Object.keys(byMinimisation.summary.levels).sort());
  });

  it('stratified blocks keep every stratum within one block of balance: with blocks of 3 and 6 at 2:1, never beyond 2', () => {
    const result = run(stratified, 200, 200);
    const worst = Math.max(...Object.values(result.summary.strata).map((item) => item.max));
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(2);
    expect(run(blocks, 200, 200).summary.overall.max).toBeLessThanOrEqual(2);
  });

  it('reports per trial the overall, per level and per stratum imbalance, and sums them up across trials', () => {
    const result = run(stratified, 50, 40);
    expect(result.trials).toHaveLength(50);
    const trial = result.trials[0];
    expect(Object.values(trial?.arms ?? {}).reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(Object.keys(trial?.levels ?? {})).toEqual([...TEN_SITES, 'AGE:1', 'AGE:2', 'SEX:M', 'SEX:F', 'ECOG:0', 'ECOG:1', 'ECOG:2']);
    expect(trial?.marginal).toBe(Math.max(...Object.values(trial?.levels ?? {})));
    for (const key of Object.keys(trial?.strata ?? {})) expect(key).toMatch(/^SITE\d\d\|AGE:[12]\|SEX:[MF]\|ECOG:[012]$/);
    const overall = result.trials.map((item) => item.overall);
    expect(result.summary.overall.mean).toBeCloseTo(overall.reduce((sum, value) => sum + value, 0) / 50, 12);
    expect(result.summary.overall.max).toBe(Math.max(...overall));
  });

  it('gives a histogram of overall imbalance in bins one unit wide that holds every trial', () => {
    const result = run(simple, 300, 100);
    expect(result.histogram.reduce((sum, bin) => sum + bin.trials, 0)).toBe(300);
    expect(result.histogram.map((bin) => bin.from)).toEqual(result.histogram.map((_, index) => index));
    expect(result.histogram.at(-1)?.to).toBe(Math.floor(result.summary.overall.max) + 1);
    const two = result.histogram[2]?.trials;
    expect(two).toBe(result.trials.filter((trial) => trial.overall >= 2 && trial.overall < 3).length);
  });

  it('the same seed gives the same simulation and a different seed a different one', () => {
    expect(run(minimisation, 20, 50)).toEqual(run(minimisation, 20, 50));
    expect(run(minimisation, 20, 50).trials).not.toEqual(run(minimisation, 20, 50, `${SEED.slice(0, -1)}1`).trials);
  });

  it('draws sites and factor levels uniformly unless a distribution is given; an option left out never occurs', () => {
    const result = simulate(scheme(stratified), SEED, { trials: 20, subjectsPerTrial: 100, siteCodes: SITES, factorDistribution: { AGE: { '1': 3 }, site: { SITE01: 1, SITE02: 1 } } });
    const strata = result.trials.flatMap((trial) => Object.keys(trial.strata));
    expect(strata.some((key) => key.includes('AGE:2') || key.startsWith('SITE03'))).toBe(false);
    expect(new Set(strata.map((key) => key.split('|')[3]))).toEqual(new Set(['ECOG:0', 'ECOG:1', 'ECOG:2']));
  });

  it('refuses a distribution of an unknown factor or option, or all zero, and a site-stratified scheme without sites', () => {
    const attempt = (factorDistribution: Record<string, Record<string, number>>) => () => simulate(scheme(stratified), SEED, { trials: 1, subjectsPerTrial: 1, siteCodes: SITES, factorDistribution });
    expect(attempt({ BMI: { '1': 1 } })).toThrow('randomisation.distribution_invalid');
    expect(attempt({ AGE: { '3': 1 } })).toThrow('randomisation.distribution_invalid');
    expect(attempt({ AGE: { '1': 0, '2': 0 } })).toThrow(AppError);
    expect(() => simulate(scheme(stratified), SEED, { trials: 1, subjectsPerTrial: 1, siteCodes: [] })).toThrow('randomisation.sites_required');
  });

  it('takes a request within its bounds: at most 2,000,000 simulated subjects in all', () => {
    expect(simulationOptionsSchema.safeParse({ trials: 1000, subjectsPerTrial: 2000, siteCodes: SITES }).success).toBe(true);
    expect(simulationOptionsSchema.safeParse({ trials: 1000, subjectsPerTrial: 2001, siteCodes: SITES }).success).toBe(false);
    expect(simulationOptionsSchema.safeParse({ trials: 0, subjectsPerTrial: 10, siteCodes: SITES }).success).toBe(false);
  });

  it('sums up by the 95th percentile by nearest rank, counting trials without a value as 0', () => {
    expect(summariseImbalance(Array.from({ length: 20 }, (_, index) => index + 1), 20)).toEqual({ mean: 10.5, p95: 19, max: 20 });
    expect(summariseImbalance([5], 20)).toEqual({ mean: 0.25, p95: 0, max: 5 });
    expect(summariseImbalance([5, 6], 20)).toEqual({ mean: 0.55, p95: 5, max: 6 });
  });

});
