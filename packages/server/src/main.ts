import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { firstStart } from './bootstrap/first-start.js';
import { systemClock } from './clock.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { loadConfig } from './config.js';
import { openMigratedDatabase } from './db/roles.js';
import { openSealer, scheduleSealing } from './modules/audit/seal.js';
import { scheduleExportExpiry } from './modules/exports/expiry.js';
import { scheduleReminderScans } from './modules/reminders/job.js';
import { subscribeOutbox } from './modules/messages/wake.js';
import { platformVersion } from './version.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, platformVersion());
  config.webDist ??= DEFAULT_WEB_DIST;
  // Migrations run as the owner when DATABASE_OWNER_URL is given; the server works as DATABASE_URL's role.
  const { database, warnings } = await openMigratedDatabase(config);
  for (const warning of warnings) console.warn(`WARNING: ${warning}`);
  // Start-up work runs before the app exists; its session cache stays dormant.
  const deps = { db: database.db, config, clock: systemClock, sessions: new SessionCache() };
  await firstStart(deps, database.kind);
  const { fastify, jobs, messages } = await buildApp({ config, database });
  // Chain heads are sealed now and on a schedule (docs/security.md).
  const stopSealing = scheduleSealing(openSealer(database.db, config), config.auditSeal.intervalMs, (message) => fastify.log.warn(message));
  // Export files past their retention are deleted hourly (docs/decisions.md, "Exports").
  const stopExpiry = scheduleExportExpiry({ ...deps, clock: systemClock }, 60 * 60_000, (message) => fastify.log.warn(message));
  // Visit reminders: the scan of each hour slot is queued as a job, once among all servers (docs/decisions.md "Visit reminders").
  const stopReminders = scheduleReminderScans({ ...deps, clock: systemClock }, 5 * 60_000, () => jobs.wake(), (message) => fastify.log.warn(message));
  // The sender wakes when a transaction that queued messages commits, on any instance (docs/decisions.md).
  const stopWaking = await subscribeOutbox(database, messages, (message) => fastify.log.warn(message));
  const shutdown = async () => {
    await stopWaking();
    await stopReminders();
    await fastify.close();
    await stopSealing();
    await stopExpiry();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await fastify.listen({ port: config.port, host: config.host });
  // Background jobs (sync, later exports and imports) run in every instance; closing the app stops them.
  jobs.start();
  messages.start();
  console.log(`DCAP is running at http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
