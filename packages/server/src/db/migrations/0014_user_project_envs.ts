import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The environment each user last chose in each project (spec 000 §4.4: the environment choice is kept in
 * the session and survives signing in again). The next entry into the project starts there while it can
 * still be chosen. One row per user and project; the key must name an environment of that project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_project_envs (
      user_id integer NOT NULL REFERENCES users (id),
      project_id integer NOT NULL REFERENCES projects (id),
      env text NOT NULL,
      chosen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, project_id),
      CONSTRAINT user_project_envs_env_fkey FOREIGN KEY (project_id, env) REFERENCES project_envs (project_id, key)
    )`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0014 is not reverted'));
}
