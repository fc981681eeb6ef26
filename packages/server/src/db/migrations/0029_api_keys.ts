import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Internal interfaces (spec 000 §2.2 /sys/internalinterface; docs/decisions.md "Platform administration"):
 * API keys other systems call the platform with. Only the SHA-256 of a key is kept (like session tokens),
 * with the first characters to tell keys apart; the key itself is shown once, when it is made. A key is
 * usable until `revoked_at` or `expires_at`, and only for the calls its `scopes` name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      name text NOT NULL,
      prefix text NOT NULL,
      secret_hash text NOT NULL CONSTRAINT api_keys_secret_hash_key UNIQUE,
      scopes text[] NOT NULL CONSTRAINT api_keys_scopes_check CHECK (cardinality(scopes) > 0),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by integer REFERENCES users (id),
      last_used_at timestamptz,
      created_by integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT api_keys_expiry_check CHECK (expires_at > created_at)
    )`.execute(db);
}
