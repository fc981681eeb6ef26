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

/** Spec 001 §3.6: table column keys are generated randomly with a prefix; at most 50 characters (§5.2). */
export function tableColumnKey(prefix: string, usedKeys: Set<string>, random: () => number = Math.random): string {
  const cleaned = prefix.replace(/[^A-Za-z0-9_]/g, '');
  return uniqueNumberedKey(/^[A-Za-z]/.test(cleaned) ? cleaned : `COL${cleaned}`, usedKeys, random, COLUMN_FIELD_NAME_MAX);
}
