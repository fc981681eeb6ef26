import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Visit reminders (spec 002 §3 "push times, push cycle, offset, notify and push settings, enforce flag";
 * docs/decisions.md "Visit reminders").
 *
 * `events.reminders`: an event's notify and push settings (core design/reminders.ts), part of the draft and
 * published with it; null: no reminders.
 *
 * `reminder_slots`: one row per hour slot whose reminder scan was queued. The slot is the key, so however many
 * servers queue the scan of an hour, one job is queued.
 *
 * `visit_reminders`: every reminder sent (or skipped, or found with nowhere to go), unique per visit,
 * audience and sequence number: a scan run again, or by a second server at the same time, finds the row and
 * sends nothing more. A subject's messages are queued in the same transaction as the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN reminders jsonb`.execute(db);
  await sql`
    CREATE TABLE reminder_slots (
      slot timestamptz PRIMARY KEY,
      job_id integer REFERENCES jobs (id),
      queued_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE visit_reminders (
      id bigserial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      event_instance_id integer NOT NULL REFERENCES event_instances (id),
      audience text NOT NULL CONSTRAINT visit_reminders_audience_check CHECK (audience IN ('subject', 'staff.due', 'staff.overdue')),
      sequence integer NOT NULL CONSTRAINT visit_reminders_sequence_check CHECK (sequence >= 1),
      due_day date NOT NULL,
      outcome text NOT NULL CONSTRAINT visit_reminders_outcome_check CHECK (outcome IN ('sent', 'skipped', 'unreachable')),
      channels jsonb NOT NULL DEFAULT '[]'::jsonb,
      message_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
      slot timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT visit_reminders_once_key UNIQUE (event_instance_id, audience, sequence)
    )`.execute(db);
  await sql`CREATE INDEX visit_reminders_project_idx ON visit_reminders (project_id, env_id, created_at DESC)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0027 is not reverted'));
}
