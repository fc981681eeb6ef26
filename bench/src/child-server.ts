import { spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Cleanup } from './cleanup.js';
import { describeError } from './describe-error.js';

/** Servers start from the repository root, as `npm` scripts do, so their relative paths and tsx resolve. */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The load goes over loopback only: the figures are about the server, and nothing leaves the machine. */
export const LOOPBACK = '127.0.0.1';

/**
 * The only variables a child inherits. The rest of the environment is left out on purpose: a developer's
 * DATABASE_URL or DATA_DIR must never point a benchmark at real data.
 */
const INHERITED_ENV = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'SYSTEMROOT'];

const OUTPUT_TAIL_CHARS = 8_000;
const POLL_INTERVAL_MS = 250;
const PROBE_TIMEOUT_MS = 2_000;
const STOP_GRACE_MS = 10_000;
const KILL_WAIT_MS = 5_000;

export interface ChildServerOptions {
  /** Shown in progress lines and error messages. */
  name: string;
  /** The TypeScript entry point, relative to the repository root; run with `node --import tsx`. */
  entry: string;
  /** Node options placed after `--import tsx` (a preloaded probe, `--cpu-prof`); none by default. */
  nodeArgs?: string[];
  /** Added to the small inherited environment; PORT and HOST are set here. */
  env: Record<string, string>;
  /** A GET path that answers 2xx once the server can take load. */
  readyPath: string;
  readyTimeoutMs: number;
  /** Aborted when the run is interrupted: waiting for the server stops and the start fails. */
  signal: AbortSignal;
}

export interface ChildServer {
  baseUrl: string;
  /** The process id, to signal a probe inside it. */
  pid: number | undefined;
  /** The last lines the server printed, to show when something went wrong. */
  outputTail(): string;
  /** Stops the server: SIGTERM for a clean shutdown, SIGKILL if it does not exit in time. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago; the child binds it straight away, so the window for a clash is small. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a probe socket'));
      });
    });
  });
}

function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** True when `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = new AbortController();
  const settled = await Promise.race([
    promise.then(() => true),
    sleep(ms, false, { signal: timeout.signal }).catch(() => false),
  ]);
  timeout.abort();
  return settled;
}

async function waitUntilReady(url: string, timeoutMs: number, signal: AbortSignal, hasExited: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (signal.aborted) throw new Error('interrupted');
    const exit = hasExited();
    if (exit) throw new Error(`it exited (${exit}) before answering ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = describeError(error);
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs / 1000} s (last: ${lastProblem})`);
}

/**
 * Starts a server as a separate process on a free loopback port and resolves once it answers `readyPath`.
 * The stop is registered with `cleanup` at once, so an interrupted run still ends the process.
 */
export async function startChildServer(options: ChildServerOptions, cleanup: Cleanup): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), options.entry], {
    cwd: REPO_ROOT,
    env: childEnv({ ...options.env, PORT: String(port), HOST: LOOPBACK }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  // Last resort if the bench process dies without running its clean-up (an uncaught exception, process.exit).
  const killNow = () => child.kill('SIGKILL');
  process.on('exit', killNow);

  let exitDescription: string | null = null;
  const exited = new Promise<void>((resolve) => {
    const done = (description: string) => {
      exitDescription ??= description;
      process.off('exit', killNow);
      resolve();
    };
    child.once('exit', (code, signal) => done(signal ? `signal ${signal}` : `code ${String(code)}`));
    child.once('error', (error) => done(`could not run: ${describeError(error)}`));
  });

  const stop = cleanup.add(`stop ${options.name}`, async () => {
    if (exitDescription) return;
    child.kill('SIGTERM');
    if (await settlesWithin(exited, STOP_GRACE_MS)) return;
    console.error(`${options.name} did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM; killing it.`);
    child.kill('SIGKILL');
    await settlesWithin(exited, KILL_WAIT_MS);
  });

  const baseUrl = `http://${LOOPBACK}:${port}`;
  try {
    await waitUntilReady(`${baseUrl}${options.readyPath}`, options.readyTimeoutMs, options.signal, () => exitDescription);
  } catch (error) {
    await stop();
    throw new Error(`${options.name} did not start: ${describeError(error)}\n--- its last output ---\n${tail.trimEnd()}`);
  }
  return { baseUrl, pid: child.pid, outputTail: () => tail, stop };
}
