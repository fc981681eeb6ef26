import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

/**
 * The shell's response handling and environment rules (spec 000 §4.4, §8.1; spec 002 §8), driven through the
 * built app against the real server. Set-up that is not the journey itself goes through the API.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = method === 'GET' ? await request.get(url, { headers: { Token: token } }) : await request.post(url, { headers: { Token: token }, data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.data;
}

async function apiSignIn(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/dcap/login', { form: { username, password } });
  const body = (await response.json()) as Envelope<{ token: string }>;
  expect(body.code, body.msg).toBe(0);
  return body.data.token;
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  // The shell's initialisation enters the first listed project when the session has none (spec 000 §4.1). It
  // must have answered before a test moves the session elsewhere through the API, or it would move it back;
  // waiting for a quiet network alone is not enough on a busy machine, where the page can stay silent for
  // half a second between the sign-in answer and the initialisation call.
  const initialised = page.waitForResponse((response) => new URL(response.url()).pathname === '/dcap/sys/init' && response.ok());
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
  await initialised;
  await page.waitForLoadState('networkidle');
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/user\/login/);
}

/**
 * Enters a project from the workplace, confirming the switch when the session is elsewhere (the shell may
 * already have entered it at sign-in, spec 000 §4.1).
 */
async function enterProject(page: Page, code: string): Promise<void> {
  await page.goto('/project/projectList');
  await page.getByTestId(`project-enter-${code}`).click();
  const confirm = page.getByTestId('confirm-ok');
  await expect(confirm.or(page.getByTestId('welcome-card'))).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(page.getByTestId('project-code')).toContainText(code);
}

function pageToken(page: Page): Promise<string> {
  return page.evaluate(() => String(localStorage.getItem('pro__Token')));
}

/** The window regains focus, as when the user comes back to it from another window. */
async function focus(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

interface Study {
  id: number;
  envs: Record<string, number>;
}

/** A study applied for by the administrator and moved on to configuration. */
async function study(request: APIRequestContext, admin: string, code: string): Promise<Study> {
  const applied = await call<{ id: number }>(request, admin, 'POST', '/dcap/project/apply', { code, name: `外壳 ${code}` });
  await call(request, admin, 'GET', `/dcap/project/nextStep/${applied.id}/0`);
  const list = await call<{ id: number; key: string }[]>(request, admin, 'POST', '/dcap/projectEnv/getEnvList', { projectId: applied.id });
  return { id: applied.id, envs: Object.fromEntries(list.map((env) => [env.key, env.id])) };
}

async function setEnvStatus(request: APIRequestContext, admin: string, s: Study, key: string, status: 'normal' | 'disable'): Promise<void> {
  await call(request, admin, 'POST', '/dcap/projectEnv/updateEnvStatus', { projectId: s.id, id: s.envs[key], status });
}

/** A user with their own password (past the first-sign-in change an administrator's password requires). */
async function user(request: APIRequestContext, admin: string, username: string): Promise<string> {
  const issued = 'Issued@e2e2026';
  const own = 'Own@e2e2026x';
  await call(request, admin, 'POST', '/dcap/sys/user/save', { username, name: username, password: issued });
  const token = await apiSignIn(request, username, issued);
  await call(request, token, 'POST', '/dcap/sys/user/password', { oldPassword: issued, newPassword: own, confirmPassword: own });
  return own;
}

test('a 403 shows the access-denied notice and goes to the dashboard (spec 000 §8.1)', async ({ page, request }) => {
  const admin = await apiSignIn(request, ADMIN.username, ADMIN.password);
  const s = await study(request, admin, 'E2E-SH403');
  const password = await user(request, admin, 'e2e.designer');
  const designer = await call<{ id: number }>(request, admin, 'POST', '/dcap/projectRole/saveRole', {
    projectId: s.id,
    alias: 'Designer',
    institutionIds: 'all',
    projectDesignAndSetup: true,
  });
  const users = await call<{ list: { id: number; username: string }[] }>(request, admin, 'GET', '/dcap/sys/user/list?keyword=e2e.designer');
  const designerUser = users.list.find((u) => u.username === 'e2e.designer');
  await call(request, admin, 'POST', `/dcap/projectRole/assignRole2User?projectId=${s.id}`, { roleId: designer.id, userIds: [designerUser?.id] });

  await signIn(page, 'e2e.designer', password);
  await call(request, await pageToken(page), 'GET', `/dcap/project/store/${s.id}`);
  await page.goto('/project/projectEnv/projectEnv');
  await expect(page.getByTestId('env-status-dev')).toBeEnabled();

  // The right is taken away while the page is open: the server refuses the next write.
  await call(request, admin, 'POST', '/dcap/projectRole/saveRole', { id: designer.id, projectId: s.id, alias: 'Designer', institutionIds: 'all', projectDesignAndSetup: false });
  await page.getByTestId('env-status-dev').click();
  await page.getByTestId('confirm-ok').click();
  const notice = page.getByTestId('notice-error');
  await expect(notice).toContainText('无访问权限，请联系管理员');
  await expect(page).toHaveURL(/\/project\/DataDisplay$/);
});

test('another window’s switches: the environment-marker warning and the project warning on focus (spec 000 §4.4)', async ({ page, request, context }) => {
  const admin = await apiSignIn(request, ADMIN.username, ADMIN.password);
  const first = await study(request, admin, 'E2E-SHWIN1');
  const second = await study(request, admin, 'E2E-SHWIN2');
  await signIn(page, ADMIN.username, ADMIN.password);
  await call(request, await pageToken(page), 'GET', `/dcap/project/store/${first.id}`);
  await page.goto('/project/DataDisplay');
  await expect(page.getByTestId('project-code')).toContainText('E2E-SHWIN1');
  await expect(page.getByTestId('env-switch')).toContainText('测试环境');

  // A second window of the same browser session, in the same project and environment.
  const other = await context.newPage();
  await other.goto('/project/DataDisplay');
  await expect(other.getByTestId('env-switch')).toContainText('测试环境');

  // The first window switches to production; the second learns it on its next call (here on focus).
  await page.getByTestId('env-switch').click();
  await page.getByTestId('env-choice-prd').click();
  await expect(page.getByTestId('env-switch')).toContainText('正式环境');
  await focus(other);
  await expect(other.getByText('系统检测到重复打开的窗口，请确认当前操作环境')).toBeVisible();
  await other.waitForTimeout(500);
  await other.screenshot({ path: 'test-results/shell-env-marker-zh.png' });
  await other.getByTestId('env-marker-ok').click();
  await expect(other.getByTestId('env-switch')).toContainText('正式环境');
  expect(await other.evaluate(() => JSON.parse(String(sessionStorage.getItem('pro__ENV_MARKER'))) as unknown)).toEqual({ projectId: first.id, env: 'prd' });

  // The first window enters another project; the second warns on focus and reloads into it.
  await call(request, await pageToken(page), 'GET', `/dcap/project/store/${second.id}`);
  await page.reload();
  await expect(page.getByTestId('project-code')).toContainText('E2E-SHWIN2');
  await focus(other);
  await expect(other.getByText('系统检测到您在其他窗口切换了项目，页面将刷新。')).toBeVisible();
  await other.getByTestId('window-switched-reload').click();
  await expect(other.getByTestId('project-code')).toContainText('E2E-SHWIN2');
  await other.close();
});

test('a development window announces a configuration updated elsewhere, in English too (spec 000 §4.4)', async ({ page, request }) => {
  const admin = await apiSignIn(request, ADMIN.username, ADMIN.password);
  const s = await study(request, admin, 'E2E-SHCFG');
  await page.addInitScript(() => localStorage.setItem('pro__app_language', 'en-US'));
  await signIn(page, ADMIN.username, ADMIN.password);
  const token = await pageToken(page);
  await call(request, token, 'GET', `/dcap/project/store/${s.id}`);
  await call(request, token, 'GET', '/dcap/projectEnv/selectEnv/dev');
  await page.goto('/project/DataDisplay');
  await expect(page.getByTestId('env-switch')).toContainText('Development');

  // The window has taken its revision; then someone else (another session) adds a panel to the draft.
  await page.waitForTimeout(1_000);
  await call(request, admin, 'GET', `/dcap/project/store/${s.id}`);
  await call(request, admin, 'GET', '/dcap/projectEnv/selectEnv/dev');
  await call(request, admin, 'POST', '/dcap/project/instrument/save', { projectId: s.id, name: 'Vital signs', nameAbbr: 'VS' });
  await focus(page);
  await expect(page.getByText('The system will refresh for data safety.')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'test-results/shell-config-updated-en.png' });
  await page.getByTestId('config-updated-refresh').click();
  await expect(page.getByTestId('env-switch')).toContainText('Development');
  await expect(page.getByTestId('config-updated-refresh')).toHaveCount(0);
});

test('the environment choice survives signing out and in; the environment list opens once per session (spec 000 §4.4)', async ({ page, request }) => {
  const admin = await apiSignIn(request, ADMIN.username, ADMIN.password);
  const s = await study(request, admin, 'E2E-SHENV');
  await signIn(page, ADMIN.username, ADMIN.password);
  await enterProject(page, 'E2E-SHENV');
  await expect(page.getByTestId('env-switch')).toContainText('测试环境');
  await page.getByTestId('env-switch').click();
  await page.getByTestId('env-choice-dev').click();
  await expect(page.getByTestId('env-switch')).toContainText('开发环境');

  await signOut(page);
  await signIn(page, ADMIN.username, ADMIN.password);
  await enterProject(page, 'E2E-SHENV');
  await expect(page.getByTestId('env-switch')).toContainText('开发环境');

  // The environment the session works in is disabled: the list opens by itself, once.
  await setEnvStatus(request, admin, s, 'dev', 'disable');
  await page.reload();
  await expect(page.getByTestId('env-prompt')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'test-results/shell-env-prompt-zh.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('env-prompt')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('env-switch')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('env-prompt')).toHaveCount(0);
  await page.getByTestId('env-switch').click();
  await page.getByTestId('env-choice-uat').click();
  await expect(page.getByTestId('env-switch')).toContainText('测试环境');
});

test('with every environment disabled the project shows EnvDisabled, and the workplace once one is normal again (spec 000 §4.4)', async ({ page, request }) => {
  const admin = await apiSignIn(request, ADMIN.username, ADMIN.password);
  const s = await study(request, admin, 'E2E-SHOFF');
  await signIn(page, ADMIN.username, ADMIN.password);
  await call(request, await pageToken(page), 'GET', `/dcap/project/store/${s.id}`);
  for (const key of ['dev', 'uat', 'prd']) await setEnvStatus(request, admin, s, key, 'disable');
  await page.goto('/project/DataDisplay');
  await expect(page).toHaveURL(/\/tools\/EnvDisabled$/);
  await expect(page.getByTestId('blocked-envDisabled')).toBeVisible();

  await setEnvStatus(request, admin, s, 'uat', 'normal');
  await focus(page);
  await expect(page).toHaveURL(/\/project\/projectList$/);
});
