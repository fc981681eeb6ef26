import os from 'node:os';
import type { ChildServer, ChildServerOptions } from './child-server.js';
import { startChildServer } from './child-server.js';
import { Cleanup } from './cleanup.js';
import type { BenchDatabase } from './databases.js';
import { DatabaseUnavailable, createPgliteDirectory, createPostgresDatabase, describeServer } from './databases.js';
import { describeError } from './describe-error.js';
import type { Measurement } from './load.js';
import { runLoad } from './load.js';
import type { Outcome } from './report.js';
import { findProblems, formatGoal, formatTable } from './report.js';
import type { Credentials } from './session.js';
import { checkInit, signIn } from './session.js';
import { prepareWrites, siteRenames } from './writes.js';
import { runChainWrites } from './chain-writes.js';

/**
 * The API benchmark: authenticated GET /dcap/sys/init on PGlite and on PostgreSQL, beside a bare Fastify
 * floor, and audited writes to one project and to two at once on PostgreSQL, through the API (`writes.ts`)
 * and straight to the database (`chain-writes.ts`), each server in its own
 * process and the load generator in this one. It prints figures; the only thing that fails the run is a
 * response that was not 2xx, a connection error, or a target that broke.
 */

interface Settings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  postgresUrl: string;
  /** Which targets to run (BENCH_TARGETS, comma-separated names of TARGETS); all when unset. */
  targets: (keyof typeof TARGETS)[];
}

/** The platform administrator of each fresh database; nothing else ever signs in with it. */
const ADMIN: Credentials = { username: 'admin', password: 'Bench@12345' };

/** Startup runs migrations and hashes the administrator's password, and tsx compiles on the first start. */
const SERVER_READY_TIMEOUT_MS = 120_000;
/** Bounds the clean-up after Ctrl-C, so a stuck step cannot hold the terminal; children are then killed on exit. */
const INTERRUPT_CLEANUP_TIMEOUT_MS = 30_000;

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}, not "${raw}"`);
  return value;
}

function readTargets(raw: string | undefined): (keyof typeof TARGETS)[] {
  const all = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
  if (raw === undefined || raw.trim() === '') return all;
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(name in TARGETS));
  if (unknown.length > 0) throw new Error(`BENCH_TARGETS names unknown targets (${unknown.join(', ')}); choose from ${all.join(', ')}`);
  return all.filter((name) => names.includes(name));
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  return {
    seconds: readCount(env, 'BENCH_SECONDS', 10, 600),
    warmupSeconds: readCount(env, 'BENCH_WARMUP_SECONDS', 3, 60),
    connections: readCount(env, 'BENCH_CONNECTIONS', 50, 1000),
    postgresUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    targets: readTargets(env.BENCH_TARGETS),
  };
}

/** What every step of one run needs: its settings, what to undo, and whether Ctrl-C was pressed. */
interface Run {
  settings: Settings;
  cleanup: Cleanup;
  signal: AbortSignal;
}

/** Warms the server (JIT, connection pool, caches) with a short run whose figures are thrown away, then measures. */
async function warmThenMeasure(url: string, headers: Record<string, string>, run: Run): Promise<Measurement> {
  const { seconds, warmupSeconds, connections } = run.settings;
  await runLoad({ url, headers, seconds: warmupSeconds, connections, signal: run.signal });
  return runLoad({ url, headers, seconds, connections, signal: run.signal });
}

/** Starts a server, runs `measure` against it, stops it; a failure becomes a `failed` outcome with the server's output. */
async function measureTarget(
  target: string,
  server: Omit<ChildServerOptions, 'readyTimeoutMs' | 'signal'>,
  run: Run,
  measure: (child: ChildServer) => Promise<Measurement>,
): Promise<Outcome> {
  console.log(`${target}: starting the server`);
  let child: ChildServer | undefined;
  try {
    child = await startChildServer({ ...server, readyTimeoutMs: SERVER_READY_TIMEOUT_MS, signal: run.signal }, run.cleanup);
    const measurement = await measure(child);
    if (!run.signal.aborted && (measurement.non2xx > 0 || measurement.errors > 0)) {
      console.log(`${target}: the server's last output:\n${child.outputTail().trimEnd()}`);
    }
    return { target, kind: 'measured', measurement };
  } catch (error) {
    const tail = child ? `\n--- its last output ---\n${child.outputTail().trimEnd()}` : '';
    return { target, kind: 'failed', reason: `${describeError(error)}${tail}` };
  } finally {
    await child?.stop();
  }
}

async function benchFloor(run: Run): Promise<Outcome> {
  const server = { name: 'floor server', entry: 'bench/src/floor-server.ts', env: {}, readyPath: '/floor' };
  return measureTarget('floor', server, run, (child) => {
    console.log('floor: measuring GET /floor');
    return warmThenMeasure(`${child.baseUrl}/floor`, {}, run);
  });
}

function platformServer(target: string, database: BenchDatabase): Omit<ChildServerOptions, 'readyTimeoutMs' | 'signal'> {
  return {
    name: `server (${target})`,
    entry: 'packages/server/src/main.ts',
    env: {
      ...database.env,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // Only one sign-in is made, but a low limit must never turn a rerun into 429s.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    readyPath: '/dcap/health',
  };
}

async function benchInit(target: string, database: BenchDatabase, run: Run): Promise<Outcome> {
  return measureTarget(target, platformServer(target, database), run, async (child) => {
    const url = `${child.baseUrl}/dcap/sys/init`;
    const token = await signIn(child.baseUrl, ADMIN);
    await checkInit(url, token, ADMIN.username);
    console.log(`${target}: signed in; measuring GET /dcap/sys/init`);
    return warmThenMeasure(url, { token }, run);
  });
}

async function benchInitOnPglite(run: Run): Promise<Outcome> {
  const database = await createPgliteDirectory(run.cleanup);
  return benchInit('init on PGlite', database, run);
}

async function benchInitOnPostgres(run: Run): Promise<Outcome> {
  const target = 'init on PostgreSQL';
  let database: BenchDatabase;
  try {
    database = await createPostgresDatabase(run.settings.postgresUrl, run.cleanup);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailable)) throw error;
    console.log(`${target}: SKIPPED, PostgreSQL is not usable: ${error.message}`);
    return { target, kind: 'skipped', reason: error.message };
  }
  return benchInit(target, database, run);
}

/**
 * Audited writes on PostgreSQL, to one project or spread over two: side by side, the figures show whether
 * one project's writes wait on another's (PGlite has one connection, so its writes queue regardless).
 */
async function benchWrites(projectCount: number, run: Run): Promise<Outcome> {
  const target = `writes, ${projectCount} project${projectCount === 1 ? '' : 's'}, PostgreSQL`;
  let database: BenchDatabase;
  try {
    database = await createPostgresDatabase(run.settings.postgresUrl, run.cleanup);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailable)) throw error;
    console.log(`${target}: SKIPPED, PostgreSQL is not usable: ${error.message}`);
    return { target, kind: 'skipped', reason: error.message };
  }
  return measureTarget(target, platformServer(target, database), run, async (child) => {
    const token = await signIn(child.baseUrl, ADMIN);
    const fixture = await prepareWrites(child.baseUrl, token, run.settings.connections, projectCount);
    console.log(`${target}: ${fixture.sites.length} sites; measuring POST /dcap/projectSite/save`);
    const url = `${child.baseUrl}/dcap/projectSite/save`;
    const { seconds, warmupSeconds, connections } = run.settings;
    const postBody = siteRenames(fixture);
    await runLoad({ url, headers: { token }, seconds: warmupSeconds, connections, signal: run.signal, postBody });
    return runLoad({ url, headers: { token }, seconds, connections, signal: run.signal, postBody });
  });
}

/** The audit chain's lock on its own: audited transactions straight to the database (`chain-writes.ts`). */
const CHAIN_HOLD_MS = 2;
const CHAIN_CLIENTS = 16;

async function benchChain(projectCount: number, run: Run): Promise<Outcome> {
  const target = `chain, ${projectCount} project${projectCount === 1 ? '' : 's'}, ${CHAIN_HOLD_MS} ms held`;
  let database: BenchDatabase;
  try {
    database = await createPostgresDatabase(run.settings.postgresUrl, run.cleanup);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailable)) throw error;
    console.log(`${target}: SKIPPED, PostgreSQL is not usable: ${error.message}`);
    return { target, kind: 'skipped', reason: error.message };
  }
  // The server only migrates the database; the load goes to PostgreSQL directly.
  return measureTarget(target, platformServer(target, database), run, async () => {
    const url = database.env.DATABASE_URL ?? '';
    console.log(`${target}: measuring audited transactions, ${CHAIN_CLIENTS} connections`);
    const base = { url, projects: projectCount, clients: CHAIN_CLIENTS, holdMs: CHAIN_HOLD_MS, signal: run.signal };
    await runChainWrites({ ...base, seconds: run.settings.warmupSeconds });
    return runChainWrites({ ...base, seconds: run.settings.seconds });
  });
}

/** Every target, in the order they run. */
const TARGETS = {
  floor: benchFloor,
  pglite: benchInitOnPglite,
  postgres: benchInitOnPostgres,
  writes1: (run: Run) => benchWrites(1, run),
  writes2: (run: Run) => benchWrites(2, run),
  chain1: (run: Run) => benchChain(1, run),
  chain2: (run: Run) => benchChain(2, run),
};

function printHeader(settings: Settings): void {
  const cpus = os.cpus();
  console.log('API benchmark: authenticated GET /dcap/sys/init against a bare Fastify floor, and audited writes to one project and to two at once');
  console.log(`Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`);
  console.log(
    `${settings.seconds} s measured after ${settings.warmupSeconds} s warm-up, ${settings.connections} connections, ` +
      `servers and load generator in separate processes on this machine (127.0.0.1)`,
  );
  console.log(`PostgreSQL: a fresh database on ${describeServer(settings.postgresUrl)}; PGlite: a fresh directory under ${os.tmpdir()}\n`);
}

function printResults(outcomes: Outcome[]): void {
  const floorOutcome = outcomes.find((outcome) => outcome.target === 'floor');
  const floor = floorOutcome?.kind === 'measured' ? floorOutcome.measurement : undefined;
  const postgres = outcomes.find((outcome) => outcome.target === 'init on PostgreSQL');
  console.log(`\n${formatTable(outcomes, floor)}\n`);
  if (postgres) console.log(formatGoal(postgres, floor));
  for (const outcome of outcomes) {
    if (outcome.kind === 'skipped') console.log(`${outcome.target} was skipped: ${outcome.reason}`);
  }
}

/**
 * Ctrl-C (or SIGTERM) stops the current step; the run then undoes what it made through the one clean-up
 * path. The handler stays installed: the terminal signals the whole process group and tsx relays the same
 * signal again, and a signal with no listener would end this process before the clean-up is done.
 */
function interruptOnSignals(): AbortSignal {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    console.error(`\n${name}: stopping the servers and removing the temporary databases.`);
    controller.abort();
    setTimeout(() => process.exit(130), INTERRUPT_CLEANUP_TIMEOUT_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return controller.signal;
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const run: Run = { settings, cleanup: new Cleanup(), signal: interruptOnSignals() };
  printHeader(settings);

  const outcomes: Outcome[] = [];
  try {
    for (const name of settings.targets) {
      const bench = TARGETS[name];
      if (run.signal.aborted) break;
      outcomes.push(await bench(run));
    }
  } finally {
    await run.cleanup.runAll();
  }
  if (run.signal.aborted) {
    console.error('Interrupted: no figures are printed for a partial run.');
    return 130;
  }

  printResults(outcomes);
  const problems = findProblems(outcomes);
  if (problems.length === 0) {
    console.log('All responses were 2xx, with no connection errors.');
    return 0;
  }
  console.error('\n!!! THE RUN HAD ERRORS: the figures above are not valid !!!');
  for (const problem of problems) console.error(`!!! ${problem}`);
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`The benchmark could not run: ${describeError(error)}`);
    process.exitCode = 1;
  },
);
