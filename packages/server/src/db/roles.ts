import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { openDatabase, openPostgres } from './database.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

/**
 * Who the server is in the database (docs/security.md, docs/database.md). On PostgreSQL with
 * DATABASE_OWNER_URL, migrations run as the owner, which then grants the application's role (the login of
 * DATABASE_URL) what it needs and no more: on the audit tables, SELECT and INSERT only. The server then
 * works as that role and refuses to start if the role could still rewrite the audit trail.
 */

/** Tables the application may only read and append to. */
const APPEND_ONLY = ['audit_log', 'audit_seals'] as const;
/** The migrator's bookkeeping, which only the owner touches. */
const OWNER_ONLY = ['kysely_migration', 'kysely_migration_lock'] as const;

/** The role a connection works as. */
export async function currentRole(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ role: string }>`SELECT current_user AS role`.execute(db);
  const role = result.rows[0]?.role;
  if (!role) throw new Error('could not read the database role');
  return role;
}

/**
 * Grants `role` what the server needs on every table and sequence of the schema, in one transaction, run
 * as the owner after each migration run so tables added later are covered.
 */
export async function grantApplicationRole(owner: Kysely<Database>, role: string): Promise<void> {
  const who = sql.id(role);
  await owner.transaction().execute(async (trx) => {
    await sql`GRANT USAGE ON SCHEMA public TO ${who}`.execute(trx);
    await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${who}`.execute(trx);
    await sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${who}`.execute(trx);
    for (const table of APPEND_ONLY) {
      await sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${sql.table(table)} FROM ${who}`.execute(trx);
    }
    for (const table of OWNER_ONLY) await sql`REVOKE ALL ON ${sql.table(table)} FROM ${who}`.execute(trx);
  });
}

/** What the connecting role could do to the audit trail beyond reading and appending; empty when nothing. */
export async function auditRewriteRights(db: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ superuser: boolean; owner: boolean; upd: boolean; del: boolean; trunc: boolean }>`
    SELECT r.rolsuper AS superuser,
           pg_has_role(current_user, c.relowner, 'USAGE') AS owner,
           has_table_privilege('audit_log', 'UPDATE') AS upd,
           has_table_privilege('audit_log', 'DELETE') AS del,
           has_table_privilege('audit_log', 'TRUNCATE') AS trunc
    FROM pg_roles r, pg_class c
    WHERE r.rolname = current_user AND c.oid = 'audit_log'::regclass`.execute(db);
  const row = result.rows[0];
  if (!row) return ['unknown'];
  const rights: string[] = [];
  if (row.superuser) rights.push('superuser');
  if (row.owner) rights.push('owner of audit_log');
  if (row.upd) rights.push('UPDATE');
  if (row.del) rights.push('DELETE');
  if (row.trunc) rights.push('TRUNCATE');
  return rights;
}

export interface OpenedDatabase {
  database: DatabaseHandle;
  /** Said once at start when the audit trail is less protected than it could be; empty when all is well. */
  warnings: string[];
}

/**
 * Opens the database the server works with, migrated. With an owner URL, migrations run as the owner
 * and the application's role is granted its rights; the server refuses to start when that role could
 * still rewrite the audit trail, since the owner URL says the operator meant it not to. Without one, the
 * connecting role migrates and works; a warning says the audit trail then rests on its seals alone.
 */
export async function openMigratedDatabase(options: { databaseUrl: string | undefined; databaseOwnerUrl: string | undefined; dataDir: string | null }): Promise<OpenedDatabase> {
  const { databaseUrl, databaseOwnerUrl } = options;
  if (!databaseUrl) {
    if (databaseOwnerUrl) throw new Error('DATABASE_OWNER_URL is set but DATABASE_URL is not: the owner URL is for a PostgreSQL server');
    const database = await openDatabase({ dataDir: options.dataDir });
    await migrateToLatest(database.db);
    return { database, warnings: [] };
  }
  if (!databaseOwnerUrl) {
    const database = openPostgres(databaseUrl);
    try {
      await migrateToLatest(database.db).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`migrations failed as DATABASE_URL's role (${message}); give the owner's login as DATABASE_OWNER_URL`, { cause: error });
      });
      const rights = await auditRewriteRights(database.db);
      const warnings =
        rights.length === 0
          ? []
          : [
              `The server's database role can rewrite the audit trail (${rights.join(', ')}). Set DATABASE_OWNER_URL to the owner ` +
                'and DATABASE_URL to a role of its own (docs/security.md); until then only the audit seals reveal tampering.',
            ];
      return { database, warnings };
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const database = openPostgres(databaseUrl);
  try {
    const role = await currentRole(database.db);
    const refuse = (rights: string[]) =>
      new Error(
        `DATABASE_URL's role ${role} can rewrite the audit trail (${rights.join(', ')}): give the server a role that neither owns ` +
          'the tables nor is a superuser, nor belongs to one that may change the audit tables (docs/security.md)',
      );
    const owner = openPostgres(databaseOwnerUrl);
    try {
      await migrateToLatest(owner.db);
      // Checked before granting too: revoking the audit rights of the owner itself would lock the owner out.
      const before = (await auditRewriteRights(database.db)).filter((right) => right === 'superuser' || right === 'owner of audit_log');
      if (before.length > 0) throw refuse(before);
      await grantApplicationRole(owner.db, role);
    } finally {
      await owner.close();
    }
    const rights = await auditRewriteRights(database.db);
    if (rights.length > 0) throw refuse(rights);
    return { database, warnings: [] };
  } catch (error) {
    await database.close();
    throw error;
  }
}
