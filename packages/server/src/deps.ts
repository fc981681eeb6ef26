import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { SessionCache } from './modules/auth/session-cache.js';

/** What every service receives: passed in, never imported as a global. */
export interface ServiceDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  /** Recently authenticated sessions; services that change a session or user evict it after commit. */
  sessions: SessionCache;
}
