// Starts the platform for the browser journeys on a fresh embedded database that is wiped on every run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// E2E_DATA_DIR lets two runs on one machine keep apart (with E2E_PORT).
const dataDir = process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('./.data', import.meta.url));
fs.rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
