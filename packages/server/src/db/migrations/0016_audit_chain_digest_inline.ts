import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The chain trigger computes each row's digest itself instead of calling `audit_row_digest(NEW)`: PL/pgSQL
 * runs that call as a query of its own for every row, which was about half of the trigger's time, and the
 * trigger runs inside the chain's lock, so its time is the time other writers of the project wait
 * (docs/architecture.md, "Data"). The expression is `audit_row_digest`'s, unchanged, and that function
 * stays what verification recomputes; a test keeps the two equal on rows of the platform and of a project.
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
      -- audit_row_digest(NEW), written out (see above).
      NEW.hash := encode(sha256(convert_to((jsonb_build_array(
        NEW.id, (extract(epoch FROM NEW.at) * 1000000)::bigint, NEW.actor_id, NEW.actor_username, NEW.actor_role,
        NEW.action, NEW.entity_type, NEW.entity_id, NEW.project_id, NEW.env, NEW.site_id, NEW.old_value, NEW.new_value,
        NEW.reason, NEW.ip, NEW.prev_hash
      ) || CASE WHEN NEW.chain = 0 THEN '[]'::jsonb ELSE jsonb_build_array(NEW.chain) END)::text, 'UTF8')), 'hex');
      RETURN NEW;
    END
    $$`.execute(db);
}

export function down(): Promise<void> {
  // The audit trail is never dropped by a migration (COMPLIANCE IM-4).
  return Promise.reject(new Error('0016 cannot be reverted'));
}
