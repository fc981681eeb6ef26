import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.js';

interface PanelJson {
  list: WidgetJson[];
  config: { labelPosition: string; labelWidth: number };
}
interface WidgetJson {
  type: string;
  key: string;
  model: string;
  options: Record<string, unknown> & { columns?: { list?: WidgetJson[]; widget?: WidgetJson }[]; data?: unknown[] };
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/project\/DataDisplay/);
}

async function token(page: Page): Promise<string> {
  return String(await page.evaluate(() => localStorage.getItem('pro__Token')));
}

/** Picks an option of an antd select by the text it shows. */
async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** One pointer drag in small steps, as dnd-kit's pointer sensor needs to see movement before it starts. */
async function pointerDrag(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  await target.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  // Rest over the target as a hand does before letting go.
  await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2 + 2, { steps: 3 });
  await page.mouse.up();
}

/**
 * Drags a palette entry onto the canvas and waits for the new widget. A synthetic pointer now and then starts
 * no drag at all in headless Chromium (nothing moves, nothing is added); the gesture is then made once more,
 * so the journey checks what a drop does rather than how the browser times synthetic events.
 */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const widgets = page.locator('[data-testid^="canvas-widget-"]');
  const before = await widgets.count();
  await pointerDrag(page, source, target);
  try {
    await expect(widgets).toHaveCount(before + 1, { timeout: 2_000 });
  } catch {
    await pointerDrag(page, source, target);
    await expect(widgets).toHaveCount(before + 1);
  }
}

/** The key of the selected widget on the canvas. */
async function selectedKey(page: Page): Promise<string> {
  const id = await page.locator('[data-testid^="canvas-widget-"][data-selected="true"]').getAttribute('data-testid');
  return String(id).replace('canvas-widget-', '');
}

async function rename(page: Page, key: string, name: string): Promise<void> {
  await page.getByTestId('config-key').fill(key);
  await page.getByTestId('config-name').fill(name);
  // The canvas takes the new key before the next drag starts: a re-render under a drag in progress ends it.
  await expect(page.getByTestId(`canvas-widget-${key}`)).toBeVisible();
}

/** The text box of a renderer field; antd puts the test id on the input itself or on its wrapper. */
function fieldInput(form: Locator, model: string): Locator {
  return form.locator(`input[data-testid="field-${model}"], [data-testid="field-${model}"] input`).first();
}

async function generatedJson(page: Page): Promise<PanelJson> {
  await page.getByTestId('designer-json').click();
  const text = await page.getByTestId('json-text').textContent();
  await page.getByTestId('json-close').click();
  return JSON.parse(String(text)) as PanelJson;
}

test('a designer builds a panel with a grid, a repeatable table, a formula and a show condition, previews, saves and reloads it', async ({ page }) => {
  await signIn(page);

  // A study in configuration, entered and switched to its development environment, where design is edited.
  await page.goto('/project/projectList');
  await page.getByTestId('project-apply').click();
  await page.getByTestId('project-form-code').fill('E2E-DSG');
  await page.getByTestId('project-form-name').fill('端到端表单设计');
  await page.getByTestId('project-apply-submit').click();
  await page.goto('/project/projectList');
  await page.getByTestId('project-enter-E2E-DSG').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('project-code')).toContainText('E2E-DSG');
  const headers = { Token: await token(page) };
  expect((await page.request.get('/dcap/projectEnv/selectEnv/dev', { headers })).ok()).toBe(true);
  const init = (await (await page.request.get('/dcap/sys/init', { headers })).json()) as { data: { project: { id: number } } };
  // Spec 000 §4.3: nothing is designed in set-up; the project moves to config first.
  expect((await page.request.get(`/dcap/project/nextStep/${String(init.data.project.id)}/0`, { headers })).ok()).toBe(true);
  const created = await page.request.post('/dcap/project/instrument/save', { headers, data: { projectId: init.data.project.id, name: '生命体征', nameAbbr: 'VS' } });
  const instrumentId = ((await created.json()) as { data: { id: number } }).data.id;

  await page.goto(`/dCapVue/design/panel/${String(instrumentId)}`);
  await expect(page.getByTestId('designer-canvas')).toBeVisible();

  // A grid of two columns, weight dragged into the first and height into the second.
  await page.getByTestId('palette-grid').click();
  const gridKey = await selectedKey(page);
  await drag(page, page.getByTestId('palette-number'), page.getByTestId(`grid-column-${gridKey}-0`));
  await rename(page, 'WEIGHT', '体重');
  await drag(page, page.getByTestId('palette-number'), page.getByTestId(`grid-column-${gridKey}-1`));
  await rename(page, 'HEIGHT', '身高');
  await expect(page.getByTestId(`grid-column-${gridKey}-0`).getByTestId('canvas-widget-WEIGHT')).toBeVisible();
  await expect(page.getByTestId(`grid-column-${gridKey}-1`).getByTestId('canvas-widget-HEIGHT')).toBeVisible();

  // BMI computed from them.
  await page.getByTestId('palette-number').click();
  await rename(page, 'BMI', 'BMI');
  await page.locator('input[data-testid="config-precision"], [data-testid="config-precision"] input').first().fill('1');
  await page.getByTestId('config-tab-advanced').click();
  await page.getByTestId('config-expression').fill('round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)');

  // Sex, and a pregnancy question shown only for women.
  await page.getByTestId('palette-radio').click();
  await page.getByTestId('config-tab-basic').click();
  await rename(page, 'SEX', '性别');
  await page.getByTestId('option-label-0').fill('男');
  await page.getByTestId('option-label-1').fill('女');
  await page.getByTestId('palette-input').click();
  await rename(page, 'PREG', '是否妊娠');
  await page.getByTestId('config-tab-advanced').click();
  await page.getByTestId('config-showOnCondition').check();
  await page.getByTestId('condition-add').click();
  await choose(page, page.getByTestId('condition-field-0'), '性别');
  await choose(page, page.getByTestId('condition-value-0'), '女');

  // A repeatable table with a text and a number column.
  await page.getByTestId('palette-table').click();
  const tableKey = await selectedKey(page);
  await page.getByTestId('config-tab-basic').click();
  await page.getByTestId('table-repeatable').click();
  await page.getByTestId(`table-cell-${tableKey}-0`).click();
  await choose(page, page.getByTestId(`cell-widget-${tableKey}-0`), '单行文本');
  await page.getByTestId(`table-cell-${tableKey}-1`).click();
  await choose(page, page.getByTestId(`cell-widget-${tableKey}-1`), '数字');
  await expect(page.getByTestId('designer-unsaved')).toBeVisible();
  // A click on a widget's control selects the widget.
  await page.getByTestId('canvas-widget-BMI').click();
  await expect(page.getByTestId('config-key')).toHaveValue('BMI');

  const built = await generatedJson(page);
  expect(built.list.map((widget) => widget.type)).toEqual(['grid', 'number', 'radio', 'input', 'table']);
  expect(built.list[0]?.options.columns?.map((column) => column.list?.map((widget) => widget.key))).toEqual([['WEIGHT'], ['HEIGHT']]);
  expect(built.list[1]?.options).toMatchObject({ expression: 'round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)', precision: 1 });
  expect(built.list[3]?.options).toMatchObject({ showOnCondition: true, showConditions: [{ eName: 'SEX', evalType: 'eq', value: '2' }] });
  expect(built.list[4]?.options).toMatchObject({ repeatable: true });
  expect(built.list[4]?.options.data).toHaveLength(1);
  expect(built.list[4]?.options.columns?.map((column) => column.widget?.type)).toEqual(['input', 'number']);

  // The preview computes the formula and follows the condition.
  await page.getByTestId('designer-preview').click();
  const preview = page.getByTestId('preview-form');
  await fieldInput(preview, 'WEIGHT').fill('70');
  await fieldInput(preview, 'HEIGHT').fill('175');
  await expect(preview.getByTestId('computed-BMI')).toHaveValue('22.9');
  await expect(preview.getByTestId('item-PREG')).toHaveCount(0);
  await preview.getByTestId('field-SEX').getByText('女').click();
  await expect(preview.getByTestId('item-PREG')).toBeVisible();
  await preview.getByTestId('field-SEX').getByText('男').click();
  await expect(preview.getByTestId('item-PREG')).toHaveCount(0);
  await page.getByTestId('preview-cancel').click();

  // Save, reload: the generated JSON is what was built, and the server holds the same panel.
  const saved = page.waitForResponse((response) => response.url().endsWith('/dcap/project/field/saveAllCfg'));
  await page.getByTestId('designer-save').click();
  expect(((await (await saved).json()) as { code: number }).code).toBe(0);
  await expect(page.getByTestId('designer-unsaved')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('canvas-widget-BMI')).toBeVisible();
  const reloaded = await generatedJson(page);
  expect(reloaded.list).toEqual(built.list);
  expect(reloaded.config).toEqual(built.config);
  const stored = await page.request.post('/dcap/project/instrument/preview', { headers, data: { instrumentId } });
  expect(((await stored.json()) as { data: { panel: PanelJson } }).data.panel.list).toEqual(built.list);
});
