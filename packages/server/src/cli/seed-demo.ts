import { systemClock } from '../clock.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { loadConfig } from '../config.js';
import { ensureAdministrator } from '../bootstrap/admin.js';
import { DEMO_PROJECT_CODE, demoAccountLines, seedDemo } from '../bootstrap/demo.js';
import { inOneTransaction } from '../bootstrap/one-transaction.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { platformVersion } from '../version.js';

/** `npm run seed:demo`: adds the demo study to the configured database unless it is there already. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, platformVersion());
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    // Start-up work runs before the app exists; its session cache stays dormant.
    const deps = { db: database.db, config, clock: systemClock, sessions: new SessionCache() };
    // One transaction, as at first start: an interrupted seed leaves nothing, and running it again completes it.
    const { admin, accounts } = await inOneTransaction(database.db, async (db) => {
      const within = { ...deps, db };
      return { admin: await ensureAdministrator(within), accounts: await seedDemo(within) };
    });
    if (admin) console.log(`Platform administrator created. Sign-in name: ${admin.username}${admin.generatedPassword ? `, password: ${admin.generatedPassword}` : ''}`);
    if (accounts) for (const line of demoAccountLines(accounts)) console.log(line);
    else console.log(`The demo study ${DEMO_PROJECT_CODE} exists already; nothing was changed.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
