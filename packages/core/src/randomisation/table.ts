import { AppError } from '../errors/app-error.js';
import type { Random } from './random.js';
import { derive, pickWeighted } from './random.js';
import type { TableScheme } from './scheme.js';
import { formatRandomNumber } from './scheme.js';
import { countStrata, listStrata } from './strata.js';

/** One slot of a randomisation list: the arm the n-th subject of a stratum receives. */
export interface TableSlot {
  stratum: string;
  /** 1, 2, … within the stratum. */
  seq: number;
  /** The block's number within the stratum (1, 2, …); null under simple randomisation. */
  block: number | null;
  blockSize: number | null;
  /** The arm's code. */
  arm: string;
  /** Unique across the whole list. */
  randomNumber: string;
}

/** A list holds at most this many slots, so one request cannot make the server build millions of rows. */
export const TABLE_SLOTS_MAX = 1_000_000;

/**
 * A stratum's allocation sequence: `next()` answers the next slot's arm index, and the fields describe that
 * slot's block. Fields rather than an object per draw: a simulation draws hundreds of thousands.
 */
export interface ArmSequence {
  next(): number;
  /** The block's number within the stratum (1, 2, …); null under simple randomisation. */
  readonly block: number | null;
  readonly blockSize: number | null;
  /** Whether the last slot drawn closes its block (always, under simple randomisation). */
  readonly endsBlock: boolean;
}

/** The stream of a stratum's list: its own child of the seed, so no other stratum moves it. */
export function stratumStream(seed: string, stratum: string): Random {
  return derive(seed, `stratum:${stratum}`);
}

/**
 * The endless allocation sequence of one stratum. Simple: each slot an independent draw weighted by the
 * ratios. Blocks: each block holds every arm `ratio × size / ratioSum` times in random order, so the counts
 * are exactly in ratio at every block end; with several sizes, each block's size is drawn uniformly from
 * them first, so the size of the next block cannot be foreseen.
 */
export function armSequence(scheme: TableScheme, random: Random): ArmSequence {
  const ratios = scheme.arms.map((arm) => arm.ratio);
  if (scheme.method === 'simple') return { next: () => pickWeighted(random, ratios), block: null, blockSize: null, endsBlock: true };
  return new PermutedBlocks(scheme.blockSizes, ratios, random);
}

class PermutedBlocks implements ArmSequence {
  private readonly templates: number[][];
  private current: number[] = [];
  private position = 0;
  block = 0;

  constructor(
    sizes: readonly number[],
    ratios: readonly number[],
    private readonly random: Random,
  ) {
    const sum = ratios.reduce((total, ratio) => total + ratio, 0);
    // Plain loops: a simulation makes these for every stratum of every trial.
    this.templates = sizes.map((size) => {
      const template: number[] = [];
      ratios.forEach((ratio, arm) => {
        for (let count = (ratio * size) / sum; count > 0; count -= 1) template.push(arm);
      });
      return template;
    });
  }

  get blockSize(): number {
    return this.current.length;
  }

  get endsBlock(): boolean {
    return this.position === this.current.length;
  }

  next(): number {
    if (this.position === this.current.length) {
      const template = this.templates.length === 1 ? this.templates[0] : this.templates[this.random.nextInt(this.templates.length)];
      this.current = this.random.shuffle(template ?? []);
      this.position = 0;
      this.block += 1;
    }
    const arm = this.current[this.position] ?? 0;
    this.position += 1;
    return arm;
  }
}

/**
 * The randomisation list of a scheme for the given sites (docs/decisions.md, "Randomisation"): strata in
 * `listStrata` order, each with `tableSize` slots, more when needed to close the last block (a list of
 * blocks never ends inside one). The same scheme, seed and sites give the same list; random numbers run on
 * across strata in that order, so appending a site appends slots and changes none.
 */
export function generateTable(scheme: TableScheme, seed: string, siteCodes: readonly string[]): TableSlot[] {
  const least = countStrata(scheme, new Set(siteCodes).size) * scheme.tableSize;
  if (least > TABLE_SLOTS_MAX) throw new AppError('randomisation.table_too_large', { slots: least, max: TABLE_SLOTS_MAX });
  const slots: TableSlot[] = [];
  for (const stratum of listStrata(scheme, siteCodes)) {
    const sequence = armSequence(scheme, stratumStream(seed, stratum.key));
    let seq = 0;
    do {
      const arm = scheme.arms[sequence.next()]?.code ?? '';
      seq += 1;
      slots.push({ stratum: stratum.key, seq, block: sequence.block, blockSize: sequence.blockSize, arm, randomNumber: formatRandomNumber(scheme.randomNumber, slots.length + 1) });
    } while (seq < scheme.tableSize || !sequence.endsBlock);
  }
  return slots;
}
