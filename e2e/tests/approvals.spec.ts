import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

const SHOTS = 'test-results/approvals';

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function token(page: Page): Promise<string> {
  return String(await page.evaluate(() => localStorage.getItem('pro__Token')));
}

/** One API call with the page's session; fails the journey on a refusal, naming it. */
async function api(request: APIRequestContext, headers: Record<string, string>, method: 'GET' | 'POST', url: string, data?: unknown): Promise<unknown> {
  const reply = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  const body = (await reply.json()) as { code: number; msg: string; data: unknown };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.data;
}

/** Before a screenshot: no table still loading, no menu still open, animations finished. */
async function settled(page: Page): Promise<void> {
  await page.mouse.move(0, 400);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
  await page.waitForTimeout(400);
}

async function switchLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId(`lang-${language}`).click();
}

/**
 * Going online under four eyes (docs/decisions.md, "Lifecycle gates and four eyes"): the project shows what
 * internal test still needs; the administrator who applies to go online is offered no approval and told
 * why; another platform administrator sees the application in the approvals inbox, with the count in the
 * header, and approves it with a reason.
 */
test('an applicant cannot approve their own application to go online; another approver does it from the inbox', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
  // Sign-in enters the first listed study (spec 000 §4.1), newest first: wait until it has, or the study
  // created next could be the one entered, and entering it below would ask nothing.
  await expect(page.getByTestId('project-code')).not.toBeEmpty();
  const headers = { Token: await token(page) };
  const call = (method: 'GET' | 'POST', url: string, data?: unknown) => api(page.request, headers, method, url, data);

  // A study in configuration, entered by its applicant.
  const project = (await call('POST', '/dcap/project/apply', { code: 'E2E-APR', name: '端到端审批研究', eName: 'E2E approval study' })) as { id: number };
  await call('GET', `/dcap/project/nextStep/${String(project.id)}/0`);
  await page.goto('/project/projectList');
  await page.getByTestId('project-enter-E2E-APR').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('project-code')).toContainText('E2E-APR');

  // The lifecycle panel lists what internal test still needs before anyone clicks, and the button waits.
  await page.goto('/project/detail/new');
  await expect(page.getByTestId('lifecycle-gates-internalTest')).toBeVisible();
  for (const condition of ['publishedDesign', 'site', 'roleWithUsers']) await expect(page.getByTestId(`lifecycle-gate-${condition}`)).toBeVisible();
  await expect(page.getByTestId('lifecycle-applyAuditConfig')).toBeDisabled();

  // Meet the gates through the API: a site, a role held by the applicant, a published design.
  const me = (await call('GET', '/dcap/sys/user/info')) as { id: number };
  const unit = (await call('POST', '/dcap/sys/unit/save', { code: 'E2E-APR-U', name: '审批医院', eName: 'Approval Hospital' })) as { id: number };
  await call('POST', '/dcap/projectSite/save', { projectId: project.id, unitId: unit.id, code: 'A01' });
  const role = (await call('POST', '/dcap/projectRole/saveRole', { projectId: project.id, alias: 'PM', institutionIds: 'all', projectDesignAndSetup: true })) as { id: number };
  await call('POST', `/dcap/projectRole/assignRole2User?projectId=${String(project.id)}`, { roleId: role.id, userIds: [me.id] });
  await call('GET', '/dcap/projectEnv/selectEnv/dev');
  await call('POST', '/dcap/project/instrument/save', { projectId: project.id, name: '人口学', nameAbbr: 'DM' });
  await call('POST', '/dcap/project/design/publish', { projectId: project.id, target: 'uat' });
  await page.reload();
  await expect(page.getByTestId('lifecycle-gates-internalTest')).toHaveCount(0);
  await expect(page.getByTestId('lifecycle-applyAuditConfig')).toBeEnabled();
  for (const step of ['applyAuditConfig', 'saConfirmConfig', 'confirmProjectInternalTest', 'confirmProjectUatTest']) {
    await call('POST', `/dcap/project/${step}`, { projectId: project.id });
  }

  // The administrator applies to go online with a reason, and is then offered no decision on it.
  await page.reload();
  await expect(page.getByTestId('lifecycle-status')).toHaveText('测试');
  await page.getByTestId('lifecycle-applyOnline').click();
  await page.getByTestId('reason-modal-reason').fill('UAT 已通过，监查计划已批准');
  await page.getByTestId('reason-modal-ok').click();
  await expect(page.getByTestId('lifecycle-online-application')).toContainText('UAT 已通过');
  await expect(page.getByTestId('lifecycle-four-eyes')).toBeVisible();
  await expect(page.getByTestId('lifecycle-approveOnline')).toHaveCount(0);
  await expect(page.getByTestId('lifecycle-rejectOnline')).toHaveCount(0);
  // Their own inbox is empty, and the server refuses their approval, saying nobody else can approve yet.
  await page.getByTestId('approvals-badge').click();
  await expect(page).toHaveURL(/\/project\/approvals/);
  await expect(page.getByTestId('approvals-table')).toContainText('没有等待您审批的申请');
  const own = await page.request.post(`/dcap/project/approveApplyOnline?projectId=${String(project.id)}&approve=true`, { headers: { ...headers, 'Accept-Language': 'en-US' } });
  const refusal = (await own.json()) as { errorCode: string; msg: string };
  expect(refusal.errorCode).toBe('project.four_eyes_no_other');
  expect(refusal.msg).toContain('no other platform administrator can decide it');

  // A second platform administrator.
  await call('POST', '/dcap/sys/user/save', { username: 'e2e.qa', name: '质量审批人', nameEn: 'QA approver', admin: true, password: 'Issued#Pass26' });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await signIn(page, 'e2e.qa', 'Issued#Pass26');
  await expect(page.getByTestId('change-password-notice')).toBeVisible();
  await page.getByTestId('password-old').fill('Issued#Pass26');
  await page.getByTestId('password-new').fill('Own#Approver26');
  await page.getByTestId('password-confirm').fill('Own#Approver26');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('change-password-notice')).toHaveCount(0);

  // The header counts the application; the inbox lists it.
  await page.goto('/project/DataDisplay');
  await expect(page.getByTestId('approvals-badge-count')).toContainText('1');
  await settled(page);
  await page.locator('.dcap-header').screenshot({ path: `${SHOTS}/badge-zh-CN.png` });
  await page.getByTestId('approvals-badge').click();
  await expect(page).toHaveURL(/\/project\/approvals/);
  const row = page.getByTestId('approvals-table').locator('tr', { hasText: 'E2E-APR' });
  await expect(row).toContainText('申请上线');
  await expect(row).toContainText('UAT 已通过');
  await expect(row).toContainText('admin');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/inbox-zh-CN.png`, fullPage: true });
  await switchLanguage(page, 'en-US');
  await expect(page.getByTestId('approvals-page')).toContainText('Approvals');
  await expect(row).toContainText('Go online');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/inbox-en-US.png`, fullPage: true });
  await page.locator('.dcap-header').screenshot({ path: `${SHOTS}/badge-en-US.png` });

  // Rejecting needs a reason; approving with one puts the study online and empties the inbox.
  await page.getByTestId(`approval-reject-online-${String(project.id)}`).click();
  await page.getByTestId('reason-modal-ok').click();
  await expect(page.getByTestId('reason-modal-missing')).toHaveText('A reason is required to reject');
  await page.keyboard.press('Escape');
  await page.getByTestId(`approval-approve-online-${String(project.id)}`).click();
  await page.getByTestId('reason-modal-reason').fill('UAT report and monitoring plan checked');
  await page.getByTestId('reason-modal-ok').click();
  await expect(page.getByTestId('approvals-table')).toContainText('No application awaits your decision');
  await expect(page.getByTestId('approvals-badge-count')).not.toContainText('1');
  const qaHeaders = { Token: await token(page) };
  const info = (await api(page.request, qaHeaders, 'GET', `/dcap/project/info/${String(project.id)}`)) as { status: string };
  expect(info.status).toBe('ON_RESEARCH');
});
