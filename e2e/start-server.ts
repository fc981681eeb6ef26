// Starts the platform for the browser journeys on a fresh embedded database that is wiped on every run, or,
// with E2E_DATABASE_URL, on a fresh database created on that PostgreSQL server, dropped when the server stops
// or, when the run was killed, by the next run on the same port. The demo study is seeded on the embedded
// database only, so journeys that prepare their own study run on both.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startMailSink } from './mail-sink.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// E2E_DATA_DIR lets two runs on one machine keep apart (with E2E_PORT).
const dataDir = process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('./.data', import.meta.url));
fs.rmSync(dataDir, { recursive: true, force: true });

async function statement(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const serverUrl = process.env.E2E_DATABASE_URL;
let databaseUrl = '';
let dropDatabase = (): Promise<void> => Promise.resolve();
if (serverUrl) {
  // One name per port: a database left behind by a killed run is dropped by the next run on that port.
  const name = `dcap_e2e_${process.env.PORT ?? '8181'}`;
  await statement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await statement(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = () => statement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

// E-mail goes to a local SMTP server whose inbox the journeys read (mail-sink.ts), on the port after the platform's.
const smtpUrl = await startMailSink(Number(process.env.PORT ?? '8181') + 1);

const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl, SMTP_FROM: 'DCAP <no-reply@dcap.test>' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void dropDatabase().then(
    () => process.exit(code ?? 0),
    () => process.exit(code ?? 0),
  );
});
