import { describe, expect, it } from 'vitest';
import { createGrids, createTable, gridColumnSpan } from './factory-layout.js';
import type { GridColumn, TableColumn } from './schema.js';
import { widgetSchema } from './schema.js';

describe('spec 001 §9 grid: column span is 24 divided by the column count, rounded down', () => {
  it.each<[number, number]>([
    [1, 24],
    [2, 12],
    [3, 8],
    [4, 6],
    [5, 4],
    [7, 3],
    [10, 2],
  ])('%d columns span %d', (columns, span) => {
    expect(gridColumnSpan(columns)).toBe(span);
  });
});

describe('spec 001 §9 add-grid dialog: 1 to 30 rows, 1 to 10 columns', () => {
  it.each<[number, number]>([
    [1, 1],
    [2, 3],
    [30, 10],
  ])('%d rows by %d columns make that many grids and columns', (rows, columns) => {
    const grids = createGrids(rows, columns, new Set());
    expect(grids).toHaveLength(rows);
    for (const grid of grids) {
      expect(grid.type).toBe('grid');
      expect((grid.options.columns as GridColumn[]).map((column) => column.span)).toEqual(Array.from({ length: columns }, () => gridColumnSpan(columns)));
      expect(widgetSchema.safeParse(grid).success).toBe(true);
    }
    expect(new Set(grids.map((grid) => grid.key)).size).toBe(rows);
  });

  it.each<[number, number]>([
    [0, 2],
    [2, 0],
    [31, 2],
    [2, 11],
    [1.5, 2],
    [-1, 1],
  ])('spec 001 §5.2: grid creation needs rows and columns greater than 0 (and within §9): %d by %d is refused', (rows, columns) => {
    expect(() => createGrids(rows, columns, new Set())).toThrow(RangeError);
  });
});

describe('spec 001 §9 add-table dialog: 1 to 30 rows and columns, width 1280', () => {
  it('a 3 by 4 table: named columns, placeholders, empty rows', () => {
    const table = createTable(3, 4, new Set(), ['访视', '日期']);
    const columns = table.options.columns as TableColumn[];
    expect(columns.map((column) => column.title)).toEqual(['访视', '日期', '列3', '列4']);
    expect(columns.map((column) => column.titleEn)).toEqual(['访视', '日期', 'Column 3', 'Column 4']);
    expect(columns.every((column) => column.widget.type === 'placeholder' && column.widget.table === table.model)).toBe(true);
    expect(columns.every((column) => column.width === '25%')).toBe(true);
    expect(table.options.data).toHaveLength(3);
    expect(Object.keys(table.options.data?.[0] ?? {})).toEqual(columns.map((column) => column.key));
    expect(table.options).toMatchObject({ width: 1280, repeatable: false, tableMode: 'table' });
    expect(widgetSchema.safeParse(table).success).toBe(true);
  });

  it('spec 001 §3.6: column keys are random with a prefix and unique', () => {
    const columns = createTable(1, 30, new Set(), []).options.columns as TableColumn[];
    expect(new Set(columns.map((column) => column.key)).size).toBe(30);
    for (const column of columns) expect(column.key).toMatch(/^COL\d{1,5}$/);
  });

  it.each<[number, number]>([
    [0, 2],
    [1, 0],
    [31, 1],
    [1, 31],
  ])('spec 001 §5.2: table creation needs rows and columns greater than 0 (and within §9): %d by %d is refused', (rows, columns) => {
    expect(() => createTable(rows, columns, new Set())).toThrow(RangeError);
  });
});

describe('new tables get real default labels and readable cell keys', () => {
  it('numbers tables after the panel\'s others: 表格1 / Table 1, then 表格2 / Table 2', () => {
    const used = new Set<string>();
    const first = createTable(1, 2, used);
    const second = createTable(1, 2, used);
    expect([first.name, first.nameEn]).toEqual(['表格1', 'Table 1']);
    expect([second.name, second.nameEn]).toEqual(['表格2', 'Table 2']);
  });

  it('titles columns 列1 / Column 1 and keys them COL1, COL2; each cell joins the table and column keys', () => {
    const table = createTable(2, 2, new Set());
    const columns = table.options.columns as TableColumn[];
    expect(columns.map((column) => [column.title, column.titleEn, column.key])).toEqual([
      ['列1', 'Column 1', 'COL1'],
      ['列2', 'Column 2', 'COL2'],
    ]);
    expect(columns.map((column) => column.widget.key)).toEqual([`${table.key}_COL1`, `${table.key}_COL2`]);
    expect(widgetSchema.safeParse(table).success).toBe(true);
  });
});
