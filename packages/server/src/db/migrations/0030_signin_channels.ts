import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Sign-in channels (spec 000 §7.1, §5; docs/decisions.md "Sign-in channels").
 *
 * `password_recovery_requests`: every recovery request, also those naming no account (user_id null), so the
 * rate limits count by address whatever the answer. A request that mailed a link holds the SHA-256 of the
 * link's token, its expiry (24 hours, spec 000 §5) and when it was used; a link works once.
 *
 * `qr_login_requests`: a desktop sign-in page's request, shown as a QR code. The id is in the code; the
 * desktop alone knows the secret (its SHA-256 here) with which it collects the session once a signed-in
 * phone confirmed; `device` is how the desktop page describes itself (browser and system), shown on the phone
 * beside the address and user agent the server saw. Short-lived and single use.
 *
 * `user_ukeys`: the serial of the USB key issued to a user, one per user and unique across users.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE password_recovery_requests (
      id bigserial PRIMARY KEY,
      user_id integer REFERENCES users (id),
      ip text NOT NULL,
      requested_at timestamptz NOT NULL,
      token_hash text UNIQUE,
      expires_at timestamptz,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX password_recovery_requests_ip_idx ON password_recovery_requests (ip, requested_at)`.execute(db);
  await sql`CREATE INDEX password_recovery_requests_user_idx ON password_recovery_requests (user_id, requested_at)`.execute(db);
  await sql`
    CREATE TABLE qr_login_requests (
      id text PRIMARY KEY,
      secret_hash text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CONSTRAINT qr_login_requests_status_check CHECK (status IN ('pending', 'confirmed', 'refused', 'used')),
      ip text NOT NULL,
      user_agent text,
      device text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      user_id integer REFERENCES users (id),
      decided_at timestamptz,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX qr_login_requests_ip_idx ON qr_login_requests (ip, created_at)`.execute(db);
  await sql`
    CREATE TABLE user_ukeys (
      user_id integer PRIMARY KEY REFERENCES users (id),
      serial text NOT NULL CONSTRAINT user_ukeys_serial_key UNIQUE,
      bound_at timestamptz NOT NULL,
      bound_by integer REFERENCES users (id)
    )`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0030 is not reverted'));
}
