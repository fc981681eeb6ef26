import type { AuditStep, DictEntry, InitResponse } from '@dcap/core';
import {
  ALL_SITES,
  AppError,
  auditProcesses,
  canOnPlatform,
  currentProjectChoice,
  inSiteScope,
  menusFor,
  PROJECT_CONFIG_FLAGS,
  PROJECT_ROLE_TEMPLATES,
  rightsToFlags,
  SITE_ROLE_TEMPLATES,
  siteScope,
  sortEnvironments,
} from '@dcap/core';
import type { RoleRight } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import { getPreferences } from '../users/preferences-service.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { listEnvs, presentEnv } from '../environments/service.js';
import { listDicts } from '../library/dicts/service.js';
import { presentDictEntry } from '../library/presenter.js';
import { resolveProjectAccess } from '../projects/access.js';
import { projectAuditSteps } from '../projects/process-config-service.js';
import { presentProject, projectAbilities } from '../projects/presenter.js';
import { rolesHeldInProject, switcherProjects as projectsOfSwitcher } from '../projects/service.js';
import { projectSiteRows } from '../sites/service.js';
import { storeProject } from '../projects/session-service.js';
import { storedMenuSettings } from '../sysconfig/service.js';

/** The caller's projects for the switcher: one query, offline ones left out (spec 000 §4.1). */
async function switcherProjects(deps: ServiceDeps, actor: Actor) {
  return projectsOfSwitcher(deps.db, actor.userId, actor.admin || actor.systemAdmin);
}

/** The current project's part of the login response: project, roles, environments, sites and process. */
async function currentProjectPart(deps: ServiceDeps, actor: Actor) {
  if (actor.currentProjectId === null) return null;
  const context = await resolveProjectAccess(deps.db, actor, actor.currentProjectId).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!context) return null;
  const projectId = context.project.id;
  const [roles, envs, sites, process, dicts] = await Promise.all([
    rolesHeldInProject(deps.db, actor.userId, projectId),
    listEnvs(deps.db, projectId),
    projectSiteRows(deps.db, projectId),
    projectAuditSteps(deps.db, projectId),
    listDicts(deps.db, projectId),
  ]);
  const projectRoles = roles.map((role) => ({
    id: role.id,
    alias: role.alias,
    description: role.description,
    descriptionEn: role.description_en,
    enabled: role.enabled ? (1 as const) : (0 as const),
    institutionIds: role.all_sites ? ALL_SITES : role.site_ids,
    ...rightsToFlags(role.rights as RoleRight[]),
  }));
  // Core computes the caller's sites once, from an enabled role only: a disabled role's sites are not shown.
  const scope = siteScope(context.access);
  const allInstitutions = sites.map((site) => ({ id: site.id, code: site.code, name: site.name, eName: site.name_en, status: site.status }));
  const project = presentProject(context.project, context.access);
  return {
    project,
    projectRole: projectRoles.find((role) => role.id === actor.currentRoleId) ?? null,
    projectRoles,
    envList: sortEnvironments(envs.map(presentEnv)),
    allInstitutions,
    institutions: allInstitutions.filter((site) => inSiteScope(scope, site.id)),
    projectAbilities: projectAbilities(context.project, context.access),
    config: Object.fromEntries(PROJECT_CONFIG_FLAGS.map((flag) => [flag, project.config[flag] ?? false])),
    auditSteps: process.steps,
    dicts: dicts.map(presentDictEntry),
  };
}

/**
 * Spec 000 §4.1: "The current project defaults to the first listed when the stored one is not in the list."
 * When the session has no project it can work in (none stored, or one gone offline, or a role since
 * revoked), it enters the chosen project as "store project" would: its first enabled role and default
 * environment, audited as a session switch. Returns the actor as the session now stands.
 */
async function settleCurrentProject(deps: ServiceDeps, actor: Actor, meta: RequestMeta, listed: readonly number[], current: boolean): Promise<Actor> {
  const choice = currentProjectChoice(listed, actor.currentProjectId);
  if (choice === null || (current && choice === actor.currentProjectId)) return actor;
  try {
    const selection = await storeProject(deps, actor, meta, choice);
    return { ...actor, currentProjectId: selection.projectId, currentRoleId: selection.roleId, currentEnv: selection.env };
  } catch (error) {
    // Standing changed between the list and the switch: the shell shows no project rather than failing.
    if (error instanceof AppError) return actor;
    throw error;
  }
}

/**
 * The login response of spec 000 §3 (docs/decisions.md, "The login response"): the session's project part,
 * its audit process (auditProcMap, auditProcList), dictionaries by key (the platform's and the project's),
 * configuration flags, and the role templates offered when roles are created.
 */
export async function buildInit(
  deps: ServiceDeps,
  caller: Actor,
  application: string | undefined,
  meta: RequestMeta,
): Promise<{ response: InitResponse; session: Actor }> {
  const projects = await switcherProjects(deps, caller);
  let actor = caller;
  let current = await currentProjectPart(deps, actor);
  const settled = await settleCurrentProject(deps, actor, meta, projects.map((project) => project.id), current !== null);
  if (settled !== actor) {
    actor = settled;
    current = await currentProjectPart(deps, actor);
  }
  const platformDicts = (await listDicts(deps.db, null)).map(presentDictEntry);
  const preferences = await getPreferences(deps, actor);
  const menuSettings = await storedMenuSettings(deps.db);
  const dictMap: Record<string, DictEntry> = {};
  for (const dict of [...platformDicts, ...(current?.dicts ?? [])]) dictMap[dict.key] = dict;
  const steps: AuditStep[] = current?.auditSteps ?? [];
  const processes = current ? auditProcesses(steps) : { auditProcMap: {}, auditProcList: [] };
  const response: InitResponse = {
    user: {
      id: actor.userId,
      username: actor.username,
      name: actor.name,
      nameEn: actor.nameEn,
      email: actor.email,
      admin: actor.admin,
      systemAdmin: actor.systemAdmin,
      projectAdmin: actor.projectAdmin,
      platformRights: [...actor.platformRights],
      fontSize: preferences.fontSize,
    },
    application: application ?? null,
    currEnv: current ? actor.currentEnv : null,
    // The stored menu settings apply over the code's tree (docs/decisions.md "Menu settings").
    menus: menusFor({ ...actor, projectAbilities: current?.projectAbilities ?? {} }, menuSettings),
    version: deps.config.version,
    branding: { filingNumber: deps.config.filingNumber },
    auditProcMap: processes.auditProcMap,
    auditProcList: processes.auditProcList,
    dictMap,
    projectConfigMap: current?.config ?? {},
    projectConfigsVo: current ? { projectId: current.project.id, config: current.config, auditSteps: steps } : null,
    project: current?.project ?? null,
    projects,
    projectRole: current?.projectRole ?? null,
    projectRoles: current?.projectRoles ?? [],
    projRoles: PROJECT_ROLE_TEMPLATES.map((template) => ({ ...template, rights: [...template.rights] })),
    siteRoles: SITE_ROLE_TEMPLATES.map((template) => ({ ...template, rights: [...template.rights] })),
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
  return { response, session: actor };
}
