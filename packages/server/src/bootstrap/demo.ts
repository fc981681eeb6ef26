import type { CreateUserRequest, RoleRight, SaveRoleRequest } from '@dcap/core';
import { createProjectSchema, DEFAULT_SYS_ROLE_RIGHTS, platformRightsOf, rightsToFlags, saveRoleSchema } from '@dcap/core';
import type { ServiceDeps } from '../deps.js';
import type { Actor, RequestMeta } from '../http/context.js';
import { resolveProjectAccess } from '../modules/projects/access.js';
import { applyAuditConfig, step } from '../modules/projects/lifecycle-service.js';
import { DEFAULT_ENVIRONMENTS, createProject } from '../modules/projects/service.js';
import { assignRoles } from '../modules/roles/assignment-service.js';
import { saveRole } from '../modules/roles/service.js';
import { saveSite } from '../modules/sites/service.js';
import { createUnit } from '../modules/units/service.js';
import { loadStandardAreas } from '../modules/areas/import-service.js';
import { listAreas } from '../modules/areas/service.js';
import { setSiteTarget } from '../modules/analytics/targets.js';
import { findUserByUsername } from '../modules/users/repo.js';
import { createUser } from '../modules/users/service.js';
import type { DemoTeam } from './demo-data.js';
import { seedDemoData } from './demo-data.js';
import { seedDemoDesign } from './demo-design.js';

export const DEMO_PROJECT_CODE = 'DEMO-HTN';

/** The lines printed once to the console with the administrator's credentials; never logged. */
export function demoAccountLines(accounts: DemoAccount[] | null): string[] {
  if (!accounts) return [];
  return [
    `Demo study ${DEMO_PROJECT_CODE} created with these accounts (passwords shown once):`,
    ...accounts.map((account) => `  ${account.username.padEnd(10)} ${account.role.padEnd(10)} ${account.password}`),
  ];
}

/** A demo account and the password it was given, printed once beside the administrator's. */
export interface DemoAccount {
  username: string;
  role: string;
  password: string;
}

const META: RequestMeta = { locale: 'en-US', ip: 'local', userAgent: null };

/** Subjects each demo site is to enrol: the target line of the enrolment charts. */
const DEMO_SITE_TARGET = 8;

const HOSPITALS = [
  { code: 'PUMCH', name: '北京协和医院', eName: 'Peking Union Medical College Hospital', city: '北京', area: '110000' },
  { code: 'RJH', name: '上海交通大学医学院附属瑞金医院', eName: 'Ruijin Hospital', city: '上海', area: '310000' },
  { code: 'FAH-SYSU', name: '中山大学附属第一医院', eName: 'First Affiliated Hospital, Sun Yat-sen University', city: '广州', area: '440000' },
] as const;

const ROLES: { alias: string; description: string; descriptionEn: string; rights: RoleRight[] }[] = [
  {
    alias: 'PM',
    description: '项目经理：项目配置、设计与用户权限',
    descriptionEn: 'Project manager: configuration, design and user rights',
    rights: ['projectDesignAndSetup', 'userRightsManagement', 'export', 'handleAllQuery'],
  },
  { alias: 'CRA', description: '监查员：核查与质疑', descriptionEn: 'Monitor (CRA): verification and queries', rights: ['verify', 'query', 'review'] },
  {
    alias: 'DM',
    description: '数据管理员：审核、冻结与导出',
    descriptionEn: 'Data manager: review, freeze and export',
    rights: ['review', 'freeze', 'query', 'handleAllQuery', 'export', 'import'],
  },
];

const INVESTIGATOR_RIGHTS: RoleRight[] = ['dataEntryRights', 'answerQuery', 'locked'];

function actorFor(user: { id: number; username: string; name: string; admin: boolean; system_admin: boolean; project_admin: boolean }): Actor {
  return {
    userId: user.id,
    username: user.username,
    name: user.name,
    nameEn: null,
    email: null,
    admin: user.admin,
    systemAdmin: user.system_admin,
    projectAdmin: user.project_admin,
    // Seeding runs before anyone edits role permissions, so the defaults are what is stored.
    platformRights: platformRightsOf({ admin: user.admin, systemAdmin: user.system_admin, projectAdmin: user.project_admin }, DEFAULT_SYS_ROLE_RIGHTS),
    sessionId: 0,
    currentProjectId: null,
    currentRoleId: null,
    currentEnv: null,
  };
}

async function account(deps: ServiceDeps, admin: Actor, body: CreateUserRequest): Promise<{ actor: Actor; password: string }> {
  // Demo accounts are for looking around; their passwords are printed to the operator only.
  const issued = await createUser(deps, admin, body, META, { temporary: false });
  const row = await findUserByUsername(deps.db, body.username);
  if (!row || !issued.password) throw new Error(`demo user ${body.username} could not be created`);
  return { actor: actorFor(row), password: issued.password };
}

/**
 * Creates the demo study through the same services the API uses, so every row is validated and audited:
 * three hospitals, a project in configuration with development, test and production environments and a
 * design (two forms, three visits) published to test, three sites, roles for a project manager, an
 * investigator per site, a monitor and a data manager, and one user per role.
 * Does nothing when the demo project exists already.
 */
export async function seedDemo(deps: ServiceDeps): Promise<DemoAccount[] | null> {
  const existing = await deps.db.selectFrom('projects').select('id').where('code', '=', DEMO_PROJECT_CODE).executeTakeFirst();
  if (existing) return null;
  const adminRow = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('admin', '=', true), eb('system_admin', '=', true)]))
    .orderBy('id')
    .executeTakeFirst();
  if (!adminRow) throw new Error('the demo study needs a platform administrator');
  const admin = actorFor(adminRow);

  const accounts: DemoAccount[] = [];
  const pm = await account(deps, admin, { username: 'demo.pm', name: '王经理', nameEn: 'Wang (PM)', projectAdmin: true, email: 'pm@demo.example' });
  accounts.push({ username: 'demo.pm', role: 'PM', password: pm.password });

  const project = await createProject(
    deps,
    pm.actor,
    createProjectSchema.parse({
      code: DEMO_PROJECT_CODE,
      name: '演示研究：原发性高血压随访',
      eName: 'Demo study: essential hypertension follow-up',
      piUserNames: '李教授',
      piUserNamesEn: 'Prof. Li',
      sponsorNames: '演示申办方',
      blindMethod: 'N',
    }),
    META,
    // Development, test and production: the design is edited in development and runs in test (spec 000 §4.3).
    DEFAULT_ENVIRONMENTS,
  );
  // Spec 000 §4.3: nothing is configured in set-up, so the study team first moves the project to config.
  await step(deps, pm.actor, await resolveProjectAccess(deps.db, pm.actor, project.id), 'nextStep', META, 'PROJECT_STATUS_SET_UP');
  const caller = { actor: pm.actor, project: await resolveProjectAccess(deps.db, pm.actor, project.id), meta: META };
  // The project manager drafts the design in the development environment and publishes it to test.
  const design = await seedDemoDesign(deps, { ...caller, actor: { ...pm.actor, currentProjectId: project.id, currentEnv: 'dev' } });

  // The hospitals stand in their provinces of the standard area list, so the big screen's map shows them.
  await loadStandardAreas(deps, { actor: admin, meta: META });
  const { areas } = await listAreas(deps);
  const sites = [];
  for (const [index, { area, ...hospital }] of HOSPITALS.entries()) {
    const areaId = areas.find((candidate) => candidate.code === area)?.id ?? null;
    const unit = await createUnit(deps, admin, { ...hospital, province: null, address: null, areaId }, META);
    const site = await saveSite(deps, caller, { projectId: project.id, unitId: unit.id, code: `S0${index + 1}`, status: 'active' });
    sites.push(site);
    await setSiteTarget(deps, caller, { siteId: site.id, target: DEMO_SITE_TARGET });
  }

  const newRole = (body: Omit<SaveRoleRequest, 'projectId' | 'enabled'>) => saveRole(deps, caller, saveRoleSchema.parse({ ...body, projectId: project.id }));
  const roleIds = new Map<string, number>();
  for (const role of ROLES) {
    const created = await newRole({ alias: role.alias, description: role.description, descriptionEn: role.descriptionEn, institutionIds: 'all', ...rightsToFlags(role.rights) });
    roleIds.set(role.alias, created.id);
  }
  for (const site of sites) {
    const created = await newRole({
      alias: `PI-${site.code}`,
      description: `研究者（${site.name}）`,
      descriptionEn: `Investigator (${site.eName ?? site.name})`,
      institutionIds: [site.id],
      ...rightsToFlags(INVESTIGATOR_RIGHTS),
    });
    roleIds.set(`PI-${site.code}`, created.id);
  }

  const people: [string, string, string, string][] = [
    ['demo.cra', '赵监查', 'Zhao (CRA)', 'CRA'],
    ['demo.dm', '钱数据', 'Qian (DM)', 'DM'],
    ...sites.map((site, i): [string, string, string, string] => [`demo.pi${i + 1}`, `研究者${i + 1}`, `Investigator ${i + 1}`, `PI-${site.code}`]),
  ];
  const grants = [{ roleId: roleIds.get('PM') ?? 0, userIds: [pm.actor.userId] }];
  const members = new Map<string, { actor: Actor; password: string; roleId: number }>();
  for (const [username, name, nameEn, role] of people) {
    const person = await account(deps, admin, { username, name, nameEn });
    accounts.push({ username, role, password: person.password });
    grants.push({ roleId: roleIds.get(role) ?? 0, userIds: [person.actor.userId] });
    members.set(username, { ...person, roleId: roleIds.get(role) ?? 0 });
  }
  await assignRoles(deps, caller, grants, false);

  // Spec 000 §4.2: the configuration audit is applied for, the platform administrator confirms it and the
  // study team confirms internal testing: the study is in test, where data is entered in the test environment.
  await applyAuditConfig(deps, pm.actor, await resolveProjectAccess(deps.db, pm.actor, project.id), META);
  await step(deps, admin, await resolveProjectAccess(deps.db, admin, project.id), 'saConfirmConfig', META, 'CONFIG');
  await step(deps, pm.actor, await resolveProjectAccess(deps.db, pm.actor, project.id), 'confirmInternalTest', META, 'INTERNAL_TEST');

  // Each demo account at work in the test environment, in its own role.
  const inTest = async (actor: Actor, roleId: number) => {
    const working = { ...actor, currentProjectId: project.id, currentRoleId: roleId, currentEnv: 'uat' };
    return { actor: working, project: await resolveProjectAccess(deps.db, working, project.id), meta: META };
  };
  const member = (username: string) => {
    const found = members.get(username);
    if (!found) throw new Error(`demo user ${username} is missing`);
    return found;
  };
  const team: DemoTeam = {
    pm: await inTest(pm.actor, roleIds.get('PM') ?? 0),
    cra: await inTest(member('demo.cra').actor, member('demo.cra').roleId),
    dm: await inTest(member('demo.dm').actor, member('demo.dm').roleId),
    investigators: await Promise.all(
      sites.map(async (site, i) => {
        const investigator = member(`demo.pi${String(i + 1)}`);
        return { caller: await inTest(investigator.actor, investigator.roleId), siteId: site.id, password: investigator.password };
      }),
    ),
  };
  await seedDemoData(deps, design, team);
  return accounts;
}
