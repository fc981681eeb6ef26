import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, choose, idOf, inputOf, newUser, session, shot } from './journey-api.js';

/**
 * Balance and iMask from the browser (docs/decisions.md "Randomisation, blinding and supply"): an unblinded
 * statistician designs a stratified block scheme, simulates it, approves it and generates the test list; a
 * blinded site investigator randomises a subject from its page (random number, no arm) and unblinds it in an
 * emergency with re-authentication (arm shown), in Chinese and in English.
 *
 * The study is prepared through the API: a double-blind randomised project in internal test with a published
 * design, one site, a statistician's role (unblind, design) and an investigator's (randomise, data entry). The
 * second step brings the scheme to where it starts through the API when the first step's screens failed.
 */

const CODE = 'E2E-RAND';
const PASSWORD = 'E2e#Rand2026ok';
const FIRST_PASSWORD = 'E2e#Rand2026first';
const SCHEME_NAME = '主方案';
const ARMS = [
  { code: 'ACT', name: '试验药', nameEn: 'Active drug' },
  { code: 'PBO', name: '安慰剂', nameEn: 'Placebo' },
];
const SEX = { code: 'SEX', name: '性别', nameEn: 'Sex', options: [{ code: 'M', label: '男', labelEn: 'Male' }, { code: 'F', label: '女', labelEn: 'Female' }] };

const DESIGN = JSON.parse(fs.readFileSync(new URL('./data-entry.design.json', import.meta.url), 'utf8')) as { list: unknown[]; config: unknown };

type Role = 'statistician' | 'investigator';
const USERS: Record<Role, { username: string; name: string; nameEn: string; alias: string }> = {
  statistician: { username: 'rand.stat', name: '统计师小孙', nameEn: 'Sun (statistician)', alias: 'STAT' },
  investigator: { username: 'rand.pi', name: '研究者周医生', nameEn: 'Dr Zhou (PI)', alias: 'RPI' },
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
  const pmName = 'rand.pm';
  let projectId = list.find((project) => project.code === CODE)?.id;
  if (projectId === undefined) {
    await newUser(request, admin, { username: pmName, name: '项目经理小吴', nameEn: 'Wu (PM)', projectAdmin: true }, { first: FIRST_PASSWORD, then: PASSWORD });
    const pm = await session(request, pmName, PASSWORD);
    projectId = idOf(
      await call(request, pm, 'POST', '/dcap/project/apply', {
        code: CODE,
        name: '端到端随机研究',
        eName: 'E2E randomised study',
        blindMethod: 'D',
        groupScheme: 'PROJECT_GROUP_SCHEME_RAND',
        application: ['dCap', 'Balance', 'iMask'],
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
    const unitId = idOf(await call(request, admin, 'POST', '/dcap/sys/unit/save', { code: 'E2E-RAND-U', name: '随机研究医院', eName: 'Randomisation hospital' }));
    const siteId = idOf(await call(request, pm, 'POST', '/dcap/projectSite/save', { projectId, unitId, code: 'R01' }));
    const role = async (body: Record<string, unknown>) => idOf(await call(request, pm, 'POST', '/dcap/projectRole/saveRole', { projectId, ...body }));
    const roles: Record<Role, number> = {
      statistician: await role({ alias: USERS.statistician.alias, institutionIds: 'all', unblind: true, projectDesignAndSetup: true }),
      investigator: await role({ alias: USERS.investigator.alias, institutionIds: [siteId], randomise: true, dataEntryRights: true }),
    };
    for (const key of Object.keys(USERS) as Role[]) {
      const { alias: _alias, ...user } = USERS[key];
      const userId = await newUser(request, admin, user, { first: FIRST_PASSWORD, then: PASSWORD });
      await call(request, pm, 'POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId: roles[key], userIds: [userId] });
    }
    await call(request, pm, 'POST', '/dcap/project/applyAuditConfig', { projectId });
    await call(request, admin, 'POST', '/dcap/project/saConfirmConfig', { projectId });
  }
  const pm = await session(request, pmName, PASSWORD);
  await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
  const sites = (await call(request, pm, 'POST', '/dcap/projectSite/list', { projectId })) as { id: number; code: string }[];
  const roleRows = (await call(request, pm, 'GET', `/dcap/projectRole/list/${String(projectId)}`)) as { id: number; alias: string }[];
  const roles = Object.fromEntries((Object.keys(USERS) as Role[]).map((key) => [key, roleRows.find((row) => row.alias === USERS[key].alias)?.id ?? 0])) as Record<Role, number>;
  return { projectId, siteId: sites.find((site) => site.code === 'R01')?.id ?? 0, roles };
}

/** A person's session in the study under their role and in the test environment, as the shell does. */
async function tokenOf(request: APIRequestContext, ids: StudyIds, role: Role): Promise<string> {
  const token = await session(request, USERS[role].username, PASSWORD);
  await call(request, token, 'GET', `/dcap/project/store/${String(ids.projectId)}`);
  await call(request, token, 'GET', `/dcap/projectRole/store/${String(ids.roles[role])}`);
  await call(request, token, 'GET', '/dcap/projectEnv/selectEnv/uat');
  return token;
}

interface SchemeRow {
  id: number;
  name: string;
  status: string;
  version: number;
}

/** Where the second step starts: the scheme approved with a test list (through the API when step 1 failed). */
async function approvedScheme(request: APIRequestContext, ids: StudyIds): Promise<void> {
  const token = await tokenOf(request, ids, 'statistician');
  const schemes = (await call(request, token, 'GET', '/dcap/balance/scheme/list')) as SchemeRow[];
  let scheme = schemes.find((row) => row.status === 'approved');
  if (!scheme) {
    const draft = schemes.find((row) => row.status === 'draft');
    scheme = (await call(request, token, 'POST', '/dcap/balance/scheme/save', {
      ...(draft ? { id: draft.id, version: draft.version } : {}),
      name: SCHEME_NAME,
      settings: { scheme: { method: 'stratifiedBlocks', arms: ARMS.map((arm) => ({ ...arm, ratio: 1 })), blockSizes: [4], stratifyBySite: true, factors: [SEX], tableSize: 20 }, treatmentPhase: '治疗期' },
    })) as SchemeRow;
    await call(request, token, 'POST', '/dcap/balance/scheme/simulate', { id: scheme.id, trials: 50, subjectsPerTrial: 40 });
    scheme = (await call(request, token, 'POST', '/dcap/balance/scheme/approve', { id: scheme.id, version: scheme.version })) as SchemeRow;
  }
  const tables = (await call(request, token, 'GET', `/dcap/balance/table/list?schemeId=${String(scheme.id)}`)) as { kind: string; status: string }[];
  if (!tables.some((table) => table.kind === 'test' && table.status === 'active')) await call(request, token, 'POST', '/dcap/balance/table/generate', { schemeId: scheme.id, kind: 'test' });
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

test('an unblinded statistician designs a stratified block scheme, simulates it, approves it and generates the test list', async ({ page, request }, info) => {
  const ids = await study(request);
  await tokenOf(request, ids, 'statistician');
  await signIn(page, 'statistician');
  // The app switcher opens Balance on its landing, which leads to the scheme list.
  await page.getByTestId('app-Balance').click();
  await expect(page).toHaveURL(/\/balance\/schemes$/);
  await expect(page.getByTestId('scheme-list')).toContainText('随机化方案');
  await page.getByTestId('scheme-new').click();

  await inputOf(page.getByTestId('scheme-name')).fill(SCHEME_NAME);
  await inputOf(page.getByTestId('scheme-treatment-phase')).fill('治疗期');
  for (const [index, arm] of ARMS.entries()) {
    await inputOf(page.getByTestId(`arm-code-${String(index)}`)).fill(arm.code);
    await inputOf(page.getByTestId(`arm-name-${String(index)}`)).fill(arm.name);
    await inputOf(page.getByTestId(`arm-name-en-${String(index)}`)).fill(arm.nameEn);
  }
  // Core's rule is shown before anything is sent: a block of 3 is no multiple of 1 + 1.
  await inputOf(page.getByTestId('block-size-0')).fill('3');
  await page.getByTestId('factor-add').click();
  await inputOf(page.getByTestId('factor-code-0')).fill(SEX.code);
  await inputOf(page.getByTestId('factor-name-0')).fill(SEX.name);
  await inputOf(page.getByTestId('factor-name-en-0')).fill(SEX.nameEn);
  for (const [index, option] of SEX.options.entries()) {
    await inputOf(page.getByTestId(`option-code-0-${String(index)}`)).fill(option.code);
    await inputOf(page.getByTestId(`option-label-0-${String(index)}`)).fill(option.label);
    await inputOf(page.getByTestId(`option-label-en-0-${String(index)}`)).fill(option.labelEn);
  }
  await page.getByTestId('scheme-save').click();
  await expect(page.getByTestId('scheme-problems')).toContainText('须为各组比例之和 2 的整数倍');
  await inputOf(page.getByTestId('block-size-0')).fill('4');
  await page.getByTestId('scheme-save').click();
  await expect(page).toHaveURL(/\/balance\/schemes\/\d+$/);
  await expect(page.getByTestId('scheme-status')).toHaveText('草稿');
  await expect(page.getByTestId('scheme-approve')).toBeDisabled();

  await page.getByRole('tab', { name: '模拟' }).click();
  await inputOf(page.getByTestId('simulation-trials')).fill('200');
  await inputOf(page.getByTestId('simulation-subjects')).fill('100');
  await page.getByTestId('simulation-run').click();
  await expect(page.getByTestId('simulation-histogram').locator('canvas, svg').first()).toBeVisible();
  await expect(page.getByTestId('simulation-levels').locator('canvas, svg').first()).toBeVisible();
  await expect(page.getByTestId('simulation-summary')).toContainText('200 次试验 × 100 名受试者');
  await shot(page, info, 'balance-designer-simulation-zh-CN');

  await toEnglish(page);
  await expect(page.getByTestId('simulation-summary')).toContainText('200 trials × 100 subjects');
  await expect(page.getByRole('tab', { name: 'Simulation' })).toBeVisible();
  await expect(page.getByTestId('simulation-levels').locator('canvas, svg').first()).toBeVisible();
  await shot(page, info, 'balance-designer-simulation-en-US');

  await page.getByTestId('scheme-approve').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('scheme-status')).toHaveText('Approved');
  await page.getByRole('tab', { name: 'Lists' }).click();
  await page.getByTestId('table-generate-test').click();
  const row = page.getByTestId('tables-list').locator('tbody tr').filter({ hasText: 'Test list' });
  await expect(row).toContainText('Generated');
  await row.getByRole('button', { name: 'Random numbers' }).click();
  await expect(page.getByTestId('slots-table')).toContainText('R01|SEX:');
  await shot(page, info, 'balance-tables-en-US');
});

test('a blinded investigator randomises a subject from its page and unblinds it in an emergency with re-authentication', async ({ page, request }, info) => {
  const ids = await study(request);
  await approvedScheme(request, ids);
  const token = await tokenOf(request, ids, 'investigator');
  const subject = idOf(await call(request, token, 'POST', '/dcap/subject/save', { siteId: ids.siteId, name: '随机受试者', initials: 'SJ', confirmDuplicate: true }));

  await signIn(page, 'investigator');
  await page.goto(`/survey/subject/${String(subject)}`);
  await page.getByTestId('subject-randomise').click();
  const dialog = page.getByTestId('randomise-dialog');
  await expect(dialog).toContainText('随机受试者');
  await choose(page, dialog.getByTestId('randomise-factor-SEX'), '女');
  await shot(page, info, 'subject-randomise-dialog-zh-CN');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await toEnglish(page);
  await page.getByTestId('subject-randomise').click();
  await expect(dialog).toContainText('Randomise the subject');
  await choose(page, dialog.getByTestId('randomise-factor-SEX'), 'Female');
  await inputOf(dialog.getByTestId('randomise-first-drug')).fill('KIT-0001');
  await shot(page, info, 'subject-randomise-dialog-en-US');
  await dialog.getByTestId('randomise-submit').click();
  await expect(page.getByTestId('randomise-random-no')).toHaveText(/^R\d{4}$/);
  const randomNo = await page.getByTestId('randomise-random-no').textContent();
  // The investigator is blinded: no arm in the answer, nor on the page.
  await expect(page.getByTestId('randomise-arm')).toHaveCount(0);
  await page.getByTestId('randomise-done').click();
  await expect(page.getByTestId('subject-allocation-random-no')).toHaveText(randomNo ?? '');
  await expect(page.getByTestId('subject-allocation-arm')).toHaveCount(0);
  await expect(page.getByTestId('subject-status')).toContainText('Enrolled');

  await page.getByTestId('subject-emergency-unblind').click();
  const reauth = page.getByTestId('reauth-dialog');
  await inputOf(reauth.getByTestId('unblind-reason')).fill('Severe adverse event needs the treatment known');
  await inputOf(reauth.getByTestId('reauth-password')).fill('wrong-password');
  await reauth.getByTestId('reauth-submit').click();
  await expect(reauth.locator('.ant-alert-error')).toBeVisible();
  await inputOf(reauth.getByTestId('reauth-password')).fill(PASSWORD);
  await reauth.getByTestId('reauth-submit').click();
  await expect(page.getByTestId('unblind-arm')).toHaveText(/^(ACT Active drug|PBO Placebo)$/);
  await shot(page, info, 'subject-emergency-unblind-en-US');
  await page.getByTestId('unblind-result-close').click();
  // Whoever unblinded the subject now sees its arm on the page.
  await expect(page.getByTestId('subject-allocation-arm')).toHaveText(/^(ACT Active drug|PBO Placebo)$/);

  // iMask lists the emergency unblinding.
  await page.getByTestId('app-iMask').click();
  await expect(page).toHaveURL(/\/imask\/blindManage\/blindRandomTableTest$/);
  await expect(page.getByTestId('blinding-arms-visible')).toHaveText('No');
  await expect(page.getByTestId('unblinding-list')).toContainText('Severe adverse event needs the treatment known');
});
