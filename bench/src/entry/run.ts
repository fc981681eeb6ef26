import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildServer, ChildServerOptions } from '../child-server.js';
import { startChildServer } from '../child-server.js';
import { Cleanup } from '../cleanup.js';
import type { BenchDatabase } from '../databases.js';
import { DatabaseUnavailable, createPgliteDirectory, createPostgresDatabase, describeServer } from '../databases.js';
import { describeError } from '../describe-error.js';
import { signIn } from './client.js';
import type { MemoryPeaks } from './memory-probe.js';
import { FIELD_COUNT, FORMULA_FIELDS, benchPanel, changedFields, valueCycle } from './panel.js';
import type { EntryOutcome, MemoryFigures } from './report.js';
import { GOALS, findProblems, formatGoals, formatTable } from './report.js';
import type { SaveState } from './save.js';
import { addSubjectThroughApi, floorSaveUser, platformSaveUser, saveOnce } from './save.js';
import type { BenchStudy } from './study.js';
import { prepareStudy } from './study.js';
import type { UsersMeasurement } from './users-load.js';
import { runUsers } from './users-load.js';

/**
 * The data-entry benchmark (`npm run bench:entry`): saving a 100-field panel (values, audit rows, formulas
 * re-checked by the server) over real HTTP by concurrent users, each saving its own subject's panel in a
 * loop with the version its last save answered, on PostgreSQL and on the embedded database. Beside each, the
 * floor: a bare Fastify route writing the same value and audit rows in one transaction (floor-server.ts),
 * under the same load. The servers run in their own processes with a memory probe preloaded; the load runs
 * here. It prints a table and the goals; only a harness failure or refused saves make it exit non-zero.
 *
 * Settings: BENCH_ENTRY_SECONDS (15), BENCH_ENTRY_WARMUP_SECONDS (3), BENCH_ENTRY_USERS (20),
 * BENCH_ENTRY_PACE_MS (1000: after the saturated run, the same users each save once per period; 0 skips
 * it), BENCH_ENTRY_TARGETS ("postgres,embedded"), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test,
 * on whose server a scratch database is created and dropped), BENCH_ENTRY_CPU_PROF (a directory: the
 * platform server writes a V8 CPU profile there when it stops).
 */

interface Settings {
  seconds: number;
  warmupSeconds: number;
  users: number;
  /** The period of the paced run, or null for none. */
  paceMs: number | null;
  targets: ('postgres' | 'embedded')[];
  postgresUrl: string;
  cpuProfileDir: string | undefined;
}

interface Run {
  settings: Settings;
  cleanup: Cleanup;
  signal: AbortSignal;
  /** Where memory probes write. */
  scratchDir: string;
}

const ADMIN = { username: 'admin', password: 'Bench@12345' };
const SERVER_READY_TIMEOUT_MS = 120_000;
const INTERRUPT_CLEANUP_TIMEOUT_MS = 30_000;
/** Value sets each user cycles through; consecutive sets differ in every field. */
const CYCLE_LENGTH = 16;
const PROBE = 'bench/src/entry/memory-probe.ts';

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}, not "${raw}"`);
  return value;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const all = ['postgres', 'embedded'] as const;
  const raw = env.BENCH_ENTRY_TARGETS?.trim();
  const names = raw ? raw.split(',').map((name) => name.trim()) : [...all];
  const unknown = names.filter((name) => !(all as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_ENTRY_TARGETS names unknown targets (${unknown.join(', ')}); choose from ${all.join(', ')}`);
  return {
    seconds: readCount(env, 'BENCH_ENTRY_SECONDS', 15, 600),
    warmupSeconds: readCount(env, 'BENCH_ENTRY_WARMUP_SECONDS', 3, 60),
    users: readCount(env, 'BENCH_ENTRY_USERS', 20, 200),
    paceMs: env.BENCH_ENTRY_PACE_MS === '0' ? null : readCount(env, 'BENCH_ENTRY_PACE_MS', 1000, 60_000),
    targets: all.filter((name) => names.includes(name)),
    postgresUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    cpuProfileDir: env.BENCH_ENTRY_CPU_PROF ? path.resolve(env.BENCH_ENTRY_CPU_PROF) : undefined,
  };
}

/** A server with the memory probe preloaded, writing its peaks to a file of its own. */
async function startProbed(run: Run, options: Omit<ChildServerOptions, 'readyTimeoutMs' | 'signal'>, extraNodeArgs: string[] = []) {
  const memoryFile = path.join(run.scratchDir, `memory-${options.name.replace(/\W+/g, '-')}.json`);
  const child = await startChildServer(
    {
      ...options,
      env: { ...options.env, BENCH_MEMORY_FILE: memoryFile },
      nodeArgs: ['--import', `./${PROBE}`, ...extraNodeArgs],
      readyTimeoutMs: SERVER_READY_TIMEOUT_MS,
      signal: run.signal,
    },
    run.cleanup,
  );
  return { child, memoryFile };
}

async function readPeaks(file: string, since: number): Promise<MemoryFigures | null> {
  // The probe writes every second; wait for a write after the run ended.
  for (let attempt = 0; attempt < 40; attempt += 1) {
    try {
      const peaks = JSON.parse(await fs.readFile(file, 'utf8')) as MemoryPeaks;
      if (peaks.writtenAt >= since && peaks.windows > 0) {
        return { rssBytes: peaks.rss, heapUsedBytes: peaks.heapUsed, heapTotalBytes: peaks.heapTotal, externalBytes: peaks.external, statements: peaks.statements };
      }
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

type Measured = { measurement: UsersMeasurement; memory: MemoryFigures | null };

/**
 * Warms up, then opens a memory window and measures at saturation; then, on the warm server, the paced run
 * (its memory and statements are the saturated run's, so it reports none).
 */
async function measureUsers(
  run: Run,
  server: { child: ChildServer; memoryFile: string },
  makeUsers: () => Parameters<typeof runUsers>[0]['users'],
): Promise<{ saturated: Measured; paced: Measured | null }> {
  const { seconds, warmupSeconds } = run.settings;
  const base = { baseUrl: server.child.baseUrl, signal: run.signal };
  const warm = await runUsers({ ...base, users: makeUsers(), seconds: warmupSeconds });
  if (warm.non2xx > 0 || warm.errors > 0) return { saturated: { measurement: warm, memory: null }, paced: null };
  const measurement = await runUsers({
    ...base,
    users: makeUsers(),
    seconds,
    onStart: () => {
      if (server.child.pid !== undefined) process.kill(server.child.pid, 'SIGUSR2');
    },
  });
  const memory = await readPeaks(server.memoryFile, Date.now());
  const saturated = { measurement, memory };
  const { paceMs } = run.settings;
  if (paceMs === null || measurement.non2xx > 0 || measurement.errors > 0) return { saturated, paced: null };
  return { saturated, paced: { measurement: await runUsers({ ...base, users: makeUsers(), seconds, paceMs }), memory: null } };
}

function platformEnv(database: BenchDatabase): Record<string, string> {
  return {
    ...database.env,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    DEMO_DATA: 'false',
  };
}

const pacedTarget = (target: string, settings: Settings) => `${target}, 1 save per ${settings.paceMs ?? 0} ms`;

/** The platform on one database, then the floor on the same database, same panels, same load. */
async function benchDatabase(run: Run, label: EntryOutcome['database'], database: BenchDatabase, floorEnv: Record<string, string>): Promise<EntryOutcome[]> {
  const platformTarget = `save, ${label}`;
  const floorTarget = `floor, ${label}`;
  const failed = (target: string, kind: EntryOutcome['kind'], error: unknown, child?: ChildServer): EntryOutcome => ({
    target,
    database: label,
    kind,
    load: 'saturated',
    result: { failed: `${describeError(error)}${child ? `\n--- the server's last output ---\n${child.outputTail().trimEnd()}` : ''}` },
  });

  const panel = benchPanel();
  let study: BenchStudy;
  let states: SaveState[];
  const outcomes: EntryOutcome[] = [];

  console.log(`${platformTarget}: starting the server`);
  const cpuArgs = run.settings.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${run.settings.cpuProfileDir}`] : [];
  let platform: Awaited<ReturnType<typeof startProbed>> | undefined;
  try {
    platform = await startProbed(run, { name: `server (${label})`, entry: 'packages/server/src/main.ts', env: platformEnv(database), readyPath: '/dcap/health' }, cpuArgs);
    const admin = await signIn(platform.child.baseUrl, ADMIN.username, ADMIN.password);
    study = await prepareStudy({
      baseUrl: platform.child.baseUrl,
      adminToken: admin.token,
      users: run.settings.users,
      addSubject: addSubjectThroughApi,
      log: (line) => console.log(`${platformTarget}: ${line}`),
    });
    states = study.users.map((user, index) => ({ user, version: 0, cycle: valueCycle(panel, index + 1, CYCLE_LENGTH), next: 0 }));
    // The first save enters every value; from the second on, every change needs a reason and is audited.
    const baseUrl = platform.child.baseUrl;
    await Promise.all(states.map((state) => saveOnce(baseUrl, state)));
    const changed = changedFields(states[0]?.cycle[0] ?? {}, states[0]?.cycle[1] ?? {});
    console.log(`${platformTarget}: ${states.length} panels of ${FIELD_COUNT} fields (${FORMULA_FIELDS} formulas); each save changes ${changed} values; measuring`);
    const { saturated: result, paced } = await measureUsers(run, platform, () => states.map((state) => platformSaveUser(state)));
    outcomes.push({ target: platformTarget, database: label, kind: 'platform', load: 'saturated', result });
    if (paced) outcomes.push({ target: pacedTarget(platformTarget, run.settings), database: label, kind: 'platform', load: 'paced', result: paced });
    if (result.measurement.non2xx > 0 || result.measurement.errors > 0 || (paced && (paced.measurement.non2xx > 0 || paced.measurement.errors > 0))) console.log(`${platformTarget}: the server's last output:\n${platform.child.outputTail().trimEnd()}`);
  } catch (error) {
    outcomes.push(failed(platformTarget, 'platform', error, platform?.child));
    outcomes.push({ target: floorTarget, database: label, kind: 'floor', load: 'saturated', result: { skipped: 'the study could not be prepared' } });
    return outcomes;
  } finally {
    await platform?.child.stop();
  }

  console.log(`${floorTarget}: starting the floor server on the same database`);
  let floor: Awaited<ReturnType<typeof startProbed>> | undefined;
  try {
    floor = await startProbed(run, {
      name: `floor (${label})`,
      entry: 'bench/src/entry/floor-server.ts',
      env: { ...floorEnv, FLOOR_ACTOR_ID: String(study.users[0]?.userId ?? 1), FLOOR_ENV: 'uat' },
      readyPath: '/floor/health',
    });
    const { saturated: result, paced } = await measureUsers(run, floor, () => states.map((state) => floorSaveUser(state)));
    outcomes.push({ target: floorTarget, database: label, kind: 'floor', load: 'saturated', result });
    if (paced) outcomes.push({ target: pacedTarget(floorTarget, run.settings), database: label, kind: 'floor', load: 'paced', result: paced });
  } catch (error) {
    outcomes.push(failed(floorTarget, 'floor', error, floor?.child));
  } finally {
    await floor?.child.stop();
  }
  return outcomes;
}

async function benchPostgres(run: Run): Promise<EntryOutcome[]> {
  let database: BenchDatabase;
  try {
    database = await createPostgresDatabase(run.settings.postgresUrl, run.cleanup);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailable)) throw error;
    console.log(`PostgreSQL: SKIPPED, not usable: ${error.message}`);
    return (['platform', 'floor'] as const).map((kind) => ({
      target: `${kind === 'platform' ? 'save' : 'floor'}, PostgreSQL`,
      database: 'PostgreSQL' as const,
      kind,
      load: 'saturated' as const,
      result: { skipped: error.message },
    }));
  }
  return benchDatabase(run, 'PostgreSQL', database, { FLOOR_DATABASE_URL: database.env.DATABASE_URL ?? '' });
}

async function benchEmbedded(run: Run): Promise<EntryOutcome[]> {
  const database = await createPgliteDirectory(run.cleanup);
  // The embedded database keeps its PostgreSQL files in DATA_DIR/pgdata (server db/data-dir.ts).
  return benchDatabase(run, 'embedded', database, { FLOOR_PGLITE_DIR: path.join(database.env.DATA_DIR ?? '', 'pgdata') });
}

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

function printHeader(settings: Settings): void {
  const cpus = os.cpus();
  console.log('Data-entry benchmark: saving a 100-field panel (values, audit rows, formulas re-checked) beside a bare Fastify floor doing the same writes');
  console.log(`Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(
    `${settings.users} users, each saving its own panel in a loop; ${settings.seconds} s measured after ${settings.warmupSeconds} s warm-up, saturated ` +
      `(each save sent as the last is answered)${settings.paceMs === null ? '' : ` and then paced (each user saving every ${settings.paceMs} ms)`}; ` +
      'servers and load in separate processes on this machine (127.0.0.1)',
  );
  console.log(`PostgreSQL: a scratch database on ${describeServer(settings.postgresUrl)}; embedded: PGlite in a fresh data directory under ${os.tmpdir()}\n`);
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const cleanup = new Cleanup();
  const scratchDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dcap-bench-entry-'));
  cleanup.add(`remove ${scratchDir}`, () => fs.rm(scratchDir, { recursive: true, force: true }));
  const run: Run = { settings, cleanup, signal: interruptOnSignals(), scratchDir };
  printHeader(settings);
  const outcomes: EntryOutcome[] = [];
  try {
    for (const target of settings.targets) {
      if (run.signal.aborted) break;
      outcomes.push(...(await (target === 'postgres' ? benchPostgres(run) : benchEmbedded(run))));
    }
  } finally {
    await cleanup.runAll();
  }
  if (run.signal.aborted) {
    console.error('Interrupted: no figures are printed for a partial run.');
    return 130;
  }
  console.log(`\n${formatTable(outcomes)}\n`);
  for (const line of formatGoals(outcomes, settings.paceMs)) console.log(line);
  console.log(`(Goals: PostgreSQL p99 < ${GOALS.postgresP99Ms} ms and ≥ ${GOALS.postgresShareOfFloor * 100}% of the floor's saves/s; embedded p99 < ${GOALS.embeddedP99Ms} ms.)`);
  if (settings.cpuProfileDir) console.log(`CPU profiles of the platform server: ${settings.cpuProfileDir}`);
  const problems = findProblems(outcomes);
  if (problems.length === 0) return 0;
  console.error('\n!!! THE RUN HAD ERRORS: the figures of these targets are not valid !!!');
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
