import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@dcap/core';
import { ERRORS, LOCALES, NOTICES } from '@dcap/core';
import { describe, expect, it } from 'vitest';

/**
 * One message shape (STYLE 5, ARCHITECTURE §4: "`msg` is a human sentence in the request's language"): every
 * sentence a response carries is a catalogue code with parameters, rendered by the HTTP layer. These checks
 * read the server's source, so a literal sentence added to a route or service fails here.
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CJK = /[\u3400-\u9fff]/;
const PLACEHOLDER = /\{(\w+)\}/g;
/** Placeholder names; an English sentence may take a parameter's English form (`detailEn` for `detail`). */
const names = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => (match[1] as string).replace(/En$/, '')).sort();

function sourceFiles(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'migrations' ? [] : sourceFiles(full);
    if (!entry.name.endsWith('.ts') || /\.(test|fixture)\.ts$/.test(entry.name)) return [];
    return [{ file: path.relative(SRC, full), text: fs.readFileSync(full, 'utf8') }];
  });
}
const FILES = sourceFiles(SRC);
/** The files whose values reach a client: routes, services and the HTTP layer. */
const SERVED = FILES.filter(({ file }) => /(^|\/|-)(routes|service)\.ts$/.test(file) || file.startsWith('http/'));

describe('the catalogue holds every sentence in both languages', () => {
  const entries = [...Object.entries(ERRORS), ...Object.entries(NOTICES)] as [string, Record<Locale, string>][];
  it.each(entries)('%s', (_code, entry) => {
    for (const locale of LOCALES) expect(entry[locale].trim().length, locale).toBeGreaterThan(0);
    expect(entry['zh-CN']).toMatch(CJK);
    expect(entry['en-US']).not.toMatch(CJK);
    expect(names(entry['en-US'])).toEqual(names(entry['zh-CN']));
  });
});

describe('responses carry catalogue codes, never literal sentences', () => {
  it('reads the served files', () => {
    expect(SERVED.length).toBeGreaterThan(30);
  });

  it('throws only AppError with a code from the catalogue (a plain Error would reach the client as a 500)', () => {
    const offenders = SERVED.flatMap(({ file, text }) => [...text.matchAll(/throw new (\w*Error)\(\s*([^,)]*)/g)].flatMap((match) => {
      const [, kind, first = ''] = match;
      if (kind === 'Error' || kind === 'TypeError' || kind === 'RangeError') return [`${file}: new ${kind}(${first})`];
      const literal = /^'([^']*)'$/.exec(first.trim());
      return literal && !(literal[1] as string in ERRORS) ? [`${file}: ${kind}('${literal[1] as string}') is not a catalogue code`] : [];
    }));
    expect(offenders).toEqual([]);
  });

  it('builds no envelope by hand: no `msg:` literal, envelopes only from the HTTP layer', () => {
    const offenders = SERVED.flatMap(({ file, text }) => [
      ...[...text.matchAll(/\bmsg:\s*['"`]/g)].map(() => `${file}: a msg literal`),
      ...(file.startsWith('http/') ? [] : [...text.matchAll(/\b(failure|success)\(/g)].map((match) => `${file}: ${match[1] as string}() outside the HTTP layer`)),
    ]);
    expect(offenders).toEqual([]);
  });

  it('installs one error handler', () => {
    const handlers = FILES.filter(({ text }) => text.includes('setErrorHandler(')).map(({ file }) => file);
    expect(handlers).toEqual(['http/error-handler.ts']);
  });
});
