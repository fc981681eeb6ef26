import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Runs `work` in one database transaction. The services `work` calls open their own transactions
 * (`db.transaction().execute(…)`); on the database handed to `work` those join the outer one instead, so
 * everything commits together or not at all. The first start uses it: a server stopped half-way through
 * creating the administrator and the demo study leaves nothing behind, and the next start begins afresh.
 */
export async function inOneTransaction<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => work(joining(trx)));
}

/** `trx`, except that `transaction()` runs its callback on `trx` itself rather than failing. */
function joining(trx: Transaction<Database>): Transaction<Database> {
  const joined: Transaction<Database> = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') {
        const builder = {
          execute: <R>(callback: (inner: Transaction<Database>) => Promise<R>): Promise<R> => callback(joined),
          // The outer transaction's settings apply; a nested request cannot change them.
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
        };
        return () => builder;
      }
      // Kysely keeps its state in private fields, which only the real object can read.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return joined;
}
