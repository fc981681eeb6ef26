import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The application to go online records who applied, when and why, so that the applicant never approves it
 * (four eyes, docs/decisions.md "Lifecycle gates") and the approvals inbox can show it. Applications filed
 * before this migration have no applicant and may be decided by any approver.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE projects
      ADD COLUMN online_requested_by integer REFERENCES users (id),
      ADD COLUMN online_requested_at timestamptz,
      ADD COLUMN online_request_reason text`.execute(db);
  await sql`CREATE INDEX projects_online_requested_idx ON projects (id) WHERE online_requested`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0011 cannot be reverted: who applied to go online is part of the study record'));
}
