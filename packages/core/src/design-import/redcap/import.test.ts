import { describe, expect, it } from 'vitest';
import { panelSchema } from '../../panels/schema.js';
import { validatePanel } from '../../panels/validate.js';
import type { Widget } from '../../panels/schema.js';
import { dictionaryCsv } from './dictionary.fixture.js';
import type { RowSpec } from './dictionary.fixture.js';
import { planRedcapImport } from './import.js';

function plan(rows: RowSpec[]) {
  const result = planRedcapImport(dictionaryCsv(rows));
  if (!result.ok) throw new Error(result.error.code);
  return result.plan;
}

const widgetOf = (rows: RowSpec[], model: string): Widget => {
  const found = plan(rows).panels.flatMap((panel) => panel.panel.list).find((widget) => widget.model === model);
  if (!found) throw new Error(`no widget ${model}`);
  return found;
};

const text = (field: string, validation = '', extra: RowSpec = {}): RowSpec => ({ field, form: 'f', type: 'text', label: field, validation, ...extra });

describe('REDCap field types into widgets', () => {
  it.each([
    ['date_ymd', 'date', { type: 'date', format: 'YYYY-MM-DD' }],
    ['date_mdy', 'date', { type: 'date', format: 'YYYY-MM-DD' }],
    ['date_dmy', 'date', { type: 'date', format: 'YYYY-MM-DD' }],
    ['datetime_ymd', 'date', { format: 'YYYY-MM-DD HH:mm:ss' }],
    ['datetime_seconds_dmy', 'date', { format: 'YYYY-MM-DD HH:mm:ss' }],
    ['time', 'time', { type: 'time', format: 'HH:mm' }],
    ['time_hh_mm_ss', 'time', { format: 'HH:mm:ss' }],
    ['integer', 'number', { dataType: 'integer', precision: 0 }],
    ['number', 'number', { dataType: 'number' }],
    ['number_1dp', 'number', { dataType: 'float', precision: 1, step: 0.1 }],
    ['number_2dp', 'number', { dataType: 'float', precision: 2 }],
    ['email', 'input', { textValidationType: 'email' }],
    ['phone', 'input', { textValidationType: 'phone' }],
    ['zipcode', 'input', { textValidationType: 'zipcode' }],
    ['alpha_only', 'input', { textValidationType: 'alpha_only' }],
    ['time_mm_ss', 'input', { textValidationType: 'time_mm_ss' }],
    ['', 'input', { dataType: 'string' }],
  ] as const)('text with validation %j is a %s', (validation, type, options) => {
    const widget = widgetOf([text('x', validation)], 'x');
    expect(widget.type).toBe(type);
    expect(widget.options).toMatchObject(options);
  });

  it('checks validation patterns as REDCap does', () => {
    const pattern = (validation: string) => new RegExp(widgetOf([text('x', validation)], 'x').options.pattern ?? '');
    expect(pattern('email').test('a@b.org')).toBe(true);
    expect(pattern('email').test('a@b')).toBe(false);
    expect(pattern('zipcode').test('12345-6789')).toBe(true);
    expect(pattern('alpha_only').test('abc1')).toBe(false);
    expect(pattern('phone').test('(615) 555-1234')).toBe(true);
  });

  it('maps min and max to a range, and reports a date range', () => {
    expect(widgetOf([text('w', 'number', { min: '30', max: '250' })], 'w').options).toMatchObject({ min: 30, max: 250 });
    const result = plan([text('d', 'date_ymd', { min: '2020-01-01', max: 'today' })]);
    expect(result.report.map((entry) => entry.code)).toEqual(['redcap.range_not_imported']);
  });

  it('maps the other field types', () => {
    const rows: RowSpec[] = [
      { field: 'notes1', form: 'f', type: 'notes', label: 'Notes' },
      { field: 'dd', form: 'f', type: 'dropdown', label: 'Dropdown', choices: '1, A | 2, B' },
      { field: 'rd', form: 'f', type: 'radio', label: 'Radio', choices: '0, 否 | 1, 是' },
      { field: 'cb', form: 'f', type: 'checkbox', label: 'Checkbox', choices: '1, X|2, Y|99, Other' },
      { field: 'yn', form: 'f', type: 'yesno', label: 'Yes or no' },
      { field: 'tf', form: 'f', type: 'truefalse', label: 'True or false' },
      { field: 'c', form: 'f', type: 'calc', label: 'Calc', choices: '[dd] + 1' },
      { field: 'up', form: 'f', type: 'file', label: 'File' },
      { field: 'sl', form: 'f', type: 'slider', label: 'Slider', min: '0', max: '10' },
      { field: 'ds', form: 'f', type: 'descriptive', label: 'Plain text note' },
      { field: 'dh', form: 'f', type: 'descriptive', label: '<b>Bold</b> note' },
      { field: 'sq', form: 'f', type: 'sql', label: 'SQL', choices: 'select value from redcap_data' },
    ];
    const list = plan(rows).panels[0]?.panel.list ?? [];
    const byModel = Object.fromEntries(list.map((widget) => [widget.model, widget]));
    expect(Object.fromEntries(list.map((widget) => [widget.model, widget.type]))).toEqual({
      notes1: 'textarea',
      dd: 'select',
      rd: 'radio',
      cb: 'checkbox',
      yn: 'radio',
      tf: 'radio',
      c: 'number',
      up: 'uploader',
      sl: 'slider',
      ds: 'alert',
      dh: 'richeditor',
      sq: 'input',
    });
    expect(byModel.rd?.options.options).toEqual([
      { key: '0', value: '0', label: '否' },
      { key: '1', value: '1', label: '是' },
    ]);
    expect(byModel.dd?.options.options?.[0]).toEqual({ key: '1', value: '1', label: 'A', labelEn: 'A' });
    expect(byModel.cb?.options.options?.map((option) => option.key)).toEqual(['1', '2', '99']);
    expect(byModel.yn?.options.options?.map((option) => [option.key, option.labelEn])).toEqual([['1', 'Yes'], ['0', 'No']]);
    expect(byModel.c?.options.expression).toBe('[dd] + 1');
    expect(byModel.sl?.options).toMatchObject({ min: 0, max: 10 });
    expect(byModel.ds?.options.content).toBe('Plain text note');
    expect(byModel.dh?.options.content).toContain('<b>Bold</b>');
  });

  it('maps required, identifier, field note, section headers and @READONLY / @DEFAULT', () => {
    const list =
      plan([
        text('name', '', { section: '基本信息 Basic', required: 'y', identifier: 'y', note: 'Family name first' }),
        { field: 'site', form: 'f', type: 'radio', label: 'Site', choices: '1, A | 2, B', annotation: '@DEFAULT="2" @READONLY @HIDDEN' },
      ]).panels[0]?.panel.list ?? [];
    expect(list.map((widget) => widget.type)).toEqual(['blank', 'input', 'radio']);
    expect(list[0]).toMatchObject({ key: 'SECTION', name: '基本信息 Basic', options: { content: '基本信息 Basic' } });
    expect(list[1]?.options).toMatchObject({ required: true, sensitiveInformation: true, placeholder: 'Family name first' });
    expect(list[1]?.rules?.[0]).toMatchObject({ required: true, messageEn: 'name must be filled in' });
    expect(list[2]).toMatchObject({ disabled: true, options: { defaultValue: '2' } });
  });

  it('keeps a Chinese label as the Chinese name only', () => {
    const widget = widgetOf([text('wt', 'number', { label: '体重（kg）' })], 'wt');
    expect(widget.name).toBe('体重（kg）');
    expect(widget.nameEn).toBeUndefined();
  });

  it('renumbers option codes that are not digits and reports it, with the logic that reads them', () => {
    const result = plan([
      { field: 'smoke', form: 'f', type: 'radio', label: 'Smoker', choices: 'y, Yes | n, No | 9, Unknown' },
      text('packs', 'integer', { branching: "[smoke] = 'y'" }),
    ]);
    expect(result.panels[0]?.panel.list[0]?.options.options?.map((option) => option.key)).toEqual(['10', '11', '9']);
    expect(result.report.map((entry) => [entry.field, entry.what, entry.code])).toEqual([
      ['smoke', 'choices', 'redcap.choices_recoded'],
      ['packs', 'branching', 'redcap.logic_recoded'],
    ]);
    expect(result.report[0]?.messageEn).toContain('y→10, n→11');
  });

  it('turns a matrix group into one field per row under the group header, and notes a ranking', () => {
    const choices = '1, Never | 2, Sometimes | 3, Often';
    const result = plan([
      { field: 'm1', form: 'f', type: 'radio', label: 'Headache', choices, section: 'How often…', matrixGroup: 'sym', matrixRanking: 'y' },
      { field: 'm2', form: 'f', type: 'radio', label: 'Nausea', choices, matrixGroup: 'sym', matrixRanking: 'y' },
    ]);
    expect(result.panels[0]?.panel.list.map((widget) => [widget.type, widget.model])).toEqual([
      ['blank', 'SECTION'],
      ['radio', 'm1'],
      ['radio', 'm2'],
    ]);
    expect(result.report.map((entry) => entry.code)).toEqual(['redcap.matrix_ranking']);
  });
});

describe('the import plan', () => {
  it('makes one panel per form in order, and every panel passes the panel checks', () => {
    const result = plan([
      text('a1', '', { form: 'demographics' }),
      text('b1', 'integer', { form: 'vital_signs' }),
      text('a2', '', { form: 'demographics' }),
    ]);
    expect(result.panels.map((panel) => [panel.nameAbbr, panel.name, panel.panel.list.map((widget) => widget.model)])).toEqual([
      ['demographics', 'Demographics', ['a1', 'a2']],
      ['vital_signs', 'Vital signs', ['b1']],
    ]);
    for (const panel of result.panels) {
      expect(panelSchema.safeParse(panel.panel).success).toBe(true);
      expect(validatePanel(panel.panel)).toEqual([]);
    }
  });

  it('skips and reports malformed rows, keeping the rest', () => {
    const csv = `${dictionaryCsv([text('ok', ''), text('9bad', ''), text('ok', ''), { field: 'x', form: 'f', type: 'widget', label: 'X' }, { field: 'y', form: '', type: 'text' }])}too,many,cells,,,,,,,,,,,,,,,,,,\r\n`;
    const result = planRedcapImport(csv);
    if (!result.ok) throw new Error(result.error.code);
    expect(result.plan.panels[0]?.panel.list.map((widget) => widget.model)).toEqual(['ok']);
    expect(result.plan.report.map((entry) => [entry.line, entry.code])).toEqual([
      [3, 'redcap.field_name_invalid'],
      [4, 'redcap.field_duplicate'],
      [5, 'redcap.type_unknown'],
      [6, 'redcap.form_missing'],
      [7, 'redcap.row_malformed'],
    ]);
    expect(result.plan.report[1]?.message).toBe('变量名 ok 已在第 2 行使用，该行未导入');
  });

  it('shortens names past the limits and follows them in logic', () => {
    const long = 'a_variable_name_that_is_much_too_long';
    const result = plan([text(long, 'integer', { form: 'a_form_name_that_is_also_far_too_long_for_an_abbreviation' }), text('b', '', { form: 'a_form_name_that_is_also_far_too_long_for_an_abbreviation', branching: `[${long}] > 1` })]);
    const panel = result.panels[0];
    expect(panel?.nameAbbr).toHaveLength(32);
    expect(panel?.panel.list[1]?.options.logicExpression).toBe('[a_variable_name_that_is_much_too] > 1');
    expect(result.report.map((entry) => entry.code)).toEqual(['redcap.form_renamed', 'redcap.field_renamed']);
  });

  it('takes out calculations that read one another in a cycle, and reports them', () => {
    const result = plan([
      { field: 'c1', form: 'f', type: 'calc', label: 'C1', choices: '[c2] + 1' },
      { field: 'c2', form: 'f', type: 'calc', label: 'C2', choices: '[c1] + 1' },
    ]);
    expect(result.panels[0]?.panel.list.map((widget) => widget.options.expression)).toEqual([undefined, undefined]);
    expect(result.report.map((entry) => [entry.field, entry.what, entry.code])).toEqual([
      ['c1', 'calculation', 'redcap.panel_issue'],
      ['c2', 'calculation', 'redcap.panel_issue'],
    ]);
    expect(validatePanel(result.panels[0]?.panel ?? { list: [], config: { labelWidth: 8, labelPosition: 'right' } })).toEqual([]);
  });

  it('refuses what is not a data dictionary', () => {
    expect(planRedcapImport('name,age\nx,1\n')).toMatchObject({ ok: false, error: { code: 'design_import.not_a_dictionary', params: { column: 1 } } });
    expect(planRedcapImport(dictionaryCsv([]))).toMatchObject({ ok: false, error: { code: 'design_import.empty' } });
    expect(planRedcapImport(`${dictionaryCsv([text('a')])}b,f,"open`)).toMatchObject({ ok: false, error: { code: 'design_import.csv_unreadable', params: { line: 3 } } });
    expect(planRedcapImport('')).toMatchObject({ ok: false, error: { code: 'design_import.not_a_dictionary' } });
  });

  it('reads an older dictionary of 16 columns', () => {
    const csv = dictionaryCsv([text('a', 'integer', { annotation: '@HIDDEN' })], { columns: 16 });
    expect(csv.split('\r\n')[1]).toBe('a,f,,text,a,,,integer,,,,,,,,');
    expect(planRedcapImport(csv)).toMatchObject({ ok: true, plan: { report: [] } });
  });
});

describe('limits of the panel shape', () => {
  it('reports a field whose options exceed the panel limits', () => {
    const choices = Array.from({ length: 1001 }, (_, index) => `${String(index + 1)}, Option ${String(index + 1)}`).join(' | ');
    const result = plan([{ field: 'many', form: 'f', type: 'dropdown', label: 'Many', choices }]);
    expect(result.report.map((entry) => [entry.code, entry.source])).toEqual([['redcap.panel_issue', 'list.0.options.options']]);
    expect(result.report[0]?.messageEn).toMatch(/^Panel check: list\.0\.options\.options: /);
  });
});

describe('section label keys', () => {
  it('never take a variable name of the dictionary, even one that comes later', () => {
    const result = plan([text('a', '', { section: 'First' }), text('section', '', { section: 'Second' }), text('section_2', '')]);
    expect(result.panels[0]?.panel.list.map((widget) => widget.model)).toEqual(['SECTION_3', 'a', 'SECTION_4', 'section', 'section_2']);
    expect(result.report).toEqual([]);
  });
});
