import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { ExportTask } from '@dcap/core';
import type { App } from '@dcap/server/src/app.js';
import { buildApp } from '@dcap/server/src/app.js';
import { ensureAdministrator } from '@dcap/server/src/bootstrap/admin.js';
import { systemClock } from '@dcap/server/src/clock.js';
import { loadConfig } from '@dcap/server/src/config.js';
import { openPostgres } from '@dcap/server/src/db/database.js';
import { migrateToLatest } from '@dcap/server/src/db/migrate.js';
import { SessionCache } from '@dcap/server/src/modules/auth/session-cache.js';
import type { GeneratedStudy } from '@dcap/server/src/test/generated-study.js';
import { buildGeneratedStudy } from '@dcap/server/src/test/generated-study.js';
import { Cleanup } from '../cleanup.js';
import { createPostgresDatabase, describeServer } from '../databases.js';
import { describeError } from '../describe-error.js';
import { copyToStdout, longSelect, wideSelect } from './floor.js';

/**
 * The export benchmark (`npm run bench:export`): a generated study (1,000 subjects × 5 visits × 100 fields by
 * default, seeded with set-based SQL) on a scratch database of the PostgreSQL server, exported as CSV and xlsx,
 * wide and long, by the export job in this process. For each it prints the job's time, the file's size, and
 * the growth of resident memory and of the JavaScript heap at their peak while the job ran (sampled every
 * 5 ms), beside the time of PostgreSQL's own COPY of the same rows to CSV (the fastest of three runs). The same runs at half the study
 * show whether memory stays flat as the study grows. Goal: CSV within 3× of COPY.
 *
 * Settings: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test, on whose server a scratch database
 * is created and dropped), BENCH_EXPORT_SUBJECTS (1000), BENCH_EXPORT_BATCH (200 subjects per job step),
 * BENCH_EXPORT_FORMATS (csv-wide,csv-long,xlsx-wide,xlsx-long,odm-snapshot).
 */
const ADMIN = { username: 'admin', password: 'Bench@12345' };
const VISITS = 5;
const FIELDS = 100;
const SAMPLE_MS = 5;
const GOAL_RATIO = 3;
const FLOOR_RUNS = 3;

// Each run starts from a collected heap, so its growth is its own.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const FORMATS = [
  { format: 'csv', layout: 'wide' },
  { format: 'csv', layout: 'long' },
  { format: 'xlsx', layout: 'wide' },
  { format: 'xlsx', layout: 'long' },
  // CDISC ODM has no table layout; its kind stands in the layout column (a snapshot of the current values).
  { format: 'odm', layout: 'snapshot' },
] as const;

interface Figure {
  subjects: number;
  format: string;
  layout: string;
  ms: number;
  bytes: number;
  rssGrowth: number;
  heapGrowth: number;
  copyMs: number | null;
}

function readCount(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 2 || value > 1_000_000) throw new Error(`${name} must be a whole number from 2 to 1000000, not "${raw}"`);
  return value;
}

/** Runs `work` while sampling memory; answers its time and the peaks' growth over the figures at the start. */
async function measured(work: () => Promise<unknown>): Promise<{ ms: number; rssGrowth: number; heapGrowth: number }> {
  collectGarbage();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  const end = process.memoryUsage();
  return { ms, rssGrowth: Math.max(rss, end.rss) - start.rss, heapGrowth: Math.max(heap, end.heapUsed) - start.heapUsed };
}

async function exportOnce(app: App, study: GeneratedStudy, format: string, layout: string): Promise<{ ms: number; rssGrowth: number; heapGrowth: number; bytes: number }> {
  const created = await app.fastify.inject({ method: 'POST', url: '/dcap/export/task/create', headers: { token: study.token }, payload: format === 'odm' ? { module: 'subjectData', format, odmMode: layout } : { module: 'subjectData', format, layout, dictionary: false } });
  if (created.statusCode !== 200) throw new Error(`export refused: ${created.body}`);
  const id = created.json<{ data: ExportTask }>().data.id;
  const run = await measured(() => app.jobs.drain());
  const detail = await app.fastify.inject({ method: 'GET', url: `/dcap/export/task/detail?id=${String(id)}`, headers: { token: study.token } });
  const task = detail.json<{ data: ExportTask }>().data;
  if (task.status !== 'finished') throw new Error(`export ${String(id)} ended ${task.status}: ${task.error?.message ?? ''}`);
  return { ...run, bytes: task.sizeBytes ?? 0 };
}

/** The floor is the fastest of three COPY runs: the first read of freshly seeded rows also sets their hint bits. */
async function fastestCopy(url: string, select: string): Promise<{ ms: number; bytes: number }> {
  let best = await copyToStdout(url, select);
  for (let run = 1; run < FLOOR_RUNS; run += 1) {
    const next = await copyToStdout(url, select);
    if (next.ms < best.ms) best = next;
  }
  return best;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function printTable(figures: Figure[]): void {
  const rows = [['subjects', 'format', 'layout', 'export', 'COPY floor', 'ratio', 'file', 'RSS growth', 'heap growth']];
  for (const f of figures) {
    rows.push([String(f.subjects), f.format, f.layout, seconds(f.ms), f.copyMs === null ? '' : seconds(f.copyMs), f.copyMs === null ? '' : `${(f.ms / f.copyMs).toFixed(2)}×`, mb(f.bytes), mb(f.rssGrowth), mb(f.heapGrowth)]);
  }
  const widths = rows[0]?.map((_cell, index) => Math.max(...rows.map((row) => (row[index] ?? '').length))) ?? [];
  for (const row of rows) console.log(row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  '));
}

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const full = readCount('BENCH_EXPORT_SUBJECTS', 1000);
  const batch = readCount('BENCH_EXPORT_BATCH', 200);
  const wanted = (process.env.BENCH_EXPORT_FORMATS ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  const formats = FORMATS.filter(({ format, layout }) => wanted.length === 0 || wanted.includes(`${format}-${layout}`));
  if (formats.length === 0) throw new Error(`BENCH_EXPORT_FORMATS names none of ${FORMATS.map(({ format, layout }) => `${format}-${layout}`).join(', ')}`);
  const cleanup = new Cleanup();
  process.once('SIGINT', () => void cleanup.runAll().then(() => process.exit(130)));
  try {
    const database = await createPostgresDatabase(serverUrl, cleanup);
    const url = database.env.DATABASE_URL ?? '';
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dcap-bench-export-'));
    cleanup.add(`remove ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));
    console.log(`Export benchmark on ${describeServer(serverUrl)}, ${os.cpus().length} CPUs, Node ${process.version}`);
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', EXPORT_BATCH_SUBJECTS: String(batch) }, 'bench');
    const handle = openPostgres(url);
    cleanup.add('close the database', () => handle.close());
    await migrateToLatest(handle.db);
    await ensureAdministrator({ db: handle.db, config, clock: systemClock, sessions: new SessionCache() });
    const app = await buildApp({ config, database: handle, logger: false });
    cleanup.add('close the app', () => app.fastify.close());
    const figures: Figure[] = [];
    for (const subjects of [Math.floor(full / 2), full]) {
      const seeding = performance.now();
      const study = await buildGeneratedStudy(app, ADMIN, { code: `BX${String(subjects)}`, subjects, visits: VISITS, fields: FIELDS });
      console.log(`seeded ${String(subjects)} subjects × ${String(VISITS)} visits × ${String(FIELDS)} fields in ${seconds(performance.now() - seeding)}`);
      const floors = {
        wide: await fastestCopy(url, wideSelect(study.projectId, study.fields.map((field) => field.model))),
        long: await fastestCopy(url, longSelect(study.projectId)),
      };
      for (const { format, layout } of formats) {
        const run = await exportOnce(app, study, format, layout);
        figures.push({ subjects, format, layout, ...run, copyMs: format === 'csv' ? floors[layout].ms : null });
        console.log(`  ${format} ${layout}: ${seconds(run.ms)}`);
      }
    }
    console.log('');
    printTable(figures);
    const misses = figures.filter((f) => f.copyMs !== null && f.ms > GOAL_RATIO * f.copyMs);
    console.log(`\nGoal: CSV within ${String(GOAL_RATIO)}× of COPY — ${misses.length === 0 ? 'met' : `missed by ${misses.map((f) => `${f.layout} at ${String(f.subjects)}`).join(', ')}`}.`);
  } catch (error) {
    console.error(`bench:export failed: ${describeError(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanup.runAll();
  }
}

await main();
