import { AppError } from '../errors/app-error.js';
import { ratioAdjustedImbalance } from './imbalance.js';
import type { Random } from './random.js';
import { derive } from './random.js';
import type { ImbalanceMeasure, MinimisationScheme } from './scheme.js';
import { SITE_FACTOR } from './scheme.js';
import type { SubjectFactors } from './strata.js';

/**
 * Minimisation (Pocock and Simon, 1975; docs/decisions.md, "Randomisation"). There is no list made in
 * advance: each subject's arm follows from the counts of the subjects allocated before and two random draws.
 * The draws come from one child stream of the seed, two per allocation in sequence order: the n-th
 * allocation takes draws 2n − 1 and 2n (`minimisationDraws`), so the server, or an auditor, can reproduce any
 * allocation from the seed, its sequence number and the counts, as from a printed table of random numbers.
 */

/** Allocations so far: by factor code (and `site`), by option code (site code), by arm code. */
export type MinimisationCounts = Record<string, Record<string, Record<string, number>>>;

/** The random numbers one allocation takes: the first decides preferred or not, the second picks the arm. */
export const MINIMISATION_DRAWS = 2;

export interface MinimisationResult {
  arm: string;
  /** The weighted imbalance were the subject to join each arm (the lower, the better). */
  scores: Record<string, number>;
  /** The arms of lowest score. */
  preferred: string[];
  /** Whether the arm is one of the preferred (false: the `1 − probability` chance gave another). */
  tookPreferred: boolean;
}

/** Scores within this distance are a tie: ratio-adjusted counts are fractions such as 1/3. */
const TIE = 1e-9;

/** The factors minimisation balances on, site first when included, with their weights. */
export function minimisationFactors(scheme: MinimisationScheme): { code: string; weight: number }[] {
  const codes = [...(scheme.includeSite ? [SITE_FACTOR] : []), ...scheme.factors.map((factor) => factor.code)];
  return codes.map((code) => ({ code, weight: scheme.weights?.[code] ?? 1 }));
}

/** The subject's level of each factor, in `minimisationFactors` order; a level the factor lacks is refused. */
export function subjectLevels(scheme: MinimisationScheme, subject: SubjectFactors): string[] {
  const levels = scheme.includeSite ? [subject.site] : [];
  for (const factor of scheme.factors) {
    const level = subject.levels[factor.code] ?? '';
    if (!factor.options.some((option) => option.code === level)) throw new AppError('randomisation.unknown_level', { factor: factor.code, value: level });
    levels.push(level);
  }
  return levels;
}

/**
 * Each arm's score: for every factor, the imbalance of the counts at the subject's level were the subject
 * added to that arm, weighted and summed. `levelCounts[f][a]` is the count of arm `a` at the subject's level
 * of factor `f`.
 */
export function minimisationScores(
  levelCounts: readonly ArrayLike<number>[],
  weights: readonly number[],
  ratios: readonly number[],
  measure: ImbalanceMeasure,
): number[] {
  // Plain loops over one scratch array: a simulation scores every arm of every subject of every trial.
  const armCount = ratios.length;
  const scratch = new Float64Array(armCount);
  const scores = new Array<number>(armCount).fill(0);
  for (let arm = 0; arm < armCount; arm += 1) {
    let score = 0;
    for (let factor = 0; factor < levelCounts.length; factor += 1) {
      const counts = levelCounts[factor] as ArrayLike<number>;
      for (let index = 0; index < armCount; index += 1) scratch[index] = counts[index] ?? 0;
      scratch[arm] = (scratch[arm] ?? 0) + 1;
      score += (weights[factor] ?? 1) * ratioAdjustedImbalance(scratch, ratios, measure);
    }
    scores[arm] = score;
  }
  return scores;
}

/**
 * The arm from the scores and two draws in [0, 1). The preferred arms are those of lowest score. When every
 * arm is preferred the pick among all is weighted by ratio; otherwise with chance `probability` (`u[0] <
 * probability`) one of the preferred is taken, else one of the others, in both cases weighted by ratio with
 * `u[1]`, which also breaks ties.
 */
export function chooseArm(scores: readonly number[], ratios: readonly number[], probability: number, u: readonly [number, number]): { arm: number; preferred: number[]; tookPreferred: boolean } {
  const [first, second] = u;
  if (!(first >= 0 && first < 1 && second >= 0 && second < 1)) throw new RangeError(`Minimisation draws lie in [0, 1), not ${first} and ${second}`);
  let best = Infinity;
  for (const score of scores) if (score < best) best = score;
  const preferred: number[] = [];
  const others: number[] = [];
  scores.forEach((score, arm) => (score <= best + TIE ? preferred : others).push(arm));
  const tookPreferred = others.length === 0 || first < probability;
  return { arm: pickByRatio(tookPreferred ? preferred : others, ratios, second), preferred, tookPreferred };
}

function pickByRatio(arms: readonly number[], ratios: readonly number[], draw: number): number {
  const total = arms.reduce((sum, arm) => sum + (ratios[arm] ?? 0), 0);
  let target = draw * total;
  for (const arm of arms) {
    target -= ratios[arm] ?? 0;
    if (target < 0) return arm;
  }
  return arms[arms.length - 1] ?? 0;
}

/**
 * The arm of the next subject under minimisation. `counts` are the allocations so far (`countAllocations`),
 * `u` the allocation's draws (`minimisationDraws(seed, sequence)`).
 */
export function allocateMinimisation(scheme: MinimisationScheme, counts: MinimisationCounts, subject: SubjectFactors, u: readonly [number, number]): MinimisationResult {
  const factors = minimisationFactors(scheme);
  const levels = subjectLevels(scheme, subject);
  const ratios = scheme.arms.map((arm) => arm.ratio);
  const levelCounts = factors.map((factor, index) => scheme.arms.map((arm) => counts[factor.code]?.[levels[index] ?? '']?.[arm.code] ?? 0));
  const scores = minimisationScores(levelCounts, factors.map((factor) => factor.weight), ratios, scheme.measure);
  const choice = chooseArm(scores, ratios, scheme.probability, u);
  const code = (arm: number) => scheme.arms[arm]?.code ?? '';
  return {
    arm: code(choice.arm),
    scores: Object.fromEntries(scores.map((score, arm) => [code(arm), score])),
    preferred: choice.preferred.map(code),
    tookPreferred: choice.tookPreferred,
  };
}

/** The stream minimisation draws from: one child of the seed for the whole trial. */
export function minimisationStream(seed: string): Random {
  return derive(seed, 'minimisation');
}

/** The next allocation's draws from the stream. */
export function nextMinimisationDraws(random: Random): [number, number] {
  return [random.nextFloat(), random.nextFloat()];
}

/**
 * The draws of the allocation with this sequence number (1, 2, …): the stream read from its start (each
 * allocation takes MINIMISATION_DRAWS numbers), which for ten thousand allocations takes well under a
 * millisecond.
 */
export function minimisationDraws(seed: string, sequence: number): [number, number] {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`An allocation's sequence number is a positive integer, not ${sequence}`);
  const random = minimisationStream(seed);
  for (let skip = 0; skip < (sequence - 1) * MINIMISATION_DRAWS; skip += 1) random.nextUint32();
  return nextMinimisationDraws(random);
}

/** The counts of allocations made, to pass to `allocateMinimisation`. */
export function countAllocations(scheme: MinimisationScheme, allocations: readonly { subject: SubjectFactors; arm: string }[]): MinimisationCounts {
  const counts: MinimisationCounts = {};
  const factors = minimisationFactors(scheme);
  for (const { subject, arm } of allocations) {
    subjectLevels(scheme, subject).forEach((level, index) => {
      const factor = factors[index]?.code ?? '';
      const byLevel = (counts[factor] ??= {});
      const byArm = (byLevel[level] ??= {});
      byArm[arm] = (byArm[arm] ?? 0) + 1;
    });
  }
  return counts;
}
