import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, newUser, session, shot } from './journey-api.js';

/**
 * Menu settings and role permissions of system roles (spec 000 §2.2 /sys/menu, platform administration; docs/
 * decisions.md "Menu settings", "Role permissions of system roles"): the administrator renames and reorders
 * the header and marks the hospitals entry always shown, which a plain user then sees and reads; the
 * administrator grants project administrators the bulletins, which one then opens from the header.
 *
 * Both are put back to their defaults at the end, so the journeys after this one meet the usual menus.
 */

const PLAIN = { username: 'menus.reader', name: '菜单读者', nameEn: 'Menu reader' };
const MANAGER = { username: 'menus.pm', name: '项目管理员乙', nameEn: 'Project admin B', projectAdmin: true };
const PASSWORD = 'E2e#Menus2026ok';
const FIRST_PASSWORD = 'E2e#Menus2026first';

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('brand')).toBeVisible();
}

async function restoreDefaults(request: APIRequestContext): Promise<void> {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  await call(request, admin, 'POST', '/dcap/sys/menu/reset');
  const view = (await call(request, admin, 'GET', '/dcap/sys/rolePermission/list')) as { roles: { role: string; defaults: string[] }[] };
  const defaults = (role: string) => view.roles.find((row) => row.role === role)?.defaults ?? [];
  await call(request, admin, 'POST', '/dcap/sys/rolePermission/save', { systemAdmin: defaults('systemAdmin'), projectAdmin: defaults('projectAdmin') });
}

test.beforeAll(async ({ request }) => {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  for (const person of [PLAIN, MANAGER]) {
    const users = (await call(request, admin, 'GET', `/dcap/sys/user/list?keyword=${person.username}`)) as { list: { username: string }[] };
    if (!users.list.some((user) => user.username === person.username)) await newUser(request, admin, person, { first: FIRST_PASSWORD, then: PASSWORD });
  }
});
test.afterAll(async ({ request }) => {
  await restoreDefaults(request);
});

test('the administrator reorders and renames the header and shows the hospitals to everyone', async ({ page, browser }, info) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/sys/menu');
  await expect(page.getByTestId('menu-setting-title-projectList')).toBeVisible();
  // Groups start folded; one button opens them all.
  await page.getByTestId('menu-settings-expand').click();
  await expect(page.getByTestId('menu-setting-title-sysMenu')).toBeVisible();
  await page.getByTestId('menu-setting-up-projectList').click();
  await page.getByTestId('menu-setting-titleZh-projectList').fill('我的工作台');
  await page.getByTestId('menu-setting-always-sysUnit').click();
  await shot(page, info, 'menus');
  await page.getByTestId('menu-settings-save').click();
  await expect(page.getByText('菜单设置已保存')).toBeVisible();
  // The header follows at once: the workplace first, under its new title.
  await expect(page.getByTestId('menu-projectList')).toHaveText('我的工作台');
  const order = await page.locator('.dcap-header__menu [data-testid^="menu-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
  expect(order.slice(0, 2)).toEqual(['menu-projectList', 'menu-dataDisplay']);

  // A user with no platform right sees the hospitals, reads them, and is offered no edit.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, PLAIN.username, PASSWORD);
  await expect(reader.getByTestId('menu-sysUnit')).toBeVisible();
  await reader.getByTestId('menu-sysUnit').click();
  await expect(reader).toHaveURL(/\/sys\/unit\/unit/);
  await expect(reader.getByTestId('unit-table')).toBeVisible();
  await expect(reader.getByTestId('unit-create')).toHaveCount(0);
  await expect(reader.getByTestId('menu-sysUser')).toHaveCount(0);
  await readerContext.close();
});

test('a function granted to project administrators opens for them, in English', async ({ page, browser }, info) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await page.goto('/sys/rolePermission');
  await expect(page.getByTestId('right-name-article.manage')).toHaveText('Bulletins');
  await expect(page.getByTestId('right-admin-article.manage')).toBeDisabled();
  await page.getByTestId('right-projectAdmin-article.manage').check();
  await shot(page, info, 'role-permissions');
  await page.getByTestId('role-permissions-save').click();
  await expect(page.getByText('Role permissions saved')).toBeVisible();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, MANAGER.username, PASSWORD);
  // The System group opens on hover; with a single entry the header shows that entry itself.
  const group = manager.getByTestId('menu-sys');
  if ((await group.count()) > 0) await group.hover();
  await manager.locator('a[href="/sys/article"]').click();
  await expect(manager).toHaveURL(/\/sys\/article/);
  await expect(manager.getByTestId('article-new')).toBeVisible();
  await expect(manager.locator('a[href="/sys/user"]')).toHaveCount(0);
  await managerContext.close();
});
