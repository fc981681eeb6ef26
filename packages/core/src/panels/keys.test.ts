import { describe, expect, it } from 'vitest';
import { generateKey, tableColumnKey } from './keys.js';

/** A random source that plays back fixed draws, then repeats the last one. */
function draws(...values: number[]): () => number {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0;
}

describe('spec 001 §4.1: a key is the type plus a random number up to 99999, uppercased, unique in the panel', () => {
  it.each<[string, number, string]>([
    ['input', 0, 'INPUT1'],
    ['input', 0.5, 'INPUT50000'],
    ['textarea', 0.99999999, 'TEXTAREA99999'],
    ['radio', 0.123456, 'RADIO12346'],
    ['bullseyeplot', 0.2, 'BULLSEYEPLOT20000'],
    ['select', 0.00001, 'SELECT1'],
  ])('%s with draw %d gives %s', (type, draw, expected) => {
    expect(generateKey(type, new Set(), () => draw)).toBe(expected);
  });

  it('never goes above 99999 or below 1 over many draws', () => {
    for (let i = 0; i < 500; i += 1) {
      const n = Number(generateKey('x', new Set()).slice(1));
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(99_999);
    }
  });

  it('draws again when the key is already used in the panel', () => {
    expect(generateKey('input', new Set(['INPUT1']), draws(0, 0, 0.5))).toBe('INPUT50000');
  });

  it('adds the new key to the used set so the next call differs', () => {
    const used = new Set<string>();
    const first = generateKey('input', used, () => 0);
    const second = generateKey('input', used, () => 0);
    expect(used.has(first)).toBe(true);
    expect(second).not.toBe(first);
  });

  it('falls back to the first free number when the random source keeps colliding', () => {
    expect(generateKey('date', new Set(['DATE1', 'DATE2']), () => 0)).toBe('DATE3');
  });

  it('gives a hundred distinct keys for one panel', () => {
    const used = new Set<string>();
    const keys = Array.from({ length: 100 }, () => generateKey('number', used));
    expect(new Set(keys).size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^NUMBER\d{1,5}$/);
  });
});

describe('spec 001 §3.6: column keys are generated randomly with a prefix (§5.2: at most 50 characters)', () => {
  it.each<[string, string]>([
    ['col', 'COL50000'],
    ['LBORRES', 'LBORRES50000'],
    ['lb-test!', 'LBTEST50000'],
    ['9x', 'COL9X50000'],
  ])('prefix %s gives %s', (prefix, expected) => {
    expect(tableColumnKey(prefix, new Set(), () => 0.5)).toBe(expected);
  });

  it('cuts a long prefix so the key stays within 50 characters', () => {
    const key = tableColumnKey('A'.repeat(80), new Set());
    expect(key.length).toBeLessThanOrEqual(50);
    expect(key).toMatch(/^A+\d+$/);
  });

  it('does not reuse a key already in the panel', () => {
    expect(tableColumnKey('COL', new Set(['COL50000']), draws(0.5, 0.1))).toBe('COL10000');
  });
});
