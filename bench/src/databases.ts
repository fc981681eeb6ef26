import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Cleanup } from './cleanup.js';
import { describeError } from './describe-error.js';

/** A database made for one run: the environment that points the server at it. */
export interface BenchDatabase {
  env: Record<string, string>;
}

/** The PostgreSQL server cannot be used; the run goes on without the PostgreSQL part. */
export class DatabaseUnavailable extends Error {}

const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 60_000;

/** An empty PGlite data directory under the system's temporary directory, removed when the run ends. */
export async function createPgliteDirectory(cleanup: Cleanup): Promise<BenchDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dcap-bench-'));
  cleanup.add(`remove ${dir}`, () => fs.rm(dir, { recursive: true, force: true, maxRetries: 3 }));
  return { env: { DATA_DIR: dir } };
}

/** Where a PostgreSQL URL points, without its credentials, for messages. */
export function describeServer(serverUrl: string): string {
  try {
    const url = new URL(serverUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the PostgreSQL server (unparseable URL)';
  }
}

async function runStatement(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server named by `serverUrl` (as the test harness makes one), dropped when
 * the run ends. The name is random so two runs, or a run and the tests, never share one.
 */
export async function createPostgresDatabase(serverUrl: string, cleanup: Cleanup): Promise<BenchDatabase> {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new DatabaseUnavailable('BENCH_DATABASE_URL is not a URL');
  }
  const name = `dcap_bench_${randomBytes(6).toString('hex')}`;
  try {
    await runStatement(serverUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    throw new DatabaseUnavailable(`cannot create a database on ${describeServer(serverUrl)}: ${describeError(error)}`);
  }
  cleanup.add(`drop database ${name}`, () => runStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() } };
}
