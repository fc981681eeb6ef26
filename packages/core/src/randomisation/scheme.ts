import { z } from 'zod';
import { safeText } from '../validation/text.js';

/**
 * The allocation scheme of the Balance application (randomisation; spec 002 §1: subjects are "randomised
 * (optionally through a remote randomisation system)"). The spec shows no design screen, so the model is the
 * one of mature EDCs (docs/decisions.md, "Randomisation"). A scheme is checked here once, by the server when
 * it is saved and by the design screen as it is edited; the generators below take a parsed scheme.
 */

export const RANDOMISATION_METHODS = ['simple', 'blocks', 'stratifiedBlocks', 'minimisation'] as const;
export type RandomisationMethod = (typeof RANDOMISATION_METHODS)[number];

/** How the imbalance of arm counts is measured (ratio-adjusted counts, see imbalance.ts). */
export const IMBALANCE_MEASURES = ['range', 'variance'] as const;
export type ImbalanceMeasure = (typeof IMBALANCE_MEASURES)[number];

export const ARMS_MIN = 2;
export const ARMS_MAX = 10;
export const RATIO_MAX = 20;
export const BLOCK_SIZE_MAX = 200;
export const BLOCK_SIZES_MAX = 6;
export const FACTORS_MAX = 10;
export const FACTOR_OPTIONS_MAX = 30;
export const TABLE_SIZE_MAX = 100_000;
export const WEIGHT_MAX = 100;

/**
 * Column names of an uploaded table (upload.ts) and the key of the site in minimisation weights and
 * simulation distributions. A factor's code names its column, so a factor may not take one of these codes.
 */
export const RESERVED_CODES = ['randomNumber', 'arm', 'site', 'sequence', 'block'] as const;
/** The site, where it stands beside the factors (minimisation weights, simulation distributions). */
export const SITE_FACTOR = 'site';

/**
 * Codes of arms, factors and options build stratum keys (`SITE01|AGE:1`) and name table columns, so they hold
 * letters, digits, `_` and `-` only, as a site code does (sites/schemas.ts).
 */
const code = () => safeText().regex(/^[A-Za-z0-9_-]{1,32}$/);
const label = () => safeText().min(1).max(100);

export const armSchema = z.strictObject({
  code: code(),
  name: label(),
  nameEn: label().optional(),
  /** The arm's share of each block and of the allocation (2 and 1 for a 2:1 trial). */
  ratio: z.number().int().min(1).max(RATIO_MAX),
});
export type Arm = z.infer<typeof armSchema>;

export const factorOptionSchema = z.strictObject({ code: code(), label: label(), labelEn: label().optional() });
export type FactorOption = z.infer<typeof factorOptionSchema>;

/** A stratification factor. Order of factors and of options is part of the design (spec 002 §5). */
export const stratificationFactorSchema = z.strictObject({
  code: code(),
  name: label(),
  nameEn: label().optional(),
  options: z.array(factorOptionSchema).min(2).max(FACTOR_OPTIONS_MAX),
});
export type StratificationFactor = z.infer<typeof stratificationFactorSchema>;

/** Random numbers are the prefix and the number zero-padded to the width: `R0001`. */
export const randomNumberFormatSchema = z.strictObject({
  prefix: z.string().regex(/^[A-Za-z0-9_-]{0,16}$/),
  width: z.number().int().min(1).max(12),
});
export type RandomNumberFormat = z.infer<typeof randomNumberFormatSchema>;
export const DEFAULT_RANDOM_NUMBER_FORMAT: RandomNumberFormat = { prefix: 'R', width: 4 };

const arms = z.array(armSchema).min(ARMS_MIN).max(ARMS_MAX);
const blockSizes = z.array(z.number().int().min(2).max(BLOCK_SIZE_MAX)).min(1).max(BLOCK_SIZES_MAX);
const factors = z.array(stratificationFactorSchema).max(FACTORS_MAX);
const common = {
  arms,
  randomNumber: randomNumberFormatSchema.default(DEFAULT_RANDOM_NUMBER_FORMAT),
};
/** Methods with a list made in advance: one list per stratum of `tableSize` slots at least. */
const tableCommon = {
  ...common,
  stratifyBySite: z.boolean().default(false),
  tableSize: z.number().int().min(1).max(TABLE_SIZE_MAX),
};

export const simpleSchemeSchema = z.strictObject({ method: z.literal('simple'), ...tableCommon });
/** One size is a fixed block size; several are sizes the seeded stream chooses among, block by block. */
export const blocksSchemeSchema = z.strictObject({ method: z.literal('blocks'), ...tableCommon, blockSizes });
export const stratifiedBlocksSchemeSchema = z.strictObject({
  method: z.literal('stratifiedBlocks'),
  ...tableCommon,
  blockSizes,
  factors: factors.min(1),
});
export const minimisationSchemeSchema = z.strictObject({
  method: z.literal('minimisation'),
  ...common,
  factors: factors.default([]),
  /** The site counts as one more factor. */
  includeSite: z.boolean().default(false),
  /** The chance of giving the arm that minimises imbalance; 1 is deterministic minimisation. */
  probability: z.number().min(0.5).max(1).default(0.8),
  /** Weights by factor code (and `site`); a factor not named weighs 1. */
  weights: z.record(safeText().max(32), z.number().positive().max(WEIGHT_MAX)).optional(),
  measure: z.enum(IMBALANCE_MEASURES).default('range'),
});

export const randomisationSchemeSchema = z
  .discriminatedUnion('method', [simpleSchemeSchema, blocksSchemeSchema, stratifiedBlocksSchemeSchema, minimisationSchemeSchema])
  .superRefine((scheme, ctx) => {
    const issue = (path: (string | number)[], message: string, params: Record<string, string | number> = {}) =>
      ctx.addIssue({ code: 'custom', path, params: { message, ...params } });
    duplicates(scheme.arms.map((arm) => arm.code)).forEach((index) => issue(['arms', index, 'code'], 'duplicate_value', { value: scheme.arms[index]?.code ?? '' }));
    if (scheme.method === 'blocks' || scheme.method === 'stratifiedBlocks') {
      const sum = ratioSum(scheme.arms);
      scheme.blockSizes.forEach((size, index) => {
        if (size % sum !== 0) issue(['blockSizes', index], 'block_size_ratio', { sum });
      });
      duplicates(scheme.blockSizes.map(String)).forEach((index) => issue(['blockSizes', index], 'duplicate_value', { value: scheme.blockSizes[index] ?? '' }));
    }
    if (scheme.method === 'stratifiedBlocks' || scheme.method === 'minimisation') {
      const reserved = new Set(RESERVED_CODES.map((word) => word.toLowerCase()));
      scheme.factors.forEach((factor, index) => {
        if (reserved.has(factor.code.toLowerCase())) issue(['factors', index, 'code'], 'reserved_code', { value: factor.code });
        duplicates(factor.options.map((option) => option.code)).forEach((option) =>
          issue(['factors', index, 'options', option, 'code'], 'duplicate_value', { value: factor.options[option]?.code ?? '' }),
        );
      });
      duplicates(scheme.factors.map((factor) => factor.code)).forEach((index) => issue(['factors', index, 'code'], 'duplicate_value', { value: scheme.factors[index]?.code ?? '' }));
    }
    if (scheme.method === 'minimisation') {
      if (scheme.factors.length === 0 && !scheme.includeSite) issue(['factors'], 'minimisation_factors');
      const known = new Set([...scheme.factors.map((factor) => factor.code), ...(scheme.includeSite ? [SITE_FACTOR] : [])]);
      for (const key of Object.keys(scheme.weights ?? {})) if (!known.has(key)) issue(['weights', key], 'unknown_factor', { value: key });
    }
  });
export type RandomisationScheme = z.infer<typeof randomisationSchemeSchema>;
export type RandomisationSchemeInput = z.input<typeof randomisationSchemeSchema>;
/** A scheme whose allocations come from a list made in advance (generated or uploaded). */
export type TableScheme = Exclude<RandomisationScheme, { method: 'minimisation' }>;
export type MinimisationScheme = Extract<RandomisationScheme, { method: 'minimisation' }>;
export type BlockScheme = Extract<RandomisationScheme, { method: 'blocks' | 'stratifiedBlocks' }>;

export function isTableScheme(scheme: RandomisationScheme): scheme is TableScheme {
  return scheme.method !== 'minimisation';
}

/** The sum of the arms' ratios: the smallest balanced block. */
export function ratioSum(armList: readonly Pick<Arm, 'ratio'>[]): number {
  return armList.reduce((sum, arm) => sum + arm.ratio, 0);
}

/** The n-th random number (1-based) in the scheme's format; a number wider than the width is written in full. */
export function formatRandomNumber(format: RandomNumberFormat, n: number): string {
  return `${format.prefix}${String(n).padStart(format.width, '0')}`;
}

/** Positions of values that repeat an earlier one, compared without case (`A` and `a` would be read as one). */
function duplicates(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  values.forEach((value, index) => {
    const key = value.toLowerCase();
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}
