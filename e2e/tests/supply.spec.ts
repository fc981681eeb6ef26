import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, choose, idOf, inputOf, newUser, session, shot } from './journey-api.js';

/**
 * iSupply from the browser (docs/decisions.md "Drug supply"): an unblinded supply manager finds the drug plan
 * on iSupply's landing, generates a kit list at the depot, ships kits to site A's pharmacy and receives them;
 * a blinded investigator at site A randomises a subject, whose first drug number is a kit of its arm from
 * the pharmacy; the stock falls below the trigger level and a trigger shipment appears in the shipments
 * list; the delivery-centre chart shows the stock, in Chinese and in English.
 *
 * The study is prepared through the API: a double-blind randomised project in internal test with a published
 * design (one screening visit), site A, an approved block scheme with a test list, and the drug plan (a
 * product, one kit type per arm sharing a blinded name, one kit per arm at screening, a depot, site A's
 * pharmacy with a trigger level of 2 per kit type). The second step stocks site A through the API when the
 * first step's screens failed.
 */

const CODE = 'E2E-SUPPLY';
const PASSWORD = 'E2e#Supply2026ok';
const FIRST_PASSWORD = 'E2e#Supply2026first';
const ARMS = [
  { code: 'ACT', name: '试验药', nameEn: 'Active drug' },
  { code: 'PBO', name: '安慰剂', nameEn: 'Placebo' },
];
const KIT_TYPES = [
  { code: 'ACT-K', arm: 'ACT', name: '试验药盒', nameEn: 'Active kit' },
  { code: 'PBO-K', arm: 'PBO', name: '安慰剂盒', nameEn: 'Placebo kit' },
];
const BLINDED = { blindedName: '研究药盒', blindedNameEn: 'Study kit' };

const DESIGN = JSON.parse(fs.readFileSync(new URL('./data-entry.design.json', import.meta.url), 'utf8')) as { list: unknown[]; config: unknown };

type Role = 'manager' | 'investigator';
const USERS: Record<Role, { username: string; name: string; nameEn: string; alias: string }> = {
  manager: { username: 'sup.mgr', name: '药物管理员小陈', nameEn: 'Chen (supply)', alias: 'SUPM' },
  investigator: { username: 'sup.pi', name: '研究者林医生', nameEn: 'Dr Lin (PI)', alias: 'SUPI' },
};

interface StudyIds {
  projectId: number;
  siteId: number;
  roles: Record<Role, number>;
}

/** The study, made on the first call and found again afterwards. */
async function study(request: APIRequestContext): Promise<StudyIds> {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const list = (await call(request, admin, 'GET', '/dcap/project/list?filter=all')) as { id: number; code: string }[];
  const pmName = 'sup.pm';
  let projectId = list.find((project) => project.code === CODE)?.id;
  if (projectId === undefined) {
    await newUser(request, admin, { username: pmName, name: '项目经理小郑', nameEn: 'Zheng (PM)', projectAdmin: true }, { first: FIRST_PASSWORD, then: PASSWORD });
    const pm = await session(request, pmName, PASSWORD);
    projectId = idOf(
      await call(request, pm, 'POST', '/dcap/project/apply', {
        code: CODE,
        name: '端到端药物管理研究',
        eName: 'E2E drug supply study',
        blindMethod: 'D',
        groupScheme: 'PROJECT_GROUP_SCHEME_RAND',
        application: ['dCap', 'Balance', 'iMask', 'iSupply'],
      }),
    );
    await call(request, pm, 'GET', `/dcap/project/nextStep/${String(projectId)}/0`);
    await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
    await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/dev');
    const instrumentId = idOf(await call(request, pm, 'POST', '/dcap/project/instrument/save', { projectId, name: '基线检查', nameEn: 'Baseline checks', nameAbbr: 'BL' }));
    await call(request, pm, 'POST', '/dcap/project/field/saveAllCfg', { instrumentId, list: DESIGN.list, config: DESIGN.config });
    const eventId = idOf(await call(request, pm, 'POST', '/dcap/project/event/save', { projectId, name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }));
    await call(request, pm, 'POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId, instrumentId }] });
    await call(request, pm, 'POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'E2E' });
    const unitId = idOf(await call(request, admin, 'POST', '/dcap/sys/unit/save', { code: 'E2E-SUP-U', name: '药物研究医院', eName: 'Supply hospital' }));
    const siteId = idOf(await call(request, pm, 'POST', '/dcap/projectSite/save', { projectId, unitId, code: 'A01' }));
    const role = async (body: Record<string, unknown>) => idOf(await call(request, pm, 'POST', '/dcap/projectRole/saveRole', { projectId, ...body }));
    const roles: Record<Role, number> = {
      manager: await role({ alias: USERS.manager.alias, institutionIds: 'all', unblind: true, projectDesignAndSetup: true, drugSupply: true }),
      investigator: await role({ alias: USERS.investigator.alias, institutionIds: [siteId], randomise: true, dataEntryRights: true }),
    };
    for (const key of Object.keys(USERS) as Role[]) {
      const { alias: _alias, ...user } = USERS[key];
      const userId = await newUser(request, admin, user, { first: FIRST_PASSWORD, then: PASSWORD });
      await call(request, pm, 'POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId: roles[key], userIds: [userId] });
    }
    await call(request, pm, 'POST', '/dcap/project/applyAuditConfig', { projectId });
    await call(request, admin, 'POST', '/dcap/project/saConfirmConfig', { projectId });
    const ids = { projectId, siteId, roles };
    await prepare(request, ids, eventId);
    return ids;
  }
  const pm = await session(request, pmName, PASSWORD);
  await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
  const sites = (await call(request, pm, 'POST', '/dcap/projectSite/list', { projectId })) as { id: number; code: string }[];
  const roleRows = (await call(request, pm, 'GET', `/dcap/projectRole/list/${String(projectId)}`)) as { id: number; alias: string }[];
  const roles = Object.fromEntries((Object.keys(USERS) as Role[]).map((key) => [key, roleRows.find((row) => row.alias === USERS[key].alias)?.id ?? 0])) as Record<Role, number>;
  return { projectId, siteId: sites.find((site) => site.code === 'A01')?.id ?? 0, roles };
}

/** A person's session in the study under their role and in the test environment, as the shell does. */
async function tokenOf(request: APIRequestContext, ids: StudyIds, role: Role): Promise<string> {
  const token = await session(request, USERS[role].username, PASSWORD);
  await call(request, token, 'GET', `/dcap/project/store/${String(ids.projectId)}`);
  await call(request, token, 'GET', `/dcap/projectRole/store/${String(ids.roles[role])}`);
  await call(request, token, 'GET', '/dcap/projectEnv/selectEnv/uat');
  return token;
}

/** The approved block scheme with its test list, and the drug plan with site A's resupply settings. */
async function prepare(request: APIRequestContext, ids: StudyIds, eventId: number): Promise<void> {
  const token = await tokenOf(request, ids, 'manager');
  let scheme = (await call(request, token, 'POST', '/dcap/balance/scheme/save', {
    name: '主方案',
    settings: { scheme: { method: 'blocks', arms: ARMS.map((arm) => ({ ...arm, ratio: 1 })), blockSizes: [4], tableSize: 40 }, treatmentPhase: '治疗期' },
  })) as { id: number; version: number };
  await call(request, token, 'POST', '/dcap/balance/scheme/simulate', { id: scheme.id, trials: 20, subjectsPerTrial: 20 });
  scheme = (await call(request, token, 'POST', '/dcap/balance/scheme/approve', { id: scheme.id, version: scheme.version })) as { id: number; version: number };
  await call(request, token, 'POST', '/dcap/balance/table/generate', { schemeId: scheme.id, kind: 'test' });

  const productId = idOf(await call(request, token, 'POST', '/dcap/supply/product/save', { code: 'IP', name: '研究药物片', nameEn: 'Study tablets', dosageForm: 'tablet', strength: '10 mg', unit: 'tablet' }));
  const depotId = idOf(await call(request, token, 'POST', '/dcap/supply/location/save', { kind: 'depot', code: 'D01', name: '中心仓库', nameEn: 'Central depot' }));
  const pharmacyId = idOf(await call(request, token, 'POST', '/dcap/supply/location/save', { kind: 'site', code: 'PA', name: 'A 中心药房', nameEn: 'Site A pharmacy', siteId: ids.siteId, depotId }));
  for (const type of KIT_TYPES) {
    const kitTypeId = idOf(await call(request, token, 'POST', '/dcap/supply/kitType/save', { ...type, ...BLINDED, productId, unitsPerKit: 28 }));
    await call(request, token, 'POST', '/dcap/supply/dosing/save', { eventId, arm: type.arm, lines: [{ kitTypeId, quantity: 1 }] });
    await call(request, token, 'POST', '/dcap/supply/resupply/save', { locationId: pharmacyId, kitTypeId, triggerLevel: 2, targetLevel: 3, predictiveDays: 0 });
  }
}

interface Location {
  id: number;
  kind: string;
}
interface PlanKitType {
  id: number;
}

/** Where the second step starts: two kits of each kit type at site A (through the API when step 1 failed). */
async function stockedSiteA(request: APIRequestContext, ids: StudyIds): Promise<void> {
  const token = await tokenOf(request, ids, 'manager');
  const atSite = (await call(request, token, 'POST', '/dcap/supply/kit/list', { status: 'at_site' })) as { total: number };
  if (atSite.total >= 4) return;
  const locations = (await call(request, token, 'GET', '/dcap/supply/location/list')) as Location[];
  const depot = locations.find((location) => location.kind === 'depot')?.id ?? 0;
  const pharmacy = locations.find((location) => location.kind === 'site')?.id ?? 0;
  const plan = (await call(request, token, 'GET', '/dcap/supply/plan')) as { kitTypes: PlanKitType[] };
  const items = plan.kitTypes.map((type) => ({ kitTypeId: type.id, count: 2 }));
  await call(request, token, 'POST', '/dcap/supply/kit/generate', { depotId: depot, batch: 'API-1', expiresOn: '2099-12-31', prefix: 'SB', items: plan.kitTypes.map((type) => ({ kitTypeId: type.id, count: 10 })) });
  const shipment = idOf(await call(request, token, 'POST', '/dcap/supply/shipment/create', { originId: depot, destinationId: pharmacy, items }));
  await call(request, token, 'POST', '/dcap/supply/shipment/ship', { id: shipment });
  await call(request, token, 'POST', '/dcap/supply/shipment/receive', { id: shipment });
}

async function signIn(page: Page, role: Role): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(USERS[role].username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('project-code')).toContainText(CODE);
}

async function toEnglish(page: Page): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
}

test('a supply manager finds the drug plan, generates a kit list and ships kits to site A, where they are received', async ({ page, request }, info) => {
  const ids = await study(request);
  await tokenOf(request, ids, 'manager');
  await signIn(page, 'manager');
  // The app switcher opens iSupply on its landing, the drug plan, with arms for the unblinded manager.
  await page.getByTestId('app-iSupply').click();
  await expect(page).toHaveURL(/\/isupply\/drugManage\/drugList$/);
  const kitTypes = page.getByTestId('kit-type-table');
  await expect(kitTypes).toContainText('试验药盒');
  await expect(kitTypes).toContainText('组别');
  await expect(page.getByTestId('resupply-table')).toContainText('PA A 中心药房');
  await shot(page, info, 'isupply-drug-list-zh-CN');

  await page.goto('/isupply/drugManage/kits');
  await page.getByTestId('kit-generate').click();
  await choose(page, page.getByTestId('kit-generate-depot'), 'D01');
  await inputOf(page.getByTestId('kit-generate-batch')).fill('B2026');
  await inputOf(page.getByTestId('kit-generate-expires')).fill('2099-12-31');
  await inputOf(page.getByTestId('kit-generate-expires')).press('Enter');
  await inputOf(page.getByTestId('kit-generate-prefix')).fill('SA');
  await choose(page, page.getByTestId('kit-generate-type-0'), '试验药盒');
  await inputOf(page.getByTestId('kit-generate-count-0')).fill('10');
  await page.getByTestId('kit-generate-add-item').click();
  await choose(page, page.getByTestId('kit-generate-type-1'), '安慰剂盒');
  await inputOf(page.getByTestId('kit-generate-count-1')).fill('10');
  await page.getByTestId('kit-generate-submit').click();
  await expect(page.getByTestId('kit-generate-result')).toContainText(/已生成 20 盒：SA\d{6} 至 SA\d{6}/);
  await page.getByTestId('kit-generate-submit').click();
  await expect(page.getByTestId('kit-table')).toContainText('B2026');

  await page.goto('/isupply/shipments');
  await page.getByTestId('shipment-create').click();
  await choose(page, page.getByTestId('shipment-origin'), 'D01');
  await choose(page, page.getByTestId('shipment-destination'), 'PA');
  await choose(page, page.getByTestId('shipment-type-0'), '试验药盒');
  await inputOf(page.getByTestId('shipment-count-0')).fill('2');
  await page.getByRole('button', { name: '添加包装类型' }).click();
  await choose(page, page.getByTestId('shipment-type-1'), '安慰剂盒');
  await inputOf(page.getByTestId('shipment-count-1')).fill('2');
  await page.getByTestId('shipment-create-submit').click();
  const row = page.getByTestId('shipment-table').locator('tbody tr').filter({ hasText: '手动' }).first();
  await expect(row).toContainText('已申请');
  await row.locator('[data-testid^="shipment-ship-"]').click();
  await expect(row).toContainText('已发运');
  await row.locator('[data-testid^="shipment-receive-"]').click();
  await expect(row).toContainText('已接收');
  await expect(row).toContainText('试验药盒 × 2');

  await page.goto('/isupply/monitor');
  await expect(page.getByTestId('stock-chart').locator('canvas, svg').first()).toBeVisible();
  await expect(page.getByTestId('stock-table')).toContainText('PA A 中心药房');
  await shot(page, info, 'isupply-monitor-zh-CN');
  await toEnglish(page);
  await expect(page.getByTestId('stock-table')).toContainText('Active kit');
  await expect(page.getByText('Stock per location')).toBeVisible();
  await shot(page, info, 'isupply-monitor-en-US');
  await page.goto('/isupply/drugManage/drugList');
  await expect(page.getByTestId('kit-type-table')).toContainText('Placebo kit');
  await expect(page.getByTestId('kit-type-table')).toContainText('Arm');
  await shot(page, info, 'isupply-drug-list-en-US');
});

test('a blinded investigator randomises a subject; its first kit comes from site A and the falling stock raises a trigger shipment', async ({ page, request }, info) => {
  const ids = await study(request);
  await stockedSiteA(request, ids);
  const token = await tokenOf(request, ids, 'investigator');
  const subject = idOf(await call(request, token, 'POST', '/dcap/subject/save', { siteId: ids.siteId, name: '发药受试者', initials: 'FY', confirmDuplicate: true }));

  await signIn(page, 'investigator');
  await page.goto(`/survey/subject/${String(subject)}`);
  await page.getByTestId('subject-randomise').click();
  const dialog = page.getByTestId('randomise-dialog');
  await expect(dialog).toContainText('A01-');
  await dialog.getByTestId('randomise-submit').click();
  await expect(page.getByTestId('randomise-random-no')).toHaveText(/^R\d{4}$/);
  await page.getByTestId('randomise-done').click();
  // The first drug number is a kit from site A's pharmacy, filled by the server.
  await expect(page.getByTestId('subject-page')).toContainText(/S[AB]\d{6}/);
  await expect(page.getByTestId('subject-allocation-arm')).toHaveCount(0);

  // Blinded: the investigator sees iSupply with blinded kit names and no arm.
  await page.getByTestId('app-iSupply').click();
  await expect(page).toHaveURL(/\/isupply\/drugManage\/drugList$/);
  await expect(page.getByTestId('supply-blinded')).toBeVisible();
  await expect(page.getByTestId('kit-type-table')).toContainText('研究药盒');
  await expect(page.getByTestId('kit-type-table')).not.toContainText('试验药盒');
  await expect(page.getByTestId('kit-type-table')).not.toContainText('组别');
  await shot(page, info, 'isupply-drug-list-blinded-zh-CN');

  await page.goto('/isupply/shipments');
  const trigger = page.getByTestId('shipment-table').locator('tbody tr').filter({ hasText: '触发补货' }).first();
  await expect(trigger).toContainText('已申请');
  await expect(trigger).toContainText('研究药盒');
  await shot(page, info, 'isupply-shipments-blinded-zh-CN');

  await page.goto('/isupply/monitor');
  await expect(page.getByTestId('stock-chart').locator('canvas, svg').first()).toBeVisible();
  await expect(page.getByTestId('stock-table')).toContainText('研究药盒');
  await expect(page.getByTestId('stock-table')).not.toContainText('试验药盒');
  await shot(page, info, 'isupply-monitor-blinded-zh-CN');
  await toEnglish(page);
  await expect(page.getByTestId('stock-table')).toContainText('Study kit');
  await shot(page, info, 'isupply-monitor-blinded-en-US');
});
