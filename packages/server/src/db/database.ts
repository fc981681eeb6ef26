import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const INT8_OID = 20;

const builtinParser = pg.types.getTypeParser.bind(pg.types) as (oid: number, format: 'text' | 'binary') => unknown;

function parseInt8AsNumber(oid: number, format?: 'text' | 'binary'): unknown {
  return oid === INT8_OID ? (value: string) => Number(value) : builtinParser(oid, format ?? 'text');
}

/**
 * A PostgreSQL server through `pg`. int8 values (counts, audit ids) are parsed to numbers as PGlite does,
 * so one set of queries returns the same shapes on both.
 */
export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: { getTypeParser: parseInt8AsNumber as typeof pg.types.getTypeParser },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** The embedded database: real PostgreSQL in WASM, files under `dataDir`, or in memory when dataDir is null. */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string | null }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
