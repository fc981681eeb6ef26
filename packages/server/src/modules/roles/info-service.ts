import type { CurrentRoleInfo, CurrentRoleSelection, Locale, ProjectRole, RoleDetail, SiteRoleConfig, SiteRolesAndUsers } from '@dcap/core';
import { AppError, PROJECT_ROLE_TEMPLATES, SITE_ROLE_TEMPLATES, inSiteScope, scopesOverlap, siteScope } from '@dcap/core';
import { translatingErrors } from '../../db/errors.js';
import type { RoleRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';
import type { SiteWithUnit } from '../sites/service.js';
import { projectSiteRows } from '../sites/service.js';
import type { ProjectCaller } from '../../http/context.js';
import { auditedRole, presentAssignment, presentRole, scopeColumns, scopeOf } from './presenter.js';
import { visibleGrants } from './report-service.js';
import * as repo from './repo.js';
import { namedSites, ownRole, roleWrite } from './write.js';

const siteRef = (site: SiteWithUnit) => ({ id: site.id, code: site.code, name: site.name, eName: site.name_en });

async function presentWithHolders(db: Executor, context: ProjectContext, row: RoleRow, locale: Locale): Promise<ProjectRole> {
  const [sites, grants] = await Promise.all([projectSiteRows(db, context.project.id), visibleGrants(db, context, [row])]);
  return presentRole(row, grants.length, namedSites(sites), locale);
}

/**
 * A role the caller may look at: one of the project's, reaching the caller's sites. A role wholly at other
 * sites is "not found" to a site-limited member, as the role list leaves it out (docs/decisions.md).
 */
async function visibleRole(db: Executor, context: ProjectContext, id: number): Promise<RoleRow> {
  const row = await ownRole(db, { project: context }, id);
  if (!scopesOverlap(scopeOf(row), siteScope(context.access))) throw new AppError('role.not_found');
  return row;
}

/** GET currentProjectRoleInfo: the caller's standing in the session's project, with flags and sites. */
export async function currentRoleInfo(deps: ServiceDeps, context: ProjectContext, locale: Locale): Promise<CurrentRoleInfo> {
  const { access, project } = context;
  const scope = siteScope(access);
  const sites = await projectSiteRows(deps.db, project.id);
  const roleRow = access.role ? await repo.findRole(deps.db, access.role.id) : undefined;
  return {
    projectId: project.id,
    administrator: access.platformAdmin ? 'platform' : access.projectAdmin ? 'project' : null,
    role: roleRow ? await presentWithHolders(deps.db, context, roleRow, locale) : null,
    institutionIds: scope === 'all' ? 'all' : [...scope],
    institutions: sites.filter((site) => inSiteScope(scope, site.id)).map(siteRef),
  };
}

/** POST getCurrentProjectRole: the session's project, role and environment, and the role as the list shows it. */
export async function currentRoleSelection(deps: ServiceDeps, actor: Actor, context: ProjectContext, locale: Locale): Promise<CurrentRoleSelection> {
  const roleRow = context.access.role ? await repo.findRole(deps.db, context.access.role.id) : undefined;
  return {
    projectId: context.project.id,
    roleId: roleRow?.id ?? null,
    env: actor.currentProjectId === context.project.id ? actor.currentEnv : null,
    role: roleRow ? await presentWithHolders(deps.db, context, roleRow, locale) : null,
  };
}

/** GET projectConfig/institution/{projectId}: each site the caller sees, with the roles that cover it. */
export async function siteRoleConfig(deps: ServiceDeps, context: ProjectContext): Promise<SiteRoleConfig[]> {
  const scope = siteScope(context.access);
  const [sites, roles] = await Promise.all([projectSiteRows(deps.db, context.project.id), repo.listRoles(deps.db, context.project.id)]);
  return sites
    .filter((site) => inSiteScope(scope, site.id))
    .map((site) => ({
      site: { ...siteRef(site), status: site.status },
      roles: roles
        .filter((role) => inSiteScope(scopeOf(role), site.id))
        .map((role) => ({ roleId: role.id, alias: role.alias, enabled: role.enabled ? (1 as const) : (0 as const), allSites: role.all_sites })),
    }));
}

/** POST info/: one role as the role list shows it. */
export async function roleInfo(deps: ServiceDeps, context: ProjectContext, id: number, locale: Locale): Promise<ProjectRole> {
  return presentWithHolders(deps.db, context, await visibleRole(deps.db, context, id), locale);
}

/** POST mgmt/detail: one role, its sites and its holders within the caller's sites. */
export async function roleDetail(deps: ServiceDeps, context: ProjectContext, id: number, locale: Locale): Promise<RoleDetail> {
  const row = await visibleRole(deps.db, context, id);
  const [sites, grants] = await Promise.all([projectSiteRows(deps.db, context.project.id), visibleGrants(deps.db, context, [row])]);
  const scope = scopeOf(row);
  return {
    role: presentRole(row, grants.length, namedSites(sites), locale),
    sites: sites.filter((site) => inSiteScope(scope, site.id)).map(siteRef),
    holders: grants.map((grant) => presentAssignment(grant.assignment, grant.scope)),
  };
}

/** POST institutionRolesAndUsers: per site the caller sees, the roles covering it and who acts there. */
export async function siteRolesAndUsers(deps: ServiceDeps, context: ProjectContext): Promise<SiteRolesAndUsers[]> {
  const scope = siteScope(context.access);
  const [sites, roles] = await Promise.all([projectSiteRows(deps.db, context.project.id), repo.listRoles(deps.db, context.project.id)]);
  const grants = await visibleGrants(deps.db, context, roles);
  return sites
    .filter((site) => inSiteScope(scope, site.id))
    .map((site) => ({
      site: siteRef(site),
      roles: roles
        .filter((role) => inSiteScope(scopeOf(role), site.id))
        .map((role) => ({
          roleId: role.id,
          alias: role.alias,
          enabled: role.enabled ? (1 as const) : (0 as const),
          users: grants
            .filter((grant) => grant.role.id === role.id && inSiteScope(grant.scope, site.id))
            .map((grant) => ({ userId: grant.assignment.user_id, username: grant.assignment.username, name: grant.assignment.name })),
        })),
    }));
}

/**
 * POST autoCreateProjectRole: the standard roles of core's templates that the project lacks, by alias: the
 * project templates for all sites, and the site templates once per active site (`PI-A01`). Each creation
 * passes the no-escalation rule, so a rights manager without a template's flags creates nothing (all or
 * none). Calling it again creates only what is still missing.
 */
export async function autoCreateStandardRoles(deps: ServiceDeps, caller: ProjectCaller): Promise<ProjectRole[]> {
  const now = deps.clock.now();
  const created = await roleWrite(deps, caller, {}, async (trx, audit, guard) => {
    const projectId = caller.project.project.id;
    const [sites, existing] = await Promise.all([projectSiteRows(trx, projectId), repo.listRoles(trx, projectId)]);
    const taken = new Set(existing.map((role) => role.alias.toLowerCase()));
    const wanted = [
      ...PROJECT_ROLE_TEMPLATES.map((template) => ({ template, alias: template.alias, sites: 'all' as const, description: template.description, descriptionEn: template.descriptionEn })),
      ...sites
        .filter((site) => site.status === 'active')
        .flatMap((site) =>
          SITE_ROLE_TEMPLATES.map((template) => ({
            template,
            alias: `${template.alias}-${site.code}`,
            sites: [site.id],
            description: `${site.name} ${template.name}`,
            descriptionEn: `${template.nameEn}, ${site.name_en ?? site.name}`,
          })),
        ),
    ];
    const rows: RoleRow[] = [];
    for (const want of wanted) {
      if (taken.has(want.alias.toLowerCase())) continue;
      guard({ call: 'create', role: { rights: want.template.rights, sites: want.sites, enabled: true } });
      const row = await translatingErrors(
        () =>
          repo.insertRole(trx, {
            project_id: projectId,
            alias: want.alias,
            description: want.description,
            description_en: want.descriptionEn,
            ...scopeColumns(want.sites),
            enabled: true,
            rights: [...want.template.rights],
            created_at: now,
            updated_at: now,
          }),
        { alias: want.alias },
      );
      await audit({ action: 'role.create', entityType: 'role', entityId: row.id, newValue: { ...auditedRole(row), template: want.template.code } });
      taken.add(want.alias.toLowerCase());
      rows.push(row);
    }
    return rows;
  });
  const sites = namedSites(await projectSiteRows(deps.db, caller.project.project.id));
  return created.map((row) => presentRole(row, 0, sites, caller.meta.locale));
}
