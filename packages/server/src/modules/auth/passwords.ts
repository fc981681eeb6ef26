import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { isPasswordAcceptable } from '@dcap/core';

/** The library's `Algorithm.Argon2id`, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;
/** argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): COMPLIANCE AC-4. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random secret, verified against when the login name is unknown, so a wrong name and a
 * wrong password take the same time and a caller cannot probe which names exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(generatePassword());
  return decoyHash;
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '@#%+=?';

/** A 16-character password with every character class, without look-alike characters (0/O, 1/l). */
export function generatePassword(length = 16): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set.charAt(randomInt(set.length));
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
    while (chars.length < length) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
    }
    const password = chars.join('');
    if (isPasswordAcceptable(password)) return password;
  }
}
