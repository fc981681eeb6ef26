import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Export file pieces are stored as written, not compressed by PostgreSQL (docs/decisions.md, "Exports"):
 * each job step writes several megabytes of CSV or already-deflated xlsx and zip, and TOAST's pglz
 * compression of every piece cost the export more than a quarter of its database time. A file is kept only
 * until it expires (EXPORT_RETENTION_DAYS), so the space it takes matters less than the time to write it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE export_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE export_file_chunks ALTER COLUMN data SET STORAGE EXTENDED`.execute(db);
}
