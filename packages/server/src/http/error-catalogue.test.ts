import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorCode, Locale } from '@dcap/core';
import { AppError, ERRORS, LOCALES } from '@dcap/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';

const CODES = Object.keys(ERRORS) as ErrorCode[];
const PLACEHOLDER = /\{(\w+)\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);

/** The error handler alone, with one route that throws whichever code and parameters the test names. */
const app = Fastify({ logger: false });
beforeAll(async () => {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = request.headers['accept-language'] === 'en-US' ? 'en-US' : 'zh-CN';
    done();
  });
  installErrorHandler(app, 1024);
  app.post('/throw', (request) => {
    const { code, params } = request.body as { code: ErrorCode; params: Record<string, string> };
    throw new AppError(code, params);
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler renders every catalogue code (STYLE 5)', () => {
  it.each(CODES)('%s: its status, its code and its sentence with every parameter, in both languages', async (code) => {
    for (const locale of LOCALES as readonly Locale[]) {
      const params = Object.fromEntries([...placeholders(ERRORS[code]['zh-CN']), ...placeholders(ERRORS[code]['en-US'])].map((name) => [name, `<${name}>`]));
      const response = await app.inject({ method: 'POST', url: '/throw', headers: { 'accept-language': locale }, payload: { code, params } });
      expect(response.statusCode).toBe(ERRORS[code].status);
      const body = response.json<{ code: number; msg: string; errorCode: string; data: null }>();
      expect(body).toMatchObject({ code: ERRORS[code].status, errorCode: code, data: null });
      expect(body.msg).toBe(ERRORS[code][locale].replace(PLACEHOLDER, (_whole, name: string) => `<${name}>`));
    }
  });
});

/** Every `new AppError('code', { ... })` in the server's source, with the parameter names it passes. */
function thrownCodes(): { file: string; code: string; params: string[] | null }[] {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const found: { file: string; code: string; params: string[] | null }[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = fs.readFileSync(full, 'utf8');
        for (const match of source.matchAll(/new AppError\(\s*'([\w.]+)'\s*(\)|,\s*(\{[^{}]*\}|[^,)]+))/g)) {
          const literal = match[3]?.startsWith('{') ? match[3] : null;
          // Names of an object literal's properties: `name: value` or shorthand `name`; a spread means "unknown".
          const params =
            match[2] === ')'
              ? []
              : literal && !literal.includes('...')
                ? [...literal.slice(1, -1).matchAll(/(?:^|,)\s*(\w+)\s*(?=:|,|$)/g)].map((m) => m[1] as string)
                : null;
          found.push({ file: path.relative(root, full), code: match[1] as string, params });
        }
      }
    }
  };
  visit(root);
  return found;
}

/** Parameters the error handler fills in itself: a refused input's detail is its field errors. */
const FILLED_BY_HANDLER: Partial<Record<ErrorCode, string[]>> = { 'request.invalid': ['detail'] };

describe('every code thrown by the server exists and is given the parameters its sentences name', () => {
  const thrown = thrownCodes();

  it('finds the throws', () => {
    expect(thrown.length).toBeGreaterThan(50);
  });

  it.each(thrown.map((entry) => [`${entry.file} ${entry.code}`, entry] as const))('%s', (_name, entry) => {
    expect(Object.keys(ERRORS), entry.file).toContain(entry.code);
    if (entry.params === null) return; // Parameters built elsewhere: rendered and checked above.
    const entryOf = ERRORS[entry.code as ErrorCode];
    const given = [...entry.params, ...(FILLED_BY_HANDLER[entry.code as ErrorCode] ?? [])];
    for (const locale of LOCALES) {
      for (const name of placeholders(entryOf[locale])) expect(given, `${entry.file}: ${entry.code} ${locale}`).toContain(name);
    }
  });
});
