import type { InitResponse } from '@dcap/core';
import { ALL_SITES, canOnPlatform, menusFor, rightsToFlags, inSiteScope, siteScope, sortEnvironments } from '@dcap/core';
import type { RoleRight } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import { listEnvs } from '../environments/repo.js';
import { presentEnv } from '../environments/service.js';
import { resolveProjectAccess } from '../projects/access.js';
import { presentProject, projectAbilities } from '../projects/presenter.js';
import { takesPartIn } from '../projects/repo.js';

/** The caller's projects for the switcher: one query, offline ones left out (spec 000 §4.1). */
async function switcherProjects(deps: ServiceDeps, actor: Actor) {
  const everything = actor.admin || actor.systemAdmin;
  let query = deps.db.selectFrom('projects').select(['id', 'code', 'name', 'name_en as eName', 'status']).where('status', '!=', 'OFFLINE');
  if (!everything) {
    query = query.where((eb) => takesPartIn(eb, actor.userId));
  }
  return query.orderBy('id', 'desc').execute();
}

/** The current project's part of the login response: project, roles, environments and sites. */
async function currentProjectPart(deps: ServiceDeps, actor: Actor) {
  if (actor.currentProjectId === null) return null;
  const context = await resolveProjectAccess(deps.db, actor, actor.currentProjectId).catch(() => null);
  if (!context) return null;
  const projectId = context.project.id;
  const [roles, envs, sites] = await Promise.all([
    deps.db
      .selectFrom('role_assignments as a')
      .innerJoin('project_roles as r', 'r.id', 'a.role_id')
      .select(['r.id', 'r.alias', 'r.description', 'r.description_en', 'r.enabled', 'r.rights', 'r.all_sites', 'r.site_ids'])
      .where('a.user_id', '=', actor.userId)
      .where('a.project_id', '=', projectId)
      .where('a.revoked_at', 'is', null)
      .where('r.deleted_at', 'is', null)
      .orderBy('r.id')
      .execute(),
    listEnvs(deps.db, projectId),
    deps.db.selectFrom('project_sites').select(['id', 'code', 'name', 'name_en', 'status']).where('project_id', '=', projectId).orderBy('code').execute(),
  ]);
  const projectRoles = roles.map((role) => ({
    id: role.id,
    alias: role.alias,
    description: role.description,
    descriptionEn: role.description_en,
    enabled: role.enabled ? 1 : 0,
    institutionIds: role.all_sites ? ALL_SITES : role.site_ids,
    ...rightsToFlags(role.rights as RoleRight[]),
  }));
  // Core computes the caller's sites once, from an enabled role only: a disabled role's sites are not shown.
  const scope = siteScope(context.access);
  const allInstitutions = sites.map((site) => ({ id: site.id, code: site.code, name: site.name, eName: site.name_en, status: site.status }));
  return {
    project: presentProject(context.project, context.access),
    projectRole: projectRoles.find((role) => role.id === actor.currentRoleId) ?? null,
    projectRoles,
    envList: sortEnvironments(envs.map(presentEnv)),
    allInstitutions,
    institutions: allInstitutions.filter((site) => inSiteScope(scope, site.id)),
    projectAbilities: projectAbilities(context.project, context.access),
  };
}

/**
 * The login response of spec 000 §3. Dictionaries, audit processes and templates belong to later
 * domains; until they exist their fields are empty, never invented.
 */
export async function buildInit(deps: ServiceDeps, actor: Actor, application: string | undefined): Promise<InitResponse> {
  const [projects, current] = await Promise.all([switcherProjects(deps, actor), currentProjectPart(deps, actor)]);
  return {
    user: {
      id: actor.userId,
      username: actor.username,
      name: actor.name,
      nameEn: actor.nameEn,
      email: actor.email,
      admin: actor.admin,
      systemAdmin: actor.systemAdmin,
      projectAdmin: actor.projectAdmin,
    },
    application: application ?? null,
    currEnv: current ? actor.currentEnv : null,
    menus: menusFor({ ...actor, projectAbilities: current?.projectAbilities ?? {} }),
    version: deps.config.version,
    branding: { filingNumber: deps.config.filingNumber },
    auditProcMap: {},
    auditProcList: [],
    dictMap: {},
    projectConfigMap: current ? { [current.project.id]: current.project.config } : {},
    projectConfigsVo: null,
    project: current?.project ?? null,
    projects,
    projectRole: current?.projectRole ?? null,
    projectRoles: current?.projectRoles ?? [],
    projRoles: [],
    siteRoles: [],
    institutions: current?.institutions ?? [],
    allInstitutions: current?.allInstitutions ?? [],
    envList: current?.envList ?? [],
    abilities: {
      manageUsers: canOnPlatform(actor, 'user.manage'),
      manageUnits: canOnPlatform(actor, 'unit.manage'),
      createProject: canOnPlatform(actor, 'project.create'),
    },
    projectAbilities: current?.projectAbilities ?? {},
  };
}
