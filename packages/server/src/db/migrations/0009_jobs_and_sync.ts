import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Background jobs (ARCHITECTURE §1; docs/database.md): one row per job, claimed by a worker with
 * `FOR UPDATE SKIP LOCKED`, so any number of server instances can run workers against one database and a
 * job is taken by one of them only. `attempts` counts claims and fences a worker: a worker whose job was
 * reclaimed after its heartbeat went stale (it crashed or stalled) can no longer write the job's steps.
 * Environment synchronisation (spec 000 §7.4 syncData, syncDataToTest) is the first kind of job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id serial PRIMARY KEY,
      kind text NOT NULL CONSTRAINT jobs_kind_check CHECK (kind ~ '^[a-z][a-z0-9_.]{0,63}$'),
      project_id integer REFERENCES projects (id),
      env text,
      status text NOT NULL DEFAULT 'queued'
        CONSTRAINT jobs_status_check CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
      progress_done integer NOT NULL DEFAULT 0 CONSTRAINT jobs_progress_done_check CHECK (progress_done >= 0),
      progress_total integer NOT NULL DEFAULT 0 CONSTRAINT jobs_progress_total_check CHECK (progress_total >= 0),
      params jsonb NOT NULL DEFAULT '{}',
      result jsonb NOT NULL DEFAULT '{}',
      error jsonb,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      heartbeat_at timestamptz,
      attempts integer NOT NULL DEFAULT 0 CONSTRAINT jobs_attempts_check CHECK (attempts >= 0),
      CONSTRAINT jobs_finished_check CHECK ((status IN ('succeeded', 'failed', 'cancelled')) = (finished_at IS NOT NULL)),
      CONSTRAINT jobs_running_check CHECK (status <> 'running' OR (started_at IS NOT NULL AND heartbeat_at IS NOT NULL))
    )`.execute(db);
  // The worker's claim: the oldest queued job first.
  await sql`CREATE INDEX jobs_queued_idx ON jobs (id) WHERE status = 'queued'`.execute(db);
  // Reclaiming: running jobs by heartbeat.
  await sql`CREATE INDEX jobs_running_idx ON jobs (heartbeat_at) WHERE status = 'running'`.execute(db);
  // A project's task list, newest first.
  await sql`CREATE INDEX jobs_project_idx ON jobs (project_id, kind, id DESC)`.execute(db);
  // One synchronisation of a project at a time: two would race for the target environment's design.
  await sql`CREATE UNIQUE INDEX jobs_one_sync_key ON jobs (project_id) WHERE kind = 'project.sync' AND status IN ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE jobs`.execute(db);
}
