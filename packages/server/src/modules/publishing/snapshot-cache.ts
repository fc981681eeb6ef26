import type { FormIndex } from '@dcap/core';
import { indexForm } from '@dcap/core';
import type { Kysely } from 'kysely';
import type { Database, DesignVersionRow } from '../../db/schema.js';
import type { DesignSnapshot, SnapshotInstrument } from './snapshot.js';
import { snapshotOf } from './snapshot.js';

/** A published design version as read once: its snapshot, and each instrument's form index made on demand. */
export interface CachedDesign {
  snapshot: DesignSnapshot;
  instrument(id: number): SnapshotInstrument | undefined;
  /** `indexForm` of the instrument's panel, made once. */
  index(instrumentId: number): FormIndex | undefined;
}

/** Versions kept per database; the oldest read is dropped first. */
const LIMIT = 64;

/**
 * Parsed design snapshots by design version id, per database. A version never changes once written (a trigger
 * refuses UPDATE and DELETE on design_versions, migration 0004), so an entry never goes stale. Ids repeat
 * across databases (tests run many in one process, each counting from 1), so the cache is keyed first by the
 * database's Kysely instance (`deps.db`): each database has its own map, which goes when its instance does.
 * A transaction is another object than its database's instance, so callers pass `deps.db`, never a `trx`.
 * The objects handed out are shared: callers read them and never change them.
 */
const caches = new WeakMap<Kysely<Database>, Map<number, CachedDesign>>();

function cached(row: Pick<DesignVersionRow, 'snapshot'>): CachedDesign {
  const snapshot = snapshotOf(row);
  const byId = new Map(snapshot.instruments.map((instrument) => [instrument.id, instrument]));
  const indexes = new Map<number, FormIndex>();
  return {
    snapshot,
    instrument: (id) => byId.get(id),
    index: (id) => {
      const instrument = byId.get(id);
      if (!instrument) return undefined;
      let index = indexes.get(id);
      if (!index) {
        index = indexForm(instrument.panel);
        indexes.set(id, index);
      }
      return index;
    },
  };
}

/**
 * The design version `id` of the database `db`, read through `load` the first time only. Answers undefined
 * (and keeps nothing) when there is no such version.
 */
export async function cachedDesign(
  db: Kysely<Database>,
  id: number,
  load: () => Promise<Pick<DesignVersionRow, 'snapshot'> | undefined>,
): Promise<CachedDesign | undefined> {
  let versions = caches.get(db);
  if (!versions) {
    versions = new Map();
    caches.set(db, versions);
  }
  const hit = versions.get(id);
  if (hit) return hit;
  const row = await load();
  if (!row) return undefined;
  const entry = cached(row);
  versions.set(id, entry);
  if (versions.size > LIMIT) versions.delete(versions.keys().next().value as number);
  return entry;
}
