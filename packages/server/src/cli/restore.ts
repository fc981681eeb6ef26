import path from 'node:path';
import { loadConfig } from '../config.js';
import { restoreEmbeddedDatabase } from '../durability/backup.js';
import { platformVersion } from '../version.js';
import { runCommand } from './run.js';

/**
 * `npm run restore -- FILE`: restores a backup made by `npm run backup` into DATA_DIR, which must not hold
 * a database yet, and verifies the restored audit trail (docs/operations.md, Backup and restore).
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env, platformVersion());
  const file = process.argv[2];
  if (!file) {
    console.error('Name the backup to restore: npm run restore -- backups/dcap-….tar.gz');
    return 1;
  }
  if (config.databaseUrl) {
    console.error('The platform uses a PostgreSQL server (DATABASE_URL): restore it with pg_restore, as docs/operations.md describes.');
    return 1;
  }
  const audit = await restoreEmbeddedDatabase(path.resolve(file), config.dataDir);
  console.log(`Restored ${path.resolve(file)} into ${config.dataDir}.`);
  if (audit.intact) {
    console.log(`Audit trail intact: ${audit.rows} rows verified.`);
    console.log('Put back the files the backup leaves out (such as the audit seal key), then start the platform with this DATA_DIR.');
    return 0;
  }
  console.log(`Audit trail BROKEN at row ${audit.brokenId}: the backup was altered before or after it was made.`);
  return 2;
}

runCommand(main);
