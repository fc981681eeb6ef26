import { describe, expect, it } from 'vitest';
import { BULLSEYE_OPTIONS } from './bullseye.js';
import type { PaletteWidget } from './factory.js';
import { createWidget, PALETTE_WIDGETS } from './factory.js';
import type { GridColumn, Panel, TableColumn, Widget, WidgetOptions, WidgetType } from './schema.js';
import { widgetSchema } from './schema.js';
import { validatePanel } from './validate.js';

const panelOf = (...list: Widget[]): Panel => ({ list, config: { labelWidth: 8, labelPosition: 'right' } });

describe('spec 001 §2.1: every palette widget is created with a valid shape', () => {
  it.each(PALETTE_WIDGETS.filter((item) => item !== 'table'))('%s passes the panel schema and panel validation', (item) => {
    const widget = createWidget(item, new Set());
    expect(widgetSchema.safeParse(widget).success).toBe(true);
    expect(validatePanel(panelOf(widget))).toEqual([]);
  });

  it.each(PALETTE_WIDGETS)('%s: spec 001 §4.1 key and model are the type plus a number, uppercased', (item) => {
    const widget = createWidget(item, new Set());
    expect(widget.key).toBe(widget.model);
    expect(widget.key).toMatch(new RegExp(`^${widget.type.toUpperCase()}\\d{1,5}$`));
    expect(widget.name).not.toBe('');
    expect(widget.nameEn).not.toBe('');
  });

  it('spec 001 §4.1: keys are unique across widgets made for one panel', () => {
    const used = new Set<string>();
    const keys = PALETTE_WIDGETS.flatMap((item) => [createWidget(item, used).key, createWidget(item, used).key]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('spec 001 §5.2 and §9 defaults of each palette widget', () => {
  it.each<[PaletteWidget, WidgetType, WidgetOptions]>([
    ['input', 'input', { dataType: 'string', maxlength: 64 }],
    ['textarea', 'textarea', { maxlength: 1024, rows: 5 }],
    ['number', 'number', { dataType: 'number', precision: 0 }],
    ['rate', 'rate', { max: 5 }],
    ['slider', 'slider', { min: 0, max: 100, step: 1 }],
    ['date', 'date', { type: 'date', format: 'YYYY-MM-DD' }],
    ['time', 'time', { type: 'time', format: 'HH:mm:ss' }],
    ['select', 'select', { multiple: false }],
    ['blank', 'blank', { content: '分节标题', contentEn: 'Section label' }],
    ['alert', 'alert', { content: '段落说明', alertType: 'info' }],
    ['richeditor', 'richeditor', { content: '' }],
    ['bullseyeplot', 'bullseyeplot', { segments: 17 }],
    ['bullseyeDropdown', 'select', { bullsEyePlot: true, multiple: false, dictType: 'bullseye' }],
    ['grid', 'grid', { gutter: 5, justify: 'start', align: 'top' }],
  ])('%s is a %s with %j', (item, type, options) => {
    const widget = createWidget(item, new Set());
    expect(widget.type).toBe(type);
    expect(widget.options).toMatchObject(options);
  });

  it.each<PaletteWidget>(['input', 'textarea', 'number', 'radio', 'select', 'checkbox', 'date', 'time', 'rate', 'slider'])(
    '%s: spec 001 §9 label column 8 and wrapper column 16 of 24',
    (item) => {
      const widget = createWidget(item, new Set());
      expect([widget.labelCol, widget.wrapperCol]).toEqual([8, 16]);
    },
  );

  it.each<PaletteWidget>(['radio', 'checkbox', 'select'])('%s: new options are labelled 选项1 / Option 1 (docs/decisions.md "Default labels")', (item) => {
    expect(createWidget(item, new Set()).options.options).toEqual([
      { key: '1', value: '1', label: '选项1', labelEn: 'Option 1' },
      { key: '2', value: '2', label: '选项2', labelEn: 'Option 2' },
    ]);
  });

  it('spec 001 §3.7: the bullseye dropdown carries 0 Normal (frozen), 1 Abnormal, -9 Not Done, -1 Non-diagnostic with colours', () => {
    const options = createWidget('bullseyeDropdown', new Set()).options.options ?? [];
    expect(options.map((option) => [option.key, option.labelEn])).toEqual([
      ['0', 'Normal'],
      ['1', 'Abnormal'],
      ['-9', 'Not Done'],
      ['-1', 'Non-diagnostic'],
    ]);
    expect(options.filter((option) => option.freeze === true).map((option) => option.key)).toEqual(['0']);
    for (const option of options) expect(option.color).toMatch(/^#[0-9a-f]{6}$/);
    const first = options[0];
    if (first) first.label = 'changed';
    expect(BULLSEYE_OPTIONS[0]?.label).toBe('正常');
  });

  it('spec 001 §9: a new layout grid is 2 columns of 12, gutter 5', () => {
    const grid = createWidget('grid', new Set());
    expect(grid.options.columns as GridColumn[]).toEqual([
      { span: 12, list: [] },
      { span: 12, list: [] },
    ]);
  });

  it('spec 001 §9: the palette table is the default 1 row by 2 columns, width 1280, cells placeholders', () => {
    const table = createWidget('table', new Set());
    const columns = table.options.columns as TableColumn[];
    expect(columns).toHaveLength(2);
    expect(table.options.data).toHaveLength(1);
    expect(table.options.width).toBe(1280);
    expect(columns.map((column) => column.widget.type)).toEqual(['placeholder', 'placeholder']);
  });

  it('spec 001 §5.2: a new text input has no validation rules until required or typed; its data type gives format incorrect', () => {
    expect(createWidget('input', new Set()).rules).toEqual([{ type: 'string', message: '格式不正确', messageEn: 'Format incorrect' }]);
    expect(createWidget('radio', new Set()).rules).toEqual([]);
  });
});
