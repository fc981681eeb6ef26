import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDatabases } from '../modules/audit/audit.fixture.js';
import { appendRows, openAuditDatabases } from '../modules/audit/audit.fixture.js';
import type { DatabaseHandle } from './database.js';
import { auditRewriteRights, openMigratedDatabase } from './roles.js';

/**
 * The server's database role (docs/security.md): with DATABASE_OWNER_URL the owner migrates and the
 * application's role may only read and append to the audit trail. PostgreSQL only: the embedded database
 * has one user, which owns everything (what that cannot protect is in docs/security.md).
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

it('refuses an owner URL without a server URL', async () => {
  await expect(openMigratedDatabase({ databaseUrl: undefined, databaseOwnerUrl: 'postgres://owner@localhost/x', dataDir: null })).rejects.toThrow(/DATABASE_OWNER_URL is set but DATABASE_URL is not/);
});

describe.skipIf(!onPostgres)('the application role on PostgreSQL', () => {
  let dbs: AuditDatabases;
  let app: DatabaseHandle;

  beforeAll(async () => {
    dbs = await openAuditDatabases();
    app = await dbs.migrate();
  });
  afterAll(() => dbs.close());

  it('appends and reads audit rows and seals, and may write the other tables', async () => {
    const ids = await appendRows(app.db, 3, 2);
    expect(ids).toHaveLength(2);
    await sql`INSERT INTO audit_seals (chain, last_id, last_hash, row_count, key_id, mac) VALUES (3, 1, 'h', 1, 'k', 'm')`.execute(app.db);
    await sql`UPDATE users SET name = name WHERE false`.execute(app.db);
    await sql`DELETE FROM sessions WHERE false`.execute(app.db);
  });

  it('may not update, delete or truncate the audit trail, nor switch its triggers off (IM-1)', async () => {
    for (const table of ['audit_log', 'audit_seals']) {
      await expect(sql.raw(`UPDATE ${table} SET chain = chain WHERE false`).execute(app.db)).rejects.toThrow(/permission denied/);
      await expect(sql.raw(`DELETE FROM ${table} WHERE false`).execute(app.db)).rejects.toThrow(/permission denied/);
      await expect(sql.raw(`TRUNCATE ${table}`).execute(app.db)).rejects.toThrow(/permission denied/);
      await expect(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`).execute(app.db)).rejects.toThrow(/must be owner/);
    }
    expect(await auditRewriteRights(app.db)).toEqual([]);
    expect(await auditRewriteRights(dbs.owner.db)).toContain('owner of audit_log');
  });

  it('may not run or undo migrations', async () => {
    await expect(sql`DELETE FROM kysely_migration WHERE false`.execute(app.db)).rejects.toThrow(/permission denied/);
    await expect(sql`CREATE TABLE intruder (id int)`.execute(app.db)).rejects.toThrow(/permission denied/);
  });

  it('refuses to start when DATABASE_URL is the owner, since the owner could rewrite the trail', async () => {
    const urls = dbs.urls ?? { owner: '', app: '' };
    await expect(openMigratedDatabase({ databaseUrl: urls.owner, databaseOwnerUrl: urls.owner, dataDir: null })).rejects.toThrow(/can rewrite the audit trail \(owner of audit_log/);
  });

  it('without an owner URL, migrates and starts as the connecting role, warning that it can rewrite the trail', async () => {
    const urls = dbs.urls ?? { owner: '', app: '' };
    const asOwner = await openMigratedDatabase({ databaseUrl: urls.owner, databaseOwnerUrl: undefined, dataDir: null });
    await asOwner.database.close();
    expect(asOwner.warnings.join(' ')).toMatch(/can rewrite the audit trail \(owner of audit_log.*DATABASE_OWNER_URL/);
    // A role that may not migrate is told where the owner's login goes.
    await expect(openMigratedDatabase({ databaseUrl: urls.app, databaseOwnerUrl: undefined, dataDir: null })).rejects.toThrow(/give the owner's login as DATABASE_OWNER_URL/);
  });
});
