import type { ProjectPredicate, ProjectStatus } from '@dcap/core';
import { AppError, projectIs } from '@dcap/core';
import type { Actor, RequestMeta } from '../../http/context.js';
import type { AuditEntry, Executor } from '../audit/repo.js';
import { insertAuditRow } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';

/** Who acts on a project's sites and roles, with their standing there and the request's details. */
export interface Caller {
  actor: Actor;
  project: ProjectContext;
  meta: RequestMeta;
}

/**
 * Re-reads the project's status under a share lock, so a status change (to offline, say) cannot commit
 * between this check and the write it guards; refuses with the status when the predicate says no.
 */
export async function requireProjectState(trx: Executor, caller: Caller, predicate: ProjectPredicate, designer = false): Promise<void> {
  const row = await trx.selectFrom('projects').select('status').where('id', '=', caller.project.project.id).forShare().executeTakeFirstOrThrow();
  const status: ProjectStatus = row.status;
  if (!projectIs(status, predicate, { designer })) throw new AppError('project.status_forbids', { status });
}

/** The caller's standing at the moment of the change, for the audit row (COMPLIANCE AT-1). */
async function actorRole(trx: Executor, project: ProjectContext): Promise<string | null> {
  if (project.access.platformAdmin) return 'admin';
  if (project.access.projectAdmin) return 'projectAdmin';
  if (!project.access.role) return null;
  const row = await trx.selectFrom('project_roles').select('alias').where('id', '=', project.access.role.id).executeTakeFirst();
  return row?.alias ?? null;
}

export type ProjectAuditEntry = Omit<AuditEntry, 'actorId' | 'actorUsername' | 'actorRole' | 'projectId' | 'ip'>;

/** Writes audit rows of one transaction, each carrying the caller, their role and the project. */
export async function projectAuditor(trx: Executor, caller: Caller): Promise<(entry: ProjectAuditEntry) => Promise<void>> {
  const role = await actorRole(trx, caller.project);
  return (entry) =>
    insertAuditRow(trx, {
      ...entry,
      actorId: caller.actor.userId,
      actorUsername: caller.actor.username,
      actorRole: role,
      projectId: caller.project.project.id,
      ip: caller.meta.ip,
    });
}
