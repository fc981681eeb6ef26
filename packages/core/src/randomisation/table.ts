import { AppError } from '../errors/app-error.js';
import type { Random } from './random.js';
import { derive, pickWeighted } from './random.js';
import type { TableScheme } from './scheme.js';
import { formatRandomNumber, ratioSum } from './scheme.js';
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

/** The next allocation of a stratum's list, by arm index. */
export interface ArmDraw {
  arm: number;
  block: number | null;
  blockSize: number | null;
  /** Whether this slot closes its block (always, under simple randomisation). */
  endsBlock: boolean;
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
export function armSequence(scheme: TableScheme, random: Random): () => ArmDraw {
  const ratios = scheme.arms.map((arm) => arm.ratio);
  if (scheme.method === 'simple') return () => ({ arm: pickWeighted(random, ratios), block: null, blockSize: null, endsBlock: true });
  const sum = ratioSum(scheme.arms);
  const templates = scheme.blockSizes.map((size) => ratios.flatMap((ratio, arm) => Array<number>((ratio * size) / sum).fill(arm)));
  let current: number[] = [];
  let position = 0;
  let block = 0;
  return () => {
    if (position === current.length) {
      const template = templates.length === 1 ? templates[0] : templates[random.nextInt(templates.length)];
      current = random.shuffle(template ?? []);
      position = 0;
      block += 1;
    }
    const arm = current[position] as number;
    position += 1;
    return { arm, block, blockSize: current.length, endsBlock: position === current.length };
  };
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
    const next = armSequence(scheme, stratumStream(seed, stratum.key));
    let seq = 0;
    let draw: ArmDraw;
    do {
      draw = next();
      seq += 1;
      const arm = scheme.arms[draw.arm]?.code ?? '';
      slots.push({ stratum: stratum.key, seq, block: draw.block, blockSize: draw.blockSize, arm, randomNumber: formatRandomNumber(scheme.randomNumber, slots.length + 1) });
    } while (seq < scheme.tableSize || !draw.endsBlock);
  }
  return slots;
}
