import { describe, expect, it } from 'vitest';
import { createWidget } from '../panels/factory.js';
import type { TableColumn, Widget } from '../panels/schema.js';
import { cellErrorMessage, formatDateParts, importableColumns, importCell, importTableSheet, matchHeader, matchOption, readDateCell, TABLE_IMPORT_HUGE_ROWS } from './table-import.js';

function cell(type: Parameters<typeof createWidget>[0], key: string, options: Partial<Widget['options']> = {}): Widget {
  const widget = createWidget(type, new Set());
  return { ...widget, key, model: key, options: { ...widget.options, ...options } };
}

const sex = cell('radio', 'SEX', {
  options: [
    { key: 'M', value: '1', label: '男', labelEn: 'Male' },
    { key: 'F', value: '2', label: '女', labelEn: 'Female' },
  ],
});
const symptoms = cell('checkbox', 'SYM', {
  options: [
    { key: 'a', value: 'HEADACHE', label: '头痛', labelEn: 'Headache' },
    { key: 'b', value: 'NAUSEA', label: '恶心', labelEn: 'Nausea' },
  ],
});

function table(columns: [string, Widget, string, string][]): Widget {
  const widget = createWidget('table', new Set());
  const cols: TableColumn[] = columns.map(([key, w, title, titleEn]) => ({ key, title, titleEn, widget: w }));
  return { ...widget, key: 'CMTAB', model: 'CMTAB', options: { ...widget.options, repeatable: true, columns: cols } };
}

describe('option fields: matched by key, label or value (spec 002 §5)', () => {
  it('finds the option by its key, its value and its label in either language, any case', () => {
    expect(matchOption(sex, 'm')).toBe('1');
    expect(matchOption(sex, '2')).toBe('2');
    expect(matchOption(sex, '男')).toBe('1');
    expect(matchOption(sex, ' female ')).toBe('2');
    expect(matchOption(sex, 'other')).toBeNull();
  });
  it('reads a checkbox list separated by commas or the Chinese enumeration comma, and refuses an unknown one', () => {
    expect(importCell(symptoms, '头痛、Nausea')).toEqual({ ok: true, value: ['HEADACHE', 'NAUSEA'] });
    expect(importCell(symptoms, 'a, fever')).toEqual({ ok: false, error: { code: 'attachment.cell_option', params: { value: 'fever' } } });
  });
  it('names the unknown option in the message, in both languages', () => {
    const result = importCell(sex, 'X');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(cellErrorMessage(result.error, 'en-US')).toBe('“X” is not one of the options');
      expect(cellErrorMessage(result.error, 'zh-CN')).toBe('“X”不是可选项');
    }
  });
});

describe('dates: reformatted to the field format (spec 002 §5)', () => {
  const date = cell('date', 'D', { format: 'YYYY-MM-DD' });
  const slashed = cell('date', 'D2', { format: 'DD/MM/YYYY' });
  const month = cell('date', 'D3', { format: 'YYYY-MM' });
  it('reads a date cell, an Excel serial number and the usual spellings', () => {
    expect(importCell(date, new Date(Date.UTC(2024, 2, 5)))).toEqual({ ok: true, value: '2024-03-05' });
    expect(importCell(date, 45356)).toEqual({ ok: true, value: '2024-03-05' });
    expect(importCell(date, '2024/3/5')).toEqual({ ok: true, value: '2024-03-05' });
    expect(importCell(date, '2024年3月5日')).toEqual({ ok: true, value: '2024-03-05' });
    expect(importCell(date, '20240305')).toEqual({ ok: true, value: '2024-03-05' });
  });
  it('writes the date in the field’s own format', () => {
    expect(importCell(slashed, '2024-03-05')).toEqual({ ok: true, value: '05/03/2024' });
    expect(importCell(month, '2024-03-05')).toEqual({ ok: true, value: '2024-03' });
    expect(formatDateParts({ year: 2024, month: 3, day: 5, hour: 8, minute: 7, second: 0 }, 'YYYY-MM-DD HH:mm')).toBe('2024-03-05 08:07');
  });
  it('refuses an impossible or unreadable date', () => {
    expect(readDateCell('2023-02-29')).toBeNull();
    expect(readDateCell('2024-02-29')).not.toBeNull();
    expect(importCell(date, 'yesterday')).toEqual({ ok: false, error: { code: 'attachment.cell_date', params: { value: 'yesterday' } } });
    expect(importCell(date, '2024-13-01')).toMatchObject({ ok: false, error: { code: 'attachment.cell_date' } });
  });
});

describe('other cells and the field rules (core forms/field-check.ts)', () => {
  it('keeps text as text, numbers of number fields as numbers', () => {
    expect(importCell(cell('input', 'T'), 12.5)).toEqual({ ok: true, value: '12.5' });
    expect(importCell(cell('number', 'N'), '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(importCell(cell('number', 'N'), 'twelve')).toEqual({ ok: false, error: { code: 'attachment.cell_number', params: { value: 'twelve' } } });
  });
  it('refuses a number out of the field’s range and text beyond its length', () => {
    expect(importCell(cell('number', 'N', { min: 0, max: 10 }), 11)).toEqual({ ok: false, error: { code: 'attachment.cell_max', params: { max: 10 } } });
    expect(importCell(cell('number', 'N', { min: 0, max: 10 }), -1)).toEqual({ ok: false, error: { code: 'attachment.cell_min', params: { min: 0 } } });
    expect(importCell(cell('input', 'T', { maxlength: 3 }), 'abcd')).toEqual({ ok: false, error: { code: 'attachment.cell_maxlength', params: { max: 3 } } });
  });
});

describe('importTableSheet', () => {
  const cm = table([
    ['DRUG', cell('input', 'CMTAB_DRUG'), '药物名称', 'Drug'],
    ['DOSE', cell('number', 'CMTAB_DOSE', { min: 0 }), '剂量', 'Dose'],
    ['START', cell('date', 'CMTAB_START', { format: 'YYYY-MM-DD' }), '开始日期', 'Start date'],
    ['SEX', sex, '性别', 'Sex'],
  ]);

  it('matches header cells by key or title in either language', () => {
    expect(matchHeader(['Drug', 'DOSE', '开始日期', 'Remarks'], (cm.options.columns ?? []) as TableColumn[])).toEqual(['DRUG', 'DOSE', 'START', null]);
  });
  it('reads rows with per-row errors, skipping the template’s key row and blank rows; a bad cell stays empty', () => {
    const result = importTableSheet(cm, [
      ['药物名称', '剂量', '开始日期', '性别', '备注'],
      ['DRUG', 'DOSE', 'START', 'SEX', ''],
      ['Aspirin', 100, '2024/1/2', '男', 'x'],
      [null, null, null, null, null],
      ['Ibuprofen', -5, 'soon', 'unknown', null],
    ]);
    expect(result).not.toBeNull();
    expect(result?.columns).toEqual(['DRUG', 'DOSE', 'START', 'SEX']);
    expect(result?.unmatched).toEqual(['备注']);
    expect(result?.rows).toEqual([
      { row: 3, values: { DRUG: 'Aspirin', DOSE: 100, START: '2024-01-02', SEX: '1' }, cells: { DRUG: 'Aspirin', DOSE: '100', START: '2024/1/2', SEX: '男' } },
      { row: 5, values: { DRUG: 'Ibuprofen', DOSE: null, START: null, SEX: null }, cells: { DRUG: 'Ibuprofen', DOSE: '-5', START: 'soon', SEX: 'unknown' } },
    ]);
    expect(result?.errors.map((error) => [error.row, error.column, error.code])).toEqual([
      [5, 'DOSE', 'attachment.cell_min'],
      [5, 'START', 'attachment.cell_date'],
      [5, 'SEX', 'attachment.cell_option'],
    ]);
    expect(result?.huge).toBe(false);
  });
  it('says huge above 50 rows, not at 50 (spec 002 §5/§9)', () => {
    const rows = (n: number) => [['Drug'], ...Array.from({ length: n }, (_, i) => [`D${String(i)}`])];
    expect(importTableSheet(cm, rows(TABLE_IMPORT_HUGE_ROWS))?.huge).toBe(false);
    expect(importTableSheet(cm, rows(TABLE_IMPORT_HUGE_ROWS + 1))?.huge).toBe(true);
  });
  it('gives null when the header names no column', () => {
    expect(importTableSheet(cm, [['a', 'b'], ['1', '2']])).toBeNull();
  });
});

describe('columns the design makes read-only (spec 002 §4)', () => {
  // A lab table's reference upper limit and a disabled cell: the panel's save refuses to change either.
  const lab = table([
    ['RES', cell('number', 'LB_RES'), '结果', 'Result'],
    ['UUL', cell('number', 'LB_UUL'), '参考值上限', 'Reference upper limit'],
    ['CODE', { ...cell('input', 'LB_CODE'), disabled: true }, '编码', 'Code'],
  ]);
  const columns = (lab.options.columns ?? []) as TableColumn[];
  const withRoles: Widget = { ...lab, options: { ...lab.options, columns: columns.map((column) => (column.key === 'UUL' ? { ...column, refCtrl: 'uul' as const } : column)) } };

  it('leaves them out of what a sheet fills and of the template', () => {
    expect(importableColumns(withRoles).map((column) => column.key)).toEqual(['RES']);
  });

  it('reads a sheet naming them without filling them, and says so once per column in the reader’s language', () => {
    const result = importTableSheet(withRoles, [
      ['Result', 'Reference upper limit', '编码'],
      [5, 999, 'X1'],
    ]);
    expect(result?.columns).toEqual(['RES']);
    expect(result?.ignored).toEqual(['UUL', 'CODE']);
    expect(result?.unmatched).toEqual([]);
    expect(result?.rows).toEqual([{ row: 2, values: { RES: 5 }, cells: { RES: '5' } }]);
    expect(result?.errors).toEqual([
      { row: 1, column: 'UUL', code: 'attachment.column_readonly', params: {} },
      { row: 1, column: 'CODE', code: 'attachment.column_readonly', params: {} },
    ]);
    const [first] = result?.errors ?? [];
    if (!first) throw new Error('no error');
    expect(cellErrorMessage(first, 'en-US')).toBe('This column is read-only in the form (set by its design) and was not imported');
    expect(cellErrorMessage(first, 'zh-CN')).toBe('该列在表单中只读（由表单设计给定），未导入');
  });

  it('gives null when the header names read-only columns only', () => {
    expect(importTableSheet(withRoles, [['UUL', 'CODE'], [1, 'x']])).toBeNull();
  });
});
