import { describe, expect, it } from 'vitest';
import { generateKey, tableCellKey, tableColumnKey } from './keys.js';

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

describe('column keys: the prefix and the first free number (readable, docs/decisions.md "Readable table keys")', () => {
  it.each<[string, string]>([
    ['col', 'COL1'],
    ['LBORRES', 'LBORRES1'],
    ['lb-test!', 'LBTEST1'],
    ['9x', 'COL9X1'],
  ])('prefix %s gives %s', (prefix, expected) => {
    expect(tableColumnKey(prefix, new Set())).toBe(expected);
  });

  it('numbers on past the keys already in the panel', () => {
    const used = new Set(['COL1']);
    expect([tableColumnKey('COL', used), tableColumnKey('COL', used)]).toEqual(['COL2', 'COL3']);
  });

  it('cuts a long prefix so the key stays within 50 characters', () => {
    const key = tableColumnKey('A'.repeat(80), new Set());
    expect(key.length).toBeLessThanOrEqual(50);
    expect(key).toMatch(/^A+1$/);
  });

  it('still draws at random when a caller passes a random source', () => {
    expect(tableColumnKey('COL', new Set(['COL50000']), draws(0.5, 0.1))).toBe('COL10000');
  });
});

describe('table cell keys join the table key, the column key and the row number (e.g. vitals_bp_r1)', () => {
  it.each<[string, string, number | null, string]>([
    ['vitals', 'bp', 0, 'vitals_bp_r1'],
    ['vitals', 'bp', null, 'vitals_bp'],
    ['TABLE12', 'COL2', 4, 'TABLE12_COL2_R5'],
  ])('%s / %s / row %s gives %s', (table, column, row, expected) => {
    expect(tableCellKey(table, column, row, new Set())).toBe(expected);
  });

  it('stays unique in the panel and within the 32-character field-name limit', () => {
    const used = new Set(['vitals_bp_r1']);
    expect(tableCellKey('vitals', 'bp', 0, used)).toBe('vitals_bp_r1_2');
    const long = tableCellKey('T'.repeat(30), 'COLUMN', 9, new Set());
    expect(long.length).toBeLessThanOrEqual(32);
    expect(long.endsWith('_R10')).toBe(true);
  });
});
