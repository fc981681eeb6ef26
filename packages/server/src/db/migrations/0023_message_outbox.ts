import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The outbox of messages that leave the platform by e-mail or WeChat (docs/decisions.md "Messages"). A row
 * is written in the same transaction as the change it tells about, rendered in its receiver's language, and
 * sent later by the sender job, which claims rows with FOR UPDATE SKIP LOCKED. A receiver is a user or a
 * subject (or neither, for an address typed by staff); `address` is the e-mail address or WeChat open id.
 *
 * `user_wechat_bindings`: a user's WeChat official-account and mini-app open ids (spec 002 §3 binding and
 * unbinding notices), one of each kind per user; WeChat messages to a user go to the official-account id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outbound_messages (
      id bigserial PRIMARY KEY,
      project_id integer REFERENCES projects (id),
      env text,
      channel text NOT NULL CONSTRAINT outbound_messages_channel_check CHECK (channel IN ('email', 'wechat')),
      kind text NOT NULL,
      recipient_user_id integer REFERENCES users (id),
      recipient_subject_id integer REFERENCES subjects (id),
      address text NOT NULL,
      language text NOT NULL CONSTRAINT outbound_messages_language_check CHECK (language IN ('zh-CN', 'en-US')),
      subject text NOT NULL,
      body text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'queued'
        CONSTRAINT outbound_messages_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'unconfirmed', 'cancelled')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz,
      sent_at timestamptz,
      last_error text,
      resend_of bigint REFERENCES outbound_messages (id),
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE user_wechat_bindings (
      user_id integer NOT NULL REFERENCES users (id),
      kind text NOT NULL CONSTRAINT user_wechat_bindings_kind_check CHECK (kind IN ('official', 'miniApp')),
      open_id text NOT NULL,
      union_id text,
      bound_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, kind),
      CONSTRAINT user_wechat_bindings_open_id_key UNIQUE (kind, open_id)
    )`.execute(db);
  await sql`CREATE INDEX outbound_messages_due_idx ON outbound_messages (next_attempt_at) WHERE status = 'queued'`.execute(db);
  await sql`CREATE INDEX outbound_messages_project_idx ON outbound_messages (project_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX outbound_messages_subject_idx ON outbound_messages (recipient_subject_id) WHERE recipient_subject_id IS NOT NULL`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0023 is not reverted'));
}
