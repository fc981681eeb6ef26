import { auditValues, changeSet } from '@dcap/core';
import type { AuditEntry } from './repo.js';

/** A change to one entity as its audit row records it: what it became, what it was, or both. */
export type Change =
  | { kind: 'create'; after: Record<string, unknown> }
  | { kind: 'update'; before: Record<string, unknown>; after: Record<string, unknown> }
  | { kind: 'delete'; before: Record<string, unknown> };

/**
 * Old and new values of only the fields that changed, by core's change-set rule (COMPLIANCE AT-6): a
 * change to or from empty counts, a missing field equals null.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { oldValue: Record<string, unknown>; newValue: Record<string, unknown> } {
  return auditValues(changeSet(before, after));
}

/**
 * The audit row of a create, update or delete of one entity, with action `<entityType>.<kind>`; none for an
 * update that changes nothing, so saving unchanged values leaves no row.
 */
export function changeEntry(entityType: string, entityId: string | number, change: Change): Pick<AuditEntry, 'action' | 'entityType' | 'entityId' | 'oldValue' | 'newValue'> | null {
  const base = { entityType, entityId };
  switch (change.kind) {
    case 'create':
      return { ...base, action: `${entityType}.create`, newValue: change.after };
    case 'update': {
      const diff = changedFields(change.before, change.after);
      return Object.keys(diff.newValue).length === 0 ? null : { ...base, action: `${entityType}.update`, ...diff };
    }
    case 'delete':
      return { ...base, action: `${entityType}.delete`, oldValue: change.before };
  }
}
