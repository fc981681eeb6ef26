import type { ErrorCode } from '../errors/catalogue.js';
import type { ProjectAccess, RoleRight, SiteScope } from '../permissions/project.js';
import { scopeWithin, siteScope } from '../permissions/project.js';
import { sameScope } from './rules.js';

/**
 * Role administration never raises anyone's access beyond the caller's own (spec 000 §6, role
 * administration). Every call that creates, changes, deletes, grants or revokes a role asks this one rule;
 * the decisions it encodes are written down in docs/decisions.md ("No escalation through role
 * administration").
 */

/** What a role gives its holders: its flags, its sites, and whether it gives anything at all. */
export interface RoleGrantShape {
  rights: readonly RoleRight[];
  sites: SiteScope;
  enabled: boolean;
}

/** The caller of a role or grant call, as the rule sees them. */
export interface RoleAdministrator {
  userId: number;
  access: ProjectAccess;
  /** The project's roles the caller holds through an unrevoked grant, the active one or not. */
  heldRoleIds: readonly number[];
}

export type RoleAdministration =
  /** saveRole without id, autoCreateProjectRoleOneInstitution. */
  | { call: 'create'; role: RoleGrantShape }
  /** saveRole with id, quickSave, disableRole; `after: null` deletes the role. */
  | { call: 'change'; roleId: number; before: RoleGrantShape; after: RoleGrantShape | null }
  /** A grant of `role` to `userId` for `sites` (the assignment's own sites). */
  | { call: 'grant'; role: RoleGrantShape; userId: number; sites: SiteScope }
  /** A revocation of the grant `userId` holds; the caller may give up their own (the last-holder rule aside). */
  | { call: 'revoke'; role: RoleGrantShape; userId: number };

/** Platform and project administrators have every project right by standing, so nothing they give exceeds it. */
export const administersProject = (access: ProjectAccess): boolean => access.platformAdmin || access.projectAdmin;

/**
 * Why a role lies beyond what the caller holds, or null: every site covered, every flag held. A disabled
 * active role covers no site (core's siteScope), so it gives nothing away.
 */
function beyondCaller(access: ProjectAccess, role: RoleGrantShape): ErrorCode | null {
  if (!scopeWithin(role.sites, siteScope(access))) return 'permission.site_forbidden';
  const own = access.role?.rights ?? [];
  return role.rights.every((right) => own.includes(right)) ? null : 'role.rights_exceeded';
}

/**
 * Whether a change to a role the caller holds would reshape their own access: a change of its flags or
 * sites, or enabling it. Disabling or deleting it only gives access up (the last-holder rule still
 * applies), and renaming it gives nothing.
 */
function reshapesOwnRole(before: RoleGrantShape, after: RoleGrantShape | null): boolean {
  if (after === null) return false;
  const sameRights = before.rights.length === after.rights.length && before.rights.every((right) => after.rights.includes(right));
  return !sameRights || !sameScope(before.sites, after.sites) || (!before.enabled && after.enabled);
}

/**
 * Why a role or grant call is refused, or null when it may go ahead.
 *
 * - A grant's sites lie within the role's sites, whoever grants (a rule of the role itself).
 * - Administrators may do everything else.
 * - Anyone else may create, change, delete, grant or revoke only a role whose flags their active role
 *   holds and whose sites lie within their own scope (so a site-limited caller never hands out an
 *   all-sites role, even narrowed to their sites: its project-wide flags would not be narrowed).
 * - They never grant themselves a role or change their own grant, and never change the flags or sites
 *   of a role they hold, nor enable it: raising one's own access always needs a second person.
 */
export function roleAdministrationRefusal(caller: RoleAdministrator, change: RoleAdministration): ErrorCode | null {
  if (change.call === 'grant' && !scopeWithin(change.sites, change.role.sites)) return 'role.site_outside_role';
  const { access } = caller;
  if (administersProject(access)) return null;
  switch (change.call) {
    case 'create':
      return beyondCaller(access, change.role);
    case 'change': {
      if (caller.heldRoleIds.includes(change.roleId) && reshapesOwnRole(change.before, change.after)) return 'role.own_role';
      return beyondCaller(access, change.before) ?? (change.after === null ? null : beyondCaller(access, change.after));
    }
    // The grant's sites lie within the role's, so a role within the caller's sites keeps them within too.
    case 'grant':
      if (change.userId === caller.userId) return 'role.self_grant';
      return beyondCaller(access, change.role);
    case 'revoke':
      return beyondCaller(access, change.role);
  }
}

/** One possible holder of role administration in a project, as the last-holder rule counts them. */
export interface RoleAdministratorCandidate {
  /** A locked or deleted user cannot act, so does not count. */
  userActive: boolean;
  /** A project administrator of the project administers roles by standing. */
  projectAdmin: boolean;
  /** Otherwise the grant's role must be enabled and carry the user-rights flag (any sites). */
  roleEnabled: boolean;
  rights: readonly RoleRight[];
}

export function administersRoles(candidate: RoleAdministratorCandidate): boolean {
  if (!candidate.userActive) return false;
  return candidate.projectAdmin || (candidate.roleEnabled && candidate.rights.includes('userRightsManagement'));
}

/**
 * The last holder of role administration in a project may not revoke, disable, delete or strip that
 * right: after a change by a non-administrator at least one active holder must remain, or the project
 * could only be repaired by a platform administrator. Administrators are exempt: they keep the right by
 * standing and may restore it.
 */
export function lastRoleAdministratorRefusal(access: ProjectAccess, remaining: readonly RoleAdministratorCandidate[]): ErrorCode | null {
  if (administersProject(access)) return null;
  return remaining.some(administersRoles) ? null : 'role.last_administrator';
}
