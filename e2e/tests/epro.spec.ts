import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, idOf, inputOf, login, session, shot } from './journey-api.js';

/**
 * Subject questionnaires (spec 002 §2, §4; docs/decisions.md "Subject questionnaires"): a coordinator makes a
 * questionnaire link on a subject's panel and sends it by e-mail; the subject opens it on a phone, without
 * an account, reads it in both languages, fills it in and submits; the coordinator sees it arrive (entered,
 * the values on the panel) and the audit trail names the subject.
 *
 * The study is prepared through the API: a project in internal test with one panel (height, weight and the
 * BMI formula) published to test at one site, a coordinator who may enter data there, and one subject.
 */

const CODE = 'E2E-EPRO';
const PASSWORD = 'E2e#Epro2026ok';
const FIRST_PASSWORD = 'E2e#Epro2026first';
const COORDINATOR = { username: 'epro.crc', name: '问卷协调员', nameEn: 'Questionnaire CRC' };
const SUBJECT_INITIALS = 'WJS';
const SUBJECT_EMAIL = 'wjs@example.org';

const DESIGN = JSON.parse(fs.readFileSync(new URL('./data-entry.design.json', import.meta.url), 'utf8')) as { list: { model: string; type: string }[]; config: unknown };
/** Height, weight and BMI only: a panel a subject may fill (no tables needed here). */
const LIST = DESIGN.list.filter((widget) => widget.type !== 'table');

interface Ids {
  projectId: number;
  roleId: number;
  subjectId: number;
  platformNo: string;
  panelInstanceId: number;
}

async function study(request: APIRequestContext): Promise<Ids> {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const list = (await call(request, admin, 'GET', '/dcap/project/list?filter=all')) as { id: number; code: string }[];
  const pmName = 'epro.pm';
  let projectId = list.find((project) => project.code === CODE)?.id;
  if (projectId === undefined) {
    await call(request, admin, 'POST', '/dcap/sys/user/save', { username: pmName, name: '问卷项目经理', nameEn: 'Questionnaire PM', password: FIRST_PASSWORD, projectAdmin: true });
    const first = await login(request, pmName, FIRST_PASSWORD);
    if (first.mustChangePassword) await call(request, first.token, 'POST', '/dcap/sys/user/password', { oldPassword: FIRST_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    const pm = await session(request, pmName, PASSWORD);
    projectId = idOf(await call(request, pm, 'POST', '/dcap/project/apply', { code: CODE, name: '端到端问卷研究', eName: 'E2E questionnaire study' }));
    await call(request, pm, 'GET', `/dcap/project/nextStep/${String(projectId)}/0`);
    await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
    await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/dev');
    const instrumentId = idOf(await call(request, pm, 'POST', '/dcap/project/instrument/save', { projectId, name: '体格问卷', nameEn: 'Body questionnaire', nameAbbr: 'PRO' }));
    await call(request, pm, 'POST', '/dcap/project/field/saveAllCfg', { instrumentId, list: LIST, config: DESIGN.config });
    const eventId = idOf(await call(request, pm, 'POST', '/dcap/project/event/save', { projectId, name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }));
    await call(request, pm, 'POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId, instrumentId }] });
    await call(request, pm, 'POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'E2E questionnaire' });
    const unitId = idOf(await call(request, admin, 'POST', '/dcap/sys/unit/save', { code: 'E2E-EPRO-U', name: '问卷医院', eName: 'Questionnaire hospital' }));
    const siteId = idOf(await call(request, pm, 'POST', '/dcap/projectSite/save', { projectId, unitId, code: 'Q01' }));
    const roleId = idOf(await call(request, pm, 'POST', '/dcap/projectRole/saveRole', { projectId, alias: 'QCRC', institutionIds: [siteId], dataEntryRights: true, answerQuery: true }));
    const created = (await call(request, admin, 'POST', '/dcap/sys/user/save', { ...COORDINATOR, password: FIRST_PASSWORD })) as { user: { id: number } };
    await call(request, pm, 'POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId, userIds: [created.user.id] });
    const crcFirst = await login(request, COORDINATOR.username, FIRST_PASSWORD);
    if (crcFirst.mustChangePassword) await call(request, crcFirst.token, 'POST', '/dcap/sys/user/password', { oldPassword: FIRST_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    await call(request, pm, 'POST', '/dcap/project/applyAuditConfig', { projectId });
    await call(request, admin, 'POST', '/dcap/project/saConfirmConfig', { projectId });
  }
  const pm = await session(request, pmName, PASSWORD);
  const roles = (await call(request, pm, 'GET', `/dcap/projectRole/list/${String(projectId)}`)) as { id: number; alias: string }[];
  const roleId = roles.find((role) => role.alias === 'QCRC')?.id ?? 0;
  const crc = await session(request, COORDINATOR.username, PASSWORD);
  await call(request, crc, 'GET', `/dcap/project/store/${String(projectId)}`);
  await call(request, crc, 'GET', `/dcap/projectRole/store/${String(roleId)}`);
  await call(request, crc, 'GET', '/dcap/projectEnv/selectEnv/uat');
  const sites = (await call(request, pm, 'POST', '/dcap/projectSite/list', { projectId })) as { id: number; code: string }[];
  const siteId = sites.find((site) => site.code === 'Q01')?.id ?? 0;
  const find = async () =>
    ((await call(request, crc, 'POST', '/dcap/subject/list', { initials: SUBJECT_INITIALS })) as { list: { id: number; initials: string | null; platformNo: string }[] }).list.find(
      (row) => row.initials === SUBJECT_INITIALS,
    );
  let subject = await find();
  if (!subject) {
    await call(request, crc, 'POST', '/dcap/subject/save', { siteId, name: '问卷受试者', initials: SUBJECT_INITIALS, email: SUBJECT_EMAIL, confirmDuplicate: true });
    subject = await find();
  }
  expect(subject, 'the subject exists').toBeDefined();
  const schedule = (await call(request, crc, 'GET', `/dcap/schedule/subject/${String(subject?.id)}`)) as { panels: { panelInstanceId: number }[] };
  return { projectId, roleId, subjectId: subject?.id ?? 0, platformNo: subject?.platformNo ?? '', panelInstanceId: schedule.panels[0]?.panelInstanceId ?? 0 };
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(COORDINATOR.username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('project-code')).toContainText(CODE);
}

test('a coordinator sends a questionnaire link, the subject fills it in on a phone, and it arrives audited as the subject', async ({ page, browser, request }, info) => {
  const ids = await study(request);
  await signIn(page);
  await page.goto(`/survey/subject/${String(ids.subjectId)}/panel/${String(ids.panelInstanceId)}`);
  await expect(page.getByTestId('panel-entry')).toBeVisible();

  // The coordinator makes a panel link in Chinese and sends it to the subject's e-mail, prefilled.
  await page.getByTestId('panel-survey-link').click();
  await page.getByTestId('survey-link-create').click();
  const share = page.getByTestId('survey-link-share');
  await expect(share).toBeVisible();
  await expect(page.getByTestId('survey-link-qr')).toBeVisible();
  const url = await page.getByTestId('survey-link-url').inputValue();
  expect(url).toMatch(/\/epro\/[A-Za-z0-9_-]{43}\?lang=zh-CN$/);
  await expect(share.locator('input[type=email]')).toHaveValue(SUBJECT_EMAIL);
  await shot(page, info, 'link-created-zh-CN');
  await page.getByTestId('survey-send-email').click();
  await expect(page.getByTestId('survey-send-state').first()).toContainText('发送中');
  await page.getByTestId('survey-link-done').click();
  await expect(page.getByTestId('survey-send-state').first()).toContainText('邮件');
  await expect(page.getByTestId('survey-entry-state').first()).toContainText('未录入');

  // The subject opens the link on a phone, with no account, and reads it in both languages.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  const subjectPage = await phone.newPage();
  await subjectPage.goto(url);
  await expect(subjectPage.getByTestId('survey-page')).toBeVisible();
  await expect(subjectPage.getByTestId('survey-title')).toContainText('端到端问卷研究');
  await expect(subjectPage.getByTestId('survey-panel')).toContainText('体格问卷');
  await expect(subjectPage.getByTestId('panel-status')).toHaveCount(0);
  await shot(subjectPage, info, 'survey-phone-zh-CN');
  await subjectPage.getByTestId('survey-lang-en-US').click();
  await expect(subjectPage.getByTestId('survey-title')).toContainText('E2E questionnaire study');
  await expect(subjectPage.getByTestId('survey-panel')).toContainText('Body questionnaire');
  await inputOf(subjectPage.getByTestId('field-HEIGHT')).fill('170');
  await inputOf(subjectPage.getByTestId('field-WEIGHT')).fill('65');
  await expect(subjectPage.getByTestId('computed-BMI')).toHaveValue('22.5');
  await shot(subjectPage, info, 'survey-phone-en-US');
  await subjectPage.getByTestId('survey-submit').click();
  await subjectPage.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(subjectPage.getByTestId('survey-submitted')).toBeVisible();
  await shot(subjectPage, info, 'survey-submitted-en-US');
  // The link is used up: opening it again says so.
  await subjectPage.goto(url);
  await expect(subjectPage.getByTestId('survey-refused')).toContainText('已提交');
  await phone.close();

  // The coordinator sees it arrive: entered, the values on the panel, the subject named in the audit trail.
  await page.reload();
  await expect(page.getByTestId('panel-entry')).toBeVisible();
  await expect(inputOf(page.getByTestId('field-HEIGHT'))).toHaveValue('170.0');
  await expect(page.getByTestId('computed-BMI')).toHaveValue('22.5');
  await expect(page.getByTestId('survey-entry-state').first()).toContainText('已录入');
  await expect(page.getByTestId('survey-validity').first()).toContainText('已提交');
  await shot(page, info, 'panel-entered-zh-CN');
  await page.goto('/survey/alterationLog');
  await expect(page.getByTestId('alteration-table')).toBeVisible();
  await expect(page.getByTestId('audit-subject-actor').first()).toContainText(`受试者 ${ids.platformNo}`);
  await shot(page, info, 'audit-subject-zh-CN');
});
