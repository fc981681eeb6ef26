import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import type { PlatformActor, SysRoleRights } from '../permissions/actor.js';
import { canOnPlatform, DEFAULT_SYS_ROLE_RIGHTS, PLATFORM_ACTIONS, platformRightsOf, resolveSysRoleRights } from '../permissions/actor.js';
import type { MenuItem, MenuSetting, MenuViewer } from '../shell/menus.js';
import { menuPaths, menusFor } from '../shell/menus.js';
import { menuSettingsToStore, menuSettingTree } from './menu-settings.js';
import type { MenuSettingInput } from './menu-settings.js';
import { checkSysRoleRightsEdit, sysRoleRightsChanges, sysRoleRightsView } from './role-permissions.js';

const member: MenuViewer = { admin: false, systemAdmin: false, projectAdmin: false, projectAbilities: {} };
const admin: MenuViewer = { ...member, admin: true };
const setting = (key: string, values: Partial<MenuSetting>): MenuSetting => ({ key, sort: null, always: null, enabled: true, titleZh: null, titleEn: null, ...values });
const topKeys = (menus: MenuItem[]) => menus.map((item) => item.key);
const errorCode = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
};

describe('menus with stored settings (spec 000 §2.2; docs/decisions.md "Menu settings")', () => {
  it('orders entries by a stored sort and keeps the code sort otherwise', () => {
    expect(topKeys(menusFor(member))).toEqual(['dataDisplay', 'projectList']);
    const moved = menusFor(member, [setting('dataDisplay', { sort: 25 })]);
    expect(topKeys(moved)).toEqual(['projectList', 'dataDisplay']);
    expect(moved.find((item) => item.key === 'dataDisplay')?.sort).toBe(25);
  });

  it('shows an entry marked always to everyone, but only an entry whose page serves everyone', () => {
    expect(menuPaths(menusFor(member))).not.toContain('/sys/unit/unit');
    const always = menusFor(member, [setting('sysUnit', { always: true })]);
    expect(menuPaths(always)).toEqual(['/project/DataDisplay', '/project/projectList', '/sys', '/sys/unit/unit']);
    // A stored always on an entry that does not serve everyone is not honoured.
    expect(menuPaths(menusFor(member, [setting('sysUser', { always: true })]))).not.toContain('/sys/user');
  });

  it('hides a disabled entry from everyone, except the menu settings entry and its group', () => {
    const settings = [setting('sysCache', { enabled: false }), setting('sysMenu', { enabled: false }), setting('sys', { enabled: false })];
    const paths = menuPaths(menusFor(admin, settings));
    expect(paths).not.toContain('/sys/cache');
    expect(paths).toEqual(expect.arrayContaining(['/sys', '/sys/menu', '/sys/user']));
    expect(menuPaths(menusFor(admin, [setting('design', { enabled: false })]))).not.toContain('/dCapVue/design');
  });

  it('carries title overrides in both languages', () => {
    const item = menusFor(member, [setting('projectList', { titleZh: '工作台', titleEn: 'Workbench' })]).find((entry) => entry.key === 'projectList');
    expect(item).toMatchObject({ titleKey: 'menu.projectList', titleZh: '工作台', titleEn: 'Workbench' });
  });

  it('lists the tree with defaults and stored values, and refuses what may not be stored', () => {
    const tree = menuSettingTree([setting('sysCache', { sort: 1, enabled: false })]);
    const sys = tree.find((row) => row.key === 'sys');
    expect(sys).toMatchObject({ disableAllowed: false, alwaysAllowed: false });
    expect(sys?.children?.[0]).toMatchObject({ key: 'sysCache', sort: 1, defaultSort: 100, enabled: false, customised: true });
    expect(sys?.children?.find((row) => row.key === 'sysMenu')).toMatchObject({ disableAllowed: false });
    const input = (key: string, values: Partial<MenuSettingInput>): MenuSettingInput => ({ key, sort: 10, always: false, enabled: true, titleZh: null, titleEn: null, ...values });
    expect(errorCode(() => menuSettingsToStore([input('nowhere', {})]))).toBe('menu.unknown_key');
    expect(errorCode(() => menuSettingsToStore([input('sysUser', { always: true })]))).toBe('menu.always_not_allowed');
    expect(errorCode(() => menuSettingsToStore([input('sysMenu', { enabled: false })]))).toBe('menu.cannot_disable');
    expect(errorCode(() => menuSettingsToStore([input('sysUser', {}), input('sysUser', {})]))).toBe('menu.duplicate_key');
    // Values equal to the defaults are stored as null; an entry left at its defaults is not stored at all.
    expect(menuSettingsToStore([input('dataDisplay', { always: true }), input('sysUnit', { sort: 20, always: true, titleEn: 'Hospitals' })])).toEqual([
      { key: 'dataDisplay', setting: null },
      { key: 'sysUnit', setting: { key: 'sysUnit', sort: null, always: true, enabled: true, titleZh: null, titleEn: 'Hospitals' } },
    ]);
  });
});

describe('platform rights of system roles (docs/decisions.md "Role permissions of system roles")', () => {
  const flags = { admin: false, systemAdmin: false, projectAdmin: false };
  const systemAdmin: PlatformActor = { ...flags, systemAdmin: true };
  const projectAdmin: PlatformActor = { ...flags, projectAdmin: true };

  it('defaults to the rules the platform started with', () => {
    expect(resolveSysRoleRights([])).toEqual(DEFAULT_SYS_ROLE_RIGHTS);
    expect(platformRightsOf(systemAdmin, DEFAULT_SYS_ROLE_RIGHTS)).toEqual([...PLATFORM_ACTIONS]);
    expect(platformRightsOf(projectAdmin, DEFAULT_SYS_ROLE_RIGHTS)).toEqual(['project.create']);
    expect(platformRightsOf(flags, DEFAULT_SYS_ROLE_RIGHTS)).toEqual([]);
    expect(canOnPlatform(projectAdmin, 'article.manage')).toBe(false);
  });

  it('resolves stored decisions over the defaults and unites the roles a user holds', () => {
    const rights = resolveSysRoleRights([
      { role: 'projectAdmin', action: 'article.manage', granted: true },
      { role: 'systemAdmin', action: 'user.manage', granted: false },
    ]);
    expect(rights.projectAdmin).toEqual(['project.create', 'article.manage']);
    expect(rights.systemAdmin).not.toContain('user.manage');
    expect(platformRightsOf({ ...flags, systemAdmin: true, projectAdmin: true }, rights)).toContain('article.manage');
    expect(platformRightsOf({ ...flags, admin: true }, rights)).toEqual([...PLATFORM_ACTIONS]);
    // canOnPlatform answers from the rights the actor carries, and admin always holds everything.
    expect(canOnPlatform({ ...projectAdmin, platformRights: platformRightsOf(projectAdmin, rights) }, 'article.manage')).toBe(true);
    expect(canOnPlatform({ ...systemAdmin, platformRights: platformRightsOf(systemAdmin, rights) }, 'user.manage')).toBe(false);
    expect(canOnPlatform({ ...flags, admin: true, platformRights: [] }, 'user.manage')).toBe(true);
  });

  it('lets an editor grant only what they hold themselves (no escalation)', () => {
    const before: SysRoleRights = { systemAdmin: ['platform.administer', 'article.manage'], projectAdmin: ['project.create'] };
    const grantUsers: SysRoleRights = { ...before, projectAdmin: ['project.create', 'user.manage'] };
    expect(errorCode(() => checkSysRoleRightsEdit(systemAdmin, before, grantUsers))).toBe('sys_rights.not_held');
    expect(errorCode(() => checkSysRoleRightsEdit(systemAdmin, before, { ...before, systemAdmin: [...before.systemAdmin, 'user.manage'] }))).toBe('sys_rights.not_held');
    expect(errorCode(() => checkSysRoleRightsEdit(systemAdmin, before, { ...before, projectAdmin: ['project.create', 'article.manage'] }))).toBeUndefined();
    // Taking away a right the editor lacks hands nothing out.
    expect(errorCode(() => checkSysRoleRightsEdit(systemAdmin, before, { ...before, projectAdmin: [] }))).toBeUndefined();
    expect(errorCode(() => checkSysRoleRightsEdit({ ...flags, admin: true }, before, grantUsers))).toBeUndefined();
    expect(sysRoleRightsChanges(before, grantUsers)).toEqual([{ role: 'projectAdmin', action: 'user.manage', granted: true }]);
  });

  it('refuses an edit that takes platform administration from every role the editor holds (no lock-out)', () => {
    const before = DEFAULT_SYS_ROLE_RIGHTS;
    const without: SysRoleRights = { ...before, systemAdmin: PLATFORM_ACTIONS.filter((action) => action !== 'platform.administer') };
    expect(errorCode(() => checkSysRoleRightsEdit(systemAdmin, before, without))).toBe('sys_rights.self_lockout');
    expect(errorCode(() => checkSysRoleRightsEdit({ ...flags, admin: true }, before, without))).toBeUndefined();
    // An editor who keeps it through another role keeps the screen.
    const both = { ...flags, systemAdmin: true, projectAdmin: true };
    const heldElsewhere: SysRoleRights = { ...without, projectAdmin: ['project.create', 'platform.administer'] };
    expect(errorCode(() => checkSysRoleRightsEdit(both, { ...before, projectAdmin: ['project.create', 'platform.administer'] }, heldElsewhere))).toBeUndefined();
  });

  it('shows admin as fixed and the editor what they may grant', () => {
    const view = sysRoleRightsView(DEFAULT_SYS_ROLE_RIGHTS, projectAdmin);
    expect(view.roles.map((row) => [row.role, row.editable])).toEqual([['admin', false], ['systemAdmin', true], ['projectAdmin', true]]);
    expect(view.grantable).toEqual(['project.create']);
  });
});
