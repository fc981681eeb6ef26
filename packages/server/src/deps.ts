import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';

/** What every service receives: passed in, never imported as a global. */
export interface ServiceDeps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
}
