import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Each user's own preferences (account settings: font size, notification channels and categories). One row
 * per user, written on the first save; a user without a row has the defaults of core's users/preferences.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_preferences (
      user_id integer PRIMARY KEY REFERENCES users (id),
      font_size text NOT NULL DEFAULT 'small' CONSTRAINT user_preferences_font_size_check CHECK (font_size IN ('small', 'medium', 'large')),
      notifications jsonb NOT NULL DEFAULT '{}'::jsonb CONSTRAINT user_preferences_notifications_check CHECK (jsonb_typeof(notifications) = 'object'),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0013 is not reverted'));
}
