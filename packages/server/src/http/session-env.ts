import type { EnvRow } from '../db/schema.js';
import type { Executor } from '../modules/audit/repo.js';
import { findEnvByKey } from '../modules/environments/repo.js';
import type { ProjectCaller } from './context.js';

/**
 * The row of the session's environment `key` in the caller's project: the one read with the caller's
 * standing when it is that environment (modules/projects/access.ts), else read now (a context kept across a
 * switch of environment, as the demo seeding does, reads the new one).
 */
export async function sessionEnvRow(db: Executor, caller: ProjectCaller, key: string): Promise<EnvRow | undefined> {
  const known = caller.project.sessionEnv;
  if (known && known.key === key) return known;
  return findEnvByKey(db, caller.project.project.id, key);
}
