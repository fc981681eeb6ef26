import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { EditableSysRole, PlatformAction, PlatformActor, SysRoleRights } from '../permissions/actor.js';
import { DEFAULT_SYS_ROLE_RIGHTS, EDITABLE_SYS_ROLES, PLATFORM_ACTIONS, platformRightsOf, SYS_ROLES } from '../permissions/actor.js';

/**
 * Role permissions of the system roles (spec 000 §2.2 platform administration "role permissions";
 * docs/decisions.md "Role permissions of system roles"): which platform functions each system role holds.
 */

const actionList = () => z.array(z.enum(PLATFORM_ACTIONS)).max(PLATFORM_ACTIONS.length * 2);

/** The save call: the whole matrix of the editable roles. `admin` is not editable and has no place here. */
export const sysRoleRightsSaveSchema = z.strictObject({
  systemAdmin: actionList(),
  projectAdmin: actionList(),
});
export type SysRoleRightsSave = z.infer<typeof sysRoleRightsSaveSchema>;

export const sysRoleRightsRowSchema = z.object({
  role: z.enum(SYS_ROLES),
  /** False for `admin`, who always holds every function. */
  editable: z.boolean(),
  rights: z.array(z.enum(PLATFORM_ACTIONS)),
  defaults: z.array(z.enum(PLATFORM_ACTIONS)),
});
export const sysRoleRightsViewSchema = z.object({
  actions: z.array(z.enum(PLATFORM_ACTIONS)),
  roles: z.array(sysRoleRightsRowSchema),
  /** What the caller may grant: the functions they hold themselves. */
  grantable: z.array(z.enum(PLATFORM_ACTIONS)),
});
export type SysRoleRightsView = z.infer<typeof sysRoleRightsViewSchema>;

/** The matrix as the screen shows it: admin first (everything, fixed), then the editable roles. */
export function sysRoleRightsView(rights: SysRoleRights, editor: PlatformActor): SysRoleRightsView {
  return {
    actions: [...PLATFORM_ACTIONS],
    roles: [
      { role: 'admin', editable: false, rights: [...PLATFORM_ACTIONS], defaults: [...PLATFORM_ACTIONS] },
      ...EDITABLE_SYS_ROLES.map((role) => ({ role, editable: true, rights: [...rights[role]], defaults: [...DEFAULT_SYS_ROLE_RIGHTS[role]] })),
    ],
    grantable: platformRightsOf(editor, rights),
  };
}

/** A saved matrix in canonical form: each role's functions once, in PLATFORM_ACTIONS order. */
export function normaliseSysRoleRights(body: SysRoleRightsSave): SysRoleRights {
  const pick = (role: EditableSysRole) => PLATFORM_ACTIONS.filter((action) => body[role].includes(action));
  return { systemAdmin: pick('systemAdmin'), projectAdmin: pick('projectAdmin') };
}

/** Which cells an edit changes, each with its new value. */
export function sysRoleRightsChanges(before: SysRoleRights, after: SysRoleRights): { role: EditableSysRole; action: PlatformAction; granted: boolean }[] {
  return EDITABLE_SYS_ROLES.flatMap((role) =>
    PLATFORM_ACTIONS.filter((action) => before[role].includes(action) !== after[role].includes(action)).map((action) => ({
      role,
      action,
      granted: after[role].includes(action),
    })),
  );
}

/**
 * The rules of an edit (conventions: nobody hands out a right they lack; docs/decisions.md "Role permissions
 * of system roles"):
 * - a function may be granted to a role only by an editor who holds it now;
 * - an editor who is not `admin` must still hold platform.administer through some role afterwards, so
 *   nobody takes the screen away from themselves (admin always holds everything, so admin cannot).
 */
export function checkSysRoleRightsEdit(editor: PlatformActor, before: SysRoleRights, after: SysRoleRights): void {
  const held = platformRightsOf(editor, before);
  for (const change of sysRoleRightsChanges(before, after)) {
    if (change.granted && !held.includes(change.action)) {
      const { action, role } = change;
      throw new AppError('sys_rights.not_held', { action, role });
    }
  }
  if (!editor.admin && !platformRightsOf(editor, after).includes('platform.administer')) {
    throw new AppError('sys_rights.self_lockout');
  }
}

/** The system role flags a user screen sets. systemAdmin is set by the platform's operators, not there. */
export interface AssignableSysRoles {
  admin: boolean;
  systemAdmin: boolean;
  projectAdmin: boolean;
}

/**
 * Making someone `admin` or a project administrator hands out that role's platform functions, so the editor
 * must hold every one of them (conventions: nobody hands out a right they lack, directly or through a role).
 * Only a flag being turned on is checked; taking a role away hands nothing out.
 */
export function checkSysRoleAssignment(editor: PlatformActor, rights: SysRoleRights, before: AssignableSysRoles, after: AssignableSysRoles): void {
  const held = platformRightsOf(editor, rights);
  const roles = [
    { role: 'admin' as const, functions: PLATFORM_ACTIONS as readonly PlatformAction[] },
    { role: 'systemAdmin' as const, functions: rights.systemAdmin },
    { role: 'projectAdmin' as const, functions: rights.projectAdmin },
  ];
  for (const { role, functions } of roles) {
    if (before[role] || !after[role]) continue;
    const action = functions.find((candidate) => !held.includes(candidate));
    if (action !== undefined) throw new AppError('sys_rights.role_not_held', { role, action });
  }
}
