import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Executor } from './repo.js';
import type { Config } from '../../config.js';
import type { SealKey } from './seal-key.js';
import * as repo from './seal-repo.js';
import { loadSealKey } from './seal-key.js';
import type { StoredSeal } from './verify.js';

/**
 * Sealed chain heads (docs/security.md). A seal states, under an HMAC whose key is kept outside the
 * database, how far a chain went: its last row id, that row's hash and the number of rows up to it. A
 * chain later cut short, or rebuilt from scratch with consistent hashes, no longer matches its seals.
 * Seals are stored in `audit_seals` and appended to a JSON-lines file outside the database.
 */
export interface SealedHead {
  chain: number;
  lastId: number;
  lastHash: string;
  rowCount: number;
  sealedAt: string;
  keyId: string;
  mac: string;
}

export interface Sealer {
  db: Kysely<Database>;
  key: SealKey;
  /** The JSON-lines file every new seal is appended to; null keeps seals in the database only. */
  file: string | null;
}

export const SEAL_FILE = 'audit-seals.jsonl';

/** Two instances never seal at the same moment; a scheduled run that finds the lock taken skips its turn. */
const SEALING_LOCK = 724300102;

type HeadFields = Pick<SealedHead, 'chain' | 'lastId' | 'lastHash' | 'rowCount'>;

export function sealMac(key: SealKey, head: HeadFields): string {
  return createHmac('sha256', key.secret)
    .update(`dcap-audit-seal-v1\n${head.chain}\n${head.lastId}\n${head.lastHash}\n${head.rowCount}`)
    .digest('hex');
}

/** True when the seal was made with this key over exactly these fields. */
export function sealVerifies(key: SealKey, head: HeadFields & { mac: string }): boolean {
  const expected = Buffer.from(sealMac(key, head), 'hex');
  const given = Buffer.from(head.mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function sealFileIn(dir: string): string {
  return path.join(dir, SEAL_FILE);
}

/** The server's sealer: its key (created at first start when neither variable nor file gives one) and seal file. */
export function openSealer(db: Kysely<Database>, config: Pick<Config, 'auditSeal' | 'dataDir'>): Sealer {
  const key = loadSealKey({ key: config.auditSeal.key, dataDir: config.dataDir, create: true });
  if (!key) throw new Error('no audit seal key');
  return { db, key, file: sealFileIn(config.auditSeal.dir) };
}

function toHead(row: repo.SealRow): SealedHead {
  return {
    chain: row.chain,
    lastId: row.last_id,
    lastHash: row.last_hash,
    rowCount: row.row_count,
    sealedAt: row.sealed_at.toISOString(),
    keyId: row.key_id,
    mac: row.mac,
  };
}

export { listChains } from './seal-repo.js';

async function latestSeal(db: Executor, key: SealKey, chain: number): Promise<SealedHead | null> {
  const row = await repo.latestSeal(db, key.id, chain);
  return row ? toHead(row) : null;
}

export interface SealRun {
  sealed: SealedHead[];
  /** Chains not sealed because their latest seal no longer matches them: sealing them would launder a tampered chain. */
  refused: { chain: number; reason: string }[];
  /** Another instance held the sealing lock (scheduled runs only). */
  skipped: boolean;
}

/**
 * Extends one chain's seal: counts the rows after its latest seal (checked first: the seal must verify and
 * its row must still carry the sealed hash) and seals the new head. Counting from the last seal, never from
 * scratch, keeps a removed row removed: the next seal does not bless the shorter chain.
 */
async function sealChain(trx: Executor, key: SealKey, chain: number): Promise<SealedHead | { refused: string } | null> {
  const previous = await latestSeal(trx, key, chain);
  if (previous) {
    if (!sealVerifies(key, previous)) return { refused: `its latest seal (row ${previous.lastId}) does not verify` };
    if ((await repo.rowHash(trx, previous.lastId, chain)) !== previous.lastHash) return { refused: `row ${previous.lastId}, its latest sealed head, is missing or changed` };
  }
  // Within a chain, rows commit in id order (the chain lock is held to commit), so the rows visible now
  // are a prefix of the chain and the count is exact.
  const after = previous?.lastId ?? 0;
  const fresh = await repo.rowsAfter(trx, chain, after);
  // Both engines read int8 as numbers (db/database.ts); max is null only when the count is 0.
  const added = fresh.n;
  if (added === 0) return null;
  const lastId = fresh.last;
  const lastHash = lastId === null ? undefined : await repo.rowHash(trx, lastId);
  // Rows are never deleted (a trigger refuses it), so the row just counted is there.
  if (lastId === null || lastHash === undefined) throw new Error(`audit chain ${chain}: its last row could not be read while sealing`);
  const fields = { chain, lastId, lastHash, rowCount: (previous?.rowCount ?? 0) + added };
  const row = await repo.insertSeal(trx, { chain: fields.chain, last_id: fields.lastId, last_hash: fields.lastHash, row_count: fields.rowCount, key_id: key.id, mac: sealMac(key, fields) });
  return toHead(row);
}

const fileSeal = z.object({
  chain: z.number().int(),
  lastId: z.number().int(),
  lastHash: z.string(),
  rowCount: z.number().int(),
  sealedAt: z.string(),
  keyId: z.string(),
  mac: z.string(),
});

/**
 * Every seal the verifier compares the chains with: those in the database, then those in the seal file
 * (absent file: none). A line that is not a seal stops the verifier rather than being skipped unseen.
 */
export async function readSeals(db: Executor, file: string | null): Promise<StoredSeal[]> {
  const rows = await repo.allSeals(db);
  const seals: StoredSeal[] = rows.map((row) => ({ ...toHead(row), source: 'database' }));
  if (!file || !fs.existsSync(file)) return seals;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const seal = fileSeal.safeParse(parsed);
    if (!seal.success) throw new Error(`${file}, line ${index + 1}, is not a seal`);
    seals.push({ ...seal.data, source: 'file' });
  });
  return seals;
}

/** Appends seals to the file outside the database, one JSON object a line. */
function writeOut(file: string | null, heads: SealedHead[]): void {
  if (!file || heads.length === 0) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, heads.map((head) => `${JSON.stringify(head)}\n`).join(''));
}

/**
 * Seals the head of every chain (or of `chains`) that grew since its last seal, in one transaction, then
 * writes the new seals out. `wait` false (the schedule) skips the run when another instance is sealing.
 */
export async function sealChains(sealer: Sealer, options: { chains?: number[]; wait?: boolean } = {}): Promise<SealRun> {
  const run: SealRun = { sealed: [], refused: [], skipped: false };
  await sealer.db.transaction().execute(async (trx) => {
    if (!(await repo.lockSealing(trx, SEALING_LOCK, options.wait !== false))) {
      run.skipped = true;
      return;
    }
    for (const chain of options.chains ?? (await repo.listChains(trx))) {
      const outcome = await sealChain(trx, sealer.key, chain);
      if (outcome && 'refused' in outcome) run.refused.push({ chain, reason: outcome.refused });
      else if (outcome) run.sealed.push(outcome);
    }
  });
  writeOut(sealer.file, run.sealed);
  return run;
}

/**
 * The current sealed head of one chain (a project's id, or 0 for the platform), sealed now if the chain
 * grew since; null for a chain without rows. Exports embed it, so a copy of the data carries proof of how
 * far the audit trail went when it was made (docs/security.md).
 */
export async function currentSealedHead(sealer: Sealer, chain: number): Promise<SealedHead | null> {
  const run = await sealChains(sealer, { chains: [chain] });
  const refusal = run.refused[0];
  if (refusal) throw new Error(`audit chain ${chain} cannot be sealed: ${refusal.reason}; run npm run audit:verify`);
  return run.sealed[0] ?? (await latestSeal(sealer.db, sealer.key, chain));
}

/**
 * Seals on a schedule until the returned function is called (it waits for a run in progress). A failed
 * or refused run is reported through `warn` and tried again at the next tick.
 */
export function scheduleSealing(sealer: Sealer, intervalMs: number, warn: (message: string) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = sealChains(sealer, { wait: false }).then(
      (run) => {
        for (const refusal of run.refused) warn(`audit chain ${refusal.chain} was not sealed: ${refusal.reason}; run npm run audit:verify`);
      },
      (error: unknown) => warn(`audit sealing failed: ${error instanceof Error ? error.message : String(error)}`),
    ).finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
