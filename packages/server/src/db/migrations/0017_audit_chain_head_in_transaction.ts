import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The chain trigger remembers, for the rest of its transaction, the hash of the last row it appended to each
 * chain, in a transaction-local setting. The first row a transaction appends to a chain takes the chain's
 * lock and reads the chain's head as before; every further row of that transaction links to the remembered
 * hash, without taking the lock again or searching the chain's index: for a panel save's hundred audit rows
 * that was a third of the statement's time, spent inside the chain's lock (docs/architecture.md, "Data").
 *
 * Why this is the same chain: the lock is held until the transaction ends, so no other transaction appends
 * to the chain meanwhile and the remembered hash stays its head. A setting made with `set_config(..., true)`
 * ends with its transaction, and a rollback to a savepoint undoes it together with the rows and the lock
 * taken since that savepoint, so it never outlives what it describes. An empty value (a setting ended by an
 * earlier transaction of the same connection) counts as none. A session that sets the value itself can only
 * make its own rows link wrongly, which verification reports as a broken chain; it cannot hide a change.
 * The digest expression is 0016's, unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      last_chain integer;
      last_hash text;
      head_setting text;
    BEGIN
      NEW.chain := coalesce(NEW.project_id, 0);
      head_setting := 'dcap_audit.chain_head_' || NEW.chain;
      last_hash := nullif(current_setting(head_setting, true), '');
      IF last_hash IS NULL THEN
        -- One writer at a time extends each chain, holding its chain's lock until its transaction ends, so
        -- a chain's order equals its id order. The two-key form keeps chains apart without hashing.
        PERFORM pg_advisory_xact_lock(724300101, NEW.chain);
        SELECT chain, hash INTO last_chain, last_hash FROM audit_log WHERE chain <= NEW.chain ORDER BY chain DESC, id DESC LIMIT 1;
        IF last_chain IS DISTINCT FROM NEW.chain THEN
          last_hash := NULL;
        END IF;
      END IF;
      NEW.id := nextval('audit_log_id_seq');
      NEW.at := now();
      NEW.prev_hash := coalesce(last_hash, 'genesis');
      -- audit_row_digest(NEW), written out (migration 0016).
      NEW.hash := encode(sha256(convert_to((jsonb_build_array(
        NEW.id, (extract(epoch FROM NEW.at) * 1000000)::bigint, NEW.actor_id, NEW.actor_username, NEW.actor_role,
        NEW.action, NEW.entity_type, NEW.entity_id, NEW.project_id, NEW.env, NEW.site_id, NEW.old_value, NEW.new_value,
        NEW.reason, NEW.ip, NEW.prev_hash
      ) || CASE WHEN NEW.chain = 0 THEN '[]'::jsonb ELSE jsonb_build_array(NEW.chain) END)::text, 'UTF8')), 'hex');
      last_hash := set_config(head_setting, NEW.hash, true);
      RETURN NEW;
    END
    $$`.execute(db);
}

export function down(): Promise<void> {
  // The audit trail is never dropped by a migration (COMPLIANCE IM-4).
  return Promise.reject(new Error('0017 cannot be reverted'));
}
