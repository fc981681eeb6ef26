import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A coding dictionary's upload runs as a background job (docs/decisions.md "Coding library"). The request stores
 * the file on the dictionary's row and queues the job; the job checks every row and writes the terms.
 *
 * `status`: `importing` while the job runs, `ready` once every term is stored, `failed` when the file was refused
 * (no term is left behind). Rows uploaded before this migration are ready.
 * `file_name`, `file_bytes`: the uploaded file, kept until the job ends.
 * `job_id`: the job that imports the file, for its progress.
 * `problems`: a refused file's row problems as catalogue codes and parameters (rendered in the reader's language),
 * at most 200; `problem_count` counts them all; `failure` the refusal's code and parameters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE coding_dictionaries
      ADD COLUMN status text NOT NULL DEFAULT 'ready' CONSTRAINT coding_dictionaries_status_check CHECK (status IN ('importing', 'ready', 'failed')),
      ADD COLUMN file_name text NOT NULL DEFAULT '',
      ADD COLUMN file_bytes bytea,
      ADD COLUMN job_id integer REFERENCES jobs (id),
      ADD COLUMN problems jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN problem_count integer NOT NULL DEFAULT 0,
      ADD COLUMN failure jsonb`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0038 is not reverted'));
}
