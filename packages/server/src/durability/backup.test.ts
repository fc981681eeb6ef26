import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStart } from '../bootstrap/first-start.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { DataDirInUseError, hasPgliteDatabase } from '../db/data-dir.js';
import type { DatabaseHandle } from '../db/database.js';
import { openPglite } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { verifyAuditChain } from '../modules/audit/verify.js';
import { createUnit } from '../modules/units/service.js';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './backup.js';

// The embedded database only: a PostgreSQL server is backed up with pg_dump (docs/operations.md).
const onServer = Boolean(process.env.TEST_DATABASE_URL);

let root: string;
let original: string;
let backupFile: string;
let auditRows: number;

async function withDatabase<T>(dataDir: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openPglite(dataDir);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (onServer) return;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-backup-'));
  original = path.join(root, 'original');
  backupFile = path.join(root, 'backups', 'dcap.tar.gz');
  auditRows = await withDatabase(original, async (database) => {
    await migrateToLatest(database.db);
    const deps = { db: database.db, config: loadConfig({ DEMO_DATA: 'false', ADMIN_PASSWORD: 'Admin@12345' }, '0.0.0-test'), clock: systemClock, sessions: new SessionCache() };
    await firstStart(deps, 'pglite', () => {});
    const admin = await database.db.selectFrom('users').select(['id', 'username', 'name']).executeTakeFirstOrThrow();
    const actor = { userId: admin.id, username: admin.username, name: admin.name, nameEn: null, email: null, admin: true, systemAdmin: false, projectAdmin: false, platformRights: [], sessionId: 0, currentProjectId: null, currentRoleId: null, currentEnv: null };
    await createUnit(deps, actor, { code: 'BACKUP-1', name: '备份医院', eName: 'Backup Hospital', city: null, province: null, address: null }, { locale: 'en-US', ip: 'local', userAgent: null });
    const verdict = await verifyAuditChain(database.db);
    return verdict.rows;
  });
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe.skipIf(onServer)('backup and restore of the embedded database', () => {
  it('refuses to back up while another process has the database open', async () => {
    await withDatabase(original, async () => {
      await expect(backupEmbeddedDatabase(original, backupFile)).rejects.toThrow(DataDirInUseError);
    });
    expect(fs.existsSync(backupFile)).toBe(false);
  });

  it('backs up a stopped database, checks the copy and names the files it leaves out', async () => {
    fs.writeFileSync(path.join(original, 'beside.key'), 'kept beside the database');
    const report = await backupEmbeddedDatabase(original, backupFile);
    expect(report.audit).toEqual({ intact: true, rows: auditRows });
    expect(fs.statSync(backupFile).size).toBe(report.bytes);
    expect(report.leftOut).toEqual(['beside.key']);
  });

  it('restores into an empty DATA_DIR with the data and an intact audit chain', async () => {
    const restored = path.join(root, 'restored');
    expect(await restoreEmbeddedDatabase(backupFile, restored)).toEqual({ intact: true, rows: auditRows });
    await withDatabase(restored, async (database) => {
      await migrateToLatest(database.db);
      const units = await database.db.selectFrom('units').select('code').execute();
      expect(units.map((unit) => unit.code)).toEqual(['BACKUP-1']);
      expect(await database.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'admin' }]);
      expect(await verifyAuditChain(database.db)).toEqual({ intact: true, rows: auditRows });
    });
  });

  it('never restores over an existing database, and leaves nothing behind when the file is not a backup', async () => {
    await expect(restoreEmbeddedDatabase(backupFile, original)).rejects.toThrow(/already holds an embedded database/);
    const notABackup = path.join(root, 'not-a-backup.tar.gz');
    fs.writeFileSync(notABackup, 'not a backup');
    const target = path.join(root, 'failed');
    await expect(restoreEmbeddedDatabase(notABackup, target)).rejects.toThrow();
    expect(hasPgliteDatabase(target)).toBe(false);
    expect(fs.existsSync(path.join(target, 'pgdata'))).toBe(false);
  });
});
