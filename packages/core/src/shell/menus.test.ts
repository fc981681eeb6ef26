import { describe, expect, it } from 'vitest';
import type { MenuViewer } from './menus.js';
import { PROJECT_ACTIONS } from '../permissions/project.js';
import { applicationOfPath, headerMenus, menuPaths, menusFor } from './menus.js';

const member: MenuViewer = { admin: false, systemAdmin: false, projectAdmin: false, projectAbilities: {} };

describe('menusFor (spec 000 §2.2: filtered by the user, always entries shown, ordered by sort)', () => {
  it('gives platform administrators the system menu and others only what is always shown', () => {
    expect(menuPaths(menusFor({ ...member, admin: true }))).toEqual([
      '/project/DataDisplay',
      '/project/projectList',
      '/project/projectApply',
      '/project/approvals',
      '/sys',
      '/sys/user',
      '/sys/unit/unit',
      '/sys/area',
      '/sys/unit/division',
      '/sys/standardField',
      '/sys/standardInstrument',
      '/sys/dict',
      '/sys/projectDataManage/globalProjectDict',
      '/sys/coding',
      '/sys/derivedField',
      '/sys/messageConfig',
      '/sys/messageLog',
      '/sys/article',
      '/sys/onlineUser',
      '/sys/sysLog',
      '/sys/cache',
      '/sys/internalinterface',
      '/sys/menu',
      '/sys/rolePermission',
    ]);
    expect(menuPaths(menusFor({ ...member, systemAdmin: true }))).toContain('/sys/user');
    expect(menuPaths(menusFor(member))).toEqual(['/project/DataDisplay', '/project/projectList']);
    expect(menuPaths(menusFor({ ...member, projectAdmin: true }))).toEqual(['/project/DataDisplay', '/project/projectList', '/project/projectApply']);
  });

  it('shows project menus by the abilities in the current project', () => {
    const designer = menuPaths(menusFor({ ...member, projectAbilities: { 'project.configure': true, 'env.manage': true, 'site.manage': true } }));
    expect(designer).toEqual(expect.arrayContaining(['/project/detail/new', '/project/projectEnv/projectEnv', '/project/institution']));
    expect(designer).not.toContain('/recordDataManage/projectRoleAuthLog');
    // Every member reads the project's SOPs (spec 000 §2.2 /sopManage/sopDetail).
    expect(menuPaths(menusFor({ ...member, projectAbilities: { 'project.view': true, 'record.view': true } }))).toContain('/sopManage/sopDetail');
    expect(menuPaths(menusFor(member))).not.toContain('/sopManage/sopDetail');
    const siteRightsManager = menuPaths(menusFor({ ...member, projectAbilities: { 'role.assign': true } }));
    expect(siteRightsManager).toContain('/project/institution');
    expect(siteRightsManager).not.toContain('/recordDataManage/projectRoleAuthLog');
    expect(siteRightsManager).not.toContain('/project/detail/new');
    const rightsManager = menuPaths(menusFor({ ...member, projectAbilities: { 'role.assign': true, 'role.manage': true } }));
    expect(rightsManager).toContain('/recordDataManage/projectRoleAuthLog');
  });

  it('shows the design pages, and the designers opened per panel, only with the design right (spec 000 §6)', () => {
    const designPaths = ['/dCapVue/design/instruments', '/dCapVue/design/events', '/dCapVue/design/dicts', '/dCapVue/design/publish', '/dCapVue/design/panel/:instrumentId', '/dCapVue/design/derived/:instrumentId'];
    expect(menuPaths(menusFor({ ...member, projectAbilities: { 'design.edit': true } }))).toEqual(expect.arrayContaining(designPaths));
    const viewer = menuPaths(menusFor({ ...member, projectAbilities: { 'project.view': true, 'project.configure': true } }));
    for (const path of designPaths) expect(viewer).not.toContain(path);
  });

  it('shows Balance and iMask only with the randomisation right (spec 000 §1, §2.4; the server checks every call)', () => {
    const paths = ['/balance/survey/schedule', '/balance/schemes', '/balance/schemes/:schemeId', '/balance/allocations', '/imask/blindManage/blindRandomTableTest'];
    expect(menuPaths(menusFor({ ...member, projectAbilities: { 'randomisation.view': true } }))).toEqual(expect.arrayContaining(paths));
    const dataEntry = menuPaths(menusFor({ ...member, projectAbilities: { 'record.view': true, 'record.enter': true } }));
    for (const path of paths) expect(dataEntry).not.toContain(path);
  });

  it('orders entries by sort and drops the internal visibility rule from the wire shape', () => {
    const menus = menusFor({ ...member, admin: true });
    expect(menus.map((m) => m.sort)).toEqual([...menus.map((m) => m.sort)].sort((a, b) => a - b));
    expect(JSON.stringify(menus)).not.toContain('visibleTo');
  });
});

describe('the header shows each sub-application\'s menus inside it (spec 000 §1, §2.4)', () => {
  it('knows the application of a path by its mount point', () => {
    expect(applicationOfPath('/balance/schemes')).toBe('Balance');
    expect(applicationOfPath('/imask/blindManage/blindRandomTableTest')).toBe('iMask');
    expect(applicationOfPath('/isupply/drugManage/drugList')).toBe('iSupply');
    expect(applicationOfPath('/analytics/indicators')).toBe('Analytics');
    expect(applicationOfPath('/analyticsx')).toBe('dCap');
    expect(applicationOfPath('/survey/schedule')).toBe('dCap');
    expect(applicationOfPath('/balancesheet')).toBe('dCap');
  });

  it('keeps platform and project entries everywhere and each application\'s groups inside it only', () => {
    const everything = menusFor({ admin: true, systemAdmin: false, projectAdmin: false, projectAbilities: Object.fromEntries(PROJECT_ACTIONS.map((action) => [action, true])) });
    const keys = (path: string) => headerMenus(everything, path).map((item) => item.key);
    expect(keys('/survey/schedule')).toEqual(expect.arrayContaining(['dataDisplay', 'survey', 'design', 'sys']));
    expect(keys('/survey/schedule')).not.toContain('balance');
    expect(keys('/balance/schemes')).toEqual(expect.arrayContaining(['dataDisplay', 'balance', 'sys']));
    expect(keys('/balance/schemes')).not.toContain('survey');
    expect(keys('/imask/blindManage/blindRandomTableTest')).toContain('imask');
    expect(keys('/imask/blindManage/blindRandomTableTest')).not.toContain('balance');
    expect(keys('/isupply/drugManage/drugList')).toContain('isupply');
    expect(keys('/survey/schedule')).not.toContain('isupply');
    expect(keys('/analytics/indicators')).toContain('analytics');
    expect(keys('/survey/schedule')).not.toContain('analytics');
  });

  it('shows Analytics and the big screens with the data-viewing right only (docs/decisions.md "Analytics screens")', () => {
    expect(menuPaths(menusFor({ ...member, projectAbilities: { 'record.view': true } }))).toEqual(expect.arrayContaining(['/analytics/indicators', '/bigscreen', '/bigscreen/all']));
    expect(menuPaths(menusFor({ ...member, projectAbilities: { 'project.view': true } }))).not.toContain('/bigscreen');
  });
});
