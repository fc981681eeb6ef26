import { menuSettingsSaveSchema, menuSettingTreeSchema, sysRoleRightsSaveSchema, sysRoleRightsViewSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { listMenuSettings, resetMenuSettings, roleRightsView, saveMenuSettings, saveRoleRights } from './service.js';

// docs/decisions.md "Menu settings": both screens belong to platform administration.
const ADMINISTER = { platform: 'platform.administer' } as const;

/** Menu settings and role permissions of system roles (spec 000 §2.2 /sys/menu, platform administration). */
export function registerSysConfigRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/menu/list',
    summary: 'The menu tree with each entry’s defaults and stored settings (sort, always, shown, titles)',
    tag: 'sysconfig',
    access: ADMINISTER,
    response: menuSettingTreeSchema,
    handler: () => listMenuSettings(deps),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/menu/save',
    summary: 'Save the settings of several menu entries at once; each changed entry is audited',
    tag: 'sysconfig',
    access: ADMINISTER,
    body: menuSettingsSaveSchema,
    response: menuSettingTreeSchema,
    successMessage: 'ok.menu_saved',
    handler: ({ caller, body }) => saveMenuSettings(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/menu/reset',
    summary: 'Put every menu entry back to its defaults, audited',
    tag: 'sysconfig',
    access: ADMINISTER,
    response: menuSettingTreeSchema,
    successMessage: 'ok.menu_reset',
    handler: ({ caller }) => resetMenuSettings(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/rolePermission/list',
    summary: 'The platform functions each system role holds, with the defaults and what the caller may grant',
    tag: 'sysconfig',
    access: ADMINISTER,
    response: sysRoleRightsViewSchema,
    handler: ({ caller }) => roleRightsView(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/rolePermission/save',
    summary: 'Save the platform functions of systemAdmin and projectAdmin (admin holds all); audited',
    tag: 'sysconfig',
    access: ADMINISTER,
    body: sysRoleRightsSaveSchema,
    response: sysRoleRightsViewSchema,
    successMessage: 'ok.sys_rights_saved',
    handler: ({ caller, body }) => saveRoleRights(deps, caller, body),
  });
}
