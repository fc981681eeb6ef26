import fs from 'node:fs';

/** The platform version is the root package's version. */
export function platformVersion(): string {
  const raw = fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
  const parsed = JSON.parse(raw) as { version?: unknown };
  return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
}
