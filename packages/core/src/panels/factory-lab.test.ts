import { describe, expect, it } from 'vitest';
import { BLOOD_ROUTINE_ITEMS, CARD_TITLE_EN, createLabTable, LAB_CLINICAL_SIGNIFICANCE_OPTIONS, tableRowTitle } from './factory-lab.js';
import type { LabColumnRole, Panel, TableColumn } from './schema.js';
import { LAB_COLUMN_ROLES, panelSchema } from './schema.js';
import { validatePanel } from './validate.js';

const table = createLabTable(new Set());
const columns = table.options.columns as TableColumn[];
const byRole = (role: LabColumnRole) => columns.find((column) => column.refCtrl === role);

describe('spec 001 §3.9: the prebuilt lab table', () => {
  it('has the columns test item, result, lower limit, upper limit, unit, clinical significance and reference range', () => {
    expect(columns.map((column) => column.titleEn)).toEqual(['Test item', 'Result', 'Lower limit', 'Upper limit', 'Unit', 'Clinical significance', 'Reference range']);
    expect(columns.map((column) => column.title)).toEqual(['检查项', '结果', '下限', '上限', '单位', '临床意义', '参考范围']);
  });

  it('columns carry their lab roles in refCtrl', () => {
    expect(columns.map((column) => column.refCtrl)).toEqual(['subject', 'result', 'low', 'up', 'unit', 'clinicalSig', 'range']);
    for (const column of columns) expect(LAB_COLUMN_ROLES).toContain(column.refCtrl);
  });

  it('has ten rows, the standard blood-routine items, storing the abbreviation as the test item', () => {
    const subject = byRole('subject')?.key ?? '';
    expect(table.options.data).toHaveLength(10);
    const codes = (table.options.data ?? []).map((row) => row[subject]);
    expect(codes).toEqual(['WBC', 'RBC', 'HGB', 'HCT', 'PLT', 'NEUT%', 'LYMPH%', 'MONO%', 'EOS%', 'BASO%']);
  });

  it('each row carries its name in both languages, shown by the interface language', () => {
    const rows = table.options.data ?? [];
    for (const [index, item] of BLOOD_ROUTINE_ITEMS.entries()) {
      expect(rows[index]?.CARD_TITLE).toBe(item.name);
      expect(rows[index]?.[CARD_TITLE_EN]).toBe(item.nameEn);
      expect(item.name).toContain(`(${item.code})`);
      expect(item.nameEn).toContain(`(${item.code})`);
    }
    expect(tableRowTitle(rows[0], 'zh-CN')).toBe('白细胞计数 (WBC)');
    expect(tableRowTitle(rows[0], 'en-US')).toBe('White blood cell count (WBC)');
  });

  it('a row without an English title falls back to CARD_TITLE; no row, no title', () => {
    expect(tableRowTitle({ CARD_TITLE: '头痛' }, 'en-US')).toBe('头痛');
    expect(tableRowTitle({ CARD_TITLE: '头痛', [CARD_TITLE_EN]: '' }, 'en-US')).toBe('头痛');
    expect(tableRowTitle(undefined, 'en-US')).toBeUndefined();
  });

  it.each(BLOOD_ROUTINE_ITEMS.map((item, index) => [item.nameEn, index, item] as const))('%s row has its unit and limits, low below up', (_name, index, item) => {
    const row = table.options.data?.[index] ?? {};
    expect(row[byRole('low')?.key ?? '']).toBe(item.low);
    expect(row[byRole('up')?.key ?? '']).toBe(item.up);
    expect(row[byRole('unit')?.key ?? '']).toBe(item.unit);
    expect(row[byRole('range')?.key ?? '']).toBe(`${String(item.low)}-${String(item.up)}`);
    expect(row[byRole('result')?.key ?? '']).toBeNull();
    expect(item.low).toBeLessThan(item.up);
  });

  it.each<[LabColumnRole, string, string]>([
    ['result', 'number', 'number'],
    ['low', 'number', 'number'],
    ['up', 'number', 'number'],
    ['subject', 'input', 'string'],
    ['unit', 'input', 'string'],
    ['range', 'input', 'string'],
  ])('spec 001 §3.9: %s cells are %s with rule type %s and message 格式不正确', (role, type, ruleType) => {
    const widget = byRole(role)?.widget;
    expect(widget?.type).toBe(type);
    expect(widget?.rules).toEqual([{ type: ruleType, message: '格式不正确', messageEn: 'Format incorrect' }]);
    expect(widget?.table).toBe(table.model);
  });

  it('spec 001 §3.8: clinical significance is a select of the four LBCLSIG_* options in both languages', () => {
    const widget = byRole('clinicalSig')?.widget;
    expect(widget?.type).toBe('select');
    expect(widget?.options.options?.map((option) => option.value)).toEqual(['LBCLSIG_NORMAL', 'LBCLSIG_ABNORMAL_NON_CLSIG', 'LBCLSIG_ABNORMAL_CLSIG', 'LBCLSIG_NOT_TESTED']);
    for (const option of LAB_CLINICAL_SIGNIFICANCE_OPTIONS) expect(option.label && option.labelEn).toBeTruthy();
  });

  it('is a valid panel on its own, and two lab tables in one panel keep distinct keys', () => {
    const used = new Set<string>();
    const panel: Panel = { list: [createLabTable(used), createLabTable(used)], config: { labelWidth: 8, labelPosition: 'right' } };
    expect(panelSchema.safeParse(panel).success).toBe(true);
    expect(validatePanel(panel)).toEqual([]);
  });
});
