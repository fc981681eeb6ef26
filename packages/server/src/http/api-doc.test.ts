import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/harness.js';
import { createTestContext } from '../test/harness.js';
import type { Access, RegisteredRoute } from './route.js';

/**
 * docs/api.md lists every call of the route registry, grouped by module, between two markers; this test
 * fails when the list and the registry disagree, so the document stays true as routes are added. Run it
 * with UPDATE_API_DOC=1 to rewrite the list from the registry.
 */
const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/api.md');
const START = '<!-- calls:start (generated from the route registry by packages/server/src/http/api-doc.test.ts) -->';
const END = '<!-- calls:end -->';

function who(access: Access): string {
  if (access === 'public') return 'anyone';
  if (access === 'signedIn') return 'signed in';
  if ('platform' in access) return `platform: \`${access.platform}\``;
  return `project: \`${access.project}\`${access.site === 'scoped' ? ', own sites' : ''}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function renderCalls(routes: readonly RegisteredRoute[]): string {
  const tags = [...new Set(routes.map((route) => route.tag))].sort((a, b) => a.localeCompare(b));
  const sections = tags.map((tag) => {
    const rows = routes
      .filter((route) => route.tag === tag)
      .slice()
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
      .map((route) => `| \`${route.method} ${route.url}\` | ${who(route.access)} | ${cell(route.summary)} |`);
    return [`### ${tag}`, '', '| call | who | what |', '|---|---|---|', ...rows].join('\n');
  });
  return [START, '', ...sections.flatMap((section) => [section, '']), END].join('\n');
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('docs/api.md lists every call (spec 000 §7: the calls of the platform)', () => {
  it('holds the registry as it is', () => {
    const routes = t.app.routes.routes;
    expect(routes.length).toBeGreaterThan(100);
    const doc = fs.readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, 'the markers of the generated list').toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const expected = renderCalls(routes);
    const actual = doc.slice(start, end + END.length);
    if (process.env.UPDATE_API_DOC === '1' && actual !== expected) {
      fs.writeFileSync(DOC, doc.slice(0, start) + expected + doc.slice(end + END.length));
      return;
    }
    expect(actual, 'docs/api.md is out of date: run this test with UPDATE_API_DOC=1').toBe(expected);
  });
});
