import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * One audit chain per project, and sealed chain heads (docs/security.md).
 *
 * Each row now belongs to a chain: its project's id, or 0 for platform rows. A writer locks only its own
 * chain, so writers of unrelated projects never wait on each other. Rows written before this migration
 * stay where they are, in chain 0, which the platform's rows go on extending; their digests are
 * unchanged because the digest covers the chain only when it is not 0.
 *
 * `audit_seals` holds chain heads sealed with a key kept outside the database; like the audit table it
 * is append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log ADD COLUMN chain integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX audit_log_chain_idx ON audit_log (chain, id)`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION audit_row_digest(r audit_log) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$
      SELECT encode(sha256(convert_to((jsonb_build_array(
        r.id, (extract(epoch FROM r.at) * 1000000)::bigint, r.actor_id, r.actor_username, r.actor_role,
        r.action, r.entity_type, r.entity_id, r.project_id, r.env, r.site_id, r.old_value, r.new_value,
        r.reason, r.ip, r.prev_hash
      ) || CASE WHEN r.chain = 0 THEN '[]'::jsonb ELSE jsonb_build_array(r.chain) END)::text, 'UTF8')), 'hex')
    $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      last_hash text;
    BEGIN
      NEW.chain := coalesce(NEW.project_id, 0);
      -- One writer at a time extends each chain, holding its chain's lock until its transaction ends, so
      -- a chain's order equals its id order. The two-key form keeps chains apart without hashing.
      PERFORM pg_advisory_xact_lock(724300101, NEW.chain);
      NEW.id := nextval('audit_log_id_seq');
      NEW.at := now();
      SELECT hash INTO last_hash FROM audit_log WHERE chain = NEW.chain ORDER BY id DESC LIMIT 1;
      NEW.prev_hash := coalesce(last_hash, 'genesis');
      NEW.hash := audit_row_digest(NEW);
      RETURN NEW;
    END
    $$`.execute(db);

  await sql`
    CREATE TABLE audit_seals (
      id bigserial PRIMARY KEY,
      chain integer NOT NULL,
      last_id bigint NOT NULL,
      last_hash text NOT NULL,
      row_count bigint NOT NULL,
      sealed_at timestamptz NOT NULL DEFAULT now(),
      key_id text NOT NULL,
      mac text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX audit_seals_chain_idx ON audit_seals (key_id, chain, last_id)`.execute(db);
  await sql`
    CREATE FUNCTION audit_refuse_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = '55000';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_seals_immutable BEFORE UPDATE OR DELETE ON audit_seals
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change()`.execute(db);
  await sql`
    CREATE TRIGGER audit_seals_no_truncate BEFORE TRUNCATE ON audit_seals
    FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change()`.execute(db);
}

export function down(): Promise<void> {
  // The audit trail is never dropped by a migration (COMPLIANCE IM-4).
  return Promise.reject(new Error('0007 cannot be reverted'));
}
