import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, choose, idOf, login, session, shot } from './journey-api.js';

/**
 * The Bigscreen wall and the Analytics page (docs/decisions.md "Bigscreen", "Analytics screens"): the wall of a
 * study opens at 1920×1080, shows the enrolled tile, and when a subject is enrolled elsewhere (through the API,
 * in another session) the tile changes within the refresh interval without the page reloading. Screenshots of
 * the wall at 1920×1080 and 3840×2160 and of the analytics page, in both languages.
 *
 * The study is prepared through the API: a project with the Analytics and Bigscreen applications, one panel
 * with two number fields published to test, one site whose hospital lies in Beijing (the standard
 * area list) with an enrolment target, and one subject enrolled.
 */

const CODE = 'E2E-BS';
const PM = 'wall.pm';
const PASSWORD = 'E2e#Wall2026ok';
const FIRST_PASSWORD = 'E2e#Wall2026first';
const TARGET = 5;

/** The panel: two number fields, shaped as the designer saves them. */
const numberField = (model: string, name: string, nameEn: string) => ({
  type: 'number',
  key: model,
  model,
  name,
  nameEn,
  labelCol: 8,
  wrapperCol: 16,
  disabled: false,
  options: { placeholder: '', dataType: 'number', precision: 1, step: 1, required: false },
  rules: [{ type: 'number', message: '格式不正确', messageEn: 'Format incorrect' }],
});
const DESIGN = [numberField('HEIGHT', '身高 (cm)', 'Height (cm)'), numberField('WEIGHT', '体重 (kg)', 'Weight (kg)')];

interface StudyIds {
  projectId: number;
  siteId: number;
}

/** The study of the journey, made on the first call. */
async function study(request: APIRequestContext): Promise<StudyIds> {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const list = (await call(request, admin, 'GET', '/dcap/project/list?filter=all')) as { id: number; code: string }[];
  let projectId = list.find((project) => project.code === CODE)?.id;
  if (projectId === undefined) {
    await call(request, admin, 'POST', '/dcap/sys/user/save', { username: PM, name: '大屏经理', nameEn: 'Wall PM', password: FIRST_PASSWORD, projectAdmin: true });
    const first = await login(request, PM, FIRST_PASSWORD);
    if (first.mustChangePassword) await call(request, first.token, 'POST', '/dcap/sys/user/password', { oldPassword: FIRST_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    const pm = await session(request, PM, PASSWORD);
    projectId = idOf(await call(request, pm, 'POST', '/dcap/project/apply', { code: CODE, name: '大屏研究', eName: 'Wall study', application: ['dCap', 'Analytics', 'Bigscreen'] }));
    await call(request, pm, 'GET', `/dcap/project/nextStep/${String(projectId)}/0`);
    await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
    await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/dev');
    const instrumentId = idOf(await call(request, pm, 'POST', '/dcap/project/instrument/save', { projectId, name: '基线', nameEn: 'Baseline', nameAbbr: 'BL' }));
    await call(request, pm, 'POST', '/dcap/project/field/saveAllCfg', { instrumentId, list: DESIGN, config: { labelWidth: 8, labelPosition: 'right' } });
    const eventId = idOf(await call(request, pm, 'POST', '/dcap/project/event/save', { projectId, name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }));
    await call(request, pm, 'POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId, instrumentId }] });
    await call(request, pm, 'POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'E2E' });
    // The hospital in Beijing, so the wall's map has a point to draw (docs/decisions.md "Areas").
    await call(request, admin, 'POST', '/dcap/sys/area/loadStandard', { list: 'cn' });
    const areas = (await call(request, admin, 'GET', '/dcap/sys/area/list')) as { areas: { id: number; code: string }[] };
    const beijing = areas.areas.find((area) => area.code === '110000')?.id ?? null;
    const unitId = idOf(await call(request, admin, 'POST', '/dcap/sys/unit/save', { code: 'E2E-BS-U', name: '大屏医院', eName: 'Wall hospital', areaId: beijing }));
    const siteId = idOf(await call(request, pm, 'POST', '/dcap/projectSite/save', { projectId, unitId, code: 'W01' }));
    // Internal test needs a role held by someone: a monitor who watches the wall too.
    const roleId = idOf(await call(request, pm, 'POST', '/dcap/projectRole/saveRole', { projectId, alias: 'CRA', institutionIds: 'all', verify: true }));
    const monitor = (await call(request, admin, 'POST', '/dcap/sys/user/save', { username: 'wall.cra', name: '大屏监查员', nameEn: 'Wall CRA', password: FIRST_PASSWORD })) as { user: { id: number } };
    await call(request, pm, 'POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId, userIds: [monitor.user.id] });
    await call(request, pm, 'POST', '/dcap/project/applyAuditConfig', { projectId });
    await call(request, admin, 'POST', '/dcap/project/saConfirmConfig', { projectId });
    await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
    await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/uat');
    await call(request, pm, 'POST', '/dcap/analytics/siteTarget', { siteId, target: TARGET });
    await enrol(request, siteId, 'AAA');
  }
  const pm = await session(request, PM, PASSWORD);
  await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
  await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/uat');
  const sites = (await call(request, pm, 'POST', '/dcap/projectSite/list', { projectId })) as { id: number; code: string }[];
  return { projectId, siteId: sites.find((site) => site.code === 'W01')?.id ?? 0 };
}

/** A subject added and enrolled at the site, as the study manager in the test environment. */
async function enrol(request: APIRequestContext, siteId: number, initials: string): Promise<void> {
  const pm = await session(request, PM, PASSWORD);
  await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/uat');
  await call(request, pm, 'POST', '/dcap/subject/save', { siteId, name: `受试者${initials}`, initials, confirmDuplicate: true });
  const listed = (await call(request, pm, 'POST', '/dcap/subject/list', { initials })) as { list: { id: number; initials: string | null }[] };
  const subject = listed.list.find((row) => row.initials === initials);
  expect(subject, `subject ${initials}`).toBeDefined();
  const info = (await call(request, pm, 'GET', `/dcap/subject/info/${String(subject?.id)}`)) as { version: number };
  await call(request, pm, 'POST', '/dcap/subject/enrol', { id: subject?.id, version: info.version, randomNo: `R-${initials}`, treatmentPhase: 'A', firstDrugNo: `D-${initials}` });
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(PM);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('project-code')).toContainText(CODE);
}

async function inLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('pro__app_language', value), language);
  await page.reload();
}

test.describe.configure({ mode: 'serial' });

test('the wall updates without a reload when a subject is enrolled elsewhere, and fills 1920×1080 and 3840×2160', async ({ page, request }, info) => {
  const ids = await study(request);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page);
  await page.goto('/bigscreen');
  const enrolled = page.getByTestId('tile-enrolled-value');
  await expect(enrolled).toHaveText(/^\d+ \/ 5$/);
  const before = Number((await enrolled.textContent())?.split(' / ')[0]);
  // A marker on the window: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { wallMarker: string }).wallMarker = 'kept';
  });
  await shot(page, info, 'bigscreen-1920-zh');

  await enrol(request, ids.siteId, `B${String(Date.now()).slice(-6)}`);
  // Within the refresh interval (10 s) and a request's time.
  await expect(enrolled).toHaveText(`${String(before + 1)} / ${String(TARGET)}`, { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { wallMarker?: string }).wallMarker)).toBe('kept');
  await expect(page.getByTestId('wall-stale')).toHaveCount(0);

  // The map's chart is drawn once the bundled outline is registered.
  await expect(page.getByTestId('wall-map').locator('canvas').first()).toBeVisible();
  await page.setViewportSize({ width: 3840, height: 2160 });
  await expect(page.getByTestId('tile-enrolled')).toBeVisible();
  const tileHeight = (await page.getByTestId('tile-enrolled').boundingBox())?.height ?? 0;
  // Sizes follow the viewport: a tile is more than twice as tall as the smallest one could be at 1080 rows.
  expect(tileHeight).toBeGreaterThan(150);
  await shot(page, info, 'bigscreen-3840-zh');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('tile-enrolled')).toContainText('Enrolled');
  await shot(page, info, 'bigscreen-1920-en');

  // The wall of every study the manager administers.
  await page.goto('/bigscreen/all');
  await expect(page.getByTestId(`wall-project-${CODE}-enrolled-value`)).toHaveText(String(before + 1));
  await shot(page, info, 'bigscreen-all-en');
});

test('the analytics page draws each indicator and offers the targets to the study manager, in both languages', async ({ page, request }, info) => {
  await study(request);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page);
  await page.goto('/analytics/indicators');
  await expect(page.getByTestId('card-enrolment')).toBeVisible();
  await expect(page.getByTestId('targets-open')).toBeVisible();
  await expect(page.getByTestId('card-enrolment-chart').locator('canvas').first()).toBeVisible();
  // The distribution picker lists the numeric fields of the published design.
  await choose(page, page.getByTestId('distribution-field'), '体重');
  await expect(page.getByTestId('card-distribution')).toContainText('体重 (kg)');
  await shot(page, info, 'analytics-zh');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('card-enrolment')).toContainText('Enrolment against target');
  await shot(page, info, 'analytics-en');
});
