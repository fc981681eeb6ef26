import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteDialect } from './pglite-dialect.js';

/** The embedded database's Kysely dialect (db/pglite-dialect.ts) against PGlite's own `query`. */
let client: PGlite;
let db: Kysely<unknown>;

beforeAll(async () => {
  client = await PGlite.create();
  db = new Kysely<unknown>({ dialect: new PgliteDialect(client) });
  await client.exec(`
    CREATE TABLE t (id integer PRIMARY KEY, code text UNIQUE, n bigint, x numeric, ok boolean, d date, at timestamptz, doc jsonb, tags text[]);
    INSERT INTO t VALUES (1, 'a', 9007199254740991, 1.50, true, '2026-03-01', '2026-03-01T08:05:09Z', '{"k":[1,"二"]}', '{x,"y z"}'),
                         (2, 'b', NULL, NULL, false, NULL, NULL, 'null', '{}');
  `);
});
afterAll(() => db.destroy());

const run = <R>(text: string, params: unknown[]) => db.executeQuery<R>(CompiledQuery.raw(text, params));

describe('the embedded database dialect', () => {
  it('reads every type as PGlite reads it, NULLs included, through a prepared statement', async () => {
    const text = 'SELECT * FROM t WHERE id >= $1 ORDER BY id';
    const ours = await run(text, [1]);
    const theirs = await client.query(text, [1]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows).toHaveLength(2);
    const prepared = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1", [text]);
    expect(prepared.rows[0]?.n).toBe(1);
  });

  it('sends parameters as PGlite does: objects as JSON, dates, booleans, arrays, NULL', async () => {
    const at = new Date('2026-04-02T01:02:03.000Z');
    await run('INSERT INTO t (id, code, ok, at, doc, tags, x) VALUES ($1, $2, $3, $4, $5, $6, $7)', [3, 'c', true, at, { 中文: [1, null] }, ['p', 'q r'], null]);
    const row = (await run<Record<string, unknown>>('SELECT ok, at, doc, tags, x FROM t WHERE id = $1', [3])).rows[0];
    expect(row).toEqual({ ok: true, at, doc: { 中文: [1, null] }, tags: ['p', 'q r'], x: null });
  });

  it('answers the rows a write changed, and the same statement again with other values', async () => {
    const text = 'UPDATE t SET ok = $1 WHERE id <= $2';
    expect((await run(text, [false, 2])).numAffectedRows).toBe(2n);
    expect((await run(text, [true, 1])).numAffectedRows).toBe(1n);
    expect((await run('DELETE FROM t WHERE id = $1', [99])).numAffectedRows).toBeUndefined();
  });

  it('forgets its plans when a statement changes a table, so a prepared SELECT * sees the new column', async () => {
    const text = 'SELECT * FROM t WHERE id = $1';
    expect(Object.keys((await run<object>(text, [1])).rows[0] ?? {})).not.toContain('extra');
    await sql`ALTER TABLE t ADD COLUMN extra text DEFAULT 'new'`.execute(db);
    expect((await run<{ extra: string }>(text, [1])).rows[0]?.extra).toBe('new');
  });

  it('keeps a refusal’s SQLSTATE and constraint, rolls its transaction back, and serves the next statement', async () => {
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('INSERT INTO t (id, code) VALUES ($1, $2)', [10, 'z']));
        await trx.executeQuery(CompiledQuery.raw('INSERT INTO t (id, code) VALUES ($1, $2)', [11, 'a']));
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 't_code_key' });
    expect((await run('SELECT id FROM t WHERE id = $1', [10])).rows).toEqual([]);
    expect((await run('SELECT id FROM t WHERE code = $1', ['a'])).rows).toEqual([{ id: 1 }]);
  });

  it('lets a caller that arrives while another runs statement after statement in between, in arrival order', async () => {
    const done: string[] = [];
    const long = (async () => {
      for (let i = 0; i < 5; i++) {
        await run('SELECT $1::int AS i', [i]);
        done.push(`long ${i}`);
      }
    })();
    // Arrives a turn of the event loop later, as a request read from a socket would.
    const late = new Promise<void>((resolve) => {
      setImmediate(() => {
        void run('SELECT $1::text AS s', ['late']).then(() => {
          done.push('late');
          resolve();
        });
      });
    });
    await Promise.all([long, late]);
    expect(done.indexOf('late')).toBeLessThan(done.indexOf('long 4'));
  });
});
