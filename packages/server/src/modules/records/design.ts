import { AppError } from '@dcap/core';
import type { Kysely } from 'kysely';
import type { Database, FieldValueRow, PanelInstanceRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import type { CachedDesign } from '../publishing/snapshot-cache.js';
import { cachedDesign } from '../publishing/snapshot-cache.js';
import * as repo from './repo.js';

/** A stored field with the name of whoever last changed it, as the entry page shows it. */
export type StoredField = FieldValueRow & { username: string | null };

/**
 * The design version of a panel instance, parsed once per database (publishing/snapshot-cache.ts): the cache
 * is keyed by the database (`deps.db`), a miss is read through `reader` (the write's transaction inside one:
 * an embedded database has one connection, which the transaction holds).
 */
export async function designOf(db: Kysely<Database>, panel: Pick<PanelInstanceRow, 'design_version_id'>, reader: Executor = db): Promise<CachedDesign> {
  const design = await cachedDesign(db, panel.design_version_id, () => repo.findDesignVersion(reader, panel.design_version_id));
  if (!design) throw new AppError('record.design_missing');
  return design;
}
