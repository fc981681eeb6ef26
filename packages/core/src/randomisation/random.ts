/**
 * Seeded random numbers for randomisation (docs/decisions.md, "Randomisation"). A randomisation list must be
 * reproducible from its seed for as long as the trial's records are kept, on any machine, so the generator is
 * ours rather than `Math.random` or a library whose algorithm may change: sfc32 (Chris Doty-Humphrey's Small
 * Fast Counter generator, 32-bit, as in PractRand), seeded with the cyrb128 string hash (bryc, public domain).
 * Both use only 32-bit integer arithmetic (`Math.imul`, shifts), which JavaScript defines exactly, so the
 * same seed gives the same numbers everywhere. Core stays pure: fresh entropy is handed in by the caller.
 */

const TWO_32 = 4_294_967_296;
/** Outputs thrown away after seeding, as PractRand seeds sfc32, so nearby seeds part company at once. */
const WARM_UP = 12;
/** Bytes of entropy in a new seed: 128 bits, the size of the generator's state. */
export const SEED_BYTES = 16;

/**
 * cyrb128: four 32-bit words from a string's UTF-16 code units. Not a cryptographic hash; it only spreads a
 * seed (itself 128 random bits) over the generator's state.
 */
export function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ unit, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ unit, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ unit, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ unit, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A stream of random numbers; every draw advances it. */
export interface Random {
  /** An integer in [0, 2^32). */
  nextUint32(): number;
  /** A number in [0, 1) with 32 bits of resolution. */
  nextFloat(): number;
  /** An integer in [0, n), without modulo bias (draws beyond the largest multiple of n are drawn again). */
  nextInt(n: number): number;
  /** A new array holding the items in random order (Fisher–Yates, from the last position down). */
  shuffle<T>(items: readonly T[]): T[];
}

class Sfc32 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private counter: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.counter] = cyrb128(seed);
    for (let round = 0; round < WARM_UP; round += 1) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.counter) | 0;
    this.counter = (this.counter + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  nextFloat(): number {
    return this.nextUint32() / TWO_32;
  }

  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`nextInt needs an integer from 1 to 2^32, not ${n}`);
    const limit = TWO_32 - (TWO_32 % n);
    let draw = this.nextUint32();
    while (draw >= limit) draw = this.nextUint32();
    return draw % n;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const result = [...items];
    for (let index = result.length - 1; index > 0; index -= 1) {
      const other = this.nextInt(index + 1);
      const item = result[index] as T;
      result[index] = result[other] as T;
      result[other] = item;
    }
    return result;
  }
}

/** The stream of a seed: the same seed always gives the same numbers. */
export function createRandom(seed: string): Random {
  return new Sfc32(seed);
}

/**
 * The seed of a named child stream, as 32 hexadecimal digits. The seed's length is part of what is hashed, so
 * no seed and name can pass for another pair (`ab` + `c` against `a` + `bc`). Each stratum, trial and
 * minimisation allocation draws from its own child, so adding one never moves another's numbers.
 */
export function deriveSeed(seed: string, name: string): string {
  return hex(cyrb128(`${seed.length}:${seed}/${name}`));
}

/** The stream of a named child of a seed, e.g. `derive(seed, 'stratum:SITE01|AGE:1')`. */
export function derive(seed: string, name: string): Random {
  return createRandom(deriveSeed(seed, name));
}

/**
 * A fresh seed for a new design from entropy the caller drew (the server's `crypto.getRandomValues`): the
 * bytes in lower-case hexadecimal. At least SEED_BYTES bytes, so a seed cannot be guessed by trying them all.
 */
export function newSeed(entropy: Uint8Array): string {
  if (entropy.length < SEED_BYTES) throw new RangeError(`A seed needs at least ${SEED_BYTES} bytes of entropy, not ${entropy.length}`);
  return Array.from(entropy, (byte) => HEX_BYTES[byte] ?? '').join('');
}

/**
 * An index drawn with the given non-negative integer weights (an arm by its ratio): one `nextInt` over their
 * sum, so a 2:1 draw is exact rather than a rounded float comparison.
 */
export function pickWeighted(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const weight of weights) total += weight;
  let target = random.nextInt(total);
  for (let index = 0; index < weights.length; index += 1) {
    target -= weights[index] as number;
    if (target < 0) return index;
  }
  throw new RangeError('pickWeighted needs a positive total weight');
}

/** Two hexadecimal digits per byte value, looked up: a simulation derives a seed for every allocation. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex(words: readonly number[]): string {
  let text = '';
  for (const word of words) {
    text += (HEX_BYTES[word >>> 24] ?? '') + (HEX_BYTES[(word >>> 16) & 255] ?? '') + (HEX_BYTES[(word >>> 8) & 255] ?? '') + (HEX_BYTES[word & 255] ?? '');
  }
  return text;
}
