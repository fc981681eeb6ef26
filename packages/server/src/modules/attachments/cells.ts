import { AppError, attachmentRowOf, rowCellPrefix } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow } from '../../db/schema.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import { auditedAttachment } from './store.js';
import * as repo from './repo.js';

/**
 * Images in the cells of table rows (core attachments/cells.ts; docs/decisions.md "Attachments"). A cell's
 * images are keyed by its row-stable path and live as long as their row: a row the panel does not store,
 * because it was never saved or was deleted, takes no images and shows none.
 */

/** Whether a path names a cell of a row the panel no longer (or not yet) stores; false for a plain field. */
export async function inMissingRow(db: Executor, panelInstanceId: number, path: string | null): Promise<boolean> {
  const row = path === null ? null : attachmentRowOf(path);
  return row !== null && !(await repo.rowIsStored(db, panelInstanceId, rowCellPrefix(row)));
}

/** Refuses an upload to a cell of a row the panel does not store (spec 002 §5: upload waits for the save). */
export async function requireStoredRow(db: Executor, panelInstanceId: number, path: string): Promise<void> {
  if (await inMissingRow(db, panelInstanceId, path)) throw new AppError('attachment.row_unknown');
}

export interface DeletedRows {
  panel: PanelInstanceRow;
  /** The deleted rows' ids, `TABLE#r3` (core records/form-values.ts `fieldTableRowId`). */
  rows: readonly string[];
  userId: number | null;
  env: string;
  at: Date;
  /** The row deletion's reason for change, which covers its images too. */
  reason: string | null;
}

/**
 * Deletes, logically and audited, the images of the cells of table rows a panel save deletes, in the save's
 * transaction: the images go with their row, as its values do, with the row's reason (COMPLIANCE IM-2: the
 * bytes stay). The save has already refused deleting a row with a locked, frozen or signed cell. Answers how
 * many images were deleted.
 */
export async function deleteRowAttachments(trx: Transaction<Database>, audit: ProjectAuditor, input: DeletedRows): Promise<number> {
  const found = await repo.listRowAttachments(trx, input.panel.id, input.rows.map(rowCellPrefix));
  for (const row of found) {
    const deleted = await repo.markAttachmentDeleted(trx, row.id, input.userId, input.at);
    if (!deleted) continue;
    await audit({
      action: 'attachment.delete',
      entityType: 'attachment',
      entityId: row.id,
      siteId: input.panel.site_id,
      env: input.env,
      oldValue: auditedAttachment(row),
      newValue: { withRow: row.path === null ? null : attachmentRowOf(row.path) },
      reason: input.reason,
    });
  }
  return found.length;
}
