import type { NamedSite, RoleAdministration, RoleGrantShape, SiteScope } from '@dcap/core';
import { AppError, administersProject, lastRoleAdministratorRefusal, roleAdministrationRefusal } from '@dcap/core';
import type { RoleRow, SiteRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import { rightsOf, scopeOf } from './presenter.js';
import * as repo from './repo.js';

export type Audit = ProjectAuditor;
/** Refuses, with core's reason, a role or grant change that would raise access (spec 000 §6). */
export type Guard = (change: RoleAdministration) => void;

export const namedSites = (rows: readonly SiteRow[]): NamedSite[] => rows.map((row) => ({ id: row.id, name: row.name, eName: row.name_en }));

/** What a stored role gives its holders, as core's rule compares it. */
export const shapeOf = (row: RoleRow): RoleGrantShape => ({ rights: rightsOf(row), sites: scopeOf(row), enabled: row.enabled });

/** A live role of the caller's project; anything else, another project's role included, is "not found". */
export async function ownRole(db: Executor, caller: Pick<ProjectCaller, 'project'>, id: number, lock: 'update' | 'share' | null = null): Promise<RoleRow> {
  const role = await repo.findRole(db, id, lock);
  if (!role || role.deleted_at !== null || role.project_id !== caller.project.project.id) throw new AppError('role.not_found');
  return role;
}

/** Every site a scope names must be one of the project's sites. */
export function requireProjectSites(scope: SiteScope, sites: readonly SiteRow[]): void {
  if (scope !== 'all' && scope.some((id) => !sites.some((site) => site.id === id))) throw new AppError('role.unknown_site');
}

async function guardFor(trx: Executor, caller: ProjectCaller): Promise<Guard> {
  const access = caller.project.access;
  const heldRoleIds = administersProject(access) ? [] : await repo.heldRoleIds(trx, caller.project.project.id, caller.actor.userId);
  return (change) => {
    const refusal = roleAdministrationRefusal({ userId: caller.actor.userId, access, heldRoleIds }, change);
    if (refusal) throw new AppError(refusal);
  };
}

/** After the change, someone must still be able to manage the project's user rights (core decides who counts). */
async function requireRoleAdministratorLeft(trx: Executor, caller: ProjectCaller): Promise<void> {
  if (administersProject(caller.project.access)) return;
  const refusal = lastRoleAdministratorRefusal(caller.project.access, await repo.roleAdministratorCandidates(trx, caller.project.project.id));
  if (refusal) throw new AppError(refusal);
}

/**
 * One write on the project's roles or grants: the project's status must allow user-rights changes, every
 * change passes core's no-escalation rule, the project keeps someone who manages user rights, and the
 * change commits with its audit rows or not at all (COMPLIANCE AT-5), so a refused call changes nothing.
 */
export function roleWrite<T>(deps: ServiceDeps, caller: ProjectCaller, context: Record<string, string>, work: (trx: Executor, audit: Audit, guard: Guard) => Promise<T>): Promise<T> {
  return projectWrite(deps, caller, { state: 'userRightsEditable', errorContext: context }, async (trx, audit) => {
    const result = await work(trx, audit, await guardFor(trx, caller));
    await requireRoleAdministratorLeft(trx, caller);
    return result;
  });
}
