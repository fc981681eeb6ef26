import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

/**
 * A digest of every table's rows, to prove a refused or rejected call changed nothing. A session's
 * `last_seen_at` moves on every signed-in call by design (the idle timeout), so it is left out.
 */
const VOLATILE_COLUMNS = ['last_seen_at'];

export async function tableChecksums(database: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(database.db);
  const strip = VOLATILE_COLUMNS.map((column) => ` - '${column}'`).join('');
  const parts = tables.rows.map(
    ({ name }) =>
      `SELECT '${name}' AS name, md5(coalesce(string_agg(r.row, '|' ORDER BY r.row), '')) AS digest ` +
      `FROM (SELECT (to_jsonb(t)${strip})::text AS row FROM "${name}" t) r`,
  );
  const result = await sql<{ name: string; digest: string }>`${sql.raw(parts.join(' UNION ALL '))}`.execute(database.db);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}

/** The tables whose digest differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
