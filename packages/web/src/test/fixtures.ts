import { canInProject, canOnPlatform, DEFAULT_SYS_ROLE_RIGHTS, menusFor, platformRightsOf, progressStep, PROJECT_ACTIONS, projectIs, rightsToFlags } from '@dcap/core';
import type { Environment, InitResponse, Project, ProjectAccess, ProjectStatus, RoleRight, SysRoleRights, User } from '@dcap/core';

/** Named personas, as the server tests use them: an administrator and an ordinary study user. */
export const ADMIN = { id: 1, username: 'admin', name: '管理员', nameEn: 'Ada Admin', admin: true, systemAdmin: false, projectAdmin: false };
export const MEMBER = { id: 2, username: 'li.na', name: '李娜', nameEn: null, admin: false, systemAdmin: false, projectAdmin: false };

/**
 * The login response of a persona. Their platform rights are resolved as the server resolves them, from the
 * system roles' permissions (the defaults unless a test gives others), and menus and abilities follow from them.
 */
export function makeInit(persona: typeof ADMIN | typeof MEMBER | typeof PROJECT_ADMIN, rights: SysRoleRights = DEFAULT_SYS_ROLE_RIGHTS): InitResponse {
  const user = { ...persona, platformRights: platformRightsOf(persona, rights) };
  return {
    user: { ...user, email: null },
    application: null,
    currEnv: null,
    menus: menusFor({ ...user, projectAbilities: {} }),
    version: { name: 'Community', number: '0.1.0' },
    branding: { filingNumber: '' },
    auditProcMap: {},
    auditProcList: [],
    dictMap: {},
    projectConfigMap: {},
    projectConfigsVo: null,
    project: null,
    projects: [],
    projectRole: null,
    projectRoles: [],
    projRoles: [],
    siteRoles: [],
    institutions: [],
    allInstitutions: [],
    envList: [],
    abilities: {
      manageUsers: canOnPlatform(user, 'user.manage'),
      manageUnits: canOnPlatform(user, 'unit.manage'),
      createProject: canOnPlatform(user, 'project.create'),
    },
    projectAbilities: {},
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 10,
    username: 'zhang.wei',
    name: '张伟',
    nameEn: 'Wei Zhang',
    gender: 'male',
    email: 'zhang.wei@example.org',
    phone: '13800000000',
    corporation: 'Site Hospital',
    department: 'Cardiology',
    admin: false,
    systemAdmin: false,
    projectAdmin: false,
    status: 'active',
    lockedUntil: null,
    lastLoginAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A project administrator persona: project rights in the projects they administer, no platform rights. */
export const PROJECT_ADMIN = { id: 3, username: 'zhou.pm', name: '周敏', nameEn: 'Min Zhou', admin: false, systemAdmin: false, projectAdmin: true };

/** What the caller is in the project, and so the abilities the server would compute with core's rules. */
export function abilitiesFor(access: ProjectAccess, status: ProjectStatus = 'CONFIG'): Record<string, boolean> {
  const abilities: Record<string, boolean> = {};
  for (const action of PROJECT_ACTIONS) abilities[action] = canInProject(access, action);
  abilities.configEditable = abilities['project.configure'] === true && projectIs(status, 'configDataEditable', { designer: abilities['design.edit'] === true });
  return abilities;
}

export const AS_PLATFORM_ADMIN: ProjectAccess = { platformAdmin: true, projectAdmin: false, role: null };
export const AS_PROJECT_ADMIN: ProjectAccess = { platformAdmin: false, projectAdmin: true, role: null };

export function makeProject(overrides: Partial<Project> = {}, access: ProjectAccess = AS_PLATFORM_ADMIN): Project {
  const status = overrides.status ?? 'CONFIG';
  const prevStatus = overrides.prevStatus ?? null;
  return {
    id: 5,
    code: 'HF-301',
    name: '心衰研究',
    eName: 'Heart failure study',
    status,
    prevStatus,
    application: ['dCap'],
    piUserNames: '张华',
    piUserNamesEn: 'Hua Zhang',
    sponsorNames: 'Acme Pharma',
    croNames: null,
    description: null,
    blindMethod: 'N',
    groupScheme: 'PROJECT_GROUP_SCHEME_NONE',
    remoteRandomization: false,
    shareEventPanel: false,
    autoCode: false,
    config: {},
    configAuditRequested: false,
    uatConfirmed: false,
    onlineRequested: false,
    onlineRequestedBy: null,
    onlineRequestedAt: null,
    onlineRequestReason: null,
    progressStep: progressStep(status, prevStatus),
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
    abilities: overrides.abilities ?? abilitiesFor(access, status),
  };
}

export function makeEnv(key: string, type: Environment['type'], status: Environment['status'] = 'normal'): Environment {
  return { id: key.length * 10 + type.length, projectId: 5, key, envKey: key, name: `${key} 环境`, eName: `${key} environment`, type, status, createdAt: '2025-01-01T00:00:00.000Z' };
}

/** A role as the login response lists it: the project's role with its rights as flags. */
export function makeSessionRole(id: number, alias: string, rights: RoleRight[] = [], overrides: { enabled?: 0 | 1; institutionIds?: 'all' | number[] } = {}) {
  return { id, alias, description: `${alias} 描述`, descriptionEn: `${alias} description`, enabled: overrides.enabled ?? 1, institutionIds: overrides.institutionIds ?? 'all', ...rightsToFlags(rights) };
}

interface ProjectInitOptions {
  project?: Project;
  access?: ProjectAccess;
  envs?: Environment[];
  currEnv?: string | null;
  roles?: ReturnType<typeof makeSessionRole>[];
  roleId?: number | null;
  projects?: { id: number; code: string; name: string; eName: string | null; status: ProjectStatus }[];
}

/** The login response of a user working in a project, consistent with core's menus and abilities. */
export function makeProjectInit(user: typeof ADMIN | typeof MEMBER | typeof PROJECT_ADMIN, options: ProjectInitOptions = {}): InitResponse {
  const access = options.access ?? AS_PLATFORM_ADMIN;
  const project = options.project ?? makeProject({}, access);
  const roles = options.roles ?? [];
  const envs = options.envs ?? [makeEnv('dev', 'dev'), makeEnv('uat', 'uat'), makeEnv('prd', 'prd')];
  const base = makeInit(user);
  return {
    ...base,
    menus: menusFor({ ...base.user, projectAbilities: project.abilities }),
    currEnv: options.currEnv === undefined ? 'uat' : options.currEnv,
    project,
    projects: options.projects ?? [{ id: project.id, code: project.code, name: project.name, eName: project.eName, status: project.status }],
    projectRole: roles.find((role) => role.id === options.roleId) ?? null,
    projectRoles: roles,
    envList: envs,
    institutions: [SITE_S01, SITE_S02],
    allInstitutions: [SITE_S01, SITE_S02],
    projectAbilities: project.abilities,
  };
}

export const SITE_S01 = { id: 21, code: 'S01', name: '协和医院', eName: 'PUMCH', status: 'active' as const };
export const SITE_S02 = { id: 22, code: 'S02', name: '瑞金医院', eName: 'Ruijin', status: 'active' as const };
