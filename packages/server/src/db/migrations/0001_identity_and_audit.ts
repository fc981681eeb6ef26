import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Users, sessions, sign-in attempts and the audit trail (ARCHITECTURE §5). The audit table is
 * append-only (IM-1) and hash-chained (IM-3): a trigger assigns each row its id and predecessor's hash
 * under a transaction lock, so the chain order equals the id order even with concurrent writers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id serial PRIMARY KEY,
      username text NOT NULL,
      name text NOT NULL,
      name_en text,
      gender text CONSTRAINT users_gender_check CHECK (gender IN ('male', 'female', 'unknown')),
      email text,
      phone text,
      corporation text,
      department text,
      admin boolean NOT NULL DEFAULT false,
      system_admin boolean NOT NULL DEFAULT false,
      project_admin boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'active' CONSTRAINT users_status_check CHECK (status IN ('active', 'locked', 'deleted')),
      locked_until timestamptz,
      -- Failed sign-ins before this moment no longer count toward a lockout (set on success, lock and unlock).
      lockout_reset_at timestamptz,
      password_hash text NOT NULL,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      CONSTRAINT users_deleted_check CHECK ((status = 'deleted') = (deleted_at IS NOT NULL))
    )`.execute(db);
  // Login names are unique ignoring case and never reused, deleted users included (COMPLIANCE AC-1).
  await sql`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id serial PRIMARY KEY,
      token_hash text NOT NULL CONSTRAINT sessions_token_hash_key UNIQUE,
      user_id integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text CONSTRAINT sessions_end_reason_check CHECK (end_reason IN ('logout', 'idle', 'expired', 'revoked')),
      ip text,
      user_agent text,
      current_project_id integer,
      current_role_id integer,
      current_env text,
      CONSTRAINT sessions_end_check CHECK ((ended_at IS NULL) = (end_reason IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_open_idx ON sessions (user_id) WHERE ended_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE login_attempts (
      id bigserial PRIMARY KEY,
      username text NOT NULL,
      user_id integer REFERENCES users (id),
      ip text,
      success boolean NOT NULL,
      reason text NOT NULL,
      at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX login_attempts_ip_at_idx ON login_attempts (ip, at)`.execute(db);
  await sql`CREATE INDEX login_attempts_user_at_idx ON login_attempts (user_id, at)`.execute(db);

  await sql`CREATE SEQUENCE audit_log_id_seq`.execute(db);
  await sql`
    CREATE TABLE audit_log (
      id bigint PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id integer REFERENCES users (id),
      actor_username text,
      actor_role text,
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text,
      project_id integer,
      env text,
      site_id integer,
      old_value jsonb,
      new_value jsonb,
      reason text,
      ip text,
      prev_hash text NOT NULL,
      hash text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id)`.execute(db);

  // The digest covers every column but the hash itself. Time is hashed as integer microseconds and the
  // rest as canonical jsonb text, so the digest does not depend on the session's time zone or format.
  await sql`
    CREATE FUNCTION audit_row_digest(r audit_log) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$
      SELECT encode(sha256(convert_to(jsonb_build_array(
        r.id, (extract(epoch FROM r.at) * 1000000)::bigint, r.actor_id, r.actor_username, r.actor_role,
        r.action, r.entity_type, r.entity_id, r.project_id, r.env, r.site_id, r.old_value, r.new_value,
        r.reason, r.ip, r.prev_hash
      )::text, 'UTF8')), 'hex')
    $$`.execute(db);

  await sql`
    CREATE FUNCTION audit_log_chain() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      last_hash text;
    BEGIN
      -- One writer at a time extends the chain; the lock is held until the writer's transaction ends.
      PERFORM pg_advisory_xact_lock(724300101);
      NEW.id := nextval('audit_log_id_seq');
      NEW.at := now();
      SELECT hash INTO last_hash FROM audit_log ORDER BY id DESC LIMIT 1;
      NEW.prev_hash := coalesce(last_hash, 'genesis');
      NEW.hash := audit_row_digest(NEW);
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain()`.execute(db);

  await sql`
    CREATE FUNCTION audit_log_refuse_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '55000';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);
}

export function down(): Promise<void> {
  // The audit trail is never dropped by a migration (COMPLIANCE IM-4).
  return Promise.reject(new Error('0001 cannot be reverted'));
}
