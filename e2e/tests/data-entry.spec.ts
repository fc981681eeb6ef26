import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';
import { call, idOf, inputOf, login, session, shot } from './journey-api.js';

/**
 * Data entry from a subject's enrolment to a locked visit (spec 002): a coordinator adds and enrols a
 * subject and fills a visit panel with a formula, a lab table and a repeatable table; a monitor verifies a
 * field and raises a query; the coordinator answers it; the monitor closes it; the investigator signs the
 * visit in the re-authentication dialog (spec 001 §2.3); the data manager locks it; the alteration log shows
 * all of it, in both languages.
 *
 * The study is prepared through the API (a project in internal test with the design below published to test,
 * one site and one user per role), so the journey does not depend on the demo study. Each step is its own
 * test: a step whose screen fails leaves the next ones to bring the data where they start from through the
 * API, so the report says which screens work. Steps run in order in one worker (playwright.config.ts).
 */

const CODE = 'E2E-DE';
const PASSWORD = 'E2e#Entry2026ok';
/** The meaning the investigator signs with (core workflow/signature.ts SIGNATURE_MEANINGS). */
const SIGN_MEANING = 'responsibility';
const FIRST_PASSWORD = 'E2e#Entry2026first';
const SUBJECT_NAME = '端到端受试者';
const SUBJECT_INITIALS = 'DDS';

/** The visit panel: height, weight and the BMI formula, a blood-routine lab table and a repeatable medication table. */
const DESIGN = JSON.parse(fs.readFileSync(new URL('./data-entry.design.json', import.meta.url), 'utf8')) as {
  list: { key: string; model: string; type: string; options: { columns?: { key: string; refCtrl?: string }[] } }[];
  config: unknown;
};
const LAB = DESIGN.list.find((widget) => widget.type === 'table' && widget.options.columns?.some((column) => column.refCtrl === 'result'));
const LAB_RESULT = LAB?.options.columns?.find((column) => column.refCtrl === 'result')?.key ?? '';

type Role = 'coordinator' | 'monitor' | 'investigator' | 'dataManager';
const USERS: Record<Role, { username: string; name: string; nameEn: string }> = {
  coordinator: { username: 'entry.crc', name: '协调员小陈', nameEn: 'Chen (CRC)' },
  monitor: { username: 'entry.cra', name: '监查员小赵', nameEn: 'Zhao (CRA)' },
  investigator: { username: 'entry.pi', name: '研究者李医生', nameEn: 'Dr Li (PI)' },
  dataManager: { username: 'entry.dm', name: '数据管理员小钱', nameEn: 'Qian (DM)' },
};

/** What the steps share, found again (or made) by every step, so each can start on its own. */
interface StudyIds {
  projectId: number;
  siteId: number;
  eventId: number;
  instrumentId: number;
  roles: Record<Role, number>;
}

const ALIASES: Record<Role, string> = { coordinator: 'CRC', investigator: 'PI', monitor: 'CRA', dataManager: 'DM' };

/** A user with PASSWORD, past the first-sign-in change, in the project under the role, working in test. */
async function member(request: APIRequestContext, admin: string, pm: string, projectId: number, roleId: number, who: (typeof USERS)[Role]): Promise<void> {
  const created = (await call(request, admin, 'POST', '/dcap/sys/user/save', { username: who.username, name: who.name, nameEn: who.nameEn, password: FIRST_PASSWORD })) as {
    user: { id: number };
  };
  await call(request, pm, 'POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId, userIds: [created.user.id] });
  const first = await login(request, who.username, FIRST_PASSWORD);
  if (first.mustChangePassword) {
    await call(request, first.token, 'POST', '/dcap/sys/user/password', { oldPassword: FIRST_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
  }
}

/**
 * The study of the journey, made on the first call: a project moved to internal test (spec 000 §4.3), the
 * visit panel designed in development and published to test, one site, and a role per person.
 */
async function study(request: APIRequestContext): Promise<StudyIds> {
  const admin = await session(request, ADMIN.username, ADMIN.password);
  const list = (await call(request, admin, 'GET', '/dcap/project/list?filter=all')) as { id: number; code: string }[];
  const pmName = 'entry.pm';
  let projectId = list.find((project) => project.code === CODE)?.id;
  if (projectId === undefined) {
    await call(request, admin, 'POST', '/dcap/sys/user/save', { username: pmName, name: '项目经理小王', nameEn: 'Wang (PM)', password: FIRST_PASSWORD, projectAdmin: true });
    const first = await login(request, pmName, FIRST_PASSWORD);
    if (first.mustChangePassword) await call(request, first.token, 'POST', '/dcap/sys/user/password', { oldPassword: FIRST_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    const pm = await session(request, pmName, PASSWORD);
    projectId = idOf(await call(request, pm, 'POST', '/dcap/project/apply', { code: CODE, name: '端到端数据录入研究', eName: 'E2E data-entry study' }));
    await call(request, pm, 'GET', `/dcap/project/nextStep/${String(projectId)}/0`);
    await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
    await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/dev');
    const instrumentId = idOf(await call(request, pm, 'POST', '/dcap/project/instrument/save', { projectId, name: '基线检查', nameEn: 'Baseline checks', nameAbbr: 'BL' }));
    await call(request, pm, 'POST', '/dcap/project/field/saveAllCfg', { instrumentId, list: DESIGN.list, config: DESIGN.config });
    const eventId = idOf(await call(request, pm, 'POST', '/dcap/project/event/save', { projectId, name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }));
    await call(request, pm, 'POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId, instrumentId }] });
    await call(request, pm, 'POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'E2E' });
    const unitId = idOf(await call(request, admin, 'POST', '/dcap/sys/unit/save', { code: 'E2E-DE-U', name: '端到端医院', eName: 'E2E hospital' }));
    const siteId = idOf(await call(request, pm, 'POST', '/dcap/projectSite/save', { projectId, unitId, code: 'D01' }));
    const role = async (body: Record<string, unknown>) => idOf(await call(request, pm, 'POST', '/dcap/projectRole/saveRole', { projectId, ...body }));
    const roles: Record<Role, number> = {
      coordinator: await role({ alias: ALIASES.coordinator, institutionIds: [siteId], dataEntryRights: true, answerQuery: true }),
      investigator: await role({ alias: ALIASES.investigator, institutionIds: [siteId], dataEntryRights: true, locked: true, answerQuery: true }),
      monitor: await role({ alias: ALIASES.monitor, institutionIds: 'all', verify: true, query: true }),
      dataManager: await role({ alias: ALIASES.dataManager, institutionIds: 'all', review: true, freeze: true, locked: true, query: true, handleAllQuery: true }),
    };
    for (const key of Object.keys(USERS) as Role[]) await member(request, admin, pm, projectId, roles[key], USERS[key]);
    await call(request, pm, 'POST', '/dcap/project/applyAuditConfig', { projectId });
    await call(request, admin, 'POST', '/dcap/project/saConfirmConfig', { projectId });
  }
  const pm = await session(request, pmName, PASSWORD);
  await call(request, pm, 'GET', `/dcap/project/store/${String(projectId)}`);
  await call(request, pm, 'GET', '/dcap/projectEnv/selectEnv/uat');
  const sites = (await call(request, pm, 'POST', '/dcap/projectSite/list', { projectId })) as { id: number; code: string }[];
  const siteId = sites.find((site) => site.code === 'D01')?.id ?? 0;
  const instruments = (await call(request, pm, 'GET', `/dcap/project/instrument/list/${String(projectId)}`)) as { id: number; nameAbbr: string }[];
  const events = (await call(request, pm, 'GET', `/dcap/project/event/list/${String(projectId)}`)) as { id: number }[];
  const roleRows = (await call(request, pm, 'GET', `/dcap/projectRole/list/${String(projectId)}`)) as { id: number; alias: string }[];
  const roles = Object.fromEntries((Object.keys(ALIASES) as Role[]).map((key) => [key, roleRows.find((row) => row.alias === ALIASES[key])?.id ?? 0])) as Record<Role, number>;
  return { projectId, siteId, eventId: events[0]?.id ?? 0, instrumentId: instruments.find((i) => i.nameAbbr === 'BL')?.id ?? 0, roles };
}

/** A session of its own for a person, in the study under their role and in the test environment, as the shell does. */
async function tokenOf(request: APIRequestContext, ids: StudyIds, role: Role): Promise<string> {
  const token = await session(request, USERS[role].username, PASSWORD);
  await call(request, token, 'GET', `/dcap/project/store/${String(ids.projectId)}`);
  await call(request, token, 'GET', `/dcap/projectRole/store/${String(ids.roles[role])}`);
  await call(request, token, 'GET', '/dcap/projectEnv/selectEnv/uat');
  return token;
}

interface SubjectRef {
  subjectId: number;
  status: string;
  panelInstanceId: number;
  eventInstanceId: number;
}

/** The journey's subject, if a step made it, with its visit's panel instance. */
async function findSubject(request: APIRequestContext, ids: StudyIds): Promise<SubjectRef | null> {
  const token = await tokenOf(request, ids, 'coordinator');
  const listed = (await call(request, token, 'POST', '/dcap/subject/list', { initials: SUBJECT_INITIALS })) as { list: { id: number; initials: string | null; status: string }[] };
  const subject = listed.list.find((row) => row.initials === SUBJECT_INITIALS);
  if (!subject) return null;
  const schedule = (await call(request, token, 'GET', `/dcap/schedule/subject/${String(subject.id)}`)) as {
    visits: { eventInstanceId: number; eventId: number }[];
    panels: { panelInstanceId: number; eventInstanceId: number; instrumentId: number }[];
  };
  const visit = schedule.visits.find((candidate) => candidate.eventId === ids.eventId);
  const panel = schedule.panels.find((candidate) => candidate.eventInstanceId === visit?.eventInstanceId && candidate.instrumentId === ids.instrumentId);
  return { subjectId: subject.id, status: subject.status, panelInstanceId: panel?.panelInstanceId ?? 0, eventInstanceId: visit?.eventInstanceId ?? 0 };
}

/** Where step 2 starts: the subject added and enrolled (through the API when step 1's screens failed). */
async function enrolledSubject(request: APIRequestContext, ids: StudyIds): Promise<SubjectRef> {
  let subject = await findSubject(request, ids);
  const token = await tokenOf(request, ids, 'coordinator');
  if (!subject) {
    await call(request, token, 'POST', '/dcap/subject/save', { siteId: ids.siteId, name: SUBJECT_NAME, initials: SUBJECT_INITIALS, confirmDuplicate: true });
    subject = await findSubject(request, ids);
  }
  expect(subject, 'the subject exists').not.toBeNull();
  if (subject && subject.status !== 'ARMED') {
    const info = (await call(request, token, 'GET', `/dcap/subject/info/${String(subject.subjectId)}`)) as { version: number };
    await call(request, token, 'POST', '/dcap/subject/enrol', { id: subject.subjectId, version: info.version, randomNo: 'R-0001', treatmentPhase: 'A', firstDrugNo: 'D-0001' });
    subject = await findSubject(request, ids);
  }
  return subject as SubjectRef;
}

/** Where the workflow steps start: the visit panel saved (through the API when step 2's screens failed). */
async function savedPanel(request: APIRequestContext, ids: StudyIds): Promise<SubjectRef> {
  const subject = await enrolledSubject(request, ids);
  const token = await tokenOf(request, ids, 'coordinator');
  const panel = (await call(request, token, 'GET', `/dcap/project/recordDataManage/panel/${String(subject.panelInstanceId)}`)) as {
    version: number;
    values: Record<string, unknown>;
  };
  if (panel.version === 0) {
    const lab = (panel.values[LAB?.model ?? ''] as Record<string, unknown>[] | undefined) ?? [];
    await call(request, token, 'POST', '/dcap/project/recordDataManage/save', {
      panelInstanceId: subject.panelInstanceId,
      version: 0,
      values: { ...panel.values, HEIGHT: 170, WEIGHT: 65, BMI: 22.5, [LAB?.model ?? '']: lab.map((row, index) => (index === 0 ? { ...row, [LAB_RESULT]: 12.1 } : row)) },
      reasons: {},
    });
  }
  return subject;
}

async function signIn(page: Page, role: Role): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(USERS[role].username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  // The only study the person belongs to is entered on sign-in.
  await expect(page.getByTestId('project-code')).toContainText(CODE);
}

async function inLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('pro__app_language', value), language);
  await page.reload();
}

/** Opens the visit panel's entry page as the signed-in person. */
async function openPanel(page: Page, subject: SubjectRef): Promise<void> {
  await page.goto(`/survey/subject/${String(subject.subjectId)}/panel/${String(subject.panelInstanceId)}`);
  await expect(page.getByTestId('panel-entry')).toBeVisible();
}

/**
 * Opens the settings menu beside a field on the entry page and picks an item; with `opens`, until that dialog
 * shows (query items appear once the field's queries are read, and a click during that re-render is lost).
 */
async function fieldAction(page: Page, path: string, item: string, opens?: Locator): Promise<void> {
  // Menus opened before stay in the document, hidden.
  const menuItem = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(item);
  await expect(async () => {
    if (opens && (await opens.isVisible())) return;
    if (!(await menuItem.isVisible())) await page.getByTestId(`field-extra-${path}`).getByRole('button').click();
    await menuItem.click({ timeout: 5_000 });
    if (opens) await expect(opens).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('1. a coordinator adds a subject and enrols them', async ({ page, request }, info) => {
  const ids = await study(request);
  await signIn(page, 'coordinator');
  await page.goto('/survey/schedule');
  await expect(page.getByTestId('subject-list')).toBeVisible();
  await page.getByTestId('subject-add').click();
  const dialog = page.getByTestId('add-subject-dialog');
  await dialog.getByTestId('subject-form-site').click();
  await page.locator('.ant-select-item-option').first().click();
  await inputOf(dialog.getByTestId('subject-form-name')).fill(SUBJECT_NAME);
  await inputOf(dialog.getByTestId('subject-form-initials')).fill(SUBJECT_INITIALS);
  await shot(page, info, 'add-subject-zh-CN');
  await page.getByTestId('subject-form-submit').click();
  await expect(page.getByTestId('subject-table')).toContainText(SUBJECT_INITIALS);

  const subject = await findSubject(request, ids);
  expect(subject, 'the subject was added').not.toBeNull();
  await page.getByTestId(`subject-link-${String(subject?.subjectId)}`).click();
  await expect(page.getByTestId('subject-page')).toBeVisible();
  await page.getByTestId('subject-enrol').click();
  await inputOf(page.getByTestId('enrol-random-no')).fill('R-0001');
  await inputOf(page.getByTestId('enrol-treatment-phase')).fill('A');
  await inputOf(page.getByTestId('enrol-first-drug-no')).fill('D-0001');
  await page.getByTestId('enrol-submit').click();
  await expect(page.getByTestId('subject-status')).toContainText('已入组');
  await shot(page, info, 'subject-enrolled-zh-CN');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('subject-status')).toContainText('Enrolled');
  await expect(page.getByTestId('subject-schedule')).toBeVisible();
  await shot(page, info, 'subject-enrolled-en-US');
  expect((await findSubject(request, ids))?.status).toBe('ARMED');
});

test('2. the coordinator fills the visit panel: the formula computes, a lab result gets its level, a medication row is added; saved', async ({ page, request }, info) => {
  const ids = await study(request);
  const subject = await enrolledSubject(request, ids);
  await signIn(page, 'coordinator');
  await page.goto(`/survey/subject/${String(subject.subjectId)}`);
  await page.getByTestId(`panel-cell-${String(subject.panelInstanceId)}`).click();
  await expect(page).toHaveURL(new RegExp(`/panel/${String(subject.panelInstanceId)}$`));
  await expect(page.getByTestId('panel-entry')).toBeVisible();

  await inputOf(page.getByTestId('field-HEIGHT')).fill('170');
  await inputOf(page.getByTestId('field-WEIGHT')).fill('65');
  // The formula is computed as the user types (docs/forms.md) and is read-only.
  await expect(page.getByTestId('computed-BMI')).toHaveValue('22.5');
  // The lab table's first row (white cells, 3.5–9.5): a result above the upper limit gets its level.
  await inputOf(page.getByTestId(`cell-${LAB?.model ?? ''}-${LAB_RESULT}`).first()).fill('12.1');
  await expect(page.getByTestId(`table-${LAB?.model ?? ''}`).getByTestId('lab-level').first()).toHaveAttribute('data-level', '1');
  // The repeatable medication table: a second row.
  await page.getByTestId('add-row-CMTAB').click();
  await inputOf(page.getByTestId('cell-CMTAB-CMTRT').nth(1)).fill('阿司匹林');
  await inputOf(page.getByTestId('cell-CMTAB-CMDOSE').nth(1)).fill('100');
  await shot(page, info, 'panel-filled-zh-CN');
  await page.getByTestId('save-panel').click();
  await expect(page.getByTestId('panel-status')).not.toHaveText('未录入');

  const token = await tokenOf(request, ids, 'coordinator');
  await expect
    .poll(async () => ((await call(request, token, 'GET', `/dcap/project/recordDataManage/panel/${String(subject.panelInstanceId)}`)) as { version: number }).version)
    .toBeGreaterThan(0);
  const saved = (await call(request, token, 'GET', `/dcap/project/recordDataManage/panel/${String(subject.panelInstanceId)}`)) as { values: Record<string, unknown> };
  expect(saved.values.BMI).toBe(22.5);
  expect((saved.values.CMTAB as unknown[]).length).toBe(2);
  await shot(page, info, 'panel-saved-zh-CN');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('panel-entry')).toBeVisible();
  await expect(inputOf(page.getByTestId('cell-CMTAB-CMTRT').nth(1))).toHaveValue('阿司匹林');
  await expect(page.getByTestId('computed-BMI')).toHaveValue('22.5');
  await shot(page, info, 'panel-saved-en-US');
});

/** The state icon beside a field on the entry page (records FieldExtra). */
function fieldStatus(page: Page, path: string): Locator {
  return page.getByTestId(`field-extra-${path}`).getByTestId('field-status');
}

function fieldQueries(page: Page, path: string): Locator {
  return page.getByTestId(`field-extra-${path}`).getByTestId('field-queries');
}

test('3. a monitor verifies a field and raises a query on another', async ({ page, request }, info) => {
  const ids = await study(request);
  const subject = await savedPanel(request, ids);
  await signIn(page, 'monitor');
  await openPanel(page, subject);
  await fieldAction(page, 'HEIGHT', 'field-action-verify');
  await expect(fieldStatus(page, 'HEIGHT')).toHaveAttribute('data-status', 'VERIFIED');
  await fieldAction(page, 'WEIGHT', 'field-action-query', page.getByTestId('query-content'));
  await inputOf(page.getByTestId('query-content')).fill('体重与原始资料不符，请核实');
  await page.getByTestId('query-submit').click();
  await expect(fieldQueries(page, 'WEIGHT')).toContainText('1');
  await expect(page.getByTestId('open-query-tag')).toBeVisible();
  await shot(page, info, 'query-raised-zh-CN');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('open-query-tag')).toBeVisible();
  await shot(page, info, 'query-raised-en-US');
});

test('4. the coordinator answers the query', async ({ page, request }, info) => {
  const ids = await study(request);
  const subject = await savedPanel(request, ids);
  await signIn(page, 'coordinator');
  await openPanel(page, subject);
  await fieldAction(page, 'WEIGHT', 'field-action-query-answer', page.getByTestId('query-answer-content'));
  await inputOf(page.getByTestId('query-answer-content')).fill('已核对原始资料，数值无误');
  await page.getByTestId('query-answer-submit').click();
  await expect(page.getByTestId('query-answer-dialog')).toHaveCount(0);
  // An answered query is still unclosed (spec 002 §4).
  await expect(fieldQueries(page, 'WEIGHT')).toContainText('1');
  await shot(page, info, 'query-answered-zh-CN');
});

test('5. the monitor closes the query', async ({ page, request }, info) => {
  const ids = await study(request);
  const subject = await savedPanel(request, ids);
  await signIn(page, 'monitor');
  await openPanel(page, subject);
  await fieldAction(page, 'WEIGHT', 'field-action-query-close', page.getByTestId('query-close-submit'));
  await page.getByTestId('query-close-submit').click();
  await expect(fieldQueries(page, 'WEIGHT')).toHaveCount(0);
  await expect(page.getByTestId('open-query-tag')).toHaveCount(0);
  await shot(page, info, 'query-closed-zh-CN');
});

/**
 * The visit made ready for the investigator's signature through the API: a signature comes after the project's
 * other steps (spec 002 §4; the default process verifies, reviews, then signs), so the monitor verifies and the
 * data manager reviews every entered field of the visit. Fields already done are skipped by the server.
 */
async function cleanedVisit(request: APIRequestContext, ids: StudyIds, subject: SubjectRef): Promise<void> {
  const monitor = await tokenOf(request, ids, 'monitor');
  await call(request, monitor, 'POST', '/dcap/project/recordData/workflow/bulk', { scope: 'event', id: subject.eventInstanceId, action: 'verify' });
  const dataManager = await tokenOf(request, ids, 'dataManager');
  await call(request, dataManager, 'POST', '/dcap/project/recordData/workflow/bulk', { scope: 'event', id: subject.eventInstanceId, action: 'review' });
}

/** The visit signed by the investigator through the API, unless it already is (the lock step starts here). */
async function signedVisit(request: APIRequestContext, ids: StudyIds, subject: SubjectRef): Promise<void> {
  const investigator = await tokenOf(request, ids, 'investigator');
  const panel = (await call(request, investigator, 'GET', `/dcap/project/recordDataManage/panel/${String(subject.panelInstanceId)}`)) as { status: string };
  if (panel.status === 'SIGNED' || panel.status === 'LOCKED') return;
  await cleanedVisit(request, ids, subject);
  await call(request, investigator, 'POST', '/dcap/project/recordData/signature/sign', {
    scope: 'event',
    id: subject.eventInstanceId,
    username: USERS.investigator.username,
    password: PASSWORD,
    meaning: SIGN_MEANING,
    attested: true,
  });
}

test('6. the investigator signs the visit in the re-authentication dialog', async ({ page, request }, info) => {
  const ids = await study(request);
  const subject = await savedPanel(request, ids);
  await cleanedVisit(request, ids, subject);
  await signIn(page, 'investigator');
  await page.goto(`/survey/subject/${String(subject.subjectId)}`);
  await page.getByTestId(`visit-sign-${String(subject.eventInstanceId)}`).first().click();
  const dialog = page.getByTestId('reauth-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('signature-attested').click();
  await dialog.getByTestId('signature-meaning').click();
  await page.locator('.ant-select-item-option').first().click();
  await inputOf(dialog.getByTestId('reauth-password')).fill(PASSWORD);
  await shot(page, info, 'reauth-zh-CN');
  await dialog.getByTestId('reauth-submit').click();
  await expect(dialog).toHaveCount(0);
  await openPanel(page, subject);
  await expect(page.getByTestId('panel-status')).toContainText('已签名');
  await shot(page, info, 'visit-signed-zh-CN');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('panel-status')).toContainText('Signed');
  await shot(page, info, 'visit-signed-en-US');
});

test('7. the data manager locks the signed visit', async ({ page, request }, info) => {
  const ids = await study(request);
  const subject = await savedPanel(request, ids);
  await signedVisit(request, ids, subject);
  await signIn(page, 'dataManager');
  await page.goto(`/survey/subject/${String(subject.subjectId)}`);
  await page.getByTestId(`bulk-actions-event-${String(subject.eventInstanceId)}`).first().click();
  await page.getByTestId('bulk-action-lock').click();
  await page.getByTestId('confirm-ok').click();
  // The confirmation stays open until the lock's call has answered; leaving the page before would read the
  // panel before the lock commits.
  await expect(page.getByTestId('confirm-ok')).toHaveCount(0);
  await openPanel(page, subject);
  await expect(page.getByTestId('panel-status')).toContainText('已锁定');
  await shot(page, info, 'panel-locked-zh-CN');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('panel-status')).toContainText('Locked');
  await shot(page, info, 'panel-locked-en-US');
});

test('8. the alteration log shows the journey, in both languages', async ({ page, request }, info) => {
  const ids = await study(request);
  await savedPanel(request, ids);
  await signIn(page, 'dataManager');
  await page.goto('/survey/alterationLog');
  const table = page.getByTestId('alteration-table');
  await expect(table).toBeVisible();
  await expect(table).toContainText('基线检查');
  await shot(page, info, 'alteration-log-zh-CN');
  await inLanguage(page, 'en-US');
  await expect(page.getByTestId('alteration-table')).toContainText('Baseline checks');
  await shot(page, info, 'alteration-log-en-US');

  // Every kind of step of the journey is in the log (the page shows the newest first; the call filters by kind).
  const token = await tokenOf(request, ids, 'dataManager');
  for (const action of ['record.save', 'record.value', 'field.verify', 'query.open', 'query.answer', 'query.close', 'signature.sign', 'field.lock']) {
    const page1 = (await call(request, token, 'GET', `/dcap/audit/alteration?action=${action}&pageNo=1&pageSize=10`)) as { total: number };
    expect.soft(page1.total, `${action} in the alteration log`).toBeGreaterThan(0);
  }
});
