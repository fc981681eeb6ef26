import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Announces every change to a session's standing or to a user on the `dcap_session` channel, after the
 * change commits, so every server instance can drop what it remembered about that session (the session
 * cache). A trigger cannot be forgotten by a new code path; NOTIFY is transactional.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_session_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('dcap_session', 'user:' || NEW.id);
      ELSE
        PERFORM pg_notify('dcap_session', 'session:' || NEW.id);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_notify AFTER UPDATE ON sessions FOR EACH ROW
    WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at
      OR OLD.current_project_id IS DISTINCT FROM NEW.current_project_id
      OR OLD.current_role_id IS DISTINCT FROM NEW.current_role_id
      OR OLD.current_env IS DISTINCT FROM NEW.current_env)
    EXECUTE FUNCTION notify_session_change()`.execute(db);
  await sql`CREATE TRIGGER users_notify AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_change()`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0003 is not reverted'));
}
