import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Bulletins and project UI settings (spec 000 §4.5, §7.2; spec 002 §3 "UI settings"; docs/decisions.md
 * "Bulletins and project portals").
 *
 * `articles`: the platform's bulletins, rich text in both languages (cleaned on the server), a show flag
 * and the date from which a published bulletin is shown; null `published_at`: a draft.
 *
 * `project_ui_configs`: one row per project: the logos and background as checked image data URLs, the
 * footers overriding the platform's, the portal's login address (unique, case-insensitively), the project
 * description and the portal notice that replaces the original system's setup scripts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE articles (
      id serial PRIMARY KEY,
      content text NOT NULL,
      content_en text NOT NULL,
      is_show boolean NOT NULL DEFAULT true,
      published_at timestamptz,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX articles_published_idx ON articles (published_at DESC) WHERE published_at IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE project_ui_configs (
      project_id integer PRIMARY KEY REFERENCES projects (id),
      login_logo text,
      big_logo text,
      small_logo text,
      background text,
      footer text,
      footer_en text,
      login_url text,
      description text,
      notice text,
      notice_en text,
      updated_by integer REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX project_ui_configs_login_url_key ON project_ui_configs (lower(login_url)) WHERE login_url IS NOT NULL`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0028 is not reverted'));
}
