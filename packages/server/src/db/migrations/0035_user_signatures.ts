import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Users' handwritten signature images (spec 002 §7 getHisSignFile/uploadSignFile/updateSignFile;
 * docs/decisions.md "Signature images").
 *
 * `user_signatures`: every uploaded image of a user, never updated or deleted; the newest row of a user is
 * the signature in use, the earlier ones are its history. The bytes and their SHA-256 are stored as
 * attachments' are (docs/decisions.md "Attachments: bytes in the database"); the width and height come from
 * the image's own header.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_signatures (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id),
      file_name text NOT NULL,
      content_type text NOT NULL CONSTRAINT user_signatures_type_check CHECK (content_type IN ('image/png', 'image/jpeg')),
      size integer NOT NULL,
      sha256 text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      content bytea NOT NULL,
      uploaded_by integer REFERENCES users (id),
      uploaded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX user_signatures_user_idx ON user_signatures (user_id, id)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0035 is not reverted'));
}
