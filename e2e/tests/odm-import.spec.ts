import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

const PASSWORD = 'Pm#Odm13202026';

/** An external study's design: one form of four items and one visit, with elements the import notes. */
const ODM = fs.readFileSync(new URL('../../packages/server/src/modules/odm/testdata/external-study.xml', import.meta.url));

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, token: string | null, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, headers: token ? { Token: token } : {}, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${url}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

async function chooseFile(page: Page): Promise<void> {
  await page.getByTestId('instrument-import-odm').click();
  await expect(page.locator('.ant-modal .ant-upload-drag')).toBeVisible();
  await page.locator('.ant-modal input[type="file"]').setInputFiles({ name: 'external-study.xml', mimeType: 'application/xml', buffer: ODM });
}

test('a project manager imports an ODM 1.3.2 design: preview with the report, then the panel and visit in the draft', async ({ page }, info) => {
  // The demo study's project manager signs in with a password the administrator issued, and replaces it.
  const admin = await api<{ token: string }>(page, 'POST', '/dcap/login', null, { username: ADMIN.username, password: ADMIN.password });
  const [pm] = await api<{ id: number }[]>(page, 'GET', '/dcap/sys/user/search/demo.pm', admin.token);
  const issued = await api<{ password: string }>(page, 'POST', '/dcap/sys/user/resetUserPassword', admin.token, { id: pm?.id });
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill('demo.pm');
  await page.getByTestId('login-password').fill(issued.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('password-old').fill(issued.password);
  await page.getByTestId('password-new').fill(PASSWORD);
  await page.getByTestId('password-confirm').fill(PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);

  // The panel list, in the development environment the design needs.
  await page.getByTestId('menu-design').click();
  await page.getByTestId('menu-designInstruments').click();
  await expect(page.getByTestId('env-switch')).toContainText('开发环境');
  await page.goto('/dCapVue/design/instruments');
  await expect(page.getByTestId('instrument-table')).toContainText('VS');
  await chooseFile(page);

  // The dry run: one panel, one visit, and what could not be carried over, per element.
  await expect(page.getByTestId('odm-panels')).toContainText('VITALS');
  await expect(page.getByTestId('odm-visits')).toContainText('Visit 1');
  await expect(page.getByTestId('odm-report')).toContainText('IT.BLOB');
  await expect(page.getByTestId('odm-report')).toContainText('hexBinary');
  await shot(page, info, 'odm-preview-zh-CN');

  await page.getByTestId('odm-confirm').click();
  await expect(page.getByTestId('odm-done')).toContainText('已创建 1 个表单和 1 个访视');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('instrument-table')).toContainText('VITALS');

  // The same file again: its abbreviation and visit name are taken, so nothing can be confirmed.
  await page.evaluate(() => localStorage.setItem('pro__app_language', 'en-US'));
  await page.reload();
  await expect(page.getByTestId('instrument-table')).toContainText('VITALS');
  await chooseFile(page);
  await expect(page.getByTestId('odm-blocked')).toContainText('prevent the import');
  await expect(page.getByTestId('odm-report')).toContainText('Blocks the import');
  await expect(page.getByTestId('odm-confirm')).toBeDisabled();
  await shot(page, info, 'odm-blocked-en-US');
});
