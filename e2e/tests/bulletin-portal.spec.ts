import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, idOf, newUser, session, shot } from './journey-api.js';

/**
 * Bulletins and project portals (spec 000 §2.3, §4.5; spec 002 §3 "UI settings"): a platform administrator
 * writes and publishes a bulletin on /sys/article; a user sees it once (not again after a reload), and again
 * once its content changes. A project's UI settings give it a portal, /portal/{address}, that shows its
 * login-page logo and its own footer in either language to someone not signed in.
 *
 * The bulletins are deleted at the end, so the journeys after this one meet no dialog.
 */

const READER = { username: 'bulletin.viewer', name: '公告读者', nameEn: 'Bulletin viewer' };
const PASSWORD = 'E2e#Bulletin2026ok';
const FIRST_PASSWORD = 'E2e#Bulletin2026first';
const PORTAL = 'e2e-portal';
const CODE = 'E2E-PORTAL';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A square PNG of one colour: the portal's login-page logo (1:1). */
function logo(side: number): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: side }, () => [200, 30, 60]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)));
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function clearBulletins(request: APIRequestContext): Promise<void> {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const articles = (await call(request, admin, 'GET', '/dcap/sys/article/list')) as { id: number }[];
  for (const article of articles) await call(request, admin, 'POST', `/dcap/sys/article/delete/${String(article.id)}`);
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('brand')).toBeVisible();
}

/** After a load, the shell has fetched the bulletin and applied spec 000 §4.5. */
async function bulletinDecision(page: Page): Promise<string | null> {
  const marker = page.getByTestId('bulletin-state');
  await expect(marker).not.toHaveAttribute('data-state', 'pending');
  return marker.getAttribute('data-state');
}

test.beforeAll(async ({ request }) => {
  await clearBulletins(request);
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const users = (await call(request, admin, 'GET', `/dcap/sys/user/list?keyword=${READER.username}`)) as { list: { username: string }[] };
  if (!users.list.some((user) => user.username === READER.username)) await newUser(request, admin, READER, { first: FIRST_PASSWORD, then: PASSWORD });
});
test.afterAll(async ({ request }) => {
  await clearBulletins(request);
});

test('an administrator publishes a bulletin that a user sees once, and again when it changes', async ({ page, browser }, info) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/sys/article');
  await page.getByTestId('article-new').click();
  await page.getByTestId('article-content').fill('本周六 22:00 至 24:00 系统维护');
  await page.getByTestId('article-language-en').click();
  await page.getByTestId('article-content-en').fill('Maintenance on Saturday from 22:00 to 24:00');
  await page.getByTestId('article-save').click();
  const row = page.locator('[data-testid^="article-row-"]').first();
  await expect(row).toHaveText('本周六 22:00 至 24:00 系统维护');
  const id = ((await row.getAttribute('data-testid')) ?? '').replace('article-row-', '');
  await page.getByTestId(`article-publish-${id}`).click();
  await page.getByTestId('article-publish-ok').click();
  await expect(page.getByTestId(`article-state-${id}`)).toHaveText('已发布');
  await shot(page, info, 'articles');

  // The reader, in a browser of their own: the bulletin opens at the first load after sign-in.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, READER.username, PASSWORD);
  await expect(reader.getByTestId('bulletin-content')).toHaveText('本周六 22:00 至 24:00 系统维护');
  await shot(reader, info, 'bulletin');
  await reader.getByTestId('bulletin-close').click();
  await reader.reload();
  expect(await bulletinDecision(reader)).toBe('hidden');
  await expect(reader.getByTestId('bulletin-content')).toHaveCount(0);

  // The administrator corrects the text: the reader sees it once more.
  await page.getByTestId(`article-edit-${id}`).click();
  await page.getByTestId('article-content').fill('本周六 23:00 至 24:00 系统维护');
  await page.getByTestId('article-save').click();
  await expect(page.getByTestId(`article-row-${id}`)).toHaveText('本周六 23:00 至 24:00 系统维护');
  await reader.reload();
  expect(await bulletinDecision(reader)).toBe('shown');
  await expect(reader.getByTestId('bulletin-content')).toHaveText('本周六 23:00 至 24:00 系统维护');
  await reader.getByTestId('bulletin-close').click();
  await reader.reload();
  expect(await bulletinDecision(reader)).toBe('hidden');
  await readerContext.close();
});

test('a project’s portal shows its logo and its own footer to someone not signed in', async ({ browser, request }, info) => {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const list = (await call(request, admin, 'GET', '/dcap/project/list?filter=all')) as { id: number; code: string }[];
  let projectId = list.find((project) => project.code === CODE)?.id;
  if (projectId === undefined) {
    projectId = idOf(await call(request, admin, 'POST', '/dcap/project/apply', { code: CODE, name: '门户研究', eName: 'Portal study' }));
    await call(request, admin, 'GET', `/dcap/project/nextStep/${String(projectId)}/0`);
  }
  await call(request, admin, 'POST', '/dcap/projectUIConfig/saveUIConfig', {
    projectId,
    loginLogo: logo(64),
    footer: '门户医院临床研究中心 版权所有',
    footerEn: 'Portal Hospital clinical research centre',
    loginUrl: PORTAL,
    description: '一项多中心研究',
    notice: '请使用医院统一账号登录',
    noticeEn: 'Sign in with your hospital account',
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/portal/${PORTAL}`);
  await expect(page.getByTestId('portal-name')).toHaveText('门户研究');
  const image = page.getByTestId('portal-logo');
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(64);
  await expect(page.getByTestId('project-footer')).toHaveText('门户医院临床研究中心 版权所有');
  await expect(page.getByTestId('portal-notice')).toHaveText('请使用医院统一账号登录');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await shot(page, info, 'portal-zh');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.getByTestId('project-footer')).toHaveText('Portal Hospital clinical research centre');
  await expect(page.getByTestId('portal-name')).toHaveText('Portal study');
  await shot(page, info, 'portal-en');

  // An address no project uses says so.
  await page.goto('/portal/no-such-project');
  await expect(page.getByText('Sign-in page not found')).toBeVisible();
  await context.close();
});
