import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { safeText } from '../validation/text.js';
import { ratioAdjustedImbalance } from './imbalance.js';
import { chooseArm, minimisationFactors, minimisationScores, minimisationStream, nextMinimisationDraws } from './minimisation.js';
import type { Random } from './random.js';
import { derive, deriveSeed } from './random.js';
import type { RandomisationScheme } from './scheme.js';
import { isTableScheme, SITE_FACTOR } from './scheme.js';
import { schemeFactors, stratifiesBySite, WHOLE_TRIAL_STRATUM } from './strata.js';
import type { ArmSequence } from './table.js';
import { armSequence, stratumStream } from './table.js';

/**
 * Simulated trials for the design screen (docs/decisions.md, "Randomisation"): how far from the ratio the
 * scheme lets the arms drift, overall, per stratum and per factor level. Trial t runs on its own child of the
 * seed (`trial:t`), through the very code that makes lists and minimisation allocations, so a simulation
 * shows what the design would do and is itself reproducible. A table is never exhausted here: strata draw
 * past `tableSize` as far as the subjects need.
 */

export const SIMULATION_TRIALS_MAX = 10_000;
export const SIMULATION_SUBJECTS_MAX = 10_000;
/** Trials × subjects, so one request cannot hold a server for minutes. */
export const SIMULATION_WORK_MAX = 2_000_000;

/**
 * The request. `factorDistribution` gives, by factor code (or `site`), the relative weight of each option;
 * an option left out never occurs, a factor left out is uniform.
 */
export const simulationOptionsSchema = z
  .strictObject({
    trials: z.number().int().min(1).max(SIMULATION_TRIALS_MAX),
    subjectsPerTrial: z.number().int().min(1).max(SIMULATION_SUBJECTS_MAX),
    siteCodes: z.array(safeText().regex(/^[A-Za-z0-9_-]{1,16}$/)).max(1000),
    factorDistribution: z.record(z.string(), z.record(z.string(), z.number().min(0).max(1_000_000))).optional(),
  })
  .superRefine((options, ctx) => {
    if (options.trials * options.subjectsPerTrial > SIMULATION_WORK_MAX) {
      ctx.addIssue({ code: 'custom', path: ['subjectsPerTrial'], params: { message: 'too_big', max: Math.floor(SIMULATION_WORK_MAX / options.trials) } });
    }
  });
export type SimulationOptions = z.infer<typeof simulationOptionsSchema>;

export interface SimulatedTrial {
  /** Subjects per arm code. */
  arms: Record<string, number>;
  /** Largest less smallest ratio-adjusted arm count over the whole trial. */
  overall: number;
  /** The worst factor level's imbalance (0 when the scheme has no site or factor). */
  marginal: number;
  /** Imbalance per factor level (`AGE:1`, or a site code), every level, including those no subject had. */
  levels: Record<string, number>;
  /** Imbalance per stratum that received subjects (a stratum without any is balanced). */
  strata: Record<string, number>;
}

export interface ImbalanceSummary {
  mean: number;
  /** The 95th percentile by nearest rank. */
  p95: number;
  max: number;
}

export interface SimulationResult {
  trials: SimulatedTrial[];
  summary: {
    overall: ImbalanceSummary;
    marginal: ImbalanceSummary;
    levels: Record<string, ImbalanceSummary>;
    strata: Record<string, ImbalanceSummary>;
    /** Each arm's share of all simulated subjects. */
    armShares: Record<string, number>;
  };
  /** Trials by overall imbalance, in bins [from, to) one unit wide from 0, for a bar chart. */
  histogram: { from: number; to: number; trials: number }[];
}

/** A dimension subjects are drawn on: the site or a factor, with each level's name in stratum keys. */
interface Dimension {
  code: string;
  parts: string[];
  draw: (random: Random) => number;
}

function dimensions(scheme: RandomisationScheme, options: SimulationOptions): Dimension[] {
  const distribution = options.factorDistribution ?? {};
  const list: { code: string; levels: string[]; parts: string[] }[] = [];
  if (stratifiesBySite(scheme)) {
    const sites = [...new Set(options.siteCodes)];
    if (sites.length === 0) throw new AppError('randomisation.sites_required');
    list.push({ code: SITE_FACTOR, levels: sites, parts: sites });
  }
  for (const factor of schemeFactors(scheme)) {
    const levels = factor.options.map((option) => option.code);
    list.push({ code: factor.code, levels, parts: levels.map((level) => `${factor.code}:${level}`) });
  }
  for (const key of Object.keys(distribution)) if (!list.some((item) => item.code === key)) throw new AppError('randomisation.distribution_invalid', { factor: key });
  return list.map(({ code, levels, parts }) => {
    const weights = distribution[code];
    if (weights === undefined) return { code, parts, draw: (random: Random) => random.nextInt(levels.length) };
    const total = levels.reduce((sum, level) => sum + (weights[level] ?? 0), 0);
    if (Object.keys(weights).some((level) => !levels.includes(level)) || !(total > 0)) throw new AppError('randomisation.distribution_invalid', { factor: code });
    const cumulative: number[] = [];
    levels.reduce((sum, level) => {
      cumulative.push(sum + (weights[level] ?? 0));
      return sum + (weights[level] ?? 0);
    }, 0);
    return {
      code,
      parts,
      draw: (random: Random) => {
        const target = random.nextFloat() * total;
        const index = cumulative.findIndex((edge) => target < edge);
        return index === -1 ? levels.length - 1 : index;
      },
    };
  });
}

/** Runs the simulated trials. Subjects' sites and factor levels are drawn from the trial's own stream. */
export function simulate(scheme: RandomisationScheme, seed: string, options: SimulationOptions): SimulationResult {
  const dims = dimensions(scheme, options);
  const ratios = scheme.arms.map((arm) => arm.ratio);
  const armCount = ratios.length;
  const minimisation =
    scheme.method === 'minimisation'
      ? { weights: minimisationFactors(scheme).map((factor) => factor.weight), probability: scheme.probability, measure: scheme.measure }
      : null;
  const table = isTableScheme(scheme) ? scheme : null;
  const allArms = new Float64Array(armCount);
  // Never counted: it stands where a level's counts would be missing, which the dimensions rule out.
  const nowhere = new Float64Array(armCount);
  const trials: SimulatedTrial[] = [];
  const levels = new Subject(dims);
  // Every trial's values by level and by stratum, gathered as they are made for the summary.
  const levelValues = new Map<string, number[]>();
  const strataValues = new Map<string, number[]>();
  const gather = (values: Map<string, number[]>, key: string, value: number) => {
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  };

  for (let trial = 1; trial <= options.trials; trial += 1) {
    const trialSeed = deriveSeed(seed, `trial:${trial}`);
    const subjects = derive(trialSeed, 'subjects');
    const draws = minimisation ? minimisationStream(trialSeed) : null;
    const arms = new Float64Array(armCount);
    const levelCounts = dims.map((dim) => dim.parts.map(() => new Float64Array(armCount)));
    const strata = new Map<number | string, { key: string; counts: Float64Array; sequence: ArmSequence | null }>();
    // The subject's count arrays, one per dimension, reused from subject to subject.
    const current: Float64Array[] = dims.map(() => nowhere);

    for (let n = 1; n <= options.subjectsPerTrial; n += 1) {
      levels.draw(subjects);
      for (let dim = 0; dim < dims.length; dim += 1) current[dim] = levelCounts[dim]?.[levels.at(dim)] ?? nowhere;
      const cell = levels.cell();
      let stratum = strata.get(cell);
      if (!stratum) {
        const key = levels.key();
        stratum = { key, counts: new Float64Array(armCount), sequence: table ? armSequence(table, stratumStream(trialSeed, key)) : null };
        strata.set(cell, stratum);
      }
      const arm =
        minimisation && draws
          ? chooseArm(minimisationScores(current, minimisation.weights, ratios, minimisation.measure), ratios, minimisation.probability, nextMinimisationDraws(draws)).arm
          : (stratum.sequence?.next() ?? 0);
      arms[arm] = (arms[arm] ?? 0) + 1;
      stratum.counts[arm] = (stratum.counts[arm] ?? 0) + 1;
      for (const counts of current) counts[arm] = (counts[arm] ?? 0) + 1;
    }

    const levelImbalance: Record<string, number> = {};
    let marginal = 0;
    dims.forEach((dim, index) =>
      dim.parts.forEach((part, level) => {
        const value = ratioAdjustedImbalance(levelCounts[index]?.[level] ?? [], ratios);
        levelImbalance[part] = value;
        gather(levelValues, part, value);
        if (value > marginal) marginal = value;
      }),
    );
    const strataImbalance: Record<string, number> = {};
    // In cell order (that of listStrata), so trials with the same strata build records of one shape.
    const cells = [...strata.keys()].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));
    for (const cell of cells) {
      const stratum = strata.get(cell);
      if (!stratum) continue;
      const value = ratioAdjustedImbalance(stratum.counts, ratios);
      strataImbalance[stratum.key] = value;
      gather(strataValues, stratum.key, value);
    }
    arms.forEach((count, arm) => (allArms[arm] = (allArms[arm] ?? 0) + count));
    trials.push({
      arms: Object.fromEntries(scheme.arms.map((item, arm) => [item.code, arms[arm] ?? 0])),
      overall: ratioAdjustedImbalance(arms, ratios),
      marginal,
      levels: levelImbalance,
      strata: strataImbalance,
    });
  }
  const total = trials.length;
  const byKey = (values: Map<string, number[]>) => Object.fromEntries([...values].map(([key, list]) => [key, summariseImbalance(list, total)]));
  const subjects = allArms.reduce((sum, count) => sum + count, 0);
  const summary = {
    overall: summariseImbalance(trials.map((trial) => trial.overall), total),
    marginal: summariseImbalance(trials.map((trial) => trial.marginal), total),
    levels: byKey(levelValues),
    strata: byKey(strataValues),
    armShares: Object.fromEntries(scheme.arms.map((arm, index) => [arm.code, subjects === 0 ? 0 : (allArms[index] ?? 0) / subjects])),
  };
  return { trials, summary, histogram: histogram(trials.map((trial) => trial.overall)) };
}

/** The levels of the subject being drawn, and its stratum as a number (cheap to look up) and as a key. */
class Subject {
  private readonly levels: number[];
  /** Place values of the levels in the cell number; null when the cells outnumber exact integers. */
  private readonly strides: number[] | null;
  constructor(private readonly dims: readonly Dimension[]) {
    this.levels = dims.map(() => 0);
    // The last dimension varies fastest, so cell numbers run in `listStrata` order.
    let cells = 1;
    const strides = dims.map(() => 0);
    for (let index = dims.length - 1; index >= 0; index -= 1) {
      strides[index] = cells;
      cells *= dims[index]?.parts.length ?? 1;
    }
    this.strides = cells > Number.MAX_SAFE_INTEGER ? null : strides;
  }

  cell(): number | string {
    if (this.strides === null) return this.key();
    let cell = 0;
    for (let index = 0; index < this.levels.length; index += 1) cell += (this.levels[index] ?? 0) * (this.strides[index] ?? 0);
    return cell;
  }

  draw(random: Random): void {
    for (let index = 0; index < this.dims.length; index += 1) this.levels[index] = this.dims[index]?.draw(random) ?? 0;
  }

  at(dim: number): number {
    return this.levels[dim] ?? 0;
  }

  key(): string {
    if (this.dims.length === 0) return WHOLE_TRIAL_STRATUM;
    let key = '';
    for (let index = 0; index < this.dims.length; index += 1) key += (index === 0 ? '' : '|') + (this.dims[index]?.parts[this.at(index)] ?? '');
    return key;
  }
}

/** Mean, 95th percentile (nearest rank) and maximum over `total` trials; trials not among the values count 0. */
export function summariseImbalance(values: Iterable<number>, total: number): ImbalanceSummary {
  const sorted = [...values].sort((a, b) => a - b);
  if (total === 0) return { mean: 0, p95: 0, max: 0 };
  const zeros = total - sorted.length;
  const rank = Math.ceil(0.95 * total) - 1;
  const sum = sorted.reduce((acc, value) => acc + value, 0);
  return { mean: sum / total, p95: rank < zeros ? 0 : (sorted[rank - zeros] ?? 0), max: sorted[sorted.length - 1] ?? 0 };
}

function histogram(values: readonly number[]): SimulationResult['histogram'] {
  const top = Math.floor(Math.max(0, ...values));
  const bins = Array.from({ length: top + 1 }, (_, from) => ({ from, to: from + 1, trials: 0 }));
  for (const value of values) {
    const bin = bins[Math.floor(value)];
    if (bin) bin.trials += 1;
  }
  return bins;
}
