import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/user\/login/);
}

test('an administrator signs in, works in English, creates a user who then signs in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/user\/login|\/$/);

  // A wrong password is refused with the spec's message, in the default language (zh-CN).
  await signIn(page, ADMIN.username, 'not-the-password1');
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).not.toHaveURL(/DataDisplay/);

  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/project\/DataDisplay/);

  // Switch the whole interface to English; the choice is kept under the spec's storage key.
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.getByTestId('menu-sys')).toHaveText('System');
  expect(await page.evaluate(() => localStorage.getItem('pro__app_language'))).toBe('en-US');

  // Platform users, reached through the System group of the menu the server granted.
  await page.getByTestId('menu-sys').hover();
  await page.locator('a[href="/sys/user"]').click();
  await expect(page).toHaveURL(/\/sys\/user/);
  await expect(page.getByRole('cell', { name: ADMIN.username, exact: true })).toBeVisible();

  await page.getByTestId('user-create').click();
  await page.getByTestId('user-form-username').fill('site.investigator');
  await page.getByTestId('user-form-name').fill('Dr. Li Wei');
  await page.getByTestId('user-form-email').fill('li.wei@site.example');
  await page.getByTestId('user-form-submit').click();

  // The generated password is shown once.
  const issued = page.getByTestId('issued-password');
  await expect(issued).toBeVisible();
  const password = (await issued.innerText()).trim();
  expect(password).toMatch(/^\S{16}$/);
  await page.keyboard.press('Escape');
  // The list is in order of creation, and the journeys before this one add users: find the new one by name.
  await page.getByTestId('user-search').locator('xpath=descendant-or-self::input').fill('site.investigator');
  await page.getByTestId('user-search').locator('xpath=descendant-or-self::input').press('Enter');
  await expect(page.getByRole('cell', { name: 'site.investigator', exact: true })).toBeVisible();

  await signOut(page);

  await signIn(page, 'site.investigator', password);
  // An account an administrator created replaces the issued password at first sign-in (docs/decisions.md).
  await expect(page.getByTestId('change-password-notice')).toBeVisible();
  await page.getByTestId('password-old').fill(password);
  await page.getByTestId('password-new').fill('Own#Passw0rd26');
  await page.getByTestId('password-confirm').fill('Own#Passw0rd26');
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
  await expect(page.getByTestId('menu-dataDisplay')).toBeVisible();
  await expect(page.getByTestId('menu-sys')).toHaveCount(0);

  // The server refuses the administration page to this user whatever the browser shows.
  const token = await page.evaluate(() => localStorage.getItem('pro__Token'));
  const response = await page.request.get('/dcap/sys/user/list', { headers: { Token: String(token) } });
  expect(response.status()).toBe(403);
});
