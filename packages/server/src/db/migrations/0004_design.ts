import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Study design (spec 001, spec 002 §7): instruments with their draft panel JSON, events (visits), the event × instrument
 * matrix, and immutable published design versions with the version each environment runs.
 *
 * Drafts live in `instruments`, `events` and `event_instruments` and are edited only in dev-type
 * environments. Publishing copies all three into one `design_versions.snapshot`, numbered per project;
 * `env_designs` names the version a test or production environment runs. Data entered later records the
 * `design_versions.id` it was entered with (record tables reference that column), so versions are never
 * changed or removed: a trigger refuses UPDATE and DELETE on them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE instruments (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      kind text NOT NULL DEFAULT 'form' CONSTRAINT instruments_kind_check CHECK (kind IN ('form', 'derived', 'external')),
      name text NOT NULL,
      name_en text,
      name_abbr text NOT NULL CONSTRAINT instruments_abbr_check CHECK (name_abbr ~ '^[A-Za-z0-9_]{1,32}$'),
      description text,
      sort integer NOT NULL DEFAULT 0,
      panel jsonb NOT NULL,
      revision integer NOT NULL DEFAULT 0,
      field_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX instruments_abbr_key ON instruments (project_id, lower(name_abbr))`.execute(db);

  await sql`
    CREATE TABLE events (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      name text NOT NULL,
      name_en text,
      type text NOT NULL CONSTRAINT events_type_check
        CHECK (type IN ('SCREENING', 'BASELINE', 'TREATMENT', 'FOLLOW_UP', 'UNSCHEDULED', 'LOG')),
      sort integer NOT NULL DEFAULT 0,
      offset_days integer,
      window_before integer NOT NULL DEFAULT 0 CONSTRAINT events_window_before_check CHECK (window_before >= 0),
      window_after integer NOT NULL DEFAULT 0 CONSTRAINT events_window_after_check CHECK (window_after >= 0),
      repeatable boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX events_name_key ON events (project_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE event_instruments (
      project_id integer NOT NULL REFERENCES projects (id),
      event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      instrument_id integer NOT NULL REFERENCES instruments (id) ON DELETE CASCADE,
      PRIMARY KEY (event_id, instrument_id)
    )`.execute(db);
  await sql`CREATE INDEX event_instruments_instrument_idx ON event_instruments (instrument_id)`.execute(db);

  await sql`
    CREATE TABLE design_versions (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      version integer NOT NULL CONSTRAINT design_versions_version_check CHECK (version > 0),
      snapshot jsonb NOT NULL,
      note text,
      published_at timestamptz NOT NULL DEFAULT now(),
      published_by text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX design_versions_version_key ON design_versions (project_id, version)`.execute(db);
  await sql`
    CREATE FUNCTION design_versions_immutable() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'design versions are immutable' USING ERRCODE = 'integrity_constraint_violation';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER design_versions_immutable BEFORE UPDATE OR DELETE ON design_versions
    FOR EACH ROW EXECUTE FUNCTION design_versions_immutable()`.execute(db);

  await sql`
    CREATE TABLE env_designs (
      env_id integer PRIMARY KEY REFERENCES project_envs (id),
      project_id integer NOT NULL REFERENCES projects (id),
      design_version_id integer NOT NULL REFERENCES design_versions (id),
      published_at timestamptz NOT NULL DEFAULT now(),
      published_by text
    )`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0004 is not reverted'));
}
