import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/database.js';
import { openPglite, openPostgres } from '../../db/database.js';
import { migrateTo, migrateToLatest } from '../../db/migrate.js';
import { openMigratedDatabase } from '../../db/roles.js';
import type { Database } from '../../db/schema.js';
import type { SealKey } from './seal-key.js';
import { loadSealKey } from './seal-key.js';
import { insertAuditRow } from './repo.js';

/**
 * Databases for the audit trail's tests. On PostgreSQL (TEST_DATABASE_URL) a fresh database owned by a
 * fresh non-superuser owner role, and a fresh application role that logs in as DATABASE_URL would: tamper
 * tests act as the owner, as a database owner could. On PGlite one in-memory database plays both parts.
 */
export interface AuditDatabases {
  kind: 'pglite' | 'postgres';
  /** The owner's connection: migrations and tampering. */
  owner: DatabaseHandle;
  /** The application's connection once `migrate` ran (PGlite: the owner's). */
  app(): DatabaseHandle;
  /** Migrates to the latest schema as the server would (owner migrates, application role granted). */
  migrate(): Promise<DatabaseHandle>;
  urls: { owner: string; app: string } | null;
  close(): Promise<void>;
}

async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function urlFor(serverUrl: string, user: string, database: string): string {
  const url = new URL(serverUrl);
  url.username = user;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
}

/** Fresh databases; `upTo` stops the schema at that migration (to seed rows as an older schema held them). */
export async function openAuditDatabases(options: { upTo?: string } = {}): Promise<AuditDatabases> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite(null);
    if (options.upTo) await migrateTo(handle.db, options.upTo);
    return {
      kind: 'pglite',
      owner: handle,
      app: () => handle,
      migrate: async () => {
        await migrateToLatest(handle.db);
        return handle;
      },
      urls: null,
      close: () => handle.close(),
    };
  }
  const suffix = randomBytes(5).toString('hex');
  const ownerRole = `dcap_owner_${suffix}`;
  const appRole = `dcap_app_${suffix}`;
  const name = `dcap_test_${suffix}`;
  await onServer(serverUrl, [`CREATE ROLE ${ownerRole} LOGIN`, `CREATE ROLE ${appRole} LOGIN`, `CREATE DATABASE ${name} OWNER ${ownerRole}`]);
  const urls = { owner: urlFor(serverUrl, ownerRole, name), app: urlFor(serverUrl, appRole, name) };
  const owner = openPostgres(urls.owner);
  if (options.upTo) await migrateTo(owner.db, options.upTo);
  let app: DatabaseHandle | null = null;
  return {
    kind: 'postgres',
    owner,
    app: () => {
      if (!app) throw new Error('migrate first');
      return app;
    },
    migrate: async () => {
      app = (await openMigratedDatabase({ databaseUrl: urls.app, databaseOwnerUrl: urls.owner, dataDir: null })).database;
      return app;
    },
    urls,
    close: async () => {
      await app?.close();
      await owner.close();
      await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `DROP ROLE IF EXISTS ${appRole}`, `DROP ROLE IF EXISTS ${ownerRole}`]);
    },
  };
}

/** A key for tests, never a file. */
export function testKey(text = 'a test seal key of at least thirty-two characters'): SealKey {
  const key = loadSealKey({ key: text, dataDir: '/nonexistent', create: false });
  if (!key) throw new Error('no key');
  return key;
}

/** Appends `count` rows to project `projectId`'s chain (null: the platform's) and returns their ids. */
export async function appendRows(db: Kysely<Database>, projectId: number | null, count: number): Promise<number[]> {
  for (let i = 0; i < count; i += 1) {
    await insertAuditRow(db, { actorId: null, actorUsername: 'tester', action: 'test.row', entityType: 'test', entityId: i, projectId, ip: null });
  }
  const rows = await db.selectFrom('audit_log').select('id').where('chain', '=', projectId ?? 0).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Runs statements as the owner with the append-only triggers off, as an owner or superuser can: the
 * tampering the chain and its seals must reveal.
 */
export async function tamper(owner: Kysely<Database>, statements: string[]): Promise<void> {
  await owner.transaction().execute(async (trx) => {
    for (const table of ['audit_log', 'audit_seals']) await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(trx);
    for (const statement of statements) await sql.raw(statement).execute(trx);
    for (const table of ['audit_log', 'audit_seals']) await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(trx);
  });
}

/** Recomputes every link and hash of a chain from its genesis: a rebuild that leaves the hashes consistent. */
export function rebuildChain(chain: number): string {
  return `DO $$
    DECLARE
      r audit_log;
      prev text := 'genesis';
    BEGIN
      FOR r IN SELECT * FROM audit_log WHERE chain = ${chain} ORDER BY id LOOP
        r.prev_hash := prev;
        r.hash := audit_row_digest(r);
        UPDATE audit_log SET prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
        prev := r.hash;
      END LOOP;
    END
  $$`;
}
