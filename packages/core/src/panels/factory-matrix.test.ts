import { describe, expect, it } from 'vitest';
import type { MatrixKind, MatrixSettings } from './factory-matrix.js';
import { createMatrix, MATRIX_KINDS } from './factory-matrix.js';
import type { Panel, TableColumn, WidgetOptions } from './schema.js';
import { widgetSchema } from './schema.js';
import { validatePanel } from './validate.js';

const items = ['睡眠', '食欲', '情绪'];

describe('spec 001 §2.1 and §9 matrix: 2 columns, item label then control, a non-repeatable table', () => {
  it.each(MATRIX_KINDS)('%s matrix: one row per item, shared control, valid panel', (kind) => {
    const matrix = createMatrix(kind, items, new Set());
    const columns = matrix.options.columns as TableColumn[];
    expect(matrix.type).toBe('table');
    expect(matrix.options.repeatable).toBe(false);
    expect(columns).toHaveLength(2);
    const [itemColumn, controlColumn] = columns as [TableColumn, TableColumn];
    expect(itemColumn.widget).toMatchObject({ type: 'input', disabled: true });
    expect(controlColumn.widget.type).toBe(kind);
    expect(matrix.options.data?.map((row) => row[itemColumn.key])).toEqual(items);
    expect(matrix.options.data?.map((row) => row.CARD_TITLE)).toEqual(items);
    expect(widgetSchema.safeParse(matrix).success).toBe(true);
    const panel: Panel = { list: [matrix], config: { labelWidth: 8, labelPosition: 'right' } };
    expect(validatePanel(panel)).toEqual([]);
  });

  it.each<[MatrixKind, MatrixSettings, WidgetOptions]>([
    ['slider', {}, { min: 0, max: 100, step: 1 }],
    ['slider', { sliderMax: 200 }, { max: 200, step: 1 }],
    ['slider', { sliderMax: 1 }, { max: 1 }],
    ['rate', {}, { max: 10 }],
    ['rate', { rateCount: 20 }, { max: 20 }],
    ['rate', { rateCount: 1 }, { max: 1 }],
    ['radio', { options: [{ key: '1', value: '1', label: '从不' }] }, { options: [{ key: '1', value: '1', label: '从不' }] }],
    ['checkbox', {}, { options: [{ key: '1', value: '1', label: '选项1', labelEn: 'Option 1' }, { key: '2', value: '2', label: '选项2', labelEn: 'Option 2' }] }],
  ])('spec 001 §9: %s matrix with %j has control options %j', (kind, settings, expected) => {
    const columns = createMatrix(kind, items, new Set(), settings).options.columns as TableColumn[];
    expect(columns[1]?.widget.options).toMatchObject(expected);
  });

  it.each<[string, MatrixKind, readonly string[], MatrixSettings]>([
    ['no items (matrix 1 to 30 rows)', 'radio', [], {}],
    ['only blank items', 'radio', ['  ', ''], {}],
    ['31 items', 'checkbox', Array.from({ length: 31 }, (_, i) => `Q${String(i)}`), {}],
    ['slider max 0 (config min 1)', 'slider', items, { sliderMax: 0 }],
    ['slider max 201 (config max 200)', 'slider', items, { sliderMax: 201 }],
    ['rating count 0 (star count 1 to 20)', 'rate', items, { rateCount: 0 }],
    ['rating count 21', 'rate', items, { rateCount: 21 }],
  ])('spec 001 §9: refuses %s', (_name, kind, rowItems, settings) => {
    expect(() => createMatrix(kind, rowItems, new Set(), settings)).toThrow(RangeError);
  });

  it('30 items are accepted and trimmed', () => {
    const labels = Array.from({ length: 30 }, (_, i) => ` Q${String(i)} `);
    expect(createMatrix('radio', labels, new Set()).options.data?.[0]?.CARD_TITLE).toBe('Q0');
  });
});
