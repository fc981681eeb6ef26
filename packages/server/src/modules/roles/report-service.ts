import type { Locale, RoleAuthLogPage, RoleHolders, SiteScope, UserRole, UserRolesAndSites } from '@dcap/core';
import { intersectScopes, siteNamesLabel, siteScope } from '@dcap/core';
import type { RoleRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';
import type { SiteWithUnit } from '../sites/service.js';
import { projectSiteRows } from '../sites/service.js';
import { effectiveScope, presentAssignment, presentAuthLog, scopeOf, wireScope } from './presenter.js';
import type { AssignmentView } from './repo.js';
import * as repo from './repo.js';
import { namedSites, ownRole } from './write.js';

/** The audit actions that make up the role authorisation log (`/recordDataManage/projectRoleAuthLog`). */
export const ROLE_LOG_ACTIONS = [
  'role.create',
  'role.update',
  'role.delete',
  'role.disable',
  'role.enable',
  'role.assign',
  'role.revoke',
  'role.site_authority',
] as const;

/** GET listByUser: the caller's roles across projects for the shell's role switcher. */
export async function listRolesOfUser(deps: ServiceDeps, actor: Actor): Promise<UserRole[]> {
  const rows = await repo.listRolesOfUser(deps.db, actor.userId);
  return rows.map((row) => ({
    id: row.id,
    projectId: row.project_id,
    projectCode: row.project_code,
    projectName: row.project_name,
    alias: row.alias,
    enabled: row.enabled ? 1 : 0,
  }));
}

/** A grant as a viewer sees it: what it covers within the viewer's own sites; null when nothing. */
export interface VisibleGrant {
  role: RoleRow;
  assignment: AssignmentView;
  scope: SiteScope;
}

/**
 * The project's active grants a caller may see. A caller limited to some sites sees only holders at
 * those sites, and of each grant only those sites: the list answers "who acts at my sites".
 */
export async function visibleGrants(db: Executor, context: ProjectContext, roles: readonly RoleRow[]): Promise<VisibleGrant[]> {
  const byId = new Map(roles.map((role) => [role.id, role]));
  const callerScope = siteScope(context.access);
  const assignments = await repo.listAssignments(db, context.project.id, { roleIds: [...byId.keys()] });
  return assignments.flatMap((assignment) => {
    const role = byId.get(assignment.role_id);
    if (!role) return [];
    const scope = intersectScopes(effectiveScope(role, assignment), callerScope);
    return scope !== 'all' && scope.length === 0 ? [] : [{ role, assignment, scope }];
  });
}

const siteRef = (site: SiteWithUnit) => ({ id: site.id, code: site.code, name: site.name, eName: site.name_en });

/** POST userRolesAndInstitutions: per user, their roles and the sites they act for. */
export async function userRolesAndSites(deps: ServiceDeps, context: ProjectContext, locale: Locale): Promise<UserRolesAndSites[]> {
  const [roles, sites] = await Promise.all([repo.listRoles(deps.db, context.project.id), projectSiteRows(deps.db, context.project.id)]);
  const names = namedSites(sites);
  const users = new Map<number, UserRolesAndSites & { scopes: SiteScope[] }>();
  for (const { role, assignment, scope } of await visibleGrants(deps.db, context, roles)) {
    let entry = users.get(assignment.user_id);
    if (!entry) {
      entry = { userId: assignment.user_id, username: assignment.username, name: assignment.name, roles: [], sites: [], scopes: [] };
      users.set(assignment.user_id, entry);
    }
    entry.roles.push({
      roleId: role.id,
      alias: role.alias,
      enabled: role.enabled ? 1 : 0,
      institutionIds: wireScope(scope),
      institutionNamesStr: siteNamesLabel(scope, names, locale),
      grantedAt: assignment.granted_at.toISOString(),
    });
    entry.scopes.push(scope);
  }
  return [...users.values()]
    .sort((a, b) => a.username.localeCompare(b.username))
    .map(({ scopes, ...entry }) => ({
      ...entry,
      sites: sites.filter((site) => scopes.some((scope) => scope === 'all' || scope.includes(site.id))).map(siteRef),
    }));
}

/** POST roleAndInstitutionUsers: per role (or one role), its sites and its holders. */
export async function roleHolders(deps: ServiceDeps, context: ProjectContext, roleId: number | undefined, locale: Locale): Promise<RoleHolders[]> {
  const roles = roleId === undefined ? await repo.listRoles(deps.db, context.project.id) : [await ownRole(deps.db, { project: context }, roleId)];
  const [sites, grants] = await Promise.all([projectSiteRows(deps.db, context.project.id), visibleGrants(deps.db, context, roles)]);
  const names = namedSites(sites);
  return roles.map((role) => ({
    roleId: role.id,
    alias: role.alias,
    enabled: role.enabled ? 1 : 0,
    institutionIds: wireScope(scopeOf(role)),
    institutionNamesStr: siteNamesLabel(scopeOf(role), names, locale),
    users: grants.filter((grant) => grant.role.id === role.id).map((grant) => presentAssignment(grant.assignment, grant.scope)),
  }));
}

/** POST getProjectRoleAuthLogs: grants, revocations, site changes and role changes, newest first. */
export async function authLogs(deps: ServiceDeps, context: ProjectContext, page: { pageNo: number; pageSize: number }): Promise<RoleAuthLogPage> {
  const { rows, total } = await repo.listAuthLogs(deps.db, context.project.id, ROLE_LOG_ACTIONS, {
    limit: page.pageSize,
    offset: (page.pageNo - 1) * page.pageSize,
  });
  return { list: rows.map(presentAuthLog), total, pageNo: page.pageNo, pageSize: page.pageSize };
}
