import type { Locale, NamedSite, ProjectRole, RoleAssignment, RoleAuthLog, RoleRight, SiteScope } from '@dcap/core';
import { intersectScopes, normaliseScope, rightsToFlags, siteNamesLabel } from '@dcap/core';
import type { AssignmentRow, RoleRow } from '../../db/schema.js';
import type { AssignmentView, AuthLogRow } from './repo.js';

/** The two scope columns (`all_sites`, `site_ids`) as one value. */
export function scopeOf(row: Pick<RoleRow | AssignmentRow, 'all_sites' | 'site_ids'>): SiteScope {
  return row.all_sites ? 'all' : normaliseScope(row.site_ids);
}

export function scopeColumns(scope: SiteScope): { all_sites: boolean; site_ids: number[] } {
  const wire = wireScope(normaliseScope(scope));
  return wire === 'all' ? { all_sites: true, site_ids: [] } : { all_sites: false, site_ids: wire };
}

/** A scope as the wire's `institutionIds`: `'all'` or a fresh array of site ids. */
export const wireScope = (scope: SiteScope): 'all' | number[] => (scope === 'all' ? 'all' : [...scope]);

/** The column's CHECK constraint admits only core's rights. */
export const rightsOf = (row: RoleRow): RoleRight[] => row.rights as RoleRight[];

/** What a holder may act for: their grant within the role's sites (the same rule as resolveProjectAccess). */
export function effectiveScope(role: RoleRow, assignment: Pick<AssignmentRow, 'all_sites' | 'site_ids'>): SiteScope {
  return intersectScopes(scopeOf(role), scopeOf(assignment));
}

export function presentRole(row: RoleRow, userCount: number, sites: readonly NamedSite[], locale: Locale): ProjectRole {
  const scope = scopeOf(row);
  return {
    id: row.id,
    projectId: row.project_id,
    alias: row.alias,
    description: row.description,
    descriptionEn: row.description_en,
    institutionIds: wireScope(scope),
    institutionNamesStr: siteNamesLabel(scope, sites, locale),
    enabled: row.enabled ? 1 : 0,
    ...rightsToFlags(rightsOf(row)),
    userCount,
    createdAt: row.created_at.toISOString(),
  };
}

/** The audited view of a role: what a manager can change. */
export function auditedRole(row: RoleRow): Record<string, unknown> {
  return {
    alias: row.alias,
    description: row.description,
    descriptionEn: row.description_en,
    institutionIds: scopeOf(row),
    enabled: row.enabled,
    rights: row.rights,
  };
}

export function presentAssignment(view: AssignmentView, scope: SiteScope): RoleAssignment {
  return {
    id: view.id,
    roleId: view.role_id,
    roleAlias: view.role_alias,
    userId: view.user_id,
    username: view.username,
    name: view.name,
    institutionIds: wireScope(scope),
    grantedBy: view.granted_by_username ?? '',
    grantedAt: view.granted_at.toISOString(),
  };
}

const field = (value: unknown, key: string): string | null => {
  if (typeof value !== 'object' || value === null) return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : null;
};

/** One line of the authorisation log; role and user names are those recorded at the time of the change. */
export function presentAuthLog(row: AuthLogRow): RoleAuthLog {
  const values = [row.new_value, row.old_value];
  const pick = (...keys: string[]) => values.flatMap((value) => keys.map((key) => field(value, key))).find((found) => found !== null) ?? null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor_username,
    roleAlias: pick('roleAlias', 'alias'),
    username: pick('username'),
    detail: { old: row.old_value ?? null, new: row.new_value ?? null },
  };
}
