import { AppError } from '@dcap/core';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../http/error-handler.js';
import type { DatabaseHandle } from './database.js';
import { openPglite } from './database.js';
import { translateDatabaseError } from './errors.js';

/**
 * Database refusals of a value are the caller's mistake, never a 500 (STYLE 6): each error below is raised
 * by the database itself, then translated in the one place and rendered by the error handler.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openPglite(null);
  await sql`CREATE TABLE t (id integer PRIMARY KEY, code varchar(3) UNIQUE, parent integer REFERENCES t (id), n integer CHECK (n >= 0), d date, doc jsonb)`.execute(database.db);
});
afterAll(() => database.close());

async function raised(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await query.execute(database.db);
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

const CASES: [string, () => ReturnType<typeof sql>, string][] = [
  ['NUL in text (22021)', () => sql`SELECT ${'a\u0000b'}::text`, 'data.invalid_text'],
  ['NUL in jsonb (22P05)', () => sql`INSERT INTO t (id, doc) VALUES (1, ${'{"a":"\\u0000"}'}::jsonb)`, 'data.invalid_text'],
  ['2^31 into integer (22003)', () => sql`INSERT INTO t (id) VALUES (${String(2 ** 31)}::bigint)`, 'data.out_of_range'],
  ['text too long (22001)', () => sql`INSERT INTO t (id, code) VALUES (2, 'ABCDE')`, 'data.too_long'],
  ['bad date (22007)', () => sql`INSERT INTO t (id, d) VALUES (3, ${'not a date'}::date)`, 'data.invalid_value'],
  ['date overflow (22008)', () => sql`INSERT INTO t (id, d) VALUES (4, ${'2024-13-45'}::date)`, 'data.out_of_range'],
  ['bad integer text (22P02)', () => sql`SELECT ${'abc'}::integer`, 'data.invalid_value'],
  ['NOT NULL (23502)', () => sql`INSERT INTO t (id) VALUES (NULL)`, 'data.required'],
  ['foreign key (23503)', () => sql`INSERT INTO t (id, parent) VALUES (5, 999)`, 'data.reference'],
  ['check (23514)', () => sql`INSERT INTO t (id, n) VALUES (6, -1)`, 'data.rule_violated'],
];

describe('database errors become catalogue errors', () => {
  it.each(CASES)('%s', async (_name, query, code) => {
    const translated = translateDatabaseError(await raised(query()));
    expect(translated).toBeInstanceOf(AppError);
    expect((translated as AppError).code).toBe(code);
  });

  it('a unique constraint without its own message is a duplicate (23505), a known one keeps its message', async () => {
    await sql`INSERT INTO t (id, code) VALUES (10, 'A')`.execute(database.db);
    expect((translateDatabaseError(await raised(sql`INSERT INTO t (id, code) VALUES (11, 'A')`)) as AppError).code).toBe('data.duplicate');
    const known = translateDatabaseError({ code: '23505', constraint: 'units_code_key' }, { code: 'U1' }) as AppError;
    expect([known.code, known.params]).toEqual(['unit.code_taken', { code: 'U1' }]);
  });

  it('leaves errors that are not about the data alone', () => {
    const lost = Object.assign(new Error('connection lost'), { code: '08006' });
    expect(translateDatabaseError(lost)).toBe(lost);
    const plain = new Error('bug');
    expect(translateDatabaseError(plain)).toBe(plain);
  });

  it('the error handler turns an escaped database error into a 400 in the caller’s language', async () => {
    const app = Fastify();
    installErrorHandler(app, 1024);
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = request.headers['accept-language'] === 'en-US' ? 'en-US' : 'zh-CN';
      done();
    });
    app.get('/nul', async () => sql`SELECT ${'a\u0000b'}::text`.execute(database.db));
    const en = await app.inject({ method: 'GET', url: '/nul', headers: { 'accept-language': 'en-US' } });
    expect([en.statusCode, en.json<{ errorCode: string }>().errorCode]).toEqual([400, 'data.invalid_text']);
    expect(en.json<{ msg: string }>().msg).toMatch(/cannot be stored/);
    const zh = await app.inject({ method: 'GET', url: '/nul', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json<{ msg: string }>().msg).toMatch(/无法保存/);
    await app.close();
  });
});
