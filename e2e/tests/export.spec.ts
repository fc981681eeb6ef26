import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

/**
 * Data export as a background job (spec 000 §2.2 /export/exportIndex and the export task list): the demo
 * study's subject data asked for, the task followed live to its end, the file downloaded, in both languages.
 */
test('an administrator exports the demo study’s subject data, follows the task and downloads the file', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
  await page.goto('/project/projectList');
  await page.getByTestId('project-filter-all').click();
  const search = page.getByTestId('project-search').locator('xpath=self::input | .//input').first();
  await search.fill('DEMO-HTN');
  await search.press('Enter');
  await page.getByTestId('project-enter-DEMO-HTN').click();
  // Leaving a study another journey left the administrator in asks for a confirmation; a fresh session does not.
  const confirm = page.getByTestId('confirm-ok');
  await confirm.waitFor({ timeout: 3000 }).then(
    () => confirm.click(),
    () => undefined,
  );
  await expect(page.getByTestId('project-code')).toContainText('DEMO-HTN');

  await page.goto('/export/exportIndex');
  await expect(page.getByTestId('export-form')).toContainText('新建导出');
  await page.screenshot({ path: 'test-results/export-form-zh-CN.png', fullPage: true });
  await page.getByTestId('export-start').click();
  // The worker picks the job up and the list, polling every 2 s, shows its end without a reload.
  const status = page.locator('[data-testid^="export-status-"]').first();
  await expect(status).toHaveText('已完成', { timeout: 30_000 });
  const progress = await page.locator('[data-testid^="export-progress-"]').first().textContent();
  const [done, total] = (progress ?? '').split('/').map(Number);
  expect(total).toBeGreaterThan(0);
  expect(done).toBe(total);
  await page.screenshot({ path: 'test-results/export-tasks-zh-CN.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid^="export-download-"]').first().click()]);
  // Subject data with its dictionary is a zip of data.csv and dictionary.csv.
  expect(download.suggestedFilename()).toMatch(/^DEMO-HTN-.+-subjectData-wide-\d{8}-\d+\.zip$/);
  const saved = await download.path();
  const bytes = fs.readFileSync(saved);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.includes(Buffer.from('data.csv'))).toBe(true);
  expect(bytes.includes(Buffer.from('dictionary.csv'))).toBe(true);

  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await page.goto('/export/exportIndex');
  await expect(page.locator('[data-testid^="export-status-"]').first()).toHaveText('Finished');
  await expect(page.getByTestId('export-form')).toContainText('New export');
  await page.screenshot({ path: 'test-results/export-tasks-en-US.png', fullPage: true });

  // The same data as a CDISC ODM 1.3.2 file with every change and its audit record.
  await page.getByTestId('export-format').getByText('CDISC ODM 1.3.2 (XML)').click();
  await expect(page.getByTestId('export-layout')).toHaveCount(0);
  await page.getByTestId('export-odm-mode').getByText('Transactional (every change with its audit record)').click();
  await page.screenshot({ path: 'test-results/export-odm-form-en-US.png', fullPage: true });
  await page.getByTestId('export-start').click();
  const odmRow = page.locator('[data-testid="export-tasks"] tr', { hasText: 'ODM · Transactional' }).first();
  await expect(odmRow.locator('[data-testid^="export-status-"]')).toHaveText('Finished', { timeout: 30_000 });
  const [odm] = await Promise.all([page.waitForEvent('download'), odmRow.locator('[data-testid^="export-download-"]').click()]);
  expect(odm.suggestedFilename()).toMatch(/^DEMO-HTN-.+-subjectData-odm-\d{8}-\d+\.xml$/);
  const xml = fs.readFileSync(await odm.path()).toString('utf8');
  expect(xml).toContain('FileType="Transactional"');
  expect(xml).toContain('<AuditRecord');
  await page.screenshot({ path: 'test-results/export-odm-en-US.png', fullPage: true });
});
