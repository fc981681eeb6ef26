import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The chain trigger finds its chain's last row through the (chain, id) index (docs/security.md). Asked
 * for `WHERE chain = x ORDER BY id DESC`, the planner's generic plan may walk the primary key backwards
 * and filter on the chain, reading every newer row of other chains first: a quiet project's next write,
 * or the platform's after a busy day of data entry, would read the whole tail of the table under its
 * chain's lock. A range on the chain ordered by (chain, id) can only be served by that index: its first
 * entry at or below the chain is the chain's last row, or else the chain has none yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      last_chain integer;
      last_hash text;
    BEGIN
      NEW.chain := coalesce(NEW.project_id, 0);
      -- One writer at a time extends each chain, holding its chain's lock until its transaction ends, so
      -- a chain's order equals its id order. The two-key form keeps chains apart without hashing.
      PERFORM pg_advisory_xact_lock(724300101, NEW.chain);
      NEW.id := nextval('audit_log_id_seq');
      NEW.at := now();
      SELECT chain, hash INTO last_chain, last_hash FROM audit_log WHERE chain <= NEW.chain ORDER BY chain DESC, id DESC LIMIT 1;
      IF last_chain IS DISTINCT FROM NEW.chain THEN
        last_hash := NULL;
      END IF;
      NEW.prev_hash := coalesce(last_hash, 'genesis');
      NEW.hash := audit_row_digest(NEW);
      RETURN NEW;
    END
    $$`.execute(db);
}

export function down(): Promise<void> {
  // The audit trail is never dropped by a migration (COMPLIANCE IM-4).
  return Promise.reject(new Error('0008 cannot be reverted'));
}
