import { sql } from 'kysely';
import type { Executor } from './repo.js';

/** A stored seal as its columns hold it. */
export interface SealRow {
  chain: number;
  last_id: number;
  last_hash: string;
  row_count: number;
  sealed_at: Date;
  key_id: string;
  mac: string;
}

const SEAL_COLUMNS = ['chain', 'last_id', 'last_hash', 'row_count', 'sealed_at', 'key_id', 'mac'] as const;

/** Every chain that has rows, found by skipping through the (chain, id) index rather than reading the table. */
export async function listChains(db: Executor): Promise<number[]> {
  const result = await sql<{ chain: number }>`
    WITH RECURSIVE c AS (
      SELECT min(chain) AS chain FROM audit_log
      UNION ALL
      SELECT (SELECT min(chain) FROM audit_log WHERE chain > c.chain) FROM c WHERE c.chain IS NOT NULL
    )
    SELECT chain FROM c WHERE chain IS NOT NULL`.execute(db);
  return result.rows.map((row) => row.chain);
}

/** The latest seal of a chain made with this key. */
export async function latestSeal(db: Executor, keyId: string, chain: number): Promise<SealRow | undefined> {
  return db.selectFrom('audit_seals').select(SEAL_COLUMNS).where('key_id', '=', keyId).where('chain', '=', chain).orderBy('last_id', 'desc').limit(1).executeTakeFirst();
}

/** The hash an audit row carries (in this chain, when one is named). */
export async function rowHash(db: Executor, id: number, chain?: number): Promise<string | undefined> {
  let query = db.selectFrom('audit_log').select('hash').where('id', '=', id);
  if (chain !== undefined) query = query.where('chain', '=', chain);
  return (await query.executeTakeFirst())?.hash;
}

/** How many rows a chain has after a row id, and the last of them (null when none). */
export async function rowsAfter(db: Executor, chain: number, after: number): Promise<{ n: number; last: number | null }> {
  return db
    .selectFrom('audit_log')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
    .where('chain', '=', chain)
    .where('id', '>', after)
    .executeTakeFirstOrThrow();
}

export async function insertSeal(db: Executor, values: Omit<SealRow, 'sealed_at'>): Promise<SealRow> {
  return db.insertInto('audit_seals').values(values).returning(SEAL_COLUMNS).executeTakeFirstOrThrow();
}

/** Every stored seal in the order written. */
export async function allSeals(db: Executor): Promise<SealRow[]> {
  return db.selectFrom('audit_seals').select(SEAL_COLUMNS).orderBy('id').execute();
}

/** Takes the sealing lock until the transaction ends: waiting for it, or (`wait` false) only if it is free. */
export async function lockSealing(db: Executor, lock: number, wait: boolean): Promise<boolean> {
  if (!wait) return (await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${lock}) AS ok`.execute(db)).rows[0]?.ok === true;
  await sql`SELECT pg_advisory_xact_lock(${lock})`.execute(db);
  return true;
}
