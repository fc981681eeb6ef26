import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Record import (spec 000 §2.2 data import list and detail; spec 002 §7 uploadExcel; docs/decisions.md
 * "Record import"): a task per uploaded sheet with the file itself, the dry run's counts and, once applied,
 * its result; and one row per sheet row with what it brings, its problems and its outcome. A task belongs to
 * one environment of a project and one panel (instrument) of the design version the environment ran at the
 * upload; the apply is a background job (`job_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE record_imports (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      design_version_id integer NOT NULL REFERENCES design_versions (id),
      instrument_id integer NOT NULL,
      type text NOT NULL DEFAULT 'record' CONSTRAINT record_imports_type_check CHECK (type IN ('record')),
      file_name text NOT NULL CONSTRAINT record_imports_file_name_check CHECK (length(file_name) BETWEEN 1 AND 255),
      file_format text NOT NULL CONSTRAINT record_imports_format_check CHECK (file_format IN ('xlsx', 'csv')),
      file_sha256 text NOT NULL,
      file_bytes bytea NOT NULL,
      columns jsonb NOT NULL DEFAULT '[]',
      status text NOT NULL DEFAULT 'checked'
        CONSTRAINT record_imports_status_check CHECK (status IN ('checked', 'queued', 'applying', 'applied', 'failed')),
      rows_total integer NOT NULL DEFAULT 0 CHECK (rows_total >= 0),
      rows_ok integer NOT NULL DEFAULT 0 CHECK (rows_ok >= 0),
      rows_error integer NOT NULL DEFAULT 0 CHECK (rows_error >= 0),
      changes integer NOT NULL DEFAULT 0 CHECK (changes >= 0),
      changes_of_saved integer NOT NULL DEFAULT 0 CHECK (changes_of_saved >= 0),
      rows_checked integer NOT NULL DEFAULT 0 CHECK (rows_checked >= 0),
      rows_written integer NOT NULL DEFAULT 0 CHECK (rows_written >= 0),
      values_changed integer NOT NULL DEFAULT 0 CHECK (values_changed >= 0),
      failure jsonb,
      reason jsonb,
      job_id integer REFERENCES jobs (id),
      created_by integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      applied_by integer REFERENCES users (id),
      applied_at timestamptz,
      CONSTRAINT record_imports_applied_check CHECK ((status = 'applied') = (applied_at IS NOT NULL))
    )`.execute(db);
  // The import list of an environment, newest first.
  await sql`CREATE INDEX record_imports_env_idx ON record_imports (project_id, env_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE record_import_rows (
      import_id integer NOT NULL REFERENCES record_imports (id) ON DELETE CASCADE,
      row_no integer NOT NULL CHECK (row_no > 0),
      subject text NOT NULL,
      visit text NOT NULL,
      panel_instance_id integer REFERENCES panel_instances (id),
      field_values jsonb NOT NULL DEFAULT '{}',
      cells jsonb NOT NULL DEFAULT '{}',
      problems jsonb NOT NULL DEFAULT '[]',
      outcome text NOT NULL CONSTRAINT record_import_rows_outcome_check CHECK (outcome IN ('ok', 'error', 'written', 'unchanged')),
      changes integer NOT NULL DEFAULT 0 CHECK (changes >= 0),
      changes_of_saved integer NOT NULL DEFAULT 0 CHECK (changes_of_saved >= 0),
      PRIMARY KEY (import_id, row_no)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE record_import_rows`.execute(db);
  await sql`DROP TABLE record_imports`.execute(db);
}
