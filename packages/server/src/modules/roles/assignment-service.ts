import type { RoleAssignment, SiteScope } from '@dcap/core';
import { AppError, normaliseScope, sameScope } from '@dcap/core';
import type { AssignmentRow, RoleRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import { sendStudyEvent } from '../messages/study-events.js';
import { projectSiteRows } from '../sites/service.js';
import type { ProjectCaller } from '../../http/context.js';
import { effectiveScope, presentAssignment, scopeColumns, scopeOf } from './presenter.js';
import * as repo from './repo.js';
import type { Audit, Guard } from './write.js';
import { ownRole, requireProjectSites, roleWrite, shapeOf } from './write.js';

/** One role granted to some users, for the sites given or, by default, the role's own sites. */
export interface Grant {
  roleId: number;
  userIds: readonly number[];
  institutionIds?: SiteScope | undefined;
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
 * Grants roles to users, all or none (spec 000 §6: by a project manager, in batch). Each grant passes core's
 * no-escalation rule (sites within the role's; for a non-administrator, a role within their own flags and
 * sites, never to themselves); a user already holding the role is a conflict. With `notify` each new holder
 * is told through the `role.assigned` message (spec 000 §6 "Assignment may carry an e-mail notice, not sent
 * when the role has not changed": a refused repeat and a change of sites send nothing).
 */
export async function assignRoles(deps: ServiceDeps, caller: ProjectCaller, grants: readonly Grant[], notify: boolean): Promise<RoleAssignment[]> {
  const now = deps.clock.now();
  return roleWrite(deps, caller, {}, async (trx, audit, guard) => {
    const sites = await projectSiteRows(trx, caller.project.project.id);
    const users = await activeUsers(trx, [...new Set(grants.flatMap((grant) => grant.userIds))]);
    const granted: RoleAssignment[] = [];
    for (const grant of grants) {
      const role = await ownRole(trx, caller, grant.roleId, 'share');
      const scope = normaliseScope(grant.institutionIds ?? scopeOf(role));
      requireProjectSites(scope, sites);
      for (const userId of new Set(grant.userIds)) {
        const user = users.get(userId);
        if (!user) throw new AppError('user.not_found');
        guard({ call: 'grant', role: shapeOf(role), userId, sites: scope });
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
        if (notify) {
          await sendStudyEvent(deps, trx, {
            event: 'role.assigned',
            projectId: role.project_id,
            env: null,
            siteId: null,
            params: { roleName: role.alias, username: user.username },
            directUserIds: [userId],
            actorId: caller.actor.userId,
            link: '/project/DataDisplay',
          });
        }
        const view = { ...row, username: user.username, name: user.name, granted_by_username: caller.actor.username, role_alias: role.alias };
        granted.push(presentAssignment(view, effectiveScope(role, row)));
      }
    }
    return granted;
  });
}

async function revokeOne(trx: Executor, caller: ProjectCaller, role: RoleRow, assignment: AssignmentRow, username: string, now: Date, audit: Audit): Promise<void> {
  await repo.updateAssignment(trx, assignment.id, { revoked_at: now, revoked_by: caller.actor.userId });
  await audit({
    action: 'role.revoke',
    entityType: 'role_assignment',
    entityId: assignment.id,
    oldValue: grantRecord(role, assignment, username, scopeOf(assignment)),
    newValue: { roleId: role.id, roleAlias: role.alias, userId: assignment.user_id, username, institutionIds: [], revoked: true },
  });
}

/** Revokes every holder of a role inside the caller's transaction (batch delete with revoke). */
export async function revokeAll(trx: Executor, caller: ProjectCaller, role: RoleRow, now: Date, audit: Audit, guard: Guard): Promise<number> {
  const holders = await repo.listAssignments(trx, role.project_id, { roleIds: [role.id], forUpdate: true });
  for (const holder of holders) {
    guard({ call: 'revoke', role: shapeOf(role), userId: holder.user_id });
    await revokeOne(trx, caller, role, holder, holder.username, now, audit);
  }
  return holders.length;
}

/** Loads an active grant the caller could take back under core's rule: what they could grant, they may revoke. */
async function revocableGrant(trx: Executor, caller: ProjectCaller, guard: Guard, roleId: number, userId: number) {
  const role = await ownRole(trx, caller, roleId, 'share');
  const assignment = await repo.findActiveAssignment(trx, role.id, userId);
  if (!assignment) throw new AppError('role.not_assigned');
  guard({ call: 'revoke', role: shapeOf(role), userId });
  const [user] = await repo.findUsers(trx, [userId]);
  return { role, assignment, username: user?.username ?? '' };
}

/**
 * Revokes one role from one user. The row keeps revoked_at and revoked_by; a session on that role loses
 * its rights at once, because resolveProjectAccess reads only unrevoked grants.
 */
export async function revokeRole(deps: ServiceDeps, caller: ProjectCaller, roleId: number, userId: number): Promise<null> {
  await roleWrite(deps, caller, {}, async (trx, audit, guard) => {
    const { role, assignment, username } = await revocableGrant(trx, caller, guard, roleId, userId);
    await revokeOne(trx, caller, role, assignment, username, deps.clock.now(), audit);
  });
  return null;
}

/**
 * POST updateRoleSiteAuthorityOfUser: changes the sites a holder acts for. It takes the old grant back and
 * gives a new one, so it must pass the rule for both.
 */
export async function updateSiteAuthority(deps: ServiceDeps, caller: ProjectCaller, body: { roleId: number; userId: number; institutionIds: SiteScope }): Promise<RoleAssignment> {
  return roleWrite(deps, caller, {}, async (trx, audit, guard) => {
    const { role, assignment, username } = await revocableGrant(trx, caller, guard, body.roleId, body.userId);
    const scope = normaliseScope(body.institutionIds);
    requireProjectSites(scope, await projectSiteRows(trx, role.project_id));
    guard({ call: 'grant', role: shapeOf(role), userId: body.userId, sites: scope });
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
