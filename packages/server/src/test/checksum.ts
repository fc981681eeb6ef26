import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

/**
 * A digest of every table, to prove a refused or rejected call changed nothing. PostgreSQL writes a new row
 * version on every INSERT and UPDATE (even one that sets the same values) and removes one on DELETE, so the
 * set of row versions — each row's ctid and creating transaction (xmin) — changes with any write, and is far
 * cheaper to digest than the rows' contents. A session's `last_seen_at` moves on every signed-in call by
 * design (the idle timeout), so the sessions table is digested by content, without that column.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

function digestOf(name: string): string {
  const volatile = VOLATILE_COLUMNS[name];
  if (volatile) {
    const strip = volatile.map((column) => ` - '${column}'`).join('');
    return (
      `SELECT '${name}' AS name, md5(coalesce(string_agg(r.row, '|' ORDER BY r.row), '')) AS digest ` +
      `FROM (SELECT (to_jsonb(t)${strip})::text AS row FROM "${name}" t) r`
    );
  }
  return `SELECT '${name}' AS name, md5(coalesce(string_agg(ctid::text || xmin::text, '|' ORDER BY ctid), '')) AS digest FROM "${name}"`;
}

export async function tableChecksums(database: DatabaseHandle): Promise<Record<string, string>> {
  return database.db.transaction().execute(async (trx) => {
    // The planner, seeing tables never analysed, would gather the scans in parallel workers, whose start-up
    // costs several times the digest itself on the tiny tables of a test database.
    await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
    const tables = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(trx);
    const result = await sql<{ name: string; digest: string }>`${sql.raw(tables.rows.map(({ name }) => digestOf(name)).join(' UNION ALL '))}`.execute(trx);
    return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
  });
}

/** The tables whose digest differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
