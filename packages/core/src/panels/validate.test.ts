import { describe, expect, it } from 'vitest';
import { createWidget } from './factory.js';
import { createLabTable } from './factory-lab.js';
import { createGrids, createTable } from './factory-layout.js';
import { createMatrix } from './factory-matrix.js';
import type { Panel, TableColumn, Widget, WidgetType } from './schema.js';
import { TABLE_CELL_UNCONFIGURED, validatePanel } from './validate.js';

function field(type: WidgetType, key: string, extra: Partial<Widget> = {}): Widget {
  return { type, key, model: key, name: key, options: {}, ...extra };
}

const panelOf = (...list: Widget[]): Panel => ({ list, config: { labelWidth: 8, labelPosition: 'right' } });

function grid(key: string, spans: number[], children: Widget[][] = []): Widget {
  return field('grid', key, { options: { columns: spans.map((span, index) => ({ span, list: children[index] ?? [] })) } });
}

function table(key: string, columns: Partial<TableColumn>[], extra: Partial<Widget['options']> = {}, name = key): Widget {
  return field('table', key, {
    name,
    options: {
      width: 1280,
      columns: columns.map((column, index) => ({ title: `c${String(index)}`, key: `${key}C${String(index)}`, widget: field('input', `${key}W${String(index)}`), ...column })),
      ...extra,
    },
  });
}

const codes = (panel: Panel) => validatePanel(panel).map((issue) => `${issue.code}@${issue.path}`);

describe('validatePanel: each rule of spec 001 §3, §5.2 to §5.4', () => {
  it.each<[string, Panel, string[]]>([
    ['an empty panel is fine', panelOf(), []],
    ['§4.1 keys are unique in the panel', panelOf(field('input', 'A'), field('number', 'A')), ['panel.duplicate_key@list.1.key', 'panel.duplicate_model@list.1.model']],
    ['§4.1 a key repeated inside a grid', panelOf(field('input', 'A'), grid('G', [12, 12], [[field('input', 'A')]])), ['panel.duplicate_key@list.1.options.columns.0.list.0.key', 'panel.duplicate_model@list.1.options.columns.0.list.0.model']],
    ['§4.1 models are unique even under different keys', panelOf(field('input', 'A', { model: 'M' }), field('input', 'B', { model: 'M' })), ['panel.duplicate_model@list.1.model']],
    ['§3.6 column keys are unique in the panel', panelOf(table('T', [{ key: 'K' }, { key: 'K' }])), ['panel.duplicate_column_key@list.0.options.columns.1.key']],
    ['§3.6 a column key may not reuse a field name', panelOf(field('input', 'A'), table('T', [{ key: 'A' }])), ['panel.duplicate_column_key@list.1.options.columns.0.key']],
    ['§5.3 a grid cannot contain grids', panelOf(grid('G', [24], [[grid('H', [24])]])), ['panel.grid_nesting@list.0.options.columns.0.list.0']],
    ['§5.3 a grid cannot contain tables', panelOf(grid('G', [24], [[table('T', [{}])]])), ['panel.grid_nesting@list.0.options.columns.0.list.0']],
    ['§5.3 a grid cannot contain dividers or section labels', panelOf(grid('G', [24], [[field('blank', 'S')]])), ['panel.grid_nesting@list.0.options.columns.0.list.0']],
    ['§5.3 a grid may hold paragraph notes', panelOf(grid('G', [24], [[field('alert', 'N')]])), []],
    ['§5.3 a table cell cannot hold paragraph notes', panelOf(table('T', [{ widget: field('alert', 'N') }])), ['panel.table_nesting@list.0.options.columns.0.widget']],
    ['§5.3 a table cell cannot hold section labels', panelOf(table('T', [{ widget: field('blank', 'N') }])), ['panel.table_nesting@list.0.options.columns.0.widget']],
    ['§5.3 a per-row cell cannot hold a grid', panelOf(table('T', [{ widgetMap: { '2': grid('G', [24]) } }])), ['panel.table_nesting@list.0.options.columns.0.widgetMap.2']],
    ['a placeholder outside a table', panelOf(field('placeholder', 'P')), ['panel.placeholder_outside_table@list.0']],
    ['§3.2 labelCol + wrapperCol <= 24: 8 + 16 is fine', panelOf(field('input', 'A', { labelCol: 8, wrapperCol: 16 })), []],
    ['§3.2 labelCol + wrapperCol <= 24: 0 + 24 is fine', panelOf(field('input', 'A', { labelCol: 0, wrapperCol: 24 })), []],
    ['§3.2 labelCol + wrapperCol <= 24: 10 + 16 is not', panelOf(field('input', 'A', { labelCol: 10, wrapperCol: 16 })), ['panel.label_width@list.0.wrapperCol']],
    ['§5.2 label plus control width 0 to 24, integers: 7.5 is not', panelOf(field('input', 'A', { labelCol: 7.5, wrapperCol: 16 })), ['panel.label_width@list.0.wrapperCol']],
    ['§5.2 label width below 0 is not allowed', panelOf(field('input', 'A', { labelCol: -1, wrapperCol: 16 })), ['panel.label_width@list.0.wrapperCol']],
    ['§5.2 table width 600 is the minimum', panelOf(table('T', [{}], { width: 600 })), []],
    ['§5.2 table width 3840 is the maximum', panelOf(table('T', [{}], { width: 3840 })), []],
    ['§5.2 table width 599 is too narrow', panelOf(table('T', [{}], { width: 599 })), ['panel.table_width@list.0.options.width']],
    ['§5.2 table width 3841 is too wide', panelOf(table('T', [{}], { width: 3841 })), ['panel.table_width@list.0.options.width']],
    ['§5.2 table width as text is read as a number', panelOf(table('T', [{}], { width: '80%' })), ['panel.table_width@list.0.options.width']],
    ['§5.2 table name at most 128 characters', panelOf(table('T', [{}], {}, 'n'.repeat(129))), ['panel.table_name_too_long@list.0.name']],
    ['§5.2 table name of 128 characters is fine', panelOf(table('T', [{}], {}, 'n'.repeat(128))), []],
    ['§5.2 column label at most 256', panelOf(table('T', [{ title: 't'.repeat(257) }])), ['panel.column_title_too_long@list.0.options.columns.0.title']],
    ['§5.2 column field name at most 50', panelOf(table('T', [{ key: `K${'k'.repeat(50)}` }])), ['panel.column_key_too_long@list.0.options.columns.0.key']],
    ['§5.2 column width is a percentage such as 20%', panelOf(table('T', [{ width: '20%' }, { width: '200px' }])), ['panel.column_width@list.0.options.columns.1.width']],
    ['§3.5 grid spans are 1 to 24: 0 is not', panelOf(grid('G', [0, 12])), ['panel.grid_span@list.0.options.columns.0.span']],
    ['§3.5 grid spans are 1 to 24: 25 is not', panelOf(grid('G', [25])), ['panel.grid_span@list.0.options.columns.0.span']],
    ['§5.4 an unconfigured table cell blocks saving', panelOf(table('T', [{}, { widget: field('placeholder', 'P') }])), ['panel.table_cell_unconfigured@list.0.options.columns.1.widget']],
    [
      '§5.2 Option Code: digits only',
      panelOf(field('radio', 'R', { options: { options: [{ key: '1', value: '1', label: 'a' }, { key: 'x', value: 'x', label: 'b' }] } })),
      ['panel.option_code_invalid@list.0.options.options.1.key'],
    ],
    [
      '§5.2 option codes are distinct',
      panelOf(field('select', 'S', { options: { options: [{ key: '1', value: '1', label: 'a' }, { key: '1', value: '1', label: 'b' }] } })),
      ['panel.option_code_duplicate@list.0.options.options.1.key'],
    ],
    [
      '§5.2 bullseye codes allow digits and minus',
      panelOf(field('select', 'S', { options: { bullsEyePlot: true, options: [{ key: '-9', value: '-9', label: 'a' }, { key: '-x', value: '-x', label: 'b' }] } })),
      ['panel.option_code_invalid@list.0.options.options.1.key'],
    ],
    ['a plain option code may not be negative', panelOf(field('radio', 'R', { options: { options: [{ key: '-1', value: '-1', label: 'a' }] } })), ['panel.option_code_invalid@list.0.options.options.0.key']],
    ['dictionary options keep their own codes', panelOf(field('select', 'S', { options: { dictType: 'SEX', options: [{ key: 'M', value: 'M', label: 'a' }] } })), []],
    ['§5.2 pattern must be a regular expression', panelOf(field('input', 'A', { options: { pattern: '([a-z' } })), ['panel.pattern_invalid@list.0.options.pattern']],
    ['§5.2 pattern at most 64 characters', panelOf(field('input', 'A', { options: { pattern: 'a'.repeat(65) } })), ['panel.pattern_invalid@list.0.options.pattern']],
    ['§5.2 a valid pattern is fine', panelOf(field('input', 'A', { options: { pattern: '^\\d{6}$' } })), []],
  ])('%s', (_name, panel, expected) => {
    expect(codes(panel)).toEqual(expected);
  });
});

describe('validatePanel messages speak both languages and name the widget', () => {
  it('spec 001 §5.4: the unconfigured-cell message asks to check the table and every cell', () => {
    const [issue] = validatePanel(panelOf(table('T', [{ widget: field('placeholder', 'P') }])));
    expect(issue).toEqual({ widgetKey: 'P', path: 'list.0.options.columns.0.widget', ...TABLE_CELL_UNCONFIGURED });
    expect(issue?.message).toBe('请检查表格，确认每个单元格都已配置变量');
    expect(issue?.messageEn).toMatch(/check the table.*every cell/);
  });

  it('every issue has a Chinese and an English message', () => {
    const panel = panelOf(
      field('input', 'A', { labelCol: 20, wrapperCol: 20 }),
      field('input', 'A'),
      grid('G', [30], [[grid('H', [24])]]),
      table('T', [{ title: 'x'.repeat(300), widget: field('alert', 'N') }], { width: 10 }),
    );
    const issues = validatePanel(panel);
    expect(issues.length).toBeGreaterThanOrEqual(6);
    for (const issue of issues) {
      expect(issue.message).toMatch(/[\u4e00-\u9fff]/);
      expect(issue.messageEn).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

describe('panels made by the factories are valid (save blocked only by unconfigured cells)', () => {
  it('a palette of every widget, grids, a matrix and the lab table', () => {
    const used = new Set<string>();
    const panel = panelOf(
      createWidget('input', used),
      createWidget('bullseyeDropdown', used),
      createWidget('bullseyeplot', used),
      ...createGrids(2, 3, used),
      createMatrix('radio', ['a', 'b'], used),
      createLabTable(used),
    );
    expect(validatePanel(panel)).toEqual([]);
  });

  it('a new table reports each placeholder cell', () => {
    const panel = panelOf(createTable(2, 3, new Set()));
    expect(validatePanel(panel).map((issue) => issue.code)).toEqual(Array.from({ length: 3 }, () => 'panel.table_cell_unconfigured'));
  });
});
