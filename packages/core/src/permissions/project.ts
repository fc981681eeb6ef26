/**
 * Project-scoped rights (spec 000 §6): a platform administrator has all rights; a project administrator
 * has project rights in the projects they administer; everyone else gets the flags of their active
 * project role, limited to that role's sites.
 */
export const ROLE_RIGHTS = [
  'projectDesignAndSetup',
  'dataEntryRights',
  'verify',
  'review',
  'locked',
  'freeze',
  'query',
  'answerQuery',
  'handleAllQuery',
  'export',
  'import',
  'randomise',
  'unblind',
  'drugSupply',
  'userRightsManagement',
] as const;
export type RoleRight = (typeof ROLE_RIGHTS)[number];

export type SiteScope = 'all' | readonly number[];

export interface ActiveRole {
  id: number;
  enabled: boolean;
  rights: readonly RoleRight[];
  sites: SiteScope;
}

/** What the caller is in one project. */
export interface ProjectAccess {
  platformAdmin: boolean;
  projectAdmin: boolean;
  role: ActiveRole | null;
}

export const PROJECT_ACTIONS = [
  'project.view',
  'project.configure',
  'project.lifecycle',
  'project.approve',
  'env.manage',
  'site.manage',
  'role.manage',
  'role.assign',
  'design.edit',
  'project.resetProduction',
  // Data capture (spec 002 §6): reading subjects and their data needs only an enabled role; each workflow
  // step needs its role flag. Every one of them is further limited to the caller's sites.
  'record.view',
  'record.enter',
  'record.verify',
  'record.review',
  'record.sign',
  'record.lock',
  'record.freeze',
  'query.raise',
  'query.answer',
  'query.handleAll',
  'subject.decide',
  'data.export',
  'data.import',
  // Balance, iMask and iSupply (spec 000 §1, §2.2; docs/decisions.md "Randomisation, blinding and supply").
  'randomisation.view',
  'randomisation.design',
  'randomisation.randomise',
  'blinding.emergency',
  'blinding.study',
  'supply.view',
  'supply.manage',
  'supply.site',
  // The project's message configuration (spec 002 §3 "Message config"; /project/message).
  'messages.manage',
  // SOP management (spec 000 §2.2 /sopManage/sopDetail; docs/decisions.md "SOP management").
  'sop.manage',
  'sop.approve',
  // The coding library (spec 000 §2.2; docs/decisions.md "Coding library"): coding captured values to
  // dictionary terms, and choosing which fields are coded.
  'record.code',
  'coding.configure',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

const roleHas = (access: ProjectAccess, right: RoleRight) =>
  access.role !== null && access.role.enabled && access.role.rights.includes(right);
const manager = (access: ProjectAccess) => access.platformAdmin || access.projectAdmin;

const RULES: Record<ProjectAction, (access: ProjectAccess) => boolean> = {
  'project.view': (a) => manager(a) || (a.role !== null && a.role.enabled),
  'project.configure': (a) => manager(a) || roleHas(a, 'projectDesignAndSetup'),
  'project.lifecycle': manager,
  'project.approve': (a) => a.platformAdmin,
  'env.manage': (a) => manager(a) || roleHas(a, 'projectDesignAndSetup'),
  'site.manage': (a) => manager(a) || roleHas(a, 'projectDesignAndSetup'),
  // Roles are project-wide definitions: only someone whose own scope is all sites may shape them.
  'role.manage': (a) => manager(a) || (roleHas(a, 'userRightsManagement') && siteScope(a) === 'all'),
  'role.assign': (a) => manager(a) || roleHas(a, 'userRightsManagement'),
  // Spec 000 §6: "Project design rights: project administrator or the projectDesignAndSetup flag."
  'design.edit': (a) => manager(a) || roleHas(a, 'projectDesignAndSetup'),
  // Removing production's data and design before go-live (spec 000 §4.2 "reset production data"): never a
  // role flag, so a designer who may sync and reset test cannot touch production (docs/decisions.md).
  'project.resetProduction': manager,
  'record.view': (a) => manager(a) || (a.role !== null && a.role.enabled),
  'record.enter': (a) => manager(a) || roleHas(a, 'dataEntryRights'),
  'record.verify': (a) => manager(a) || roleHas(a, 'verify'),
  'record.review': (a) => manager(a) || roleHas(a, 'review'),
  // Spec 000 §6: who may sign is governed by the `locked` flag, as is locking signed data.
  'record.sign': (a) => manager(a) || roleHas(a, 'locked'),
  'record.lock': (a) => manager(a) || roleHas(a, 'locked'),
  'record.freeze': (a) => manager(a) || roleHas(a, 'freeze'),
  'query.raise': (a) => manager(a) || roleHas(a, 'query') || roleHas(a, 'handleAllQuery'),
  'query.answer': (a) => manager(a) || roleHas(a, 'answerQuery') || roleHas(a, 'handleAllQuery'),
  'query.handleAll': (a) => manager(a) || roleHas(a, 'handleAllQuery'),
  // Deciding a subject request (the screening-plan rollback of spec 002 §4): the study's managers, or a role
  // that sets the study up (docs/decisions.md, "Subject requests").
  'subject.decide': (a) => manager(a) || roleHas(a, 'projectDesignAndSetup'),
  // Data out and data in (spec 000 §2.2 export and import screens): the role's export and import flags,
  // always limited to the caller's sites.
  'data.export': (a) => manager(a) || roleHas(a, 'export'),
  'data.import': (a) => manager(a) || roleHas(a, 'import'),
  // Seeing the Balance screens: anyone whose role works with randomisation, blinding or supply. What they
  // see of arms is decided by `armsVisible`, never by this right.
  'randomisation.view': (a) => manager(a) || roleHas(a, 'randomise') || roleHas(a, 'unblind') || roleHas(a, 'drugSupply'),
  // A scheme, its tables and its simulations reveal arms and block sizes: only an unblinded role whose scope
  // is the whole study designs them, and a manager only through such a role (docs/decisions.md).
  'randomisation.design': (a) => roleHas(a, 'unblind') && siteScope(a) === 'all' && (manager(a) || roleHas(a, 'projectDesignAndSetup') || roleHas(a, 'randomise')),
  'randomisation.randomise': (a) => manager(a) || roleHas(a, 'randomise'),
  // Emergency unblinding of one subject: the investigator who randomises at the site, or an unblinded role.
  'blinding.emergency': (a) => manager(a) || roleHas(a, 'randomise') || roleHas(a, 'unblind'),
  // Unblinding the whole study (after database lock): the study's managers only.
  'blinding.study': manager,
  'supply.view': (a) => manager(a) || roleHas(a, 'drugSupply') || roleHas(a, 'randomise'),
  // The drug plan, kit lists, depots and shipments from depots: the supply manager, study-wide.
  'supply.manage': (a) => manager(a) || (roleHas(a, 'drugSupply') && siteScope(a) === 'all'),
  // At a site: receiving shipments, dispensing, returns and destruction, within the caller's sites.
  'supply.site': (a) => manager(a) || roleHas(a, 'drugSupply') || roleHas(a, 'randomise'),
  // Who is told what in this project: a project setting like the others, for those who set the study up.
  'messages.manage': (a) => manager(a) || roleHas(a, 'projectDesignAndSetup'),
  // Uploading SOPs and sending them for review: the project's managers and those who set the study up.
  'sop.manage': (a) => manager(a) || roleHas(a, 'projectDesignAndSetup'),
  // Approving, rejecting and retiring an SOP: the project's administrators only, never a role flag.
  'sop.approve': manager,
  // Coding is the data manager's work: the role that handles every query codes values, within its sites.
  'record.code': (a) => manager(a) || roleHas(a, 'handleAllQuery'),
  // Which fields are coded to which dictionary is study-wide: only with the whole study in scope.
  'coding.configure': (a) => manager(a) || (roleHas(a, 'handleAllQuery') && siteScope(a) === 'all'),
};

export function canInProject(access: ProjectAccess, action: ProjectAction): boolean {
  return RULES[action](access);
}

/** The sites whose data the caller may see: all for managers, otherwise the active role's sites. */
export function siteScope(access: ProjectAccess): SiteScope {
  if (manager(access)) return 'all';
  if (!access.role?.enabled) return [];
  return access.role.sites;
}

export function inSiteScope(scope: SiteScope, siteId: number): boolean {
  return scope === 'all' || scope.includes(siteId);
}

/** Whether every site of `inner` lies within `outer` (a delegated grant never exceeds the granter's scope). */
export function scopeWithin(inner: SiteScope, outer: SiteScope): boolean {
  if (outer === 'all') return true;
  if (inner === 'all') return false;
  return inner.every((site) => outer.includes(site));
}

/** Rights as the spec's boolean flags on the wire (`{ verify: true, … }`). */
export function rightsToFlags(rights: readonly RoleRight[]): Record<RoleRight, boolean> {
  return Object.fromEntries(ROLE_RIGHTS.map((right) => [right, rights.includes(right)])) as Record<RoleRight, boolean>;
}
