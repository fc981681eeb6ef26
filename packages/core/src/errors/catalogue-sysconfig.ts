/**
 * Errors of the platform's menu settings and system role permissions (spec 000 §2.2 /sys/menu, role
 * permissions; docs/decisions.md "Menu settings", "Role permissions of system roles"), joined into the one
 * catalogue (errors/catalogue.ts).
 */
export const SYSCONFIG_ERRORS = {
  'menu.unknown_key': { status: 422, 'zh-CN': '菜单 {key} 不存在', 'en-US': 'There is no menu entry {key}' },
  'menu.duplicate_key': { status: 422, 'zh-CN': '菜单 {key} 出现了不止一次', 'en-US': 'The menu entry {key} appears more than once' },
  'menu.always_not_allowed': {
    status: 422,
    'zh-CN': '菜单 {key} 不能设为始终显示：并非所有用户都能打开该页面',
    'en-US': 'The menu entry {key} cannot be always shown: not every user can open its page',
  },
  'menu.cannot_disable': {
    status: 422,
    'zh-CN': '菜单 {key} 不能隐藏，否则将无法再进入菜单管理',
    'en-US': 'The menu entry {key} cannot be hidden, or nobody could reach the menu settings again',
  },
  'sys_rights.not_held': {
    status: 403,
    'zh-CN': '您自己没有 {action} 权限，不能授予角色 {role}',
    'en-US': 'You do not hold {action} yourself, so you cannot grant it to {role}',
  },
  'sys_rights.role_not_held': {
    status: 403,
    'zh-CN': '角色 {role} 含有您自己没有的权限 {action}，您不能授予该角色',
    'en-US': 'The role {role} holds {action}, which you do not hold yourself, so you cannot give that role',
  },
  'sys_rights.self_lockout': {
    status: 422,
    'zh-CN': '保存后您将失去平台管理权限，无法再修改角色权限，请保留该权限',
    'en-US': 'After this change you would no longer hold platform administration and could not edit role permissions again; keep it',
  },
} as const;

export const SYSCONFIG_NOTICES = {
  'ok.menu_saved': { 'zh-CN': '菜单设置已保存', 'en-US': 'Menu settings saved' },
  'ok.menu_reset': { 'zh-CN': '菜单已恢复默认设置', 'en-US': 'Menus restored to their defaults' },
  'ok.sys_rights_saved': { 'zh-CN': '角色权限已保存', 'en-US': 'Role permissions saved' },
} as const;
