import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { verifyAuditChain } from '../modules/audit/verify.js';
import { platformVersion } from '../version.js';

/** `npm run audit:verify`: exit 0 when the chain is intact, 2 naming the first broken row otherwise. */
async function main(): Promise<number> {
  const config = loadConfig(process.env, platformVersion());
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const verdict = await verifyAuditChain(database.db);
    if (verdict.intact) {
      console.log(`Audit trail intact: ${verdict.rows} rows verified.`);
      return 0;
    }
    const what = verdict.problem === 'content_changed' ? 'its content no longer matches its hash' : 'it does not link to the row before it';
    console.log(`Audit trail BROKEN at row ${verdict.brokenId}: ${what}.`);
    return 2;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
