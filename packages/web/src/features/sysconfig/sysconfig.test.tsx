import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MenuSetting, MenuSettingInput, SysRoleRights } from '@dcap/core';
import { DEFAULT_SYS_ROLE_RIGHTS, menusFor, menuSettingsToStore, menuSettingTree, PLATFORM_ACTIONS, platformRightsOf, sysRoleRightsView } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** A server that keeps menu settings the way the real one does, through core's rules. */
function menuServer() {
  let stored: MenuSetting[] = [];
  const init = () => {
    const base = makeInit(ADMIN);
    return { ...base, menus: menusFor({ ...base.user, projectAbilities: {} }, stored) };
  };
  return fakeServer({
    'GET /sys/init': () => ok(init()),
    'GET /sys/menu/list': () => ok(menuSettingTree(stored)),
    'POST /sys/menu/save': (request) => {
      const { entries } = JSON.parse(request.body ?? '{}') as { entries: MenuSettingInput[] };
      for (const { key, setting } of menuSettingsToStore(entries)) stored = [...stored.filter((s) => s.key !== key), ...(setting ? [setting] : [])];
      return { body: { code: 0, msg: request.headers.get('Accept-Language') === 'en-US' ? 'Menu settings saved' : '菜单设置已保存', data: menuSettingTree(stored) } };
    },
    'POST /sys/menu/reset': () => {
      stored = [];
      return { body: { code: 0, msg: 'Menus restored to their defaults', data: menuSettingTree(stored) } };
    },
  });
}

describe('menu settings /sys/menu', () => {
  it('shows the tree with its rules, saves only what changed, and the header follows the new title', async () => {
    const fake = menuServer();
    renderApp({ path: '/sys/menu', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('menu-setting-title-projectList')).toBeDefined();
    const table = screen.getByTestId('menu-settings-table');
    // Groups start folded: the system group's entries show once it is opened.
    expect(within(table).queryByTestId('menu-setting-title-sysMenu')).toBeNull();
    const sysRow = table.querySelector('tr[data-row-key="sys"] .ant-table-row-expand-icon');
    if (!(sysRow instanceof HTMLElement)) throw new Error('the system group has no expand button');
    fireEvent.click(sysRow);
    expect(await within(table).findByTestId('menu-setting-title-sysMenu')).toBeDefined();
    // Always only where the page serves everyone; the settings entry and its group can never be hidden.
    expect(within(table).getByTestId('menu-setting-always-sysUser').getAttribute('disabled')).not.toBeNull();
    expect(within(table).getByTestId('menu-setting-always-sysUnit').getAttribute('disabled')).toBeNull();
    expect(within(table).getByTestId('menu-setting-enabled-sysMenu').getAttribute('disabled')).not.toBeNull();
    expect(within(table).getByTestId('menu-setting-enabled-sys').getAttribute('disabled')).not.toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('menu-settings-save').disabled).toBe(true);

    fireEvent.change(within(table).getByTestId('menu-setting-titleEn-projectList'), { target: { value: 'Workbench' } });
    fireEvent.click(within(table).getByTestId('menu-setting-enabled-sysCache'));
    expect(screen.getByTestId('menu-settings-save').textContent).toContain('Save (2 changes)');
    fireEvent.click(screen.getByTestId('menu-settings-save'));
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/sys/menu/save')).toBe(true));
    const body = JSON.parse(fake.requests.find((r) => r.path === '/sys/menu/save')?.body ?? '{}') as { entries: MenuSettingInput[] };
    expect(body.entries).toEqual([
      { key: 'projectList', sort: 20, always: true, enabled: true, titleZh: null, titleEn: 'Workbench' },
      { key: 'sysCache', sort: 100, always: false, enabled: false, titleZh: null, titleEn: null },
    ]);
    expect(await screen.findByText('Menu settings saved')).toBeDefined();
    // The session is read again: the header shows the new title.
    expect(await screen.findByText('Workbench', { selector: '[data-testid="menu-projectList"]' })).toBeDefined();
  });

  it('reorders siblings with the arrows, in Chinese', async () => {
    const fake = menuServer();
    renderApp({ path: '/sys/menu', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    expect(await screen.findByTestId('menu-setting-title-projectList')).toBeDefined();
    const table = screen.getByTestId('menu-settings-table');
    expect(screen.getByText('菜单管理', { selector: '.ant-card-head-title' })).toBeDefined();
    fireEvent.click(within(table).getByTestId('menu-setting-up-projectList'));
    fireEvent.click(screen.getByTestId('menu-settings-save'));
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/sys/menu/save')).toBe(true));
    const body = JSON.parse(fake.requests.find((r) => r.path === '/sys/menu/save')?.body ?? '{}') as { entries: MenuSettingInput[] };
    expect(body.entries.map((entry) => [entry.key, entry.sort])).toEqual([
      ['projectList', 10],
      ['dataDisplay', 20],
    ]);
    expect(await screen.findByText('菜单设置已保存')).toBeDefined();
  });
});

describe('role permissions /sys/rolePermission', () => {
  function rightsServer(caller: { admin: boolean; systemAdmin: boolean; projectAdmin: boolean }, start: SysRoleRights) {
    let rights = start;
    const user = { ...ADMIN, ...caller };
    return fakeServer({
      'GET /sys/init': () => ok(makeInit(user, rights)),
      'GET /sys/rolePermission/list': () => ok(sysRoleRightsView(rights, user)),
      'POST /sys/rolePermission/save': (request) => {
        rights = JSON.parse(request.body ?? '{}') as SysRoleRights;
        return { body: { code: 0, msg: '角色权限已保存', data: sysRoleRightsView(rights, user) } };
      },
    });
  }

  it('shows the matrix in Chinese with admin fixed, and saves a granted function', async () => {
    const fake = rightsServer({ admin: true, systemAdmin: false, projectAdmin: false }, DEFAULT_SYS_ROLE_RIGHTS);
    renderApp({ path: '/sys/rolePermission', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const table = await screen.findByTestId('role-permissions-table');
    expect(await within(table).findByText('公告管理')).toBeDefined();
    expect(within(table).getByText('超级管理员')).toBeDefined();
    const adminCell = within(table).getByTestId<HTMLInputElement>('right-admin-user.manage');
    expect(adminCell.checked).toBe(true);
    expect(adminCell.disabled).toBe(true);
    expect(within(table).getByTestId<HTMLInputElement>('right-projectAdmin-project.create').checked).toBe(true);
    fireEvent.click(within(table).getByTestId('right-projectAdmin-article.manage'));
    fireEvent.click(screen.getByTestId('role-permissions-save'));
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/sys/rolePermission/save')).toBe(true));
    const body = JSON.parse(fake.requests.find((r) => r.path === '/sys/rolePermission/save')?.body ?? '{}') as SysRoleRights;
    expect(body).toEqual({ systemAdmin: [...PLATFORM_ACTIONS], projectAdmin: ['project.create', 'article.manage'] });
    expect(await screen.findByText('角色权限已保存')).toBeDefined();
  });

  it('lets a platform administrator take away but not give a function they lack, in English', async () => {
    const lacking: SysRoleRights = { systemAdmin: PLATFORM_ACTIONS.filter((action) => action !== 'user.manage'), projectAdmin: ['project.create'] };
    const caller = { admin: false, systemAdmin: true, projectAdmin: false };
    expect(platformRightsOf(caller, lacking)).not.toContain('user.manage');
    const fake = rightsServer(caller, lacking);
    renderApp({ path: '/sys/rolePermission', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('role-permissions-table');
    expect(await within(table).findByText('User management')).toBeDefined();
    expect(within(table).getByTestId<HTMLInputElement>('right-projectAdmin-user.manage').disabled).toBe(true);
    expect(within(table).getByTestId<HTMLInputElement>('right-systemAdmin-user.manage').disabled).toBe(true);
    const held = within(table).getByTestId<HTMLInputElement>('right-projectAdmin-project.create');
    expect(held.disabled).toBe(false);
    expect(screen.getByTestId<HTMLButtonElement>('role-permissions-save').disabled).toBe(true);
  });
});
