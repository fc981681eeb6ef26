import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupEmbeddedDatabase } from '../durability/backup.js';
import { platformVersion } from '../version.js';
import { runCommand } from './run.js';

/**
 * `npm run backup [-- FILE]`: a consistent copy of the embedded database in DATA_DIR, written to FILE or
 * to `backups/dcap-<time>.tar.gz`. Refuses while the platform runs on it; a PostgreSQL server is backed
 * up with its own tools (docs/operations.md, Backup and restore).
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env, platformVersion());
  if (config.databaseUrl) {
    console.error('The platform uses a PostgreSQL server (DATABASE_URL): back it up with pg_dump, as docs/operations.md describes.');
    return 1;
  }
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const file = path.resolve(process.argv[2] ?? path.join('backups', `dcap-${stamp}.tar.gz`));
  const report = await backupEmbeddedDatabase(config.dataDir, file);
  console.log(`Backup of ${config.dataDir} written to ${report.file} (${(report.bytes / 1_048_576).toFixed(1)} MB).`);
  if (report.leftOut.length > 0) {
    console.log(`Not in the backup, as they are not the database: ${report.leftOut.join(', ')} in ${config.dataDir}. Keep them safe separately.`);
  }
  if (report.audit.intact) {
    console.log(`The backup opens and its audit trail is intact: ${report.audit.rows} rows verified.`);
    return 0;
  }
  console.log(`The backup opens, but its audit trail is BROKEN at row ${report.audit.brokenId}: run npm run audit:verify on the platform.`);
  return 2;
}

runCommand(main);
