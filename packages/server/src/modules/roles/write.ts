import type { NamedSite, SiteScope } from '@dcap/core';
import { AppError } from '@dcap/core';
import { translatingErrors } from '../../db/errors.js';
import type { RoleRow, SiteRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import type { Caller, ProjectAuditEntry } from './caller.js';
import { projectAuditor, requireProjectState } from './caller.js';
import * as repo from './repo.js';

export type Audit = (entry: ProjectAuditEntry) => Promise<void>;

export const namedSites = (rows: readonly SiteRow[]): NamedSite[] => rows.map((row) => ({ id: row.id, name: row.name, eName: row.name_en }));

/** A live role of the caller's project; anything else, another project's role included, is "not found". */
export async function ownRole(db: Executor, caller: Pick<Caller, 'project'>, id: number, lock: 'update' | 'share' | null = null): Promise<RoleRow> {
  const role = await repo.findRole(db, id, lock);
  if (!role || role.deleted_at !== null || role.project_id !== caller.project.project.id) throw new AppError('role.not_found');
  return role;
}

/** Every site a scope names must be one of the project's sites. */
export function requireProjectSites(scope: SiteScope, sites: readonly SiteRow[]): void {
  if (scope !== 'all' && scope.some((id) => !sites.some((site) => site.id === id))) throw new AppError('role.unknown_site');
}

/**
 * One write on the project's roles or grants: the project's status must allow user-rights changes, and
 * the change commits with its audit rows or not at all (COMPLIANCE AT-5).
 */
export function roleWrite<T>(deps: ServiceDeps, caller: Caller, context: Record<string, string>, work: (trx: Executor, audit: Audit) => Promise<T>): Promise<T> {
  return translatingErrors(
    () =>
      deps.db.transaction().execute(async (trx) => {
        await requireProjectState(trx, caller, 'userRightsEditable');
        return work(trx, await projectAuditor(trx, caller));
      }),
    context,
  );
}
