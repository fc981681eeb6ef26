import type { Shape } from './catalogue';
import type { zhCNSysConfig } from './zh-CN.sysconfig';

/** English texts of menu settings and role permissions (spec 000 §2.2 /sys/menu, platform administration) (part of en-US.ts). */
export const enUSSysConfig: Shape<typeof zhCNSysConfig> = {
  sysconfig: {
    menu: { menus: 'Menus', rolePermission: 'Role permissions' },
    loadFailed: 'Loading failed',
    save: 'Save',
    saveCount: 'Save ({{count}} changes)',
    saveCount_one: 'Save (1 change)',
    discard: 'Discard changes',
    menus: {
      title: 'Menus',
      expandAll: 'Expand all',
      collapseAll: 'Collapse all',
      intro: 'Menu entries are defined by the system; here you set their order, whether they are always shown, whether they are shown at all, and their titles in both languages. A menu only shows a page and grants nothing: the server checks every call.',
      columns: { entry: 'Entry', sort: 'Sort', always: 'Always shown', enabled: 'Shown', titleZh: 'Chinese title', titleEn: 'English title' },
      hiddenRoute: 'Hidden route',
      unsaved: 'Unsaved',
      up: 'Move up',
      down: 'Move down',
      alwaysHelp: 'An entry always shown is visible to every user',
      alwaysNotAllowed: 'Only a page every user can open may be always shown',
      cannotHide: 'The menu settings and their group cannot be hidden',
      reset: 'Restore defaults',
      resetConfirm: 'Restore every menu entry to the system defaults? Saved orders, titles and shown settings are cleared.',
    },
    rights: {
      title: 'Role permissions',
      intro: 'The platform functions each system role may use. The super administrator always holds all of them; you can grant only functions you hold yourself, and you cannot take platform administration away from yourself.',
      function: 'Platform function',
      defaults: 'Held by default',
      adminFixed: 'The super administrator always holds every function; this cannot be changed',
      notHeld: 'You do not hold this function yourself, so you cannot grant it',
    },
    roles: { admin: 'Super administrator', systemAdmin: 'Platform administrator', projectAdmin: 'Project administrator' },
    actions: {
      user_manage: 'User management',
      unit_manage: 'Units and departments',
      project_create: 'Apply for projects',
      library_manage: 'Standard libraries',
      messages_configure: 'System message settings',
      message_manage: 'Message log',
      platform_administer: 'Platform administration',
      article_manage: 'Bulletins',
    },
    actionHelp: {
      user_manage: 'Create, edit and disable platform users, reset passwords',
      unit_manage: 'Keep hospitals (units) and departments',
      project_create: 'Submit applications for new projects',
      library_manage: 'Standard variables, standard panels, dictionaries and derived fields',
      messages_configure: 'The system message settings every project inherits',
      message_manage: 'Every e-mail and WeChat message of the platform and what became of it',
      platform_administer: 'Online users, the operation log, caches, internal interfaces, menus and role permissions',
      article_manage: 'Publish bulletins every user sees',
    },
  },
};
