import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { newUser, session, shot } from './journey-api.js';

/**
 * Signature images (spec 002 §7; docs/decisions.md "Signature images"): a user uploads their handwritten
 * signature on the account centre's base tab, sees it in use and in the history, and replaces it; the page in
 * both languages.
 */

const SIGNER = { username: 'signature.owner', name: '签名用户', nameEn: 'Signature owner', email: 'signature.owner@example.org', corporation: '协和医院' };
const PASSWORD = 'E2e#Signature2026ok';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A white PNG with a dark diagonal stroke: enough to look like ink on paper. */
function signaturePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const pixels = Array.from({ length: width }, (_, x) => (Math.abs(Math.round((x * height) / width) - y) < 3 || Math.abs(Math.round(height / 2 + 20 * Math.sin(x / 12)) - y) < 2 ? [20, 30, 90] : [255, 255, 255]));
    return Buffer.concat([Buffer.from([0]), Buffer.from(pixels.flat())]);
  });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

test('a user keeps a signature image with its history on the account centre’s base tab, in both languages', async ({ page, request }, info) => {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  await newUser(request, admin, SIGNER, { first: 'E2e#Signature2026first', then: PASSWORD });

  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(SIGNER.username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('brand')).toBeVisible();

  await page.goto('/account/settings/base');
  const panel = page.getByTestId('signature-panel');
  await expect(panel.getByTestId('signature-none')).toHaveText('尚未上传签名图片');
  await panel.locator('input[type=file]').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signaturePng(320, 100) });
  await expect(panel.getByTestId('signature-current-image')).toBeVisible();
  await panel.locator('input[type=file]').setInputFiles({ name: 'signature-2.png', mimeType: 'image/png', buffer: signaturePng(300, 90) });
  await expect(panel.getByTestId('signature-history').locator('tbody tr')).toHaveCount(2);
  await expect(panel.getByTestId('signature-upload-button')).toHaveText('更换签名');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, info, 'account-signature-zh');

  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(panel.getByTestId('signature-upload-button')).toHaveText('Replace signature');
  await expect(panel.getByText('In use')).toBeVisible();
  await shot(page, info, 'account-signature-en');
});
