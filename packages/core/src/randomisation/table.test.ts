import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { AGE, ARMS_2_TO_1, SEX, SITES, tableScheme } from './randomisation.fixture.js';
import type { TableSlot } from './table.js';
import { generateTable, TABLE_SLOTS_MAX } from './table.js';

const SEED = '6d1c0f4e2a9b8c7d5e3f1a2b4c6d8e0f';
const share = (slots: readonly TableSlot[], arm: string) => slots.filter((slot) => slot.arm === arm).length / slots.length;

function groupBy<K>(slots: readonly TableSlot[], key: (slot: TableSlot) => K): Map<K, TableSlot[]> {
  const groups = new Map<K, TableSlot[]>();
  for (const slot of slots) groups.set(key(slot), [...(groups.get(key(slot)) ?? []), slot]);
  return groups;
}

/** Running counts of each arm at every block end of one stratum's slots. */
function countsAtBlockEnds(slots: readonly TableSlot[]): { seq: number; T: number; C: number }[] {
  let T = 0;
  let C = 0;
  return slots.flatMap((slot, index) => {
    if (slot.arm === 'T') T += 1;
    else C += 1;
    const next = slots[index + 1];
    return next === undefined || next.block !== slot.block ? [{ seq: slot.seq, T, C }] : [];
  });
}

describe('generated randomisation lists (docs/decisions.md, "Randomisation")', () => {
  it('simple randomisation: over 10,000 subjects a 2:1 ratio holds within ±2 percentage points, with no blocks', () => {
    const slots = generateTable(tableScheme({ method: 'simple', arms: ARMS_2_TO_1, tableSize: 10_000 }), SEED, []);
    expect(slots).toHaveLength(10_000);
    expect(Math.abs(share(slots, 'T') - 2 / 3)).toBeLessThan(0.02);
    expect(slots.every((slot) => slot.block === null && slot.blockSize === null)).toBe(true);
    // Independent draws are not forced back to the ratio: somewhere the running counts stray well away.
    let worst = 0;
    let T = 0;
    slots.forEach((slot, index) => {
      if (slot.arm === 'T') T += 1;
      worst = Math.max(worst, Math.abs(T / 2 - (index + 1 - T)));
    });
    expect(worst).toBeGreaterThan(10);
  });

  it('permuted blocks are exactly balanced at every block end: over 10,000 subjects the counts are exactly 2:1 there', () => {
    const slots = generateTable(tableScheme({ method: 'blocks', arms: ARMS_2_TO_1, blockSizes: [6], tableSize: 10_000 }), SEED, []);
    const ends = countsAtBlockEnds(slots);
    expect(ends).toHaveLength(10_002 / 6);
    for (const end of ends) expect(end.T, `after slot ${end.seq}`).toBe(2 * end.C);
    expect(share(slots, 'T')).toBe(2 / 3);
  });

  it('a fixed block size gives only that size, and every block holds each arm ratio × size / ratio sum times', () => {
    const slots = generateTable(tableScheme({ method: 'blocks', arms: ARMS_2_TO_1, blockSizes: [6], tableSize: 600 }), SEED, []);
    const blocks = groupBy(slots, (slot) => slot.block);
    for (const rows of blocks.values()) {
      expect(rows.map((slot) => slot.blockSize)).toEqual(Array<number>(6).fill(6));
      expect(rows.filter((slot) => slot.arm === 'T')).toHaveLength(4);
    }
    // The arms are permuted within blocks, not laid out in one order.
    expect(new Set([...blocks.values()].map((rows) => rows.map((slot) => slot.arm).join(''))).size).toBeGreaterThan(10);
  });

  it('varying block sizes actually vary, each block is one of the given sizes and each size is drawn about equally often', () => {
    const slots = generateTable(tableScheme({ method: 'blocks', arms: ARMS_2_TO_1, blockSizes: [3, 6, 9], tableSize: 10_000 }), SEED, []);
    const sizes = [...groupBy(slots, (slot) => slot.block).values()].map((rows) => {
      expect(rows.every((slot) => slot.blockSize === rows.length)).toBe(true);
      return rows.length;
    });
    expect(new Set(sizes)).toEqual(new Set([3, 6, 9]));
    for (const size of [3, 6, 9]) expect(Math.abs(sizes.filter((item) => item === size).length / sizes.length - 1 / 3)).toBeLessThan(0.05);
    for (const end of countsAtBlockEnds(slots)) expect(end.T).toBe(2 * end.C);
  });

  it('makes at least tableSize slots per stratum and completes the last block, numbering 1, 2, … within each stratum', () => {
    const scheme = tableScheme({ method: 'stratifiedBlocks', arms: ARMS_2_TO_1, blockSizes: [6], factors: [AGE, SEX], stratifyBySite: true, tableSize: 10 });
    const slots = generateTable(scheme, SEED, SITES);
    const strata = groupBy(slots, (slot) => slot.stratum);
    expect(strata.size).toBe(12);
    for (const rows of strata.values()) {
      expect(rows.map((slot) => slot.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(rows.map((slot) => slot.block)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    }
  });

  it('gives random numbers in the scheme’s format, unique across the whole list', () => {
    const scheme = tableScheme({ method: 'stratifiedBlocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], factors: [AGE, SEX], stratifyBySite: true, tableSize: 20, randomNumber: { prefix: 'BAL-', width: 5 } });
    const slots = generateTable(scheme, SEED, SITES);
    expect(new Set(slots.map((slot) => slot.randomNumber)).size).toBe(slots.length);
    expect(slots[0]?.randomNumber).toBe('BAL-00001');
    expect(slots.at(-1)?.randomNumber).toBe(`BAL-${String(slots.length).padStart(5, '0')}`);
  });

  // A list in use must never change. The expected arms were worked out apart from this code: the C program's
  // sfc32 outputs for the stratum's derived seed, run through the documented steps in a short Python script
  // (block size: nextInt over the sizes; Fisher–Yates from the last position; simple: nextInt(ratio sum)).
  it('a seed’s list never changes: the first slots of a known seed, simple and in blocks', () => {
    const arms = (input: Parameters<typeof tableScheme>[0]) => generateTable(tableScheme(input), 'balance-test-seed', []).map((slot) => slot.arm).join('');
    expect(arms({ method: 'simple', arms: ARMS_2_TO_1, tableSize: 12 })).toBe('CTTCTTCCTCTT');
    expect(arms({ method: 'blocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], tableSize: 12 })).toBe('TTTTCCCTCTTT');
  });

  it('the same seed gives the same list and a different seed a different one', () => {
    const scheme = tableScheme({ method: 'stratifiedBlocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], factors: [AGE], stratifyBySite: true, tableSize: 30 });
    const list = generateTable(scheme, SEED, SITES);
    expect(generateTable(scheme, SEED, SITES)).toEqual(list);
    const other = generateTable(scheme, `${SEED.slice(0, -1)}1`, SITES);
    expect(other.map((slot) => slot.arm)).not.toEqual(list.map((slot) => slot.arm));
  });

  it('deriving per-stratum streams means adding a site leaves other strata’s slots unchanged', () => {
    const scheme = tableScheme({ method: 'stratifiedBlocks', arms: ARMS_2_TO_1, blockSizes: [3, 6], factors: [AGE, SEX], stratifyBySite: true, tableSize: 24 });
    const before = generateTable(scheme, SEED, SITES);
    // Appended, as the server passes sites in the order they were added: every slot stays, numbers included.
    const appended = generateTable(scheme, SEED, [...SITES, 'SITE04']);
    expect(appended.slice(0, before.length)).toEqual(before);
    expect(appended.slice(before.length).every((slot) => slot.stratum.startsWith('SITE04|'))).toBe(true);
    // Even placed first, the new site moves no other stratum's arms or blocks (only the running numbers).
    const first = generateTable(scheme, SEED, ['SITE00', ...SITES]);
    const withoutNumbers = (slots: readonly TableSlot[]) => slots.filter((slot) => !slot.stratum.startsWith('SITE00|')).map(({ randomNumber: _number, ...slot }) => slot);
    expect(withoutNumbers(first)).toEqual(withoutNumbers(before));
  });

  it(`refuses a list of more than ${TABLE_SLOTS_MAX} slots before making it`, () => {
    const scheme = tableScheme({ method: 'stratifiedBlocks', arms: ARMS_2_TO_1, blockSizes: [3], factors: [AGE, SEX], stratifyBySite: true, tableSize: 100_000 });
    const sites = Array.from({ length: 3 }, (_, index) => `S${index}`);
    expect(() => generateTable(scheme, SEED, sites)).toThrow(AppError);
    expect(() => generateTable(scheme, SEED, sites)).toThrow('randomisation.table_too_large');
  });
});
