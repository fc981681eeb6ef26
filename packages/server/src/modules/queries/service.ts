import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import * as repo from './repo.js';

/**
 * Closes the OPEN and ANSWERED queries on fields whose value a save just changed, as AUTO_CLOSED (spec 002
 * §4 "auto-closed"), inside the save's transaction: the query asked about a value that is no longer there.
 * Always on: spec 000 §3 names no flag for it, and the thread keeps the query, its comments and an
 * `autoClose` entry, so the raiser sees what happened and may raise a new one (docs/decisions.md, "Queries").
 * Audited per query with from/to status (COMPLIANCE AT-3).
 */
export async function autoCloseQueries(trx: Transaction<Database>, audit: ProjectAuditor, panel: PanelInstanceRow, paths: string[], userId: number): Promise<void> {
  const open = await repo.lockUnclosedAt(trx, panel.id, paths);
  if (open.length === 0) return;
  const env = await repo.envKey(trx, panel.env_id);
  const now = new Date();
  for (const query of open) {
    await repo.setQueryStatus(trx, query.id, 'AUTO_CLOSED', userId, now);
    await repo.insertComment(trx, query.id, 'autoClose', null, userId, now);
    await audit({
      action: 'query.autoClose',
      entityType: 'query',
      entityId: query.id,
      siteId: query.site_id,
      env,
      oldValue: { status: query.status },
      newValue: { status: 'AUTO_CLOSED', panelInstanceId: query.panel_instance_id, path: query.path },
    });
  }
}

export interface OpenQueryCounts {
  /** OPEN + ANSWERED queries per panel instance. */
  byPanel: Map<number, number>;
  /** OPEN + ANSWERED queries per field, keyed `${panelInstanceId}:${path}`. */
  byField: Map<string, number>;
}

export const fieldKey = (panelInstanceId: number, path: string): string => `${String(panelInstanceId)}:${path}`;

/** Unclosed (OPEN and ANSWERED) queries per panel and per field, for the event matrix and the panel header. */
export async function openQueryCounts(db: Executor, panelInstanceIds: number[]): Promise<OpenQueryCounts> {
  const byPanel = new Map<number, number>();
  const byField = new Map<string, number>();
  for (const row of await repo.countUnclosed(db, panelInstanceIds)) {
    byPanel.set(row.panelInstanceId, (byPanel.get(row.panelInstanceId) ?? 0) + row.count);
    byField.set(fieldKey(row.panelInstanceId, row.path), row.count);
  }
  return { byPanel, byField };
}
