import type { SyncDirection, SyncPartResult } from '@dcap/core';
import { AppError, SYNC_DIRECTIONS } from '@dcap/core';
import type { DesignVersionRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import { diffDesigns } from '../publishing/diff.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import { loadDraft, runDesign, snapshotOf, versionOfEnv } from '../publishing/snapshot.js';

export interface DesignSync {
  result: SyncPartResult;
  versionId: number;
  /** What changed for the target, for the audit row. */
  changes: { entity: string; change: string; key: string }[];
}

/** The design the source gives: the development draft, or the version production runs. */
async function sourceDesign(trx: Executor, projectId: number, direction: SyncDirection): Promise<{ snapshot: DesignSnapshot; version: DesignVersionRow | null }> {
  if (direction === 'syncData') return { snapshot: await loadDraft(trx, projectId), version: null };
  const source = SYNC_DIRECTIONS[direction].source;
  const running = await versionOfEnv(trx, projectId, source);
  if (!running) throw new AppError('sync.source_empty', { source });
  return { snapshot: snapshotOf(running), version: running };
}

/** Refuses a sync whose source has nothing to give, before it is queued. */
export async function requireSourceDesign(trx: Executor, projectId: number, direction: SyncDirection): Promise<void> {
  if (direction !== 'syncData') await sourceDesign(trx, projectId, direction);
}

/**
 * Makes the target environment run the source's design (spec 000 §7.4). From development, the draft
 * becomes a design version as publishing makes one (the latest version is reused when the draft equals it),
 * so the target runs an immutable version like any published one; from production, the target runs the
 * very version production runs. Running it twice gives the same state, so a step repeated after a crash
 * changes nothing more.
 */
export async function syncDesign(trx: Executor, projectId: number, direction: SyncDirection, by: string | null, now: Date): Promise<DesignSync> {
  const target = SYNC_DIRECTIONS[direction].target;
  const design = await sourceDesign(trx, projectId, direction);
  const { snapshot } = design;
  const { version, previous } = await runDesign(trx, projectId, target, design, { by, at: now, note: null });
  const versionId = version.id;
  const changes = diffDesigns(previous ? snapshotOf(previous) : null, snapshot).map((change) => ({ entity: change.entity, change: change.change, key: change.key }));
  return { result: { version: version.version, previousVersion: previous?.version ?? null, changes: changes.length }, versionId, changes };
}
