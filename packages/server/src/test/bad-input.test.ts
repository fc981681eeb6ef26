import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../http/route.js';
import { changedTables, tableChecksums } from './checksum.js';
import type { TestContext } from './harness.js';
import { ADMIN, createTestContext } from './harness.js';
import { fieldsOf, leaves, sample } from './schema-walk.js';

/**
 * Bad input is a 400, never a 500 (ARCHITECTURE §4). Driven by the route inventory: every registered route,
 * signed in as the platform administrator and anonymously, gets NUL and control characters, numbers beyond
 * PostgreSQL's integer and bigint, negative and fractional ids, 100 KB strings, wrong types, arrays for
 * scalars, deep JSON, malformed JSON and the wrong content type. No answer is a 500, every refusal speaks
 * the request's language, and every table's checksum is the same afterwards.
 */
const LONG = 'x'.repeat(100_000);
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const DEEP_OBJECT = JSON.stringify(Array.from({ length: 500 }).reduce<unknown>((inner) => ({ list: [inner] }), {}));

/** Values no request field should take: each is put into every field at once, and into one field at a time. */
const BAD_VALUES: unknown[] = ['a\u0000b', 'a\u001Bb', 'ab\u202Ecd', 2 ** 31, 2 ** 63, -1, 1.5, LONG, [1, 2], { nested: true }, true];
/** The same in a path or query string, where every value is text. */
const BAD_TEXT = ['a\u0000b', '2147483648', '9223372036854775808', '-1', '1.5', 'abc', 'x'.repeat(8_000)];

interface Attempt {
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  contentType?: string;
  what: string;
}

const json = (value: unknown) => JSON.stringify(value);
/** Path ids the base values use: no such row, so a route without a body schema acts on nothing. */
const MISSING_ID = '999999';

function urlWith(route: RegisteredRoute, params: Record<string, string>, query: Record<string, string | string[]>): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? MISSING_ID));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of [value].flat()) search.append(key, one);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The bad calls for one route, built from its schemas: the base values are plausible, one part is bad. */
function attempts(route: RegisteredRoute): Attempt[] {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const queryBase = Object.fromEntries(Object.entries((sample(route.query) ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  const queryFields = Object.keys(fieldsOf(route.query));
  const goodUrl = urlWith(route, {}, queryBase);
  const list: Attempt[] = [];
  for (const bad of BAD_TEXT) {
    if (paramNames.length > 0) list.push({ method: route.method, url: urlWith(route, Object.fromEntries(paramNames.map((n) => [n, bad])), queryBase), what: `params=${bad.slice(0, 12)}` });
    if (queryFields.length > 0) {
      list.push({ method: route.method, url: urlWith(route, {}, Object.fromEntries(queryFields.map((k) => [k, bad]))), what: `query=${bad.slice(0, 12)}` });
    }
  }
  if (queryFields.length > 0) list.push({ method: route.method, url: urlWith(route, {}, Object.fromEntries(queryFields.map((k) => [k, ['1', '2']]))), what: 'query arrays' });
  if (route.method === 'POST') {
    const fields = fieldsOf(route.body);
    const base = (sample(route.body) ?? {}) as Record<string, unknown>;
    for (const bad of BAD_VALUES) {
      list.push({ method: 'POST', url: goodUrl, payload: json(Object.fromEntries(Object.keys(fields).map((k) => [k, bad]))), what: `every field=${json(bad).slice(0, 12)}` });
    }
    // One field bad at a time, the rest plausible, so the bad value is the only thing wrong.
    for (const [key, field] of Object.entries(fields)) {
      for (const bad of ['a\u0000b', 2 ** 31, -1, 1.5, LONG]) {
        if (field.safeParse(bad).success) continue;
        list.push({ method: 'POST', url: goodUrl, payload: json({ ...base, [key]: bad }), what: `${key}=${json(bad).slice(0, 12)}` });
      }
    }
    list.push({ method: 'POST', url: goodUrl, payload: '{"projectId": 1,', what: 'malformed JSON' });
    list.push({ method: 'POST', url: goodUrl, payload: DEEP, what: 'deep JSON array' });
    list.push({ method: 'POST', url: goodUrl, payload: DEEP_OBJECT, what: 'deep JSON object' });
    list.push({ method: 'POST', url: goodUrl, payload: json([base]), what: 'array body' });
    list.push({ method: 'POST', url: goodUrl, payload: '"text"', what: 'string body' });
    list.push({ method: 'POST', url: goodUrl, payload: 'hello', contentType: 'text/plain', what: 'wrong content type' });
    list.push({ method: 'POST', url: goodUrl, payload: json(base), contentType: 'application/xml', what: 'unknown content type' });
  }
  return list;
}

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.signIn(ADMIN.username, ADMIN.password);
  // A project and a hospital, so ids in the base values name real rows where a route looks them up.
  await t.call('POST', '/dcap/project/apply', { token, body: { code: 'BAD', name: 'Bad input study' } });
  await t.call('POST', '/dcap/sys/unit/save', { token, body: { code: 'BAD-U', name: '坏输入医院' } });
  // The login response enters the first listed project when the session has none (spec 000 §4.1): settled
  // here, so that switch is not taken for a change made by bad input.
  await t.call('GET', '/dcap/sys/init', { token });
});
afterAll(() => t.close());

const CJK = /[\u4e00-\u9fff]/;

describe('bad input is a 400, never a 500', () => {
  it('every text field of every request refuses NUL, and every integer field a number beyond integer', () => {
    const loose: string[] = [];
    for (const route of t.app.routes.routes) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = route[part];
        if (!schema) continue;
        for (const leaf of leaves(schema)) {
          const accepts = leaf.kind === 'text' ? leaf.schema.safeParse('a\u0000b').success : leaf.schema.safeParse(2 ** 31).success || leaf.schema.safeParse(-(2 ** 31) - 1).success;
          if (accepts) loose.push(`${route.method} ${route.url} ${part}.${leaf.path}`);
        }
      }
    }
    expect(loose).toEqual([]);
  });

  // The inventory runs in slices of the route list, so a slow machine meets each slice's time limit and a
  // failure names the slice; the last test checks that the slices together covered every route.
  const SLICES = 12;
  let sent = 0;
  const covered = new Set<RegisteredRoute>();
  for (let slice = 0; slice < SLICES; slice += 1) {
    it(`every route, signed in and not, answers bad values without a 500 and changes nothing (routes, part ${String(slice + 1)} of ${String(SLICES)})`, async () => {
      const routes = t.app.routes.routes;
      const size = Math.ceil(routes.length / SLICES);
      const problems: string[] = [];
      for (const route of routes.slice(slice * size, (slice + 1) * size)) {
        covered.add(route);
        const before = await tableChecksums(t.database);
        // Signing out would end the session the rest of the run uses.
        const tokens = route.url === '/dcap/logout' ? [null] : [token, null];
        for (const [index, attempt] of attempts(route).entries()) {
          for (const who of tokens) {
            const lang = (index + (who ? 0 : 1)) % 2 === 0 ? 'en-US' : 'zh-CN';
            const headers: Record<string, string> = { 'accept-language': lang };
            if (who) headers.token = who;
            if (attempt.payload !== undefined) headers['content-type'] = attempt.contentType ?? 'application/json';
            const response = await t.request({ method: attempt.method, url: attempt.url, headers, ...(attempt.payload === undefined ? {} : { payload: attempt.payload }) });
            sent += 1;
            const label = `${route.method} ${route.url} ${attempt.what} ${who ? 'signed in' : 'anonymous'}: ${response.statusCode} ${response.body.slice(0, 200)}`;
            if (response.statusCode >= 500) problems.push(label);
            else if (response.statusCode >= 400 && String(response.headers['content-type']).startsWith('application/json')) {
              const body = response.json<{ msg: string; errorCode?: string }>();
              if (!body.errorCode) problems.push(`${label}: no catalogue code`);
              if (CJK.test(body.msg) !== (lang === 'zh-CN')) problems.push(`${label}: not in ${lang}`);
            }
          }
        }
        const changed = changedTables(before, await tableChecksums(t.database));
        if (changed.length > 0) problems.push(`${route.method} ${route.url} changed ${changed.join(', ')}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the slices together sent bad values to every route', () => {
    expect(covered.size).toBe(t.app.routes.routes.length);
    expect(sent).toBeGreaterThan(1000);
  });
});
