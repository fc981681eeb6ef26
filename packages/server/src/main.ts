import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { firstStart } from './bootstrap/first-start.js';
import { systemClock } from './clock.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { platformVersion } from './version.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, platformVersion());
  config.webDist ??= DEFAULT_WEB_DIST;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  // Start-up work runs before the app exists; its session cache stays dormant.
  const deps = { db: database.db, config, clock: systemClock, sessions: new SessionCache() };
  await firstStart(deps, database.kind);
  const { fastify } = await buildApp({ config, database });
  const shutdown = async () => {
    await fastify.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await fastify.listen({ port: config.port, host: config.host });
  console.log(`DCAP is running at http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
