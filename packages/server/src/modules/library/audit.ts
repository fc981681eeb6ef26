import type { Executor } from '../audit/repo.js';
import { insertAuditRow } from '../audit/repo.js';
import { changedFields } from '../users/presenter.js';
import type { Actor, RequestMeta } from '../../http/context.js';

/** Who changes a platform library, for its audit rows. */
export interface LibraryCaller {
  actor: Actor;
  meta: RequestMeta;
}

type Change = { kind: 'create'; after: Record<string, unknown> } | { kind: 'update'; before: Record<string, unknown>; after: Record<string, unknown> } | { kind: 'delete'; before: Record<string, unknown> };

/**
 * Audits a platform library change inside its transaction. An update that changes nothing writes no row.
 * `entityType` names the library (std_field, std_template, dict, derived_field).
 */
export async function auditLibrary(trx: Executor, caller: LibraryCaller, entityType: string, entityId: string | number, change: Change, projectId: number | null = null): Promise<void> {
  const base = { actorId: caller.actor.userId, actorUsername: caller.actor.username, entityType, entityId, projectId, ip: caller.meta.ip };
  switch (change.kind) {
    case 'create':
      await insertAuditRow(trx, { ...base, action: `${entityType}.create`, newValue: change.after });
      return;
    case 'update': {
      const diff = changedFields(change.before, change.after);
      if (Object.keys(diff.newValue).length === 0) return;
      await insertAuditRow(trx, { ...base, action: `${entityType}.update`, ...diff });
      return;
    }
    case 'delete':
      await insertAuditRow(trx, { ...base, action: `${entityType}.delete`, oldValue: change.before });
      return;
  }
}
