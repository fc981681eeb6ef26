import type { DatabaseKind } from '../db/database.js';
import type { ServiceDeps } from '../deps.js';
import { ensureAdministrator } from './admin.js';
import { demoAccountLines, seedDemo } from './demo.js';
import { inOneTransaction } from './one-transaction.js';

/**
 * On an empty database, creates the platform administrator and, on the embedded database unless DEMO_DATA
 * is off, the demo study: a newcomer gets a study to look around in, a server deployment starts empty.
 * Then prints the sign-in names and generated passwords once, to the console only, never to the request
 * log. Both are written in one transaction: a server stopped half-way leaves an empty database, and the
 * next start does the whole first start again, passwords included. Does nothing when users exist.
 * Returns whether this was the first start.
 */
export async function firstStart(deps: ServiceDeps, databaseKind: DatabaseKind, print: (line: string) => void = console.log): Promise<boolean> {
  const withDemo = databaseKind === 'pglite' && deps.config.demoData;
  const created = await inOneTransaction(deps.db, async (db) => {
    const within = { ...deps, db };
    const admin = await ensureAdministrator(within);
    if (!admin) return null;
    return { admin, demo: withDemo ? await seedDemo(within) : null };
  });
  if (!created) return false;
  const { admin, demo } = created;
  print(`\nPlatform administrator created. Sign-in name: ${admin.username}`);
  print(admin.generatedPassword ? `Password (shown once, change it after signing in): ${admin.generatedPassword}` : 'Password: the value of ADMIN_PASSWORD');
  for (const line of demoAccountLines(demo)) print(line);
  print('');
  return true;
}
