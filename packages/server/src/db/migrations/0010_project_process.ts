import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The project calls of spec 000 §7.4 (docs/decisions.md, "Project calls"): which audit steps a project
 * uses and in which order (processConfig), the sponsor's external acceptance test results (externalTest),
 * the project's uploaded pictures (deletePicture) and the pre-screening suspension application.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE project_process_configs (
      project_id integer PRIMARY KEY REFERENCES projects (id),
      steps text[] NOT NULL
        CONSTRAINT project_process_steps_check CHECK (steps <@ ARRAY['verify', 'review', 'sign']::text[] AND cardinality(steps) <= 3),
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE project_external_tests (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      result text NOT NULL CONSTRAINT project_external_test_result_check CHECK (result IN ('passed', 'failed')),
      notes text,
      recorded_by integer NOT NULL REFERENCES users (id),
      recorded_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX project_external_tests_project_idx ON project_external_tests (project_id, id DESC)`.execute(db);
  // Pictures of the project's UI settings and description; bytes live in storage under storage_key.
  await sql`
    CREATE TABLE project_files (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      purpose text NOT NULL CONSTRAINT project_files_purpose_check CHECK (purpose IN ('uiConfig', 'description')),
      filename text NOT NULL CONSTRAINT project_files_filename_check CHECK (length(filename) BETWEEN 1 AND 255),
      content_type text NOT NULL CONSTRAINT project_files_content_type_check CHECK (content_type LIKE 'image/%'),
      size integer NOT NULL CONSTRAINT project_files_size_check CHECK (size >= 0),
      storage_key text NOT NULL,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_by integer REFERENCES users (id),
      deleted_at timestamptz,
      CONSTRAINT project_files_deleted_check CHECK ((deleted_at IS NULL) = (deleted_by IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX project_files_project_idx ON project_files (project_id) WHERE deleted_at IS NULL`.execute(db);
  // Pre-screening suspension joins the status-change applications (spec 000 §4.2 "apply pre-screen suspend").
  await sql`ALTER TABLE status_change_applications DROP CONSTRAINT status_change_type_check`.execute(db);
  await sql`
    ALTER TABLE status_change_applications ADD CONSTRAINT status_change_type_check CHECK (type IN ('APPLY_SUSPEND_RECRUIT',
      'APPLY_CONTINUE_RECRUIT', 'APPLY_PROJECT_LOCKED', 'APPLY_PROJECT_UNLOCKED', 'APPLY_FREEZED_ON_RESEARCH',
      'APPLY_UNFREEZE_CONTINUE_RECRUIT', 'APPLY_DATABASE_FREEZED', 'APPLY_DATABASE_UNFREEZED', 'APPLY_PRE_SCREEN_SUSPEND'))`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0010 cannot be reverted: study configuration is never dropped by a migration'));
}
