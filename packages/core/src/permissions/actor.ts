/** The flags of spec 000 §1 and §3 that decide platform-level rights. */
export interface PlatformActor {
  admin: boolean;
  systemAdmin: boolean;
  projectAdmin: boolean;
  /**
   * The platform functions the caller's system roles hold as the platform stores them (role permissions,
   * /sys/rolePermission; docs/decisions.md "Role permissions of system roles"), resolved by
   * `platformRightsOf` where the caller is established. Absent: the default rules below.
   */
  platformRights?: readonly PlatformAction[];
}

/**
 * Spec 000 §6: admin or systemAdmin has all rights. This is the platform administrator's standing inside
 * projects (every project right, every project listed); it is not a platform function, which
 * `canOnPlatform` answers from the stored role permissions.
 */
export function isPlatformAdmin(actor: PlatformActor): boolean {
  return actor.admin || actor.systemAdmin;
}

/** The platform functions, in the order the role permission screen lists them. */
export const PLATFORM_ACTIONS = [
  'user.manage',
  'unit.manage',
  'project.create',
  'library.manage',
  'messages.configure',
  'message.manage',
  'platform.administer',
  'article.manage',
] as const;
export type PlatformAction = (typeof PLATFORM_ACTIONS)[number];

/** The system roles of spec 000 §1: the super administrator, platform administrators, project administrators. */
export const SYS_ROLES = ['admin', 'systemAdmin', 'projectAdmin'] as const;
export type SysRole = (typeof SYS_ROLES)[number];
/** `admin` always holds every platform function; the other two are edited on /sys/rolePermission. */
export const EDITABLE_SYS_ROLES = ['systemAdmin', 'projectAdmin'] as const;
export type EditableSysRole = (typeof EDITABLE_SYS_ROLES)[number];

/** What each editable system role may do on the platform. */
export type SysRoleRights = Record<EditableSysRole, readonly PlatformAction[]>;

/**
 * The rights before anyone edits them, as the platform had them from the start: platform administrators
 * hold every platform function (spec 000 §6); project administrators may apply for projects (spec 000 §1).
 */
export const DEFAULT_SYS_ROLE_RIGHTS: SysRoleRights = {
  systemAdmin: PLATFORM_ACTIONS,
  projectAdmin: ['project.create'],
};

/** One stored decision: a role holds a function or not. A function with no stored row keeps its default. */
export interface StoredSysRoleRight {
  role: EditableSysRole;
  action: PlatformAction;
  granted: boolean;
}

/** The rights of each editable role: stored decisions over the defaults, in PLATFORM_ACTIONS order. */
export function resolveSysRoleRights(stored: readonly StoredSysRoleRight[]): SysRoleRights {
  const held = (role: EditableSysRole, action: PlatformAction): boolean =>
    stored.find((row) => row.role === role && row.action === action)?.granted ?? DEFAULT_SYS_ROLE_RIGHTS[role].includes(action);
  return {
    systemAdmin: PLATFORM_ACTIONS.filter((action) => held('systemAdmin', action)),
    projectAdmin: PLATFORM_ACTIONS.filter((action) => held('projectAdmin', action)),
  };
}

/** The system roles a user holds, by their flags. */
export function sysRolesOf(actor: Pick<PlatformActor, 'admin' | 'systemAdmin' | 'projectAdmin'>): SysRole[] {
  return SYS_ROLES.filter((role) => actor[role]);
}

/** Everything a user's system roles hold together: admin everything, others the union of their roles' rights. */
export function platformRightsOf(actor: Pick<PlatformActor, 'admin' | 'systemAdmin' | 'projectAdmin'>, rights: SysRoleRights): PlatformAction[] {
  if (actor.admin) return [...PLATFORM_ACTIONS];
  return PLATFORM_ACTIONS.filter((action) => EDITABLE_SYS_ROLES.some((role) => actor[role] && rights[role].includes(action)));
}

/** Platform-level rights; project-scoped rights arrive with projects and roles. */
export function canOnPlatform(actor: PlatformActor, action: PlatformAction): boolean {
  if (actor.admin) return true;
  return (actor.platformRights ?? platformRightsOf(actor, DEFAULT_SYS_ROLE_RIGHTS)).includes(action);
}
