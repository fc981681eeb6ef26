import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

const NEW_PASSWORD = 'Pm#Demo2026first';

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, token: string | null, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, headers: token ? { Token: token } : {}, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${url}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A screenshot kept with the run's results, to be looked at in both languages. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`) });
}

async function inLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('pro__app_language', value), language);
  await page.reload();
}

test('a new project manager signs in to the demo study, opens the designer from the project and saves a field without switching environment by hand', async ({ page }, info) => {
  // The administrator gives the demo study's project manager (seeded on first start) a password, shown once.
  const admin = await api<{ token: string }>(page, 'POST', '/dcap/login', null, { username: ADMIN.username, password: ADMIN.password });
  const [pm] = await api<{ id: number; username: string }[]>(page, 'GET', '/dcap/sys/user/search/demo.pm', admin.token);
  expect(pm?.username).toBe('demo.pm');
  const issued = await api<{ password: string }>(page, 'POST', '/dcap/sys/user/resetUserPassword', admin.token, { id: pm?.id });

  // First sign-in: the issued password is replaced.
  await signIn(page, 'demo.pm', issued.password);
  await expect(page.getByTestId('change-password-notice')).toBeVisible();
  await page.getByTestId('password-old').fill(issued.password);
  await page.getByTestId('password-new').fill(NEW_PASSWORD);
  await page.getByTestId('password-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
  // The only study the manager belongs to is entered on sign-in (spec 000 §4.1: the first listed).
  await expect(page.getByTestId('project-code')).toContainText('DEMO-HTN');

  // A study in testing opens in the test environment (spec 000 §4.4), where design cannot be changed.
  await expect(page.getByTestId('env-switch')).toContainText('测试环境');

  // From the project's menu to the forms: the session moves to development on its own, with a notice.
  await page.getByTestId('menu-design').click();
  await page.getByTestId('menu-designInstruments').click();
  await expect(page.getByText('已切换到开发环境：表单设计只能在开发环境中修改')).toBeVisible();
  await expect(page.getByTestId('instrument-table')).toContainText('VS');
  await expect(page.getByTestId('env-switch')).toContainText('开发环境');
  await expect(page.getByTestId('instrument-create')).toBeEnabled();

  // The vital-signs form in the designer: a field added from the keyboard, named and saved.
  await page.getByTestId('instrument-design-VS').click();
  await expect(page.getByTestId('designer-canvas')).toBeVisible();
  await expect(page.getByTestId('canvas-widget-SYSBP')).toBeVisible();
  await page.getByTestId('canvas-widget-PULSE').click();
  await page.getByTestId('palette-number').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('config-key').fill('RESP');
  await page.getByTestId('config-name').fill('呼吸频率 (次/分)');
  await expect(page.getByTestId('designer-unsaved')).toBeVisible();
  await page.getByTestId('designer-save').click();
  await expect(page.getByTestId('designer-unsaved')).toHaveCount(0);

  // Checked through a session of its own, so this window's session is left as the user left it.
  const token = (await api<{ token: string }>(page, 'POST', '/dcap/login', null, { username: 'demo.pm', password: NEW_PASSWORD })).token;
  const projectId = (await api<{ project: { id: number } }>(page, 'GET', '/dcap/sys/init', token)).project.id;
  const instruments = await api<{ id: number; nameAbbr: string }[]>(page, 'GET', `/dcap/project/instrument/list/${String(projectId)}`, token);
  const vs = instruments.find((instrument) => instrument.nameAbbr === 'VS');
  const draft = await api<{ panel: { list: { key: string; name: string }[] } }>(page, 'POST', '/dcap/project/instrument/preview', token, { instrumentId: vs?.id });
  expect(draft.panel.list.map((widget) => widget.key)).toEqual(['VSDAT', 'HEIGHT', 'WEIGHT', 'BMI', 'SYSBP', 'DIABP', 'PULSE', 'RESP']);

  // The designer's title row stays in view while a short window scrolls the page (both languages).
  await page.setViewportSize({ width: 1280, height: 520 });
  for (const language of ['zh-CN', 'en-US'] as const) {
    await inLanguage(page, language);
    await expect(page.getByTestId('designer-canvas')).toBeVisible();
    await page.mouse.wheel(0, 600);
    await page.evaluate(() => window.scrollBy(0, 600));
    const header = page.getByTestId('designer-header');
    await expect(header).toBeInViewport();
    await shot(page, info, `designer-scrolled-${language}`);
  }

  // Account settings: font size and notifications, in both languages.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const language of ['zh-CN', 'en-US'] as const) {
    await inLanguage(page, language);
    await page.goto('/account/settings/custom');
    await expect(page.getByTestId('custom-settings')).toBeVisible();
    await expect(page.getByTestId('account-tab-binding')).toHaveCount(0);
    await shot(page, info, `account-custom-${language}`);
    await page.goto('/account/settings/notification');
    await expect(page.getByTestId('notification-settings')).toBeVisible();
    await shot(page, info, `account-notification-${language}`);
  }
  // A larger font applies everywhere at once and is kept for the user on the server.
  await page.goto('/account/settings/custom');
  await page.getByTestId('font-size-large').click();
  await expect.poll(async () => (await api<{ fontSize: string }>(page, 'GET', '/dcap/sys/user/preferences', token)).fontSize).toBe('large');
  await expect(page.getByTestId('account-tab-custom')).toHaveCSS('font-size', '16px');
  await shot(page, info, 'account-custom-large-en-US');
});
