import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';

/** A round trip to the database, for the health check. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
