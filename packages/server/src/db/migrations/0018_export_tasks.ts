import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Export tasks (spec 000 §2.2 export task list; docs/decisions.md, "Exports"): what was asked (module, format,
 * layout, the filters as narrowed to the caller's sites), the sealed head of the project's audit chain at that
 * moment, progress in subjects, and the file once written. The file's bytes live in `export_file_chunks`, one
 * row per piece written by one step of the export job, so any server instance serves the download and a job
 * resumed after a restart appends after the last committed piece. Expiry deletes the chunks; the task row
 * stays, with status `expired`, as the record that the export happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE export_tasks (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      env text NOT NULL,
      job_id integer REFERENCES jobs (id),
      module text NOT NULL CONSTRAINT export_tasks_module_check CHECK (module IN ('subjectData', 'queryReport', 'auditReport', 'crfReport')),
      format text NOT NULL CONSTRAINT export_tasks_format_check CHECK (format IN ('csv', 'xlsx', 'odm', 'pdf')),
      layout text NOT NULL CONSTRAINT export_tasks_layout_check CHECK (layout IN ('wide', 'long')),
      dictionary boolean NOT NULL,
      status text NOT NULL DEFAULT 'queued'
        CONSTRAINT export_tasks_status_check CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled', 'expired', 'deleted')),
      filters jsonb NOT NULL,
      sealed_head jsonb,
      progress_done integer NOT NULL DEFAULT 0 CONSTRAINT export_tasks_done_check CHECK (progress_done >= 0),
      progress_total integer NOT NULL DEFAULT 0 CONSTRAINT export_tasks_total_check CHECK (progress_total >= 0),
      size_bytes bigint CONSTRAINT export_tasks_size_check CHECK (size_bytes >= 0),
      file_name text,
      content_type text,
      created_by integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      expires_at timestamptz,
      CONSTRAINT export_tasks_finished_check CHECK (status <> 'finished' OR (finished_at IS NOT NULL AND size_bytes IS NOT NULL AND expires_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX export_tasks_project_idx ON export_tasks (project_id, env_id, id DESC)`.execute(db);
  await sql`CREATE INDEX export_tasks_expiry_idx ON export_tasks (expires_at) WHERE status = 'finished'`.execute(db);
  await sql`CREATE UNIQUE INDEX export_tasks_job_key ON export_tasks (job_id)`.execute(db);
  await sql`
    CREATE TABLE export_file_chunks (
      task_id integer NOT NULL REFERENCES export_tasks (id),
      seq integer NOT NULL CONSTRAINT export_file_chunks_seq_check CHECK (seq >= 0),
      data bytea NOT NULL,
      PRIMARY KEY (task_id, seq)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE export_file_chunks`.execute(db);
  await sql`DROP TABLE export_tasks`.execute(db);
}
