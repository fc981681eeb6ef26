import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildApp } from '../app.js';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { openPglite, openPostgres } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { ServiceDeps } from '../deps.js';
import { createEmptyServerDatabase } from '../durability/empty-database.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { verifyAuditChain } from '../modules/audit/verify.js';
import { firstStart } from './first-start.js';
import { inOneTransaction } from './one-transaction.js';

// One empty database for the file, on whichever database the suite runs; starts that must not leave their
// writes behind run inside a transaction the test rolls back.
let database: DatabaseHandle;
let dropDatabase: () => Promise<void> = async () => {};
let app: App | null = null;

const configWith = (env: Record<string, string> = {}): Config => loadConfig({ LOG_LEVEL: 'silent', ...env }, '0.0.0-test');
const depsWith = (config: Config, db = database.db): ServiceDeps => ({ db, config, clock: systemClock, sessions: new SessionCache() });

class RolledBack extends Error {}

/** Runs a first start whose writes are undone afterwards; returns what it printed and the users it made. */
async function startRolledBack(config: Config, kind: 'pglite' | 'postgres'): Promise<{ printed: string[]; users: string[]; projects: number }> {
  const seen: { value?: { printed: string[]; users: string[]; projects: number } } = {};
  await expect(
    inOneTransaction(database.db, async (db) => {
      const printed: string[] = [];
      await firstStart(depsWith(config, db), kind, (line) => printed.push(line));
      const users = (await db.selectFrom('users').select('username').orderBy('id').execute()).map((u) => u.username);
      const projects = (await db.selectFrom('projects').select('id').execute()).length;
      seen.value = { printed, users, projects };
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
  if (!seen.value) throw new Error('the first start did not run');
  return seen.value;
}

async function count(table: 'users' | 'projects' | 'audit_log' | 'units'): Promise<number> {
  const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}

async function signIn(username: string, password: string): Promise<number> {
  app ??= await buildApp({ config: configWith(), database, logger: false });
  const response = await app.fastify.inject({ method: 'POST', url: '/dcap/login', payload: { username, password } });
  return response.statusCode;
}

/** `name → password` for each demo account line (`  demo.pm    PM         <password>`). */
function demoPasswords(printed: string[]): Map<string, string> {
  const accounts = new Map<string, string>();
  for (const line of printed) {
    const match = /^ {2}(demo\.\S+)\s+\S+\s+(\S+)$/.exec(line);
    if (match?.[1] && match[2]) accounts.set(match[1], match[2]);
  }
  return accounts;
}

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createEmptyServerDatabase(serverUrl);
    database = openPostgres(created.url);
    dropDatabase = () => created.drop();
  } else {
    database = await openPglite(null);
  }
  await migrateToLatest(database.db);
});

afterAll(async () => {
  await app?.fastify.close();
  await database.close();
  await dropDatabase();
});

describe('first start', () => {
  it('with DEMO_DATA=false creates and prints the administrator only', async () => {
    const { printed, users, projects } = await startRolledBack(configWith({ DEMO_DATA: 'false' }), 'pglite');
    expect(users).toEqual(['admin']);
    expect(projects).toBe(0);
    expect(printed.join('\n')).toContain('Platform administrator created. Sign-in name: admin');
    expect(printed.join('\n')).not.toContain('Demo study');
  });

  it('on a PostgreSQL server creates no demo study, whatever DEMO_DATA says', async () => {
    const { users, projects } = await startRolledBack(configWith({ DEMO_DATA: 'true' }), 'postgres');
    expect(users).toEqual(['admin']);
    expect(projects).toBe(0);
  });

  it('says the password is ADMIN_PASSWORD, without echoing it, when one is configured', async () => {
    const { printed } = await startRolledBack(configWith({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'Chief@12345', DEMO_DATA: 'false' }), 'pglite');
    expect(printed.join('\n')).toContain('Sign-in name: chief');
    expect(printed).toContain('Password: the value of ADMIN_PASSWORD');
    expect(printed.join('\n')).not.toContain('Chief@12345');
  });

  it('stopped half-way through the demo seed leaves nothing behind', async () => {
    const auditRows = await count('audit_log');
    // Sites are added after the project manager, the project and the hospitals exist: midway.
    await sql`CREATE FUNCTION test_stop_midway() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'stopped midway'; END $$`.execute(database.db);
    await sql`CREATE TRIGGER test_stop_midway BEFORE INSERT ON project_sites FOR EACH ROW EXECUTE FUNCTION test_stop_midway()`.execute(database.db);
    const printed: string[] = [];
    try {
      await expect(firstStart(depsWith(configWith()), 'pglite', (line) => printed.push(line))).rejects.toThrow(/stopped midway/);
    } finally {
      await sql`DROP TRIGGER test_stop_midway ON project_sites`.execute(database.db);
      await sql`DROP FUNCTION test_stop_midway()`.execute(database.db);
    }
    expect(printed).toEqual([]);
    expect({ users: await count('users'), projects: await count('projects'), units: await count('units'), audit: await count('audit_log') }).toEqual({
      users: 0,
      projects: 0,
      units: 0,
      audit: auditRows,
    });
  });

  const printed: string[] = [];
  it('the next start completes it and prints the administrator and the demo accounts with working passwords', async () => {
    expect(await firstStart(depsWith(configWith()), 'pglite', (line) => printed.push(line))).toBe(true);
    expect(printed).toContain('\nPlatform administrator created. Sign-in name: admin');
    const adminPassword = /^Password \(shown once, change it after signing in\): (\S+)$/.exec(printed[1] ?? '')?.[1];
    expect(adminPassword).toBeTypeOf('string');
    expect(printed).toContain('Demo study DEMO-HTN created with these accounts (passwords shown once):');
    const demo = demoPasswords(printed);
    expect([...demo.keys()]).toEqual(['demo.pm', 'demo.cra', 'demo.dm', 'demo.pi1', 'demo.pi2', 'demo.pi3']);
    expect(await signIn('admin', adminPassword ?? '')).toBe(200);
    expect(await signIn('demo.pi3', demo.get('demo.pi3') ?? '')).toBe(200);
    expect((await verifyAuditChain(database.db)).intact).toBe(true);
    // The demo study's data (twenty subjects through the services) takes seconds on a busy machine.
  }, 180_000);

  it('a later start creates nothing and prints nothing', async () => {
    const again: string[] = [];
    const users = await count('users');
    expect(await firstStart(depsWith(configWith()), 'pglite', (line) => again.push(line))).toBe(false);
    expect(again).toEqual([]);
    expect(await count('users')).toBe(users);
  });
});
