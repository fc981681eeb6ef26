import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

/**
 * Record import (spec 000 §2.2 data import list and detail; docs/decisions.md "Record import"): an importer
 * uploads a sheet of demographics for the study's subjects, reads the dry run's report of a value that is not
 * an option, uploads the fixed sheet again from the report, gives the reason for changing a saved value and
 * applies it; the result and the panel's new values follow, in both languages.
 *
 * The study is prepared through the API: a project in internal test with one panel published to test, one
 * site, a subject with a saved value and an importer with the import right.
 */

const CODE = 'E2E-IMP';
const PASSWORD = 'E2e#Import2026ok';
const FIRST_PASSWORD = 'E2e#Import2026first';
const IMPORTER = { username: 'import.user', name: '数据导入员小孙', nameEn: 'Sun (importer)' };

const PANEL = [
  {
    type: 'input',
    key: 'INITIALS',
    model: 'INITIALS',
    name: '姓名缩写',
    nameEn: 'Initials',
    labelCol: 8,
    wrapperCol: 16,
    disabled: false,
    options: { placeholder: '', dataType: 'string', maxlength: 64, allowClear: true, required: false },
    rules: [{ type: 'string', message: '格式不正确', messageEn: 'Format incorrect' }],
  },
  {
    type: 'radio',
    key: 'SEX',
    model: 'SEX',
    name: '性别',
    nameEn: 'Sex',
    labelCol: 8,
    wrapperCol: 16,
    disabled: false,
    options: {
      options: [
        { key: '1', value: '1', label: '男', labelEn: 'Male' },
        { key: '2', value: '2', label: '女', labelEn: 'Female' },
      ],
      required: false,
    },
    rules: [],
  },
];

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

async function call(request: APIRequestContext, token: string | null, method: 'GET' | 'POST', url: string, data?: unknown): Promise<unknown> {
  const headers: Record<string, string> = token ? { Token: token } : {};
  const reply = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  const body = (await reply.json()) as Envelope;
  expect(body.code, `${method} ${url}: ${body.msg} ${JSON.stringify(body.data)}`).toBe(0);
  return body.data;
}

async function login(request: APIRequestContext, username: string, password: string): Promise<{ token: string; mustChangePassword: boolean }> {
  const reply = await request.post('/dcap/login', { form: { username, password } });
  const body = (await reply.json()) as Envelope;
  expect(body.code, `sign-in of ${username}: ${body.msg}`).toBe(0);
  const data = body.data as { token: string; user: { mustChangePassword?: boolean } };
  return { token: data.token, mustChangePassword: data.user.mustChangePassword === true };
}

const idOf = (data: unknown) => (data as { id: number }).id;

/** A user past the first-sign-in change. */
async function user(request: APIRequestContext, admin: string, who: { username: string; name: string; nameEn: string }, flags: Record<string, unknown> = {}): Promise<number> {
  const created = (await call(request, admin, 'POST', '/dcap/sys/user/save', { ...who, password: FIRST_PASSWORD, ...flags })) as { user: { id: number } };
  const first = await login(request, who.username, FIRST_PASSWORD);
  if (first.mustChangePassword) await call(request, first.token, 'POST', '/dcap/sys/user/password', { oldPassword: FIRST_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
  return created.user.id;
}

/** The study, its subject's platform number and the panel instance of its screening visit. */
async function study(request: APIRequestContext): Promise<{ subjectNo: string; panelInstanceId: number; enter: (token: string) => Promise<void> }> {
  const admin = (await login(request, ADMIN.username, ADMIN.password)).token;
  const pmName = 'import.pm';
  await user(request, admin, { username: pmName, name: '项目经理小周', nameEn: 'Zhou (PM)' }, { projectAdmin: true });
  const pm = (await login(request, pmName, PASSWORD)).token;
  const projectId = idOf(await call(request, pm, 'POST', '/dcap/project/apply', { code: CODE, name: '端到端数据导入研究', eName: 'E2E record import study' }));
  await call(request, pm, 'GET', `/dcap/project/nextStep/${String(projectId)}/0`);
  await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
  await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/dev');
  const instrumentId = idOf(await call(request, pm, 'POST', '/dcap/project/instrument/save', { projectId, name: '人口学资料', nameEn: 'Demographics', nameAbbr: 'DM' }));
  await call(request, pm, 'POST', '/dcap/project/field/saveAllCfg', { instrumentId, list: PANEL, config: { labelWidth: 8, labelPosition: 'right' } });
  const eventId = idOf(await call(request, pm, 'POST', '/dcap/project/event/save', { projectId, name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }));
  await call(request, pm, 'POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId, instrumentId }] });
  await call(request, pm, 'POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'E2E' });
  const unitId = idOf(await call(request, admin, 'POST', '/dcap/sys/unit/save', { code: 'E2E-IMP-U', name: '导入测试医院', eName: 'Import hospital' }));
  const siteId = idOf(await call(request, pm, 'POST', '/dcap/projectSite/save', { projectId, unitId, code: 'I01' }));
  const roleId = idOf(await call(request, pm, 'POST', '/dcap/projectRole/saveRole', { projectId, alias: 'IMP', institutionIds: [siteId], dataEntryRights: true, import: true }));
  const importerId = await user(request, admin, IMPORTER);
  await call(request, pm, 'POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId, userIds: [importerId] });
  await call(request, pm, 'POST', '/dcap/project/applyAuditConfig', { projectId });
  await call(request, admin, 'POST', '/dcap/project/saConfirmConfig', { projectId });

  const token = (await login(request, IMPORTER.username, PASSWORD)).token;
  await call(request, token, 'GET', `/dcap/project/store/${String(projectId)}`);
  await call(request, token, 'GET', `/dcap/projectRole/store/${String(roleId)}`);
  await call(request, token, 'GET', '/dcap/projectEnv/selectEnv/uat');
  const subject = (await call(request, token, 'POST', '/dcap/subject/save', { siteId, name: '导入受试者', initials: 'DRS', confirmDuplicate: true })) as { id: number; platformNo: string };
  const schedule = (await call(request, token, 'GET', `/dcap/schedule/subject/${String(subject.id)}`)) as { panels: { panelInstanceId: number; instrumentId: number }[] };
  const panelInstanceId = schedule.panels.find((panel) => panel.instrumentId === instrumentId)?.panelInstanceId ?? 0;
  const panel = (await call(request, token, 'GET', `/dcap/project/recordDataManage/panel/${String(panelInstanceId)}`)) as { version: number; values: Record<string, unknown> };
  await call(request, token, 'POST', '/dcap/project/recordDataManage/save', { panelInstanceId, version: panel.version, values: { ...panel.values, INITIALS: 'AB' }, reasons: {} });
  const enter = async (own: string) => {
    await call(request, own, 'GET', `/dcap/project/store/${String(projectId)}`);
    await call(request, own, 'GET', `/dcap/projectRole/store/${String(roleId)}`);
    await call(request, own, 'GET', '/dcap/projectEnv/selectEnv/uat');
  };
  return { subjectNo: subject.platformNo, panelInstanceId, enter };
}

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.mouse.move(0, 400);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  if (process.env.E2E_DATABASE_URL) return;
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

async function inLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('pro__app_language', value), language);
  await page.reload();
}

test('an importer fixes the dry run’s error and applies the sheet, all or nothing', async ({ page, request }, info) => {
  const { subjectNo, panelInstanceId, enter } = await study(request);
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(IMPORTER.username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('project-code')).toContainText(CODE);

  await page.goto('/import/importList');
  await expect(page.getByTestId('import-list-page')).toBeVisible();
  await page.getByTestId('import-instrument').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'DM' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'demographics.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['受试者编号', '访视', '姓名缩写', '性别'],
      [subjectNo, '筛选期', 'XY', '3'],
    ]),
  });
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('“3”不是可选项');
  await expect(page.getByTestId('import-report-summary')).toContainText('1 行有错误');
  await expect(page.getByTestId('import-apply')).toHaveCount(0);
  await shot(page, info, 'import-dry-run-zh-CN');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('import-report')).toContainText('“3” is not one of the options');
  await shot(page, info, 'import-dry-run-en-US');

  // The fixed sheet, uploaded again from the report: a new task, checked without errors.
  await page.locator('input[type=file]').setInputFiles({ name: 'demographics-fixed.csv', mimeType: 'text/csv', buffer: csv([['Subject', 'Visit', 'Initials', 'Sex'], [subjectNo, 'Screening', 'XY', 'Female']]) });
  await expect(page.getByTestId('import-report-summary')).toContainText('All 1 rows passed the check; 2 values will change.');
  await expect(page.getByTestId('import-reason')).toContainText('The import changes 1 saved values');
  await page.getByTestId('import-reason-code').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Transcription error' }).click();
  await page.getByTestId('import-apply').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('import-result')).toContainText('Imported: 1 rows written, 2 values changed.');
  await expect(page.getByTestId('import-status')).toContainText('Imported');
  await shot(page, info, 'import-applied-en-US');

  await inLanguage(page, 'zh-CN');
  await expect(page.getByTestId('import-result')).toContainText('导入完成：写入 1 行，修改 2 个值。');
  await page.goto('/import/importList');
  await expect(page.getByTestId('import-table')).toContainText('已导入');
  await expect(page.getByTestId('import-table')).toContainText('demographics.csv');
  await shot(page, info, 'import-list-zh-CN');

  // The panel holds the imported values.
  const token = (await login(request, IMPORTER.username, PASSWORD)).token;
  await enter(token);
  const panel = (await call(request, token, 'GET', `/dcap/project/recordDataManage/panel/${String(panelInstanceId)}`)) as { values: Record<string, unknown> };
  expect(panel.values).toMatchObject({ INITIALS: 'XY', SEX: '2' });
});
