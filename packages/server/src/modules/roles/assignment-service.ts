import type { RoleAssignment, SiteScope } from '@dcap/core';
import { AppError, assignmentScopeRefusal, normaliseScope, sameScope, scopeWithin, siteScope } from '@dcap/core';
import type { AssignmentRow, RoleRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import { listSites } from '../sites/repo.js';
import type { Caller } from './caller.js';
import { effectiveScope, presentAssignment, scopeColumns, scopeOf } from './presenter.js';
import * as repo from './repo.js';
import type { Audit } from './write.js';
import { ownRole, requireProjectSites, roleWrite } from './write.js';

/** One role granted to some users, for the sites given or, by default, the role's own sites. */
export interface Grant {
  roleId: number;
  userIds: readonly number[];
  institutionIds?: SiteScope | undefined;
}

const isManager = (caller: Caller) => caller.project.access.platformAdmin || caller.project.access.projectAdmin;

/**
 * Someone who manages user rights through a role may not grant themselves a role or widen their own
 * sites: it would let one person raise their own access with no one else involved.
 */
function refuseSelfGrant(caller: Caller, userId: number): void {
  if (!isManager(caller) && userId === caller.actor.userId) throw new AppError('role.self_grant');
}

/** The names recorded with a grant, so the log stays readable after a role or user is renamed. */
function grantRecord(role: RoleRow, assignment: AssignmentRow, username: string, scope: SiteScope) {
  return { roleId: role.id, roleAlias: role.alias, userId: assignment.user_id, username, institutionIds: scope };
}

async function activeUsers(trx: Executor, ids: readonly number[]): Promise<Map<number, repo.UserRef>> {
  const users = new Map((await repo.findUsers(trx, ids)).map((user) => [user.id, user]));
  for (const id of ids) {
    const user = users.get(id);
    if (!user) throw new AppError('user.not_found');
    if (user.status !== 'active') throw new AppError('role.user_inactive', { username: user.username });
  }
  return users;
}

/**
 * Grants roles to users, all or none (spec 000 §6: by a project manager, in batch). Each grant's sites lie
 * within the role's and within the granter's own; a user already holding the role is a conflict. The
 * e-mail notice is recorded as intent (`notify`) on the audit row: there is no mail transport yet.
 */
export async function assignRoles(deps: ServiceDeps, caller: Caller, grants: readonly Grant[], notify: boolean): Promise<RoleAssignment[]> {
  const now = deps.clock.now();
  const granterScope = siteScope(caller.project.access);
  return roleWrite(deps, caller, {}, async (trx, audit) => {
    const sites = await listSites(trx, caller.project.project.id, 'all');
    const users = await activeUsers(trx, [...new Set(grants.flatMap((grant) => grant.userIds))]);
    const granted: RoleAssignment[] = [];
    for (const grant of grants) {
      const role = await ownRole(trx, caller, grant.roleId, 'share');
      const scope = normaliseScope(grant.institutionIds ?? scopeOf(role));
      requireProjectSites(scope, sites);
      const refusal = assignmentScopeRefusal(scope, scopeOf(role), granterScope);
      if (refusal) throw new AppError(refusal);
      for (const userId of new Set(grant.userIds)) {
        const user = users.get(userId);
        if (!user) throw new AppError('user.not_found');
        refuseSelfGrant(caller, userId);
        if (await repo.findActiveAssignment(trx, role.id, userId)) throw new AppError('role.already_assigned');
        const row = await repo.insertAssignment(trx, {
          project_id: role.project_id,
          role_id: role.id,
          user_id: userId,
          ...scopeColumns(scope),
          granted_by: caller.actor.userId,
          granted_at: now,
        });
        await audit({ action: 'role.assign', entityType: 'role_assignment', entityId: row.id, newValue: { ...grantRecord(role, row, user.username, scope), notify } });
        const view = { ...row, username: user.username, name: user.name, granted_by_username: caller.actor.username, role_alias: role.alias };
        granted.push(presentAssignment(view, effectiveScope(role, row)));
      }
    }
    return granted;
  });
}

async function revokeOne(trx: Executor, caller: Caller, role: RoleRow, assignment: AssignmentRow, username: string, now: Date, audit: Audit): Promise<void> {
  await repo.updateAssignment(trx, assignment.id, { revoked_at: now, revoked_by: caller.actor.userId });
  await audit({
    action: 'role.revoke',
    entityType: 'role_assignment',
    entityId: assignment.id,
    oldValue: grantRecord(role, assignment, username, scopeOf(assignment)),
    newValue: { roleId: role.id, roleAlias: role.alias, userId: assignment.user_id, username, revoked: true },
  });
}

/** Revokes every holder of a role inside the caller's transaction (batch delete with revoke). */
export async function revokeAll(trx: Executor, caller: Caller, role: RoleRow, now: Date, audit: Audit): Promise<number> {
  const holders = await repo.listAssignments(trx, role.project_id, { roleIds: [role.id], forUpdate: true });
  for (const holder of holders) await revokeOne(trx, caller, role, holder, holder.username, now, audit);
  return holders.length;
}

/** Loads an active grant the caller may act on: its effective sites lie within the caller's. */
async function grantInScope(trx: Executor, caller: Caller, roleId: number, userId: number) {
  const role = await ownRole(trx, caller, roleId, 'share');
  const assignment = await repo.findActiveAssignment(trx, role.id, userId);
  if (!assignment) throw new AppError('role.not_assigned');
  if (!scopeWithin(effectiveScope(role, assignment), siteScope(caller.project.access))) throw new AppError('permission.site_forbidden');
  const [user] = await repo.findUsers(trx, [userId]);
  return { role, assignment, username: user?.username ?? '' };
}

/**
 * Revokes one role from one user. The row keeps revoked_at and revoked_by; a session on that role loses
 * its rights at once, because resolveProjectAccess reads only unrevoked grants.
 */
export async function revokeRole(deps: ServiceDeps, caller: Caller, roleId: number, userId: number): Promise<null> {
  await roleWrite(deps, caller, {}, async (trx, audit) => {
    const { role, assignment, username } = await grantInScope(trx, caller, roleId, userId);
    await revokeOne(trx, caller, role, assignment, username, deps.clock.now(), audit);
  });
  return null;
}

/** POST updateRoleSiteAuthorityOfUser: changes the sites a holder acts for, under the same rules as a grant. */
export async function updateSiteAuthority(deps: ServiceDeps, caller: Caller, body: { roleId: number; userId: number; institutionIds: SiteScope }): Promise<RoleAssignment> {
  return roleWrite(deps, caller, {}, async (trx, audit) => {
    const { role, assignment, username } = await grantInScope(trx, caller, body.roleId, body.userId);
    const scope = normaliseScope(body.institutionIds);
    requireProjectSites(scope, await listSites(trx, role.project_id, 'all'));
    const refusal = assignmentScopeRefusal(scope, scopeOf(role), siteScope(caller.project.access));
    if (refusal) throw new AppError(refusal);
    refuseSelfGrant(caller, body.userId);
    let after = assignment;
    if (!sameScope(scopeOf(assignment), scope)) {
      after = await repo.updateAssignment(trx, assignment.id, scopeColumns(scope));
      await audit({
        action: 'role.site_authority',
        entityType: 'role_assignment',
        entityId: after.id,
        oldValue: grantRecord(role, assignment, username, scopeOf(assignment)),
        newValue: grantRecord(role, after, username, scope),
      });
    }
    const [view] = await repo.listAssignments(trx, role.project_id, { assignmentId: after.id });
    if (!view) throw new AppError('role.not_assigned');
    return presentAssignment(view, effectiveScope(role, after));
  });
}
