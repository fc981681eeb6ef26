import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The package graph is the architecture (STYLE 1, ARCHITECTURE §2-§3), checked from the source in well under
 * a second instead of by a lint rule that resolves every import: no import cycles, no module reaching into
 * another module's repository, SQL only in repositories, migrations frozen, and every web call parsed with a
 * core schema.
 */
const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rel = (file: string) => path.relative(PACKAGES, file).split(path.sep).join('/');

interface Source {
  file: string;
  text: string;
  /** Local files this one imports at run time (type-only imports create no cycle and reach no SQL). */
  imports: string[];
  /** Every specifier, type-only ones included. */
  specifiers: string[];
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function readSources(): Map<string, Source> {
  const files = ['core', 'server', 'web'].flatMap((name) => listFiles(path.join(PACKAGES, name, 'src')));
  const known = new Set(files);
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = path.resolve(path.dirname(from), specifier);
    const stem = base.replace(/\.js$/, '');
    return [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
  };
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const matches = [...text.matchAll(IMPORT)];
      const imports = matches
        .filter((match) => !match[1] && (match[2] as string).startsWith('.'))
        .flatMap((match) => resolve(file, match[2] as string) ?? []);
      return [file, { file, text, imports, specifiers: matches.map((match) => match[2] as string) }];
    }),
  );
}

const SOURCES = readSources();
const SERVER = path.join(PACKAGES, 'server', 'src');
const MODULES = path.join(SERVER, 'modules');
const isTest = (file: string) => /\.(test|fixture)\.tsx?$/.test(file) || file.startsWith(path.join(SERVER, 'test') + path.sep);
const moduleOf = (file: string) => (file.startsWith(MODULES + path.sep) ? (path.relative(MODULES, file).split(path.sep)[0] ?? null) : null);
const isRepository = (file: string) => /(^|-)repo\.ts$/.test(path.basename(file));

/** Strongly connected groups of more than one file: each is an import cycle. */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of SOURCES.get(file)?.imports ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(rel(member));
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of SOURCES.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('reads the three packages', () => {
    expect(SOURCES.size).toBeGreaterThan(300);
  });

  it('has no import cycles (STYLE 1)', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps the package graph: core imports nothing of ours, server and web never import each other', () => {
    const offenders = [...SOURCES.values()].flatMap(({ file, specifiers }) => {
      const pkg = rel(file).split('/')[0] as string;
      const forbidden = { core: /^@dcap\/(server|web)|^\.\.\/\.\.\/\.\.\/(server|web)\//, server: /^@dcap\/web/, web: /^@dcap\/server/ }[pkg];
      return forbidden ? specifiers.filter((specifier) => forbidden.test(specifier)).map((specifier) => `${rel(file)} imports ${specifier}`) : [];
    });
    expect(offenders).toEqual([]);
  });

  it("lets no server module reach into another module's repository: it goes through that module's service", () => {
    const offenders = [...SOURCES.values()].flatMap(({ file, imports }) => {
      const own = moduleOf(file);
      if (own === null || isTest(file)) return [];
      return imports.filter((target) => isRepository(target) && moduleOf(target) !== null && moduleOf(target) !== own).map((target) => `${rel(file)} -> ${rel(target)}`);
    });
    expect(offenders).toEqual([]);
  });
});

const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\bsql</;

describe('SQL lives in repositories (STYLE 9)', () => {
  it('no server module runs SQL outside its repo.ts (or a *-repo.ts beside it)', () => {
    const offenders = [...SOURCES.values()]
      .filter(({ file, text }) => moduleOf(file) !== null && !isTest(file) && !isRepository(file) && SQL.test(text))
      .map(({ file }) => rel(file));
    expect(offenders).toEqual([]);
  });
});

describe('migrations are frozen', () => {
  const migrations = [...SOURCES.values()].filter(({ file }) => file.startsWith(path.join(SERVER, 'db', 'migrations') + path.sep) && !isTest(file));

  it('finds the migrations', () => {
    expect(migrations.length).toBeGreaterThan(5);
  });

  it('imports only kysely and frozen data beside it, never live modules, seed code or core', () => {
    const offenders = migrations.flatMap(({ file, specifiers }) =>
      specifiers.filter((specifier) => specifier !== 'kysely' && !/^\.\/\d{4}_[\w-]+\.js$/.test(specifier)).map((specifier) => `${rel(file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});

/** Every `.request(` call of a source file: its text up to the closing parenthesis, and the two lines before it. */
function requestCalls(text: string): { call: string; before: string }[] {
  return [...text.matchAll(/\.request(<[^>(]*>)?\(/g)].map((match) => {
    let depth = 1;
    let end = (match.index) + match[0].length;
    while (depth > 0 && end < text.length) {
      const char = text[end];
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      end += 1;
    }
    const lines = text.slice(0, match.index).split('\n');
    return { call: text.slice(match.index, end), before: lines.slice(-3).join('\n') };
  });
}

describe('the web parses every answer with a core schema (ARCHITECTURE §4)', () => {
  // The api folder, and a feature's own api.ts; the client itself is what they call.
  const api = [...SOURCES.values()].filter(({ file }) => /^web\/src\/(api\/[^/]+|features\/.+\/api)\.ts$/.test(rel(file)) && !isTest(file) && !file.endsWith('client.ts'));

  it('finds the api functions', () => {
    expect(api.flatMap(({ text }) => requestCalls(text)).length).toBeGreaterThan(50);
  });

  it('passes `schema:` to every request, except pass-through calls documented as such', () => {
    const offenders = api.flatMap(({ file, text }) =>
      requestCalls(text)
        .filter(({ call, before }) => {
          if (/\bschema\b/.test(call) || /pass-through/i.test(before)) return false;
          // Options built once for several calls (`const options = { ..., schema: … }`) carry it too.
          const shared = /\b(options)\b/.exec(call.slice(call.indexOf(',')));
          return !(shared && new RegExp(`const ${shared[1] as string} = \\{[^}]*\\bschema:`).test(text));
        })
        .map(({ call }) => `${rel(file)}: ${call.split('\n')[0] as string}`),
    );
    expect(offenders).toEqual([]);
  });
});
