import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

const PASSWORD = 'Pm#Redcap2026dd';

/** A REDCap data dictionary of two forms, as REDCap downloads it (BOM, CRLF, quoted cells). */
const DICTIONARY = `\uFEFF${[
  '"Variable / Field Name","Form Name","Section Header","Field Type","Field Label","Choices, Calculations, OR Slider Labels","Field Note","Text Validation Type OR Show Slider Number","Text Validation Min","Text Validation Max","Identifier?","Branching Logic (Show field only if...)","Required Field?","Custom Alignment","Question Number (surveys only)","Matrix Group Name","Matrix Ranking?","Field Annotation"',
  'rc_sex,rc_demo,"基本信息",radio,"性别 Sex","1, 男 Male | 2, 女 Female",,,,,,,y,,,,,',
  'rc_dob,rc_demo,,text,"出生日期 Date of birth",,,date_ymd,,,y,,y,,,,,',
  'rc_weight,rc_vitals,,text,"体重 Weight",,kg,number,30,250,,,y,,,,,',
  'rc_height,rc_vitals,,text,"身高 Height",,cm,integer,100,250,,,y,,,,,',
  'rc_bmi,rc_vitals,,calc,BMI,"round([rc_weight]*10000/([rc_height]*[rc_height]),1)",,,,,,,,,,,,',
  'rc_preg,rc_vitals,,yesno,"妊娠 Pregnant",,,,,,,"[rc_sex] = \'2\'",,,,,,',
].join('\r\n')}\r\n`;

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, token: string | null, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, headers: token ? { Token: token } : {}, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${url}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

test('a project manager imports a REDCap data dictionary: preview with the report, then the panels in the draft', async ({ page }, info) => {
  // The demo study's project manager signs in with a password the administrator issued, and replaces it.
  const admin = await api<{ token: string }>(page, 'POST', '/dcap/login', null, { username: ADMIN.username, password: ADMIN.password });
  const [pm] = await api<{ id: number }[]>(page, 'GET', '/dcap/sys/user/search/demo.pm', admin.token);
  const issued = await api<{ password: string }>(page, 'POST', '/dcap/sys/user/resetUserPassword', admin.token, { id: pm?.id });
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill('demo.pm');
  await page.getByTestId('login-password').fill(issued.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('password-old').fill(issued.password);
  await page.getByTestId('password-new').fill(PASSWORD);
  await page.getByTestId('password-confirm').fill(PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);

  // The panel list, in the development environment the design needs.
  await page.getByTestId('menu-design').click();
  await page.getByTestId('menu-designInstruments').click();
  await expect(page.getByTestId('env-switch')).toContainText('开发环境');
  // The menu's pop-up stays open over the list's buttons; the page is opened afresh at its address.
  await page.goto('/dCapVue/design/instruments');
  await expect(page.getByTestId('instrument-table')).toContainText('VS');
  await expect(page.getByTestId('instrument-import-redcap')).toBeEnabled();
  await page.getByTestId('instrument-import-redcap').click();
  await expect(page.locator('.ant-modal .ant-upload-drag')).toBeVisible();
  await page.locator('.ant-modal input[type="file"]').setInputFiles({ name: 'DEMO_DataDictionary.csv', mimeType: 'text/csv', buffer: Buffer.from(DICTIONARY, 'utf8') });

  // The preview: two panels and one field whose logic names another form.
  await expect(page.getByTestId('redcap-panels')).toContainText('rc_vitals');
  await expect(page.getByTestId('redcap-report')).toContainText('引用了其他表单（rc_demo）的字段 [rc_sex]');
  await shot(page, info, 'redcap-preview-zh-CN');

  await page.getByTestId('redcap-confirm').click();
  await expect(page.getByTestId('redcap-done')).toContainText('已创建 2 个表单');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('instrument-table')).toContainText('rc_vitals');
  await expect(page.getByTestId('instrument-table')).toContainText('rc_demo');

  // The imported BMI is a formula of the designer: the panel reads back with it.
  const token = (await api<{ token: string }>(page, 'POST', '/dcap/login', null, { username: 'demo.pm', password: PASSWORD })).token;
  const projectId = (await api<{ project: { id: number } }>(page, 'GET', '/dcap/sys/init', token)).project.id;
  const instruments = await api<{ id: number; nameAbbr: string }[]>(page, 'GET', `/dcap/project/instrument/list/${String(projectId)}`, token);
  const vitals = instruments.find((instrument) => instrument.nameAbbr === 'rc_vitals');
  const draft = await api<{ panel: { list: { model: string; options: { expression?: string } }[] } }>(page, 'POST', `/dcap/project/instrument/preview?projectId=${String(projectId)}`, token, {
    instrumentId: vitals?.id,
  });
  expect(draft.panel.list.find((widget) => widget.model === 'rc_bmi')?.options.expression).toBe('round([rc_weight]*10000/([rc_height]*[rc_height]),1)');

  // The same dictionary again is refused by name, in English too.
  await page.evaluate(() => localStorage.setItem('pro__app_language', 'en-US'));
  await page.reload();
  await expect(page.getByTestId('instrument-table')).toContainText('rc_vitals');
  await page.getByTestId('instrument-import-redcap').click();
  await expect(page.locator('.ant-modal .ant-upload-drag')).toBeVisible();
  await page.locator('.ant-modal input[type="file"]').setInputFiles({ name: 'DEMO_DataDictionary.csv', mimeType: 'text/csv', buffer: Buffer.from(DICTIONARY, 'utf8') });
  await expect(page.getByTestId('redcap-failed')).toContainText('The project already has panels named rc_demo, rc_vitals');
  await shot(page, info, 'redcap-refused-en-US');
});
