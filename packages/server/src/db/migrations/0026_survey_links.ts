import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Subject questionnaires (ePRO; spec 002 §2, §4; docs/decisions.md "Subject questionnaires").
 *
 * `survey_links`: a link staff made for one subject's panel instance or visit. Only the SHA-256 of its token
 * is kept, so the table cannot be used to open a questionnaire. It is bound to one subject and visit, and
 * `survey_link_panels` names the panel instances it may write, fixed when it is made. A link is usable until
 * `entered_at` (submitted), `revoked_at` or `expires_at`.
 *
 * `survey_link_messages`: the outbox messages that sent a link (its send state is their status).
 *
 * `survey_hits`: each call of the public page, by address and token hash, for its rate limit (as
 * `login_attempts` for sign-in); rows older than a day are removed as new ones arrive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE survey_links (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      event_instance_id integer NOT NULL REFERENCES event_instances (id),
      scope text NOT NULL CONSTRAINT survey_links_scope_check CHECK (scope IN ('panel', 'event')),
      token_hash text NOT NULL CONSTRAINT survey_links_token_hash_key UNIQUE,
      language text NOT NULL CONSTRAINT survey_links_language_check CHECK (language IN ('zh-CN', 'en-US')),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by integer REFERENCES users (id),
      entered_at timestamptz,
      created_by integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT survey_links_expiry_check CHECK (expires_at > created_at)
    )`.execute(db);
  await sql`CREATE INDEX survey_links_subject_idx ON survey_links (subject_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE survey_link_panels (
      link_id integer NOT NULL REFERENCES survey_links (id),
      panel_instance_id integer NOT NULL REFERENCES panel_instances (id),
      PRIMARY KEY (link_id, panel_instance_id)
    )`.execute(db);
  await sql`
    CREATE TABLE survey_link_messages (
      link_id integer NOT NULL REFERENCES survey_links (id),
      message_id bigint NOT NULL REFERENCES outbound_messages (id),
      PRIMARY KEY (link_id, message_id)
    )`.execute(db);
  await sql`
    CREATE TABLE survey_hits (
      id bigserial PRIMARY KEY,
      ip text NOT NULL,
      token_hash text NOT NULL,
      at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX survey_hits_ip_idx ON survey_hits (ip, at)`.execute(db);
  await sql`CREATE INDEX survey_hits_token_idx ON survey_hits (token_hash, at)`.execute(db);
  await sql`CREATE INDEX survey_hits_at_idx ON survey_hits (at)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0026 is not reverted'));
}
