import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Preloaded into a benchmarked server (`node --import tsx --import ./bench/src/entry/memory-probe.ts …`):
 * samples the process's memory every few milliseconds and keeps the peaks, which it writes to
 * BENCH_MEMORY_FILE as JSON. SIGUSR2 starts a new window (peaks back to the current figures), so the peaks
 * cover the measured run only, not start-up or the preparation of the study. It also counts the statements
 * the process sends to the database in the window (`pg` client queries and PGlite queries), so the bench can
 * say how many round trips one save takes. Nothing happens without the variable; the timers never keep the
 * process alive.
 */
export interface MemoryPeaks {
  /** Resident set size: everything the process holds, the embedded database's WASM memory included. */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory outside the JavaScript heap (buffers, WASM) as V8 accounts it. */
  external: number;
  samples: number;
  /** When the peaks were last written (ms since the epoch). */
  writtenAt: number;
  /** How many windows were started (SIGUSR2 received). */
  windows: number;
  /** Statements sent to the database in the window. */
  statements: number;
}

const SAMPLE_MS = 50;
const WRITE_MS = 1000;

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const fresh = (): MemoryPeaks => {
    const now = process.memoryUsage();
    return { rss: now.rss, heapUsed: now.heapUsed, heapTotal: now.heapTotal, external: now.external, samples: 1, writtenAt: 0, windows, statements: 0 };
  };
  let windows = 0;
  let peaks = fresh();
  const sample = () => {
    const now = process.memoryUsage();
    peaks.rss = Math.max(peaks.rss, now.rss);
    peaks.heapUsed = Math.max(peaks.heapUsed, now.heapUsed);
    peaks.heapTotal = Math.max(peaks.heapTotal, now.heapTotal);
    peaks.external = Math.max(peaks.external, now.external);
    peaks.samples += 1;
  };
  const write = () => {
    peaks.writtenAt = Date.now();
    try {
      fs.writeFileSync(file, JSON.stringify(peaks));
    } catch {
      // The bench removed its directory at the end of the run; nothing left to report to.
    }
  };
  const count = (prototype: object, method: string) => {
    const target = prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = target[method];
    if (!original) return;
    target[method] = function (this: unknown, ...args: unknown[]) {
      peaks.statements += 1;
      return original.apply(this, args);
    };
  };
  count(pg.Client.prototype, 'query');
  count(PGlite.prototype, 'query');
  // The server runs a prepared statement on the embedded database as one protocol batch (db/pglite-dialect.ts).
  count(PGlite.prototype, 'execProtocol');
  setInterval(sample, SAMPLE_MS).unref();
  setInterval(write, WRITE_MS).unref();
  process.on('SIGUSR2', () => {
    windows += 1;
    peaks = fresh();
    write();
  });
  write();
}
