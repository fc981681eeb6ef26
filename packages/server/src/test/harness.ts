import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import { buildApp } from '../app.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { openPglite, openPostgres } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { ServiceDeps } from '../deps.js';
import { ensureAdministrator } from '../bootstrap/admin.js';
import { SessionCache } from '../modules/auth/session-cache.js';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const ADMIN = { username: 'admin', password: 'Admin@12345' } as const;
export const MINUTE = 60_000;

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again when the file is done).
 */
async function freshDatabase(): Promise<DatabaseHandle> {
  // A copy of the run's migrated database (test/global-setup.ts); the migrations then find nothing to do.
  const template = inject('databaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPglite(null, template.kind === 'pglite' ? new Blob([fs.readFileSync(template.file)]) : undefined);
  const name = `dcap_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template.kind === 'postgres' ? `CREATE DATABASE ${name} TEMPLATE ${template.name}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // The pool's connections may take a moment to close after it ends; wait rather than kill them.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await dropper.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: Config;
  clock: TestClock;
  deps: ServiceDeps;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Signs in and returns the token; fails the test if sign-in fails. */
  signIn(username: string, password: string): Promise<string>;
  call(method: 'GET' | 'POST', url: string, options?: { token?: string; body?: unknown; lang?: string }): Promise<Reply>;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  body: { code: number; msg: string; data: unknown; errors?: { path: string; message: string }[]; errorCode?: string };
  headers: LightMyRequestResponse['headers'];
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const config = loadConfig({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', ...env }, '0.0.0-test');
  const database = await freshDatabase();
  await migrateToLatest(database.db);
  const clock = new TestClock();
  await ensureAdministrator({ db: database.db, config, clock, sessions: new SessionCache() });
  const app = await buildApp({ config, database, clock, logger: false });
  const deps: ServiceDeps = app.deps;
  const request = (options: InjectOptions) => app.fastify.inject(options);

  const call: TestContext['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.token = options.token;
    if (options.lang) headers['accept-language'] = options.lang;
    const response = await request({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  const signIn = async (username: string, password: string) => {
    const response = await call('POST', '/dcap/login', { body: { username, password } });
    if (response.status !== 200) throw new Error(`sign-in as ${username} failed: ${response.body.msg}`);
    return (response.body.data as { token: string }).token;
  };

  return {
    app,
    database,
    config,
    clock,
    deps,
    request,
    signIn,
    call,
    close: async () => {
      await app.fastify.close();
      await database.close();
    },
  };
}
