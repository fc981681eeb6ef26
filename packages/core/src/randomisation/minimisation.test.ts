import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { ratioAdjustedImbalance } from './imbalance.js';
import type { MinimisationCounts } from './minimisation.js';
import { allocateMinimisation, countAllocations, minimisationDraws, minimisationStream, nextMinimisationDraws } from './minimisation.js';
import { AGE, ARMS_2_TO_1, minimisationScheme, SEX } from './randomisation.fixture.js';
import type { SubjectFactors } from './strata.js';

const ONE_TO_ONE = [
  { code: 'A', name: '甲组', ratio: 1 },
  { code: 'B', name: '乙组', ratio: 1 },
];
const thrown = (act: () => unknown): unknown => {
  try {
    act();
  } catch (error) {
    return error;
  }
  return null;
};
const subject = (levels: Record<string, string>, site = 'SITE01'): SubjectFactors => ({ site, levels });

describe('the imbalance measure (ratio-adjusted counts)', () => {
  it('range is the largest less the smallest count divided by its ratio: 20 and 10 in a 2:1 trial are balanced', () => {
    expect(ratioAdjustedImbalance([20, 10], [2, 1])).toBe(0);
    expect(ratioAdjustedImbalance([3, 1], [1, 1])).toBe(2);
    expect(ratioAdjustedImbalance([5, 1, 3], [1, 1, 1])).toBe(4);
    expect(ratioAdjustedImbalance([3, 1], [2, 1])).toBe(0.5);
  });

  it('variance is the population variance of the adjusted counts', () => {
    expect(ratioAdjustedImbalance([4, 1], [1, 1], 'variance')).toBe(2.25);
    expect(ratioAdjustedImbalance([20, 10], [2, 1], 'variance')).toBe(0);
  });
});

describe('minimisation (Pocock–Simon; docs/decisions.md, "Randomisation")', () => {
  const scheme = minimisationScheme({ arms: ONE_TO_ONE, factors: [SEX, AGE], probability: 0.8 });
  // Men: A 3, B 1. Under 65: A 2, B 2. A man under 65 in A leaves range 3 + 1 = 4; in B 1 + 1 = 2.
  const counts: MinimisationCounts = { SEX: { M: { A: 3, B: 1 } }, AGE: { '1': { A: 2, B: 2 } } };
  const man = subject({ SEX: 'M', AGE: '1' });

  it('scores each arm by the imbalance over the subject’s factor levels were the subject to join it, and prefers the lowest', () => {
    const result = allocateMinimisation(scheme, counts, man, [0.5, 0.3]);
    expect(result).toEqual({ arm: 'B', scores: { A: 4, B: 2 }, preferred: ['B'], tookPreferred: true });
  });

  it('with probability `probability` gives the preferred arm, else another: the first draw decides', () => {
    expect(allocateMinimisation(scheme, counts, man, [0.7999, 0.3])).toMatchObject({ arm: 'B', tookPreferred: true });
    expect(allocateMinimisation(scheme, counts, man, [0.8, 0.3])).toMatchObject({ arm: 'A', tookPreferred: false });
    const deterministic = minimisationScheme({ arms: ONE_TO_ONE, factors: [SEX, AGE], probability: 1 });
    expect(allocateMinimisation(deterministic, counts, man, [0.9999, 0.3]).arm).toBe('B');
  });

  it('weighs each factor’s imbalance by its weight', () => {
    const even: MinimisationCounts = { SEX: { M: { A: 3, B: 1 } }, AGE: { '1': { A: 1, B: 3 } } };
    expect(allocateMinimisation(scheme, even, man, [0.5, 0.3]).preferred).toEqual(['A', 'B']);
    const weighted = minimisationScheme({ arms: ONE_TO_ONE, factors: [SEX, AGE], weights: { AGE: 5 } });
    expect(allocateMinimisation(weighted, even, man, [0.5, 0.3])).toMatchObject({ scores: { A: 8, B: 16 }, preferred: ['A'] });
  });

  it('measures by variance when the scheme says so', () => {
    const byVariance = minimisationScheme({ arms: ONE_TO_ONE, factors: [SEX, AGE], measure: 'variance' });
    expect(allocateMinimisation(byVariance, counts, man, [0.5, 0.3]).scores).toEqual({ A: 2.5, B: 0.5 });
  });

  it('counts by ratio: with 2 and 1 subjects of a 2:1 trial, the next is preferred in the larger arm', () => {
    const twoToOne = minimisationScheme({ arms: ARMS_2_TO_1, factors: [AGE] });
    // Raw counts would prefer C (3–1 against 2–2); ratio-adjusted, T leaves 1.5 − 1 = 0.5 and C 2 − 1 = 1.
    const result = allocateMinimisation(twoToOne, { AGE: { '1': { T: 2, C: 1 } } }, subject({ AGE: '1' }), [0.1, 0.1]);
    expect(result).toMatchObject({ arm: 'T', scores: { T: 0.5, C: 1 }, preferred: ['T'] });
  });

  it('breaks ties with the second draw, weighted by ratio', () => {
    const twoToOne = minimisationScheme({ arms: ARMS_2_TO_1, factors: [AGE, SEX] });
    // Age group empty, men T 1: T leaves 0.5 + 1 and C 1 + 0.5, a tie; the first draw cannot matter.
    const tie: MinimisationCounts = { SEX: { M: { T: 1 } } };
    expect(allocateMinimisation(twoToOne, tie, man, [0.99, 0.66])).toMatchObject({ arm: 'T', preferred: ['T', 'C'], tookPreferred: true });
    expect(allocateMinimisation(twoToOne, tie, man, [0.99, 0.67])).toMatchObject({ arm: 'C', preferred: ['T', 'C'], tookPreferred: true });
  });

  it('takes the site as a factor when the scheme includes it', () => {
    const bySite = minimisationScheme({ arms: ONE_TO_ONE, includeSite: true });
    const result = allocateMinimisation(bySite, { site: { SITE01: { A: 2 }, SITE02: { B: 5 } } }, subject({}, 'SITE01'), [0.1, 0.1]);
    expect(result).toMatchObject({ arm: 'B', scores: { A: 3, B: 1 } });
  });

  it('refuses a level the factor does not have, and draws outside [0, 1)', () => {
    expect(() => allocateMinimisation(scheme, counts, subject({ SEX: 'X', AGE: '1' }), [0.1, 0.1])).toThrow(AppError);
    expect(thrown(() => allocateMinimisation(scheme, counts, subject({ AGE: '1' }), [0.1, 0.1]))).toMatchObject({ code: 'randomisation.unknown_level', params: { factor: 'SEX', value: '' } });
    expect(() => allocateMinimisation(scheme, counts, man, [1, 0.1])).toThrow(RangeError);
    expect(() => allocateMinimisation(scheme, counts, man, [0.1, -0.1])).toThrow(RangeError);
  });

  it('is reproducible from the seed and the sequence number: allocation n takes draws 2n − 1 and 2n of the seed’s minimisation stream', () => {
    const seed = 'c0ffee00c0ffee00c0ffee00c0ffee00';
    const stream = minimisationStream(seed);
    for (let sequence = 1; sequence <= 40; sequence += 1) expect(minimisationDraws(seed, sequence)).toEqual(nextMinimisationDraws(stream));
    expect(minimisationDraws(seed, 1)).not.toEqual(minimisationDraws('c0ffee00c0ffee00c0ffee00c0ffee01', 1));
    expect(() => minimisationDraws(seed, 0)).toThrow(RangeError);

    // A trial of 60 subjects, then allocation 37 again from nothing but the seed, its number and the counts before it.
    const people = Array.from({ length: 60 }, (_, index) => subject({ SEX: index % 3 === 0 ? 'F' : 'M', AGE: index % 4 === 0 ? '2' : '1' }, `SITE0${index % 2}`));
    const made: { subject: SubjectFactors; arm: string }[] = [];
    for (const [index, person] of people.entries()) {
      made.push({ subject: person, arm: allocateMinimisation(scheme, countAllocations(scheme, made), person, minimisationDraws(seed, index + 1)).arm });
    }
    const again = allocateMinimisation(scheme, countAllocations(scheme, made.slice(0, 36)), made[36]?.subject ?? man, minimisationDraws(seed, 37));
    expect(again.arm).toBe(made[36]?.arm);
    expect(new Set(made.map((item) => item.arm))).toEqual(new Set(['A', 'B']));
  });

  it('counts allocations by factor, level and arm', () => {
    const withSite = minimisationScheme({ arms: ONE_TO_ONE, factors: [SEX], includeSite: true });
    const made = [
      { subject: subject({ SEX: 'M' }, 'S1'), arm: 'A' },
      { subject: subject({ SEX: 'M' }, 'S2'), arm: 'B' },
      { subject: subject({ SEX: 'F' }, 'S1'), arm: 'A' },
    ];
    expect(countAllocations(withSite, made)).toEqual({ site: { S1: { A: 2 }, S2: { B: 1 } }, SEX: { M: { A: 1, B: 1 }, F: { A: 1 } } });
  });
});
