import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

/**
 * Environment sync as a background job (spec 000 §7.4 syncData; §2.2 the sync task list): started from
 * environment management, run by the server's worker, followed live in the task list, in both languages.
 */
test('an administrator syncs the development design to test and follows the task to its end', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
  // Other journeys may have left the administrator in their own study: enter the demo study.
  await page.goto('/project/projectList');
  // The demo study is not among the administrator's own studies: look among all.
  await page.getByTestId('project-filter-all').click();
  const search = page.getByTestId('project-search').locator('xpath=self::input | .//input').first();
  await search.fill('DEMO-HTN');
  await search.press('Enter');
  await page.getByTestId('project-enter-DEMO-HTN').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('project-code')).toContainText('DEMO-HTN');

  await page.goto('/project/projectEnv/projectEnv');
  await page.getByTestId('env-sync').click();
  await expect(page).toHaveURL(/\/project\/projectEnv\/syncProjectData$/);
  await expect(page.getByText('研究数据不会在环境之间复制')).toBeVisible();
  await page.screenshot({ path: 'test-results/sync-start-zh-CN.png' });
  await page.getByTestId('sync-start').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/project\/projectEnv\/syncProjectDataTask$/);
  // The worker picks the job up and the list, polling, shows its end without a reload.
  await expect(page.locator('[data-testid^="sync-task-status-"]').first()).toHaveText('已完成', { timeout: 20_000 });
  await expect(page.getByTestId('sync-task-table')).toContainText('开发 → 测试');
  await expect(page.getByTestId('sync-task-table')).toContainText('1/1');
  await page.locator('.ant-table-row-expand-icon').first().click();
  await page.screenshot({ path: 'test-results/sync-tasks-zh-CN.png' });

  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await page.goto('/project/projectEnv/syncProjectDataTask');
  await expect(page.locator('[data-testid^="sync-task-status-"]').first()).toHaveText('Succeeded');
  await expect(page.getByTestId('sync-task-table')).toContainText('Development → test');
  await page.locator('.ant-table-row-expand-icon').first().click();
  await page.screenshot({ path: 'test-results/sync-tasks-en-US.png' });
});
