import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@dcap/server/src/app.js';
import { ensureAdministrator } from '@dcap/server/src/bootstrap/admin.js';
import { systemClock } from '@dcap/server/src/clock.js';
import { loadConfig } from '@dcap/server/src/config.js';
import { openPostgres } from '@dcap/server/src/db/database.js';
import { migrateToLatest } from '@dcap/server/src/db/migrate.js';
import { SessionCache } from '@dcap/server/src/modules/auth/session-cache.js';
import { startChildServer } from '../child-server.js';
import { Cleanup } from '../cleanup.js';
import { createPostgresDatabase, describeServer } from '../databases.js';
import { describeError } from '../describe-error.js';
import { prepareAnalyticsStudy } from './study.js';

/**
 * The analytics benchmark (`npm run bench:analytics`): a study of 2,000 subjects × 10 visits × 100 fields
 * (2 million values) seeded with set-based SQL on a scratch database of the PostgreSQL server (bench/src/
 * analytics/study.ts), then the server in its own process and every analytics chart and the big screen's
 * overview asked over real HTTP, one request at a time, `runs` times each after a warm-up. It prints p50,
 * p95 and the largest time per call against the goal of 300 ms at p95 (docs/decisions.md "Analytics").
 *
 * Settings: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test, on whose server a scratch database
 * is created and dropped), BENCH_ANALYTICS_SUBJECTS (2000), BENCH_ANALYTICS_RUNS (30).
 */
const ADMIN = { username: 'admin', password: 'Bench@12345' };
const VISITS = 10;
const FIELDS = 100;
const WARMUP = 3;
const GOAL_P95_MS = 300;
const SERVER_READY_TIMEOUT_MS = 120_000;

function readCount(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${String(min)} to ${String(max)}, not "${raw}"`);
  return value;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

interface Figure {
  call: string;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

async function timeCall(baseUrl: string, token: string, url: string, runs: number): Promise<Omit<Figure, 'call'>> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < WARMUP + runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers: { token } });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${String(response.status)} ${text.slice(0, 300)}`);
    if (run >= WARMUP) times.push(ms);
    bytes = text.length;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) ?? 0, bytes };
}

function printTable(figures: Figure[]): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows = [['call', 'p50', 'p95', 'max', 'answer'], ...figures.map((f) => [f.call, ms(f.p50), ms(f.p95), ms(f.max), `${(f.bytes / 1024).toFixed(1)} KB`])];
  const widths = rows[0]?.map((_cell, index) => Math.max(...rows.map((row) => (row[index] ?? '').length))) ?? [];
  console.log('');
  for (const row of rows) console.log(row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ').trimEnd());
}

async function main(): Promise<number> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const subjects = readCount('BENCH_ANALYTICS_SUBJECTS', 2000, 10, 100_000);
  const runs = readCount('BENCH_ANALYTICS_RUNS', 30, 1, 10_000);
  const cleanup = new Cleanup();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const cpus = os.cpus();
  console.log(`Analytics benchmark: ${String(subjects)} subjects × ${String(VISITS)} visits × ${String(FIELDS)} fields on ${describeServer(serverUrl)}`);
  console.log(`Node ${process.version}, ${String(cpus.length)} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  try {
    const database = await createPostgresDatabase(serverUrl, cleanup);
    const url = database.env.DATABASE_URL ?? '';
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dcap-bench-analytics-'));
    cleanup.add(`remove ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOGIN_RATE_LIMIT_PER_MINUTE: '1000000', DEMO_DATA: 'false' };
    const seeding = performance.now();
    const handle = openPostgres(url);
    const closeSeed = cleanup.add('close the seeding connection', () => handle.close());
    const config = loadConfig(env, 'bench');
    await migrateToLatest(handle.db);
    await ensureAdministrator({ db: handle.db, config, clock: systemClock, sessions: new SessionCache() });
    const app = await buildApp({ config, database: handle, logger: false });
    const study = await prepareAnalyticsStudy(app, ADMIN, { subjects, visits: VISITS, fields: FIELDS });
    await app.fastify.close();
    await closeSeed();
    console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; starting the server`);

    const server = await startChildServer({ name: 'server', entry: 'packages/server/src/main.ts', env, readyPath: '/dcap/health', readyTimeoutMs: SERVER_READY_TIMEOUT_MS, signal: controller.signal }, cleanup);
    const instrument = String(study.generated.instrumentId);
    const calls: [string, string][] = [
      ...['enrolment', 'screeningFailures', 'visitCompletion', 'queryRateBySite', 'queryRateByPanel', 'queryTimes', 'entryLag', 'sdvProgress', 'randomisation'].map(
        (indicator): [string, string] => [`chart ${indicator}`, `/dcap/analytics/chart?indicator=${indicator}`],
      ),
      ['chart enrolment (month)', '/dcap/analytics/chart?indicator=enrolment&time=month'],
      ...(['site', 'visit', 'arm'] as const).map((split): [string, string] => [`chart distribution numeric by ${split}`, `/dcap/analytics/chart?indicator=distribution&instrumentId=${instrument}&path=${study.numericField}&split=${split}`]),
      ['chart distribution choice by site', `/dcap/analytics/chart?indicator=distribution&instrumentId=${instrument}&path=${study.choiceField}`],
      ['chart sdvProgress (arm A)', '/dcap/analytics/chart?indicator=sdvProgress&arm=A'],
      ['overview (the big screen)', '/dcap/analytics/overview'],
      ['overview (year)', '/dcap/analytics/overview?time=year'],
      ['projects (cross-project)', '/dcap/analytics/projects'],
    ];
    const figures: Figure[] = [];
    try {
      for (const [name, callUrl] of calls) {
        if (controller.signal.aborted) break;
        figures.push({ call: name, ...(await timeCall(server.baseUrl, study.token, callUrl, runs)) });
      }
    } catch (error) {
      throw new Error(`${describeError(error)}\n--- the server's last output ---\n${server.outputTail().trimEnd()}`, { cause: error });
    } finally {
      await server.stop();
    }
    printTable(figures);
    const misses = figures.filter((f) => f.p95 > GOAL_P95_MS);
    console.log(`\n${String(runs)} runs per call after ${String(WARMUP)} warm-up runs, one at a time over HTTP (127.0.0.1).`);
    console.log(`Goal: every call within ${String(GOAL_P95_MS)} ms at p95 — ${misses.length === 0 ? 'met' : `missed by ${misses.map((f) => f.call).join(', ')}`}.`);
    return 0;
  } catch (error) {
    console.error(`bench:analytics failed: ${describeError(error)}`);
    return 1;
  } finally {
    await cleanup.runAll();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`bench:analytics could not run: ${describeError(error)}`);
    process.exitCode = 1;
  },
);
