import { describe, expect, it } from 'vitest';
import { findDefaultLabels, isDefaultLabel } from './default-labels.js';
import { createWidget } from './factory.js';
import { createTable } from './factory-layout.js';
import { createMatrix } from './factory-matrix.js';
import type { Panel, TableColumn, Widget } from './schema.js';

describe('isDefaultLabel: the labels the designer generates, old and new', () => {
  it.each(['选项1', 'Option 12', 'option 3', '1. 新选项', '2. New option', '列1', 'Column 4', '表格', '表格2', 'Table 3', '单行文本', 'Single-line text', 'Radio', '单选矩阵'])(
    '%s is a default',
    (label) => {
      expect(isDefaultLabel(label)).toBe(true);
    },
  );

  it.each(['收缩压', 'Systolic blood pressure', 'Option A', '选项一览', 'Tablet count', 'Column chart', '', '   '])('%s is not', (label) => {
    expect(isDefaultLabel(label)).toBe(false);
  });
});

describe('findDefaultLabels lists what a publish would show a site as a placeholder', () => {
  it('finds the field label, its options and the table column titles of new widgets', () => {
    const used = new Set<string>();
    const radio = createWidget('radio', used);
    const table = createTable(1, 2, used);
    const found = findDefaultLabels({ list: [radio, table] });
    expect(found.map((entry) => [entry.widgetKey, entry.kind, entry.label])).toEqual([
      [radio.key, 'field', '单选'],
      [radio.key, 'option', '选项1'],
      [radio.key, 'option', '选项2'],
      [table.key, 'field', '表格1'],
      [table.key, 'column', '列1'],
      [table.key, 'column', '列2'],
    ]);
    expect(found[1]?.path).toBe('list.0.options.options.0.label');
    expect(found[4]?.path).toBe('list.1.options.columns.0.title');
  });

  it('finds nothing once every label is a real one, in either language', () => {
    const used = new Set<string>();
    const radio: Widget = {
      ...createWidget('radio', used),
      name: '性别',
      nameEn: 'Sex',
      options: { options: [{ key: '1', value: '1', label: '男', labelEn: 'Male' }, { key: '2', value: '2', label: '女', labelEn: 'Female' }] },
    };
    const table = createTable(1, 1, used, ['收缩压']);
    const renamed: Widget = { ...table, name: '生命体征', nameEn: 'Vital signs' };
    const panel: Pick<Panel, 'list'> = { list: [radio, renamed] };
    expect(findDefaultLabels(panel)).toEqual([]);
    // An English label left as default is still reported.
    const column = (renamed.options.columns as TableColumn[])[0];
    if (column) column.titleEn = 'Column 1';
    expect(findDefaultLabels(panel).map((entry) => entry.label)).toEqual(['Column 1']);
  });

  it('reports a matrix left with its default title and options, not its item cells', () => {
    const matrix = createMatrix('radio', ['头痛', '恶心'], new Set());
    expect(findDefaultLabels({ list: [matrix] }).map((entry) => [entry.kind, entry.label])).toEqual([
      ['field', '单选矩阵'],
      ['column', '单选矩阵'],
      ['option', '选项1'],
      ['option', '选项2'],
    ]);
  });
});
