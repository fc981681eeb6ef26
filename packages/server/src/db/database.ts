import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir, pgliteDataPath } from './data-dir.js';
import { PgliteDialect } from './pglite-dialect.js';
import { MAX_PREPARED_STATEMENTS, worthPreparing } from './prepared-statements.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Subscribes to a notification channel (LISTEN). `onLost` is called if the subscription breaks, after
   * which no more messages arrive; the returned function unsubscribes.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

const INT8_OID = 20;
/** Calendar dates (visit dates, birth dates) stay `YYYY-MM-DD` strings: a Date would shift with the zone. */
const DATE_OID = 1082;
const keepText = (value: string) => value;

const builtinParser = pg.types.getTypeParser.bind(pg.types) as (oid: number, format: 'text' | 'binary') => unknown;

function parseInt8AsNumber(oid: number, format?: 'text' | 'binary'): unknown {
  if (oid === INT8_OID) return (value: string) => Number(value);
  if (oid === DATE_OID) return keepText;
  return builtinParser(oid, format ?? 'text');
}

/**
 * Sends parameterised queries as named prepared statements, so PostgreSQL plans each distinct query once
 * per connection instead of on every call. Planning the session lookup costs several times its execution;
 * preparing it triples the statements a connection serves per second. Queries come from code, so the set
 * of distinct texts is small; past the cap, queries run unnamed. A migration that changes a table's
 * columns invalidates such plans, so every instance restarts when migrations run (docs/operations.md).
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < MAX_PREPARED_STATEMENTS) {
      name = `dcap_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  // One wrapper per pooled client, so Kysely keeps recognising the connection it set up before.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const known = wrappers.get(client);
      if (known) return known;
      const wrapper: PostgresPoolClient = {
        query: ((text: string, values: unknown[]) => {
          const name = worthPreparing(text, values.length) ? nameOf(text) : undefined;
          return name ? client.query({ name, text, values }) : client.query(text, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => {
          client.release();
        },
      };
      wrappers.set(client, wrapper);
      return wrapper;
    },
    end: () => pool.end(),
  };
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
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
  // replaces it on the next checkout.
  pool.on('error', (error) => {
    console.error(`database connection lost: ${error.message}`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  // LISTEN holds its connection for as long as the subscription lives, so it gets its own client.
  const listen: DatabaseHandle['listen'] = async (channel, onMessage, onLost) => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
    const client = new pg.Client({ connectionString });
    let closing = false;
    client.on('notification', (message) => onMessage(message.payload ?? ''));
    client.on('error', (error) => {
      if (!closing) onLost(error);
    });
    client.on('end', () => {
      if (!closing) onLost(new Error('notification connection closed'));
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    return async () => {
      closing = true;
      await client.end();
    };
  };
  return { db, kind: 'postgres', close: () => db.destroy(), listen };
}

const PGLITE_PARSERS = { [DATE_OID]: keepText };

/**
 * The embedded database: real PostgreSQL in WASM, files under `dataDir`, or in memory when dataDir is null.
 * An in-memory database may start from `image`, a data directory saved by `dumpPgliteImage`: that skips
 * initdb, which is most of the time PGlite takes to start (the test suite opens one per test file).
 */
export async function openPglite(dataDir: string | null, image?: Blob): Promise<DatabaseHandle> {
  let client: PGlite;
  // One process at a time may open the files (db/data-dir.ts).
  const lock = dataDir ? lockDataDir(dataDir) : null;
  if (dataDir) {
    const dir = pgliteDataPath(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { parsers: PGLITE_PARSERS }).catch((error: unknown) => {
      lock?.release();
      throw error;
    });
  } else {
    client = await PGlite.create(image ? { loadDataDir: image, parsers: PGLITE_PARSERS } : { parsers: PGLITE_PARSERS });
  }
  const db = new Kysely<Database>({ dialect: new PgliteDialect(client) });
  images.set(db, client);
  const listen: DatabaseHandle['listen'] = async (channel, onMessage) => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
    return client.listen(channel, onMessage);
  };
  const close = async () => {
    await db.destroy();
    lock?.release();
  };
  return { db, kind: 'pglite', close, listen };
}

/** The PGlite client behind each embedded database's Kysely instance, for `dumpPgliteImage`. */
const images = new WeakMap<Kysely<Database>, PGlite>();

/** Saves an embedded database's data directory as an image `openPglite` can start from. */
export async function dumpPgliteImage(handle: DatabaseHandle): Promise<Blob> {
  const client = images.get(handle.db);
  if (!client) throw new Error('not an embedded database');
  const image = await client.dumpDataDir('none');
  return new Blob([await image.arrayBuffer()]);
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string | null }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
