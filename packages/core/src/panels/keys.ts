import { COLUMN_FIELD_NAME_MAX, FIELD_NAME_MAX, KEY_RANDOM_MAX } from './constants.js';

/** Random draws tried before falling back to the first free number, so a poor random source still ends. */
const RANDOM_ATTEMPTS = 50;

function uniqueNumberedKey(prefix: string, usedKeys: Set<string>, random: () => number, maxLength: number): string {
  const base = prefix.toUpperCase().slice(0, maxLength - String(KEY_RANDOM_MAX).length);
  const candidate = (n: number) => `${base}${String(n)}`;
  for (let attempt = 0; attempt < RANDOM_ATTEMPTS; attempt += 1) {
    const key = candidate(1 + Math.floor(random() * KEY_RANDOM_MAX));
    if (!usedKeys.has(key)) {
      usedKeys.add(key);
      return key;
    }
  }
  for (let n = 1; n <= KEY_RANDOM_MAX; n += 1) {
    const key = candidate(n);
    if (!usedKeys.has(key)) {
      usedKeys.add(key);
      return key;
    }
  }
  throw new RangeError(`no free key left for ${base}`);
}

/**
 * Spec 001 §4.1: a new widget's key (and model) is its type plus a random number from 1 to 99999,
 * uppercased, unique in the panel. The key is added to `usedKeys`, so keys made one after another for the
 * same panel (a grid with its cells, a table with its columns) never collide either.
 */
export function generateKey(type: string, usedKeys: Set<string>, random: () => number = Math.random): string {
  return uniqueNumberedKey(type, usedKeys, random, FIELD_NAME_MAX);
}

/**
 * A table column's key: the prefix and the first free number (COL1, COL2 …), at most 50 characters (spec
 * 001 §5.2). The spec draws the number at random; a readable, ordered key is what a study team exports and
 * reads in the data dictionary, and the random source is kept only for callers that still pass one
 * (docs/decisions.md, "Readable table keys").
 */
export function tableColumnKey(prefix: string, usedKeys: Set<string>, random?: () => number): string {
  const cleaned = prefix.replace(/[^A-Za-z0-9_]/g, '');
  const base = /^[A-Za-z]/.test(cleaned) ? cleaned : `COL${cleaned}`;
  if (random) return uniqueNumberedKey(base, usedKeys, random, COLUMN_FIELD_NAME_MAX);
  return firstFreeNumberedKey(base.toUpperCase().slice(0, COLUMN_FIELD_NAME_MAX - String(KEY_RANDOM_MAX).length), usedKeys);
}

function firstFreeNumberedKey(base: string, usedKeys: Set<string>): string {
  for (let n = 1; n <= KEY_RANDOM_MAX; n += 1) {
    const key = `${base}${String(n)}`;
    if (!usedKeys.has(key)) {
      usedKeys.add(key);
      return key;
    }
  }
  throw new RangeError(`no free key left for ${base}`);
}

/**
 * The key of a widget in a table cell, built from the table's key, the column's key and, for a row's own
 * cell (spec 001 §3.6 widgetMap), the row number counted from 1: `vitals_bp` for the column's cell,
 * `vitals_bp_r1` for row 1's (`TABLE1_COL1_R1` when the keys are upper case). The data dictionary then
 * says where a value sits without a lookup. Cut to the field-name limit (§5.2) and numbered when taken, so
 * it stays unique in the panel.
 */
export function tableCellKey(tableKey: string, columnKey: string, row: number | null, usedKeys: Set<string>): string {
  const joined = `${tableKey}_${columnKey}`;
  const rowMark = joined === joined.toUpperCase() ? 'R' : 'r';
  const suffix = row === null ? '' : `_${rowMark}${String(row + 1)}`;
  const head = joined.slice(0, FIELD_NAME_MAX - suffix.length);
  const wanted = `${head}${suffix}`;
  if (!usedKeys.has(wanted)) {
    usedKeys.add(wanted);
    return wanted;
  }
  for (let n = 2; n <= KEY_RANDOM_MAX; n += 1) {
    const tail = `${suffix}_${String(n)}`;
    const key = `${head.slice(0, FIELD_NAME_MAX - tail.length)}${tail}`;
    if (!usedKeys.has(key)) {
      usedKeys.add(key);
      return key;
    }
  }
  throw new RangeError(`no free key left for ${wanted}`);
}
