import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * Tests only: the real server (`packages/server/src/main.ts`, as `npm start` runs it) as a separate
 * process, so a test can kill it the way a crash or `kill -9` would.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const HOST = '127.0.0.1';
/** Only these are inherited: a developer's DATABASE_URL or DATA_DIR must never reach a test server. */
const INHERITED_ENV = ['PATH', 'HOME', 'TMPDIR', 'TEMP', 'TMP', 'LANG', 'SYSTEMROOT'];
const READY_TIMEOUT_MS = 180_000;
const POLL_MS = 100;

export interface ServerProcess {
  baseUrl: string;
  /** Everything the process printed to stdout so far. */
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a crash. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the normal shutdown. Resolves once the process is gone. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Starts the server with `env` added to a minimal environment and resolves once /dcap/health answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(INHERITED_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = exitOf(child);
  // A test that fails half-way must not leave a server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const baseUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it was ready:\n${stdout}\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${stdout}\n${stderr}`);
    }
    try {
      const response = await fetch(`${baseUrl}/dcap/health`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await delay(POLL_MS);
  }
  return {
    baseUrl,
    output: () => stdout,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
