import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The message configuration and in-site notifications (spec 002 §3 "Message config"; docs/decisions.md
 * "Message configuration").
 * - `message_configs`: one row per event for the platform (project_id null) and at most one per event and
 *   project, which replaces the platform's for that project. An event without a platform row runs on core's
 *   default (messages/defaults.ts), so no default is frozen here. Receivers are role aliases or template
 *   codes at project or site level; `blacklist` holds user ids never told; templates hold each language's
 *   subject and body.
 * - `notifications`: a user's in-site messages, rendered in their language when the event happened.
 * - `users.language`: the language of the user's last sign-in, in which their messages are written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE message_configs (
      id serial PRIMARY KEY,
      project_id integer REFERENCES projects (id),
      event text NOT NULL,
      category text NOT NULL CONSTRAINT message_configs_category_check CHECK (category IN ('system', 'project')),
      group_name text NOT NULL,
      title text NOT NULL,
      receivers jsonb NOT NULL DEFAULT '[]'::jsonb,
      blacklist integer[] NOT NULL DEFAULT '{}',
      enabled boolean NOT NULL,
      in_site boolean NOT NULL,
      testing_period boolean NOT NULL,
      online_period boolean NOT NULL,
      wechat boolean NOT NULL,
      email boolean NOT NULL,
      templates jsonb NOT NULL,
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX message_configs_system_key ON message_configs (event) WHERE project_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX message_configs_project_key ON message_configs (project_id, event) WHERE project_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id),
      project_id integer REFERENCES projects (id),
      env text,
      event text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      link text,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN language text CONSTRAINT users_language_check CHECK (language IN ('zh-CN', 'en-US'))`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0025 is not reverted'));
}
