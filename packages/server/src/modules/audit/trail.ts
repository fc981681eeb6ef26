import type { AuditEntry, Executor } from './repo.js';
import { insertAuditRow } from './repo.js';

export type { AuditEntry, Executor } from './repo.js';

/**
 * Appends one audit row inside the caller's transaction: how a write outside the project and platform write
 * helpers (a sign-in, a session switch, a background job) records itself. Other modules call this, never the
 * audit repository.
 */
export function appendAudit(db: Executor, entry: AuditEntry): Promise<void> {
  return insertAuditRow(db, entry);
}
