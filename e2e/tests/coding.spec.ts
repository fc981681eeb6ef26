import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, idOf, login, newUser, shot } from './journey-api.js';

/**
 * The coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding library"): an administrator
 * uploads a small MedDRA-style dictionary on /sys/coding and sees its import job make it ready; a data manager
 * chooses the adverse-event term field on /survey/coding with that dictionary, finds the term for a captured
 * value by search and codes it, in both languages.
 *
 * The study is prepared through the API: a project in internal test with one panel (a text field) published to
 * test, one site, a data manager (a role handling every query, at every site) and a subject with a saved term.
 */

test.describe.configure({ mode: 'serial' });

const CODE = 'E2E-CODING';
const DICTIONARY = 'E2E MedDRA';
const PASSWORDS = { first: 'E2e#Coding2026first', then: 'E2e#Coding2026ok' };
const MANAGER = { username: 'coding.dm', name: '数据管理员小冯', nameEn: 'Feng (data manager)' };

const MEDDRA_CSV = [
  'code,term,term_en,level,parent_code',
  '10029205,神经系统疾病,Nervous system disorders,SOC,',
  '10019231,头痛,Headaches,HLGT,10029205',
  '10019233,头痛 NEC,Headaches NEC,HLT,10019231',
  '10019211,头痛,Headache,PT,10019233',
  '10019198,头疼,Head pain,LLT,10019211',
  '10027599,偏头痛,Migraine,LLT,10019211',
  '10028813,恶心,Nausea,LLT,10019211',
].join('\r\n');

const PANEL = [
  {
    type: 'input',
    key: 'AETERM',
    model: 'AETERM',
    name: '不良事件名称',
    nameEn: 'Adverse event term',
    labelCol: 8,
    wrapperCol: 16,
    disabled: false,
    options: { placeholder: '', dataType: 'string', maxlength: 200, allowClear: true, required: false },
    rules: [{ type: 'string', message: '格式不正确', messageEn: 'Format incorrect' }],
  },
];

/** The study with its data manager, who saved one adverse-event term for a subject. */
async function study(request: APIRequestContext): Promise<void> {
  const admin = (await login(request, ADMIN.username, ADMIN.password)).token;
  const pmName = 'coding.pm';
  await newUser(request, admin, { username: pmName, name: '项目经理小韩', nameEn: 'Han (PM)', projectAdmin: true }, PASSWORDS);
  const pm = (await login(request, pmName, PASSWORDS.then)).token;
  const projectId = idOf(await call(request, pm, 'POST', '/dcap/project/apply', { code: CODE, name: '端到端医学编码研究', eName: 'E2E medical coding study' }));
  await call(request, pm, 'GET', `/dcap/project/nextStep/${String(projectId)}/0`);
  await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
  await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/dev');
  const instrumentId = idOf(await call(request, pm, 'POST', '/dcap/project/instrument/save', { projectId, name: '不良事件', nameEn: 'Adverse event', nameAbbr: 'AE' }));
  await call(request, pm, 'POST', '/dcap/project/field/saveAllCfg', { instrumentId, list: PANEL, config: { labelWidth: 8, labelPosition: 'right' } });
  const eventId = idOf(await call(request, pm, 'POST', '/dcap/project/event/save', { projectId, name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }));
  await call(request, pm, 'POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId, instrumentId }] });
  await call(request, pm, 'POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'E2E' });
  const unitId = idOf(await call(request, admin, 'POST', '/dcap/sys/unit/save', { code: 'E2E-CODING-U', name: '编码测试医院', eName: 'Coding hospital' }));
  const siteId = idOf(await call(request, pm, 'POST', '/dcap/projectSite/save', { projectId, unitId, code: 'C01' }));
  const roleId = idOf(await call(request, pm, 'POST', '/dcap/projectRole/saveRole', { projectId, alias: 'DM', institutionIds: 'all', dataEntryRights: true, query: true, handleAllQuery: true }));
  const managerId = await newUser(request, admin, MANAGER, PASSWORDS);
  await call(request, pm, 'POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId, userIds: [managerId] });
  await call(request, pm, 'POST', '/dcap/project/applyAuditConfig', { projectId });
  await call(request, admin, 'POST', '/dcap/project/saConfirmConfig', { projectId });

  const token = (await login(request, MANAGER.username, PASSWORDS.then)).token;
  await call(request, token, 'GET', `/dcap/project/store/${String(projectId)}`);
  await call(request, token, 'GET', `/dcap/projectRole/store/${String(roleId)}`);
  await call(request, token, 'GET', '/dcap/projectEnv/selectEnv/uat');
  const subject = (await call(request, token, 'POST', '/dcap/subject/save', { siteId, name: '编码受试者', initials: 'BMS', confirmDuplicate: true })) as { id: number };
  const schedule = (await call(request, token, 'GET', `/dcap/schedule/subject/${String(subject.id)}`)) as { panels: { panelInstanceId: number; instrumentId: number }[] };
  const panelInstanceId = schedule.panels.find((panel) => panel.instrumentId === instrumentId)?.panelInstanceId ?? 0;
  const panel = (await call(request, token, 'GET', `/dcap/project/recordDataManage/panel/${String(panelInstanceId)}`)) as { version: number; values: Record<string, unknown> };
  await call(request, token, 'POST', '/dcap/project/recordDataManage/save', { panelInstanceId, version: panel.version, values: { ...panel.values, AETERM: 'Headache' }, reasons: {} });
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-submit')).toHaveCount(0);
}

async function inLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('pro__app_language', value), language);
  await page.reload();
}

test('an administrator uploads a dictionary and sees its import make it ready', async ({ page }, info) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/sys/coding');
  await expect(page.getByTestId('coding-library-page')).toContainText('编码库');
  await page.getByTestId('coding-upload').click();
  await page.getByTestId('coding-upload-name').fill(DICTIONARY);
  await page.getByTestId('coding-upload-version').fill('26.0');
  await page.getByTestId('coding-upload-language').fill('zh');
  await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'meddra.csv', mimeType: 'text/csv', buffer: Buffer.from(MEDDRA_CSV, 'utf8') });
  await page.getByTestId('coding-upload-ok').click();
  // The upload answers at once; the job imports the terms and the list, asking again while it imports, shows it ready.
  const row = page.getByTestId('coding-dictionary-table').locator('tr', { hasText: DICTIONARY });
  await expect(row.locator('[data-testid^="coding-status-"]')).toHaveText('可用', { timeout: 30_000 });
  await expect(row).toContainText('7');
  await shot(page, info, 'coding-library-zh-CN');

  await inLanguage(page, 'en-US');
  await expect(row.locator('[data-testid^="coding-status-"]')).toHaveText('Ready');
  await row.locator('[data-testid^="coding-browse-"]').click();
  await expect(page.getByTestId('coding-term-table')).toContainText('Nervous system disorders > Headaches > Headaches NEC > Headache');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('coding-term-browser')).toHaveCount(0);
  await shot(page, info, 'coding-library-en-US');

  // A file with a bad row is refused whole by the job: the upload shows failed, with its rows' problems.
  await page.getByTestId('coding-upload').click();
  await page.getByTestId('coding-upload-name').fill('E2E refused');
  await page.getByTestId('coding-upload-version').fill('1');
  await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('code,term,level,parent_code\r\nS1,Soc,SOC,\r\nP1,Pt,PT,NOPE\r\n', 'utf8') });
  await page.getByTestId('coding-upload-ok').click();
  const refused = page.getByTestId('coding-dictionary-table').locator('tr', { hasText: 'E2E refused' });
  await expect(refused.locator('[data-testid^="coding-status-"]')).toContainText('Failed', { timeout: 30_000 });
  await refused.locator('[data-testid^="coding-problems-"]').click();
  await expect(page.getByTestId('coding-problem-list')).toContainText('Row 3 parent_code: Parent code NOPE is not in the dictionary');
  await shot(page, info, 'coding-problems-en-US');
  await inLanguage(page, 'zh-CN');
  await refused.locator('[data-testid^="coding-problems-"]').click();
  await expect(page.getByTestId('coding-problem-list')).toContainText('第 3 行 parent_code: 上级编码 NOPE 不在词典中');
  await shot(page, info, 'coding-problems-zh-CN');
});

test('a data manager chooses a text field for coding and codes a captured value by searching the dictionary', async ({ page, request }, info) => {
  await study(request);
  await signIn(page, MANAGER.username, PASSWORDS.then);
  await expect(page.getByTestId('project-code')).toContainText(CODE);
  await page.goto('/survey/coding');
  await expect(page.getByTestId('coding-no-fields')).toBeVisible();
  await page.getByTestId('coding-configure').click();
  const fields = page.getByTestId('coding-fields');
  await fields.getByTestId('coding-field-candidate').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '不良事件名称' }).first().click();
  await fields.getByTestId('coding-field-new-dictionary').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: DICTIONARY }).first().click();
  await fields.getByTestId('coding-field-add').click();
  await expect(fields).toContainText(DICTIONARY);
  await page.keyboard.press('Escape');
  await expect(fields).toHaveCount(0);

  const table = page.getByTestId('coding-value-table');
  await expect(table).toContainText('Headache');
  await expect(table.getByTestId('coding-state-uncoded')).toHaveText('未编码');
  await table.locator('[data-testid^="coding-code-"]').first().click();
  const modal = page.getByTestId('coding-code-modal');
  const text = modal.getByTestId('coding-term-text').locator('xpath=self::input | .//input').first();
  await text.fill('头痛');
  await modal.getByTestId('coding-term-search').click();
  await expect(modal.getByTestId('coding-term-table')).toContainText('偏头痛');
  await shot(page, info, 'coding-search-zh-CN');
  await modal.getByTestId('coding-pick-10019211').click();
  await expect(modal).toHaveCount(0);
  await expect(table.getByTestId('coding-state-coded')).toHaveText('已编码');
  await expect(table).toContainText('10019211');
  await shot(page, info, 'coding-values-zh-CN');

  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('coding-value-table').getByTestId('coding-state-coded')).toHaveText('Coded');
  await expect(page.getByTestId('coding-value-table')).toContainText('Headache');
  await shot(page, info, 'coding-values-en-US');
});
