import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@dcap/server/src/app.js';
import { ensureAdministrator } from '@dcap/server/src/bootstrap/admin.js';
import { systemClock } from '@dcap/server/src/clock.js';
import { loadConfig } from '@dcap/server/src/config.js';
import type { DatabaseHandle } from '@dcap/server/src/db/database.js';
import { openDatabase } from '@dcap/server/src/db/database.js';
import { migrateToLatest } from '@dcap/server/src/db/migrate.js';
import { SessionCache } from '@dcap/server/src/modules/auth/session-cache.js';
import { startChildServer } from '../child-server.js';
import { Cleanup } from '../cleanup.js';
import type { BenchDatabase } from '../databases.js';
import { DatabaseUnavailable, createPgliteDirectory, createPostgresDatabase, describeServer } from '../databases.js';
import { describeError } from '../describe-error.js';
import type { SlotCheck } from './check.js';
import { checkSlots } from './check.js';
import type { RandomiseLoad } from './load.js';
import { randomiseConcurrently } from './load.js';
import { prepareRandomiseStudy } from './study.js';

/**
 * The randomisation benchmark (`npm run bench:randomise`): a randomised study (a permuted-block scheme of
 * blocks of 4 and 6 stratified by two sites, approved, its test list generated, thousands of subjects in
 * screening written with set-based SQL) prepared in this process on a scratch database; then the server in
 * its own process and concurrent users, each a signed-in randomiser, randomising over real HTTP, each request
 * sent as its last is answered. Every randomisation takes the scheme's lock, so this measures how many
 * subjects a study can randomise per second at its busiest, on the PostgreSQL server and on the embedded
 * database. Afterwards it checks that no slot of any stratum was used twice and none skipped.
 *
 * Settings: BENCH_RANDOMISE_SUBJECTS (1000, randomised after a warm-up of 2 per user), BENCH_RANDOMISE_USERS
 * (20), BENCH_RANDOMISE_TARGETS ("postgres,embedded"), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test,
 * on whose server a scratch database is created and dropped).
 */
const ADMIN = { username: 'admin', password: 'Bench@12345' };
const WARMUP_PER_USER = 2;
const SERVER_READY_TIMEOUT_MS = 120_000;
const TARGETS = ['postgres', 'embedded'] as const;
type Target = (typeof TARGETS)[number];

interface Settings {
  subjects: number;
  users: number;
  targets: Target[];
  postgresUrl: string;
}

interface Outcome {
  label: string;
  result: { load: RandomiseLoad; check: SlotCheck } | { skipped: string } | { failed: string };
}

function readCount(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${String(min)} to ${String(max)}, not "${raw}"`);
  return value;
}

function readSettings(): Settings {
  const raw = process.env.BENCH_RANDOMISE_TARGETS?.trim();
  const names = raw ? raw.split(',').map((name) => name.trim()) : [...TARGETS];
  const unknown = names.filter((name) => !(TARGETS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_RANDOMISE_TARGETS names unknown targets (${unknown.join(', ')}); choose from ${TARGETS.join(', ')}`);
  return {
    subjects: readCount('BENCH_RANDOMISE_SUBJECTS', 1000, 1, 200_000),
    users: readCount('BENCH_RANDOMISE_USERS', 20, 1, 200),
    targets: TARGETS.filter((name) => names.includes(name)),
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}

/** The server's environment for one database: nothing inherited from the developer's (child-server.ts). */
function serverEnv(database: BenchDatabase, dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, ...database.env, LOG_LEVEL: 'warn', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOGIN_RATE_LIMIT_PER_MINUTE: '1000000', DEMO_DATA: 'false' };
}

async function openIn(env: Record<string, string>): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? null : (env.DATA_DIR ?? null) });
}

/** Seeds in this process, closes the database, runs the load against the server, and checks with the server stopped. */
async function benchOne(settings: Settings, cleanup: Cleanup, signal: AbortSignal, label: string, database: BenchDatabase): Promise<Outcome> {
  const log = (line: string) => console.log(`${label}: ${line}`);
  const dataDir = database.env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'dcap-bench-randomise-')));
  if (!database.env.DATA_DIR) cleanup.add(`remove ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
  const env = serverEnv(database, dataDir);
  const seeding = performance.now();
  const handle = await openIn(env);
  const closeSeed = cleanup.add(`close the ${label} database`, () => handle.close());
  const config = loadConfig(env, 'bench');
  await migrateToLatest(handle.db);
  await ensureAdministrator({ db: handle.db, config, clock: systemClock, sessions: new SessionCache() });
  const app = await buildApp({ config, database: handle, logger: false });
  const study = await prepareRandomiseStudy(app, ADMIN, { subjects: settings.subjects + settings.users * WARMUP_PER_USER, users: settings.users, log });
  await app.fastify.close();
  await closeSeed();
  log(`seeded ${String(study.subjects.length)} subjects and ${String(settings.users)} sessions in ${((performance.now() - seeding) / 1000).toFixed(1)} s; starting the server`);

  const server = await startChildServer({ name: `server (${label})`, entry: 'packages/server/src/main.ts', env, readyPath: '/dcap/health', readyTimeoutMs: SERVER_READY_TIMEOUT_MS, signal }, cleanup);
  const split = (subjects: typeof study.subjects) => study.tokens.map((_token, user) => subjects.filter((_subject, index) => index % study.tokens.length === user));
  const warm = study.subjects.slice(0, settings.users * WARMUP_PER_USER);
  let load: RandomiseLoad;
  try {
    const warmup = await randomiseConcurrently(server.baseUrl, study.tokens, split(warm), signal);
    if (warmup.failures > 0) throw new Error(`the warm-up failed: ${warmup.firstProblem ?? ''}`);
    log(`randomising ${String(settings.subjects)} subjects with ${String(settings.users)} users`);
    load = await randomiseConcurrently(server.baseUrl, study.tokens, split(study.subjects.slice(warm.length)), signal);
  } catch (error) {
    throw new Error(`${describeError(error)}\n--- the server's last output ---\n${server.outputTail().trimEnd()}`, { cause: error });
  } finally {
    await server.stop();
  }
  const checking = await openIn(env);
  const closeCheck = cleanup.add(`close the ${label} database`, () => checking.close());
  try {
    return { label, result: { load, check: await checkSlots(checking, study.schemeId, load.count + warm.length) } };
  } finally {
    await closeCheck();
  }
}

async function benchTarget(settings: Settings, cleanup: Cleanup, signal: AbortSignal, target: Target): Promise<Outcome> {
  const label = target === 'postgres' ? 'PostgreSQL' : 'embedded';
  let database: BenchDatabase;
  try {
    database = target === 'postgres' ? await createPostgresDatabase(settings.postgresUrl, cleanup) : await createPgliteDirectory(cleanup);
  } catch (error) {
    if (error instanceof DatabaseUnavailable) return { label, result: { skipped: error.message } };
    throw error;
  }
  try {
    return await benchOne(settings, cleanup, signal, label, database);
  } catch (error) {
    return { label, result: { failed: describeError(error) } };
  }
}

function printOutcomes(outcomes: Outcome[]): boolean {
  const rows = [['database', 'randomisations/s', 'p50', 'p99', 'max', 'count', 'refused', 'slot check']];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const { label, result } of outcomes) {
    if ('load' in result) {
      const { load, check } = result;
      rows.push([label, load.perSecond.toFixed(1), ms(load.p50Ms), ms(load.p99Ms), ms(load.maxMs), String(load.count), String(load.failures), check.ok ? 'passed' : 'FAILED']);
    } else rows.push([label, 'skipped' in result ? `skipped: ${result.skipped}` : 'failed', '', '', '', '', '', '']);
  }
  const widths = rows[0]?.map((_cell, index) => Math.max(...rows.map((row) => (row[index] ?? '').length))) ?? [];
  console.log('');
  for (const row of rows) console.log(row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ').trimEnd());
  let good = true;
  for (const { label, result } of outcomes) {
    if ('failed' in result) {
      good = false;
      console.error(`\n${label} failed: ${result.failed}`);
    }
    if (!('load' in result)) continue;
    console.log(`\n${label}, slot check:`);
    for (const line of result.check.lines) console.log(`  ${line}`);
    if (result.load.firstProblem) console.log(`  first refusal: ${result.load.firstProblem}`);
    good &&= result.check.ok && result.load.failures === 0;
  }
  return good;
}

async function main(): Promise<number> {
  const settings = readSettings();
  const cleanup = new Cleanup();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const cpus = os.cpus();
  console.log('Randomisation benchmark: permuted blocks of 4 and 6 stratified by two sites, each randomisation under the scheme’s lock with its audit rows and the enrolment');
  console.log(`Node ${process.version}, ${os.platform()} ${os.arch()}, ${String(cpus.length)} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`${String(settings.subjects)} subjects randomised by ${String(settings.users)} users over HTTP (127.0.0.1) after a warm-up of ${String(WARMUP_PER_USER)} each; PostgreSQL: a scratch database on ${describeServer(settings.postgresUrl)}; embedded: PGlite in a fresh data directory\n`);
  const outcomes: Outcome[] = [];
  try {
    for (const target of settings.targets) {
      if (controller.signal.aborted) break;
      outcomes.push(await benchTarget(settings, cleanup, controller.signal, target));
    }
  } finally {
    await cleanup.runAll();
  }
  if (controller.signal.aborted) {
    console.error('Interrupted: no figures are printed for a partial run.');
    return 130;
  }
  return printOutcomes(outcomes) ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`bench:randomise could not run: ${describeError(error)}`);
    process.exitCode = 1;
  },
);
