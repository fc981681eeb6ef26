import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key that seals audit chain heads (docs/security.md, "Keys"). It lives outside the database, so
 * whoever can rewrite the database cannot make a rewritten chain look sealed: AUDIT_SEAL_KEY, or else a
 * random key created at first start in the data directory, readable by its owner only.
 */
export interface SealKey {
  secret: Buffer;
  /** Names the key in every seal without revealing it, so seals made with another key are told apart. */
  id: string;
  /** Where the key came from, for messages. */
  source: 'environment' | 'file';
}

export const SEAL_KEY_FILE = 'audit-seal.key';

function fromSecret(secret: Buffer, source: SealKey['source']): SealKey {
  const id = createHmac('sha256', secret).update('dcap-audit-seal-key-id').digest('hex').slice(0, 16);
  return { secret, id, source };
}

/** Group or others may read the file: the key is only worth something while nobody else can read it. */
function tooOpen(file: string): boolean {
  return process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0;
}

function readKeyFile(file: string): SealKey {
  if (tooOpen(file)) throw new Error(`${file} may be read by other users; restrict it to its owner (chmod 600) or set AUDIT_SEAL_KEY`);
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${file} does not hold a seal key (64 hexadecimal digits)`);
  return fromSecret(Buffer.from(text, 'hex'), 'file');
}

/**
 * The seal key: AUDIT_SEAL_KEY when set, else the key file in `dataDir`. With `create`, a missing key
 * file is made (mode 0600; an exclusive create, so two instances starting at once end up with one key);
 * without it (the verifier) a missing key is `null`, since a new key could not check old seals.
 */
export function loadSealKey(options: { key: string | undefined; dataDir: string; create: boolean }): SealKey | null {
  if (options.key !== undefined) return fromSecret(Buffer.from(options.key, 'utf8'), 'environment');
  const file = path.join(options.dataDir, SEAL_KEY_FILE);
  if (fs.existsSync(file)) return readKeyFile(file);
  if (!options.create) return null;
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}
