import { expect, test } from '@playwright/test';
import { ADMIN, INBOX_URL } from '../playwright.config.js';
import { newUser, session, shot } from './journey-api.js';

/**
 * Sign-in channels (spec 000 §2.2 `/webApp/auth`, §5, §7.1; docs/decisions.md "Sign-in channels"): a user
 * recovers a forgotten password through the e-mail the local SMTP server receives, and a computer signs in
 * by a QR code that a phone, signed in already, confirms.
 */
const FIRST = 'Sc-First2026!';
const SECOND = 'Sc-Second2026!';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

test('a user who forgot the password asks by e-mail address, follows the link once and signs in with the new password', async ({ page, request }, info) => {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const email = 'sc.rita@e2e.test';
  await newUser(request, admin, { username: 'sc.e2e.rita', name: 'Rita Recovery', email }, { first: FIRST, then: SECOND });

  await page.goto('/user/login');
  await page.getByTestId('login-forgot').click();
  await page.getByTestId('recovery-login').fill(email);
  await shot(page, info, 'recovery-ask-zh-CN');
  await page.getByTestId('recovery-submit').click();
  await expect(page.getByTestId('recovery-sent')).toContainText('24 小时');

  // The sender delivers the link to the local mail server, as the user's mailbox.
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(INBOX_URL)).json()) as Mail[];
      mail = mails.find((each) => each.to.includes(email));
      return mail?.subject ?? '';
    }, { timeout: 30_000 })
    .not.toBe('');
  const link = /https?:\/\/\S+\/user\/resetPassword\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(link).not.toBe('');

  await page.goto(link);
  await expect(page.getByTestId('reset-for')).toContainText('sc.e2e.rita');
  await page.getByTestId('reset-new').fill('short');
  await page.getByTestId('reset-submit').click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
  const chosen = 'Sc-Recovered2026!';
  await page.getByTestId('reset-new').fill(chosen);
  await page.getByTestId('reset-confirm').fill(chosen);
  await shot(page, info, 'recovery-reset-zh-CN');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  // The link works once; in English the page says so too.
  await page.evaluate(() => localStorage.setItem('pro__app_language', 'en-US'));
  await page.goto(link);
  await expect(page.getByTestId('reset-invalid')).toContainText('Link not usable');
  await shot(page, info, 'recovery-used-en-US');
  await page.goto('/user/forgotPassword');
  await expect(page.getByTestId('recovery-submit')).toContainText('Send reset link');
  await shot(page, info, 'recovery-ask-en-US');

  await page.goto('/user/login');
  await page.getByTestId('login-username').fill('sc.e2e.rita');
  await page.getByTestId('login-password').fill(chosen);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
});

test('a computer signs in by a QR code that the signed-in phone confirms', async ({ page, browser, request }, info) => {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  await newUser(request, admin, { username: 'sc.e2e.quinn', name: 'Quinn Scanner' }, { first: FIRST, then: SECOND });

  // The computer shows a QR code for its request.
  await page.goto('/user/login');
  await page.getByTestId('login-tab-qr').click();
  const qr = page.getByTestId('qr-signin');
  await expect(qr).toHaveAttribute('data-qr-url', /\/webApp\/auth\?id=/);
  const url = (await qr.getAttribute('data-qr-url')) ?? '';
  await shot(page, info, 'qr-desktop-zh-CN');

  // The phone opens the code's address, signs in first, and comes back to confirm.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', reducedMotion: 'reduce' });
  const phonePage = await phone.newPage();
  await phonePage.addInitScript(() => localStorage.setItem('pro__app_language', 'en-US'));
  await phonePage.goto(url);
  await phonePage.getByTestId('qr-auth-sign-in').click();
  await phonePage.getByTestId('login-username').fill('sc.e2e.quinn');
  await phonePage.getByTestId('login-password').fill(SECOND);
  await phonePage.getByTestId('login-submit').click();
  await expect(phonePage.getByTestId('qr-auth-device')).toContainText('Chrome');
  await expect(phonePage.getByTestId('qr-auth-confirm')).toContainText('Confirm sign-in');
  await shot(phonePage, info, 'qr-phone-confirm-en-US');
  await phonePage.getByTestId('qr-auth-confirm').click();
  await expect(phonePage.getByTestId('qr-auth-confirmed')).toBeVisible();

  // The computer, polling, receives its session and enters as the phone's user.
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
  await expect(page.getByText('Quinn Scanner').first()).toBeVisible();

  // The same address cannot be confirmed again.
  await phonePage.goto(url);
  await expect(phonePage.getByTestId('qr-auth-closed')).toBeVisible();
  await phone.close();
});

test('an administrator records the serial of the USB key issued to a user, and removes it', async ({ page, request }, info) => {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  await newUser(request, admin, { username: 'sc.e2e.ursula', name: 'Ursula Key' }, { first: FIRST, then: SECOND });
  await page.addInitScript(() => localStorage.setItem('pro__app_language', 'en-US'));
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);

  await page.goto('/sys/user');
  await page.getByTestId('user-search').locator('xpath=descendant-or-self::input').fill('sc.e2e.ursula');
  await page.getByTestId('user-search').locator('xpath=descendant-or-self::input').press('Enter');
  await page.getByTestId('user-ukey-sc.e2e.ursula').click();
  await expect(page.getByTestId('user-ukey-serial')).toHaveText('None recorded');
  await page.getByTestId('user-ukey-input').fill('UK-E2E-0042');
  await page.getByTestId('user-ukey-save').click();
  await expect(page.getByTestId('user-ukey-serial')).toContainText('UK-E2E-0042');
  await shot(page, info, 'ukey-en-US');
  await page.getByTestId('user-ukey-remove').click();
  await expect(page.getByTestId('user-ukey-serial')).toHaveText('None recorded');
});
