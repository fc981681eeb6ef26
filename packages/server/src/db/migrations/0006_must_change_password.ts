import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A password issued by an administrator (a reset) is known to someone other than its user, so the user must
 * choose their own at the next sign-in before doing anything else (docs/decisions.md, "Password reset").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`.execute(db);
}
