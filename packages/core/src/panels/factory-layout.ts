import {
  DEFAULT_LABEL_COL,
  DEFAULT_WRAPPER_COL,
  GRID_ALIGN_DEFAULT,
  GRID_COLUMNS_MAX,
  GRID_COLUMNS_MIN,
  GRID_GUTTER_DEFAULT,
  GRID_JUSTIFY_DEFAULT,
  GRID_ROWS_MAX,
  GRID_ROWS_MIN,
  GRID_SPAN_TOTAL,
  TABLE_CARDS_PER_ROW_DEFAULT,
  TABLE_COLUMNS_MAX,
  TABLE_COLUMNS_MIN,
  TABLE_ROWS_MAX,
  TABLE_ROWS_MIN,
  TABLE_WIDTH_DEFAULT,
} from './constants.js';
import { generateKey, tableCellKey, tableColumnKey } from './keys.js';
import type { GridColumn, TableColumn, TableRow, Widget } from './schema.js';

/** A count the add-grid, add-table or matrix dialog may accept: an integer within the §9 limits. */
export function countInRange(count: number, min: number, max: number): boolean {
  return Number.isInteger(count) && count >= min && count <= max;
}

function requireCount(what: string, count: number, min: number, max: number): void {
  // Spec 001 §5.2: grid and table creation need rows and columns greater than 0; §9 gives the upper limits.
  if (!countInRange(count, min, max)) throw new RangeError(`${what} must be an integer from ${String(min)} to ${String(max)}`);
}

/** Spec 001 §9: a grid column spans 24 divided by the column count, rounded down. */
export function gridColumnSpan(columnCount: number): number {
  return Math.floor(GRID_SPAN_TOTAL / columnCount);
}

/** A grid widget with the given column spans and empty columns (spec 001 §3.5 defaults). */
export function createGrid(spans: readonly number[], usedKeys: Set<string>): Widget {
  const key = generateKey('grid', usedKeys);
  const columns: GridColumn[] = spans.map((span) => ({ span, list: [] }));
  return {
    type: 'grid',
    key,
    model: key,
    name: '栅格布局',
    nameEn: 'Grid layout',
    options: { columns, gutter: GRID_GUTTER_DEFAULT, justify: GRID_JUSTIFY_DEFAULT, align: GRID_ALIGN_DEFAULT },
  };
}

/** Spec 001 §9 add-grid dialog: 1 to 30 rows of 1 to 10 columns, each row its own grid. */
export function createGrids(rows: number, columns: number, usedKeys: Set<string>): Widget[] {
  requireCount('rows', rows, GRID_ROWS_MIN, GRID_ROWS_MAX);
  requireCount('columns', columns, GRID_COLUMNS_MIN, GRID_COLUMNS_MAX);
  const spans = Array.from({ length: columns }, () => gridColumnSpan(columns));
  return Array.from({ length: rows }, () => createGrid(spans, usedKeys));
}

/** The table and column a cell belongs to; its widget's key is built from their keys (keys.ts tableCellKey). */
export interface CellOwner {
  tableKey: string;
  columnKey: string;
}

/**
 * Spec 001 §4.1: an unconfigured table cell is an empty placeholder; saving is blocked while one is left.
 * In a known cell it takes the cell's readable key, which the widget configured there later inherits.
 */
export function createPlaceholder(usedKeys: Set<string>, tableModel?: string, cell?: CellOwner): Widget {
  const key = cell ? tableCellKey(cell.tableKey, cell.columnKey, null, usedKeys) : generateKey('placeholder', usedKeys);
  return { type: 'placeholder', key, model: key, name: '', options: {}, ...(tableModel === undefined ? {} : { table: tableModel }) };
}

/** A column width as a whole percentage of the table (spec 001 §5.2 "a percentage such as 20%"). */
export function columnWidthPercent(columnCount: number): string {
  return `${String(Math.floor(100 / columnCount))}%`;
}

/** Empty rows for the given columns: every column key present with no value yet. */
export function emptyRows(columns: readonly TableColumn[], rowCount: number): TableRow[] {
  return Array.from({ length: rowCount }, () => Object.fromEntries(columns.map((column) => [column.key, null])));
}

/** Keys of tables made by the designer (type plus number, spec 001 §4.1) among the panel's keys. */
function tablesIn(usedKeys: ReadonlySet<string>): number {
  return [...usedKeys].filter((key) => /^TABLE\d+$/.test(key)).length;
}

/** The default label of the n-th table of a panel: 表格1 / Table 1 (default-labels.ts recognises it). */
export function defaultTableName(n: number): { name: string; nameEn: string } {
  return { name: `表格${String(n)}`, nameEn: `Table ${String(n)}` };
}

/** The default title of a table's n-th column: 列1 / Column 1. */
export function defaultColumnTitle(n: number): { title: string; titleEn: string } {
  return { title: `列${String(n)}`, titleEn: `Column ${String(n)}` };
}

/**
 * A table shell: key, name and the §3.6 defaults (width 1280, not repeatable, table mode). Without a name
 * it is numbered after the panel's other tables (表格1, 表格2 …), so two new tables are told apart.
 */
export function createTableShell(usedKeys: Set<string>, name?: string, nameEn?: string): Widget {
  const numbered = defaultTableName(tablesIn(usedKeys) + 1);
  const key = generateKey('table', usedKeys);
  return {
    type: 'table',
    key,
    model: key,
    name: name ?? numbered.name,
    nameEn: nameEn ?? name ?? numbered.nameEn,
    labelCol: DEFAULT_LABEL_COL,
    wrapperCol: DEFAULT_WRAPPER_COL,
    options: { width: TABLE_WIDTH_DEFAULT, repeatable: false, tableMode: 'table', cardsPerRow: TABLE_CARDS_PER_ROW_DEFAULT, columns: [], data: [] },
  };
}

/**
 * Spec 001 §9 add-table dialog: 1 to 30 rows and columns (default 1 by 2), width 1280. Each cell starts as
 * an empty placeholder until a widget is configured for its column. Column names default to 列1, 列2, ...
 * (Column 1, Column 2 …), column keys are COL1, COL2 … and each cell's key joins the table's and column's.
 */
export function createTable(rows: number, columnCount: number, usedKeys: Set<string>, columnNames: readonly string[] = []): Widget {
  requireCount('rows', rows, TABLE_ROWS_MIN, TABLE_ROWS_MAX);
  requireCount('columns', columnCount, TABLE_COLUMNS_MIN, TABLE_COLUMNS_MAX);
  const table = createTableShell(usedKeys);
  const columns: TableColumn[] = Array.from({ length: columnCount }, (_, index) => {
    const title = columnNames[index]?.trim();
    const numbered = defaultColumnTitle(index + 1);
    const key = tableColumnKey('COL', usedKeys);
    return {
      title: title || numbered.title,
      titleEn: title || numbered.titleEn,
      key,
      width: columnWidthPercent(columnCount),
      widget: createPlaceholder(usedKeys, table.model, { tableKey: table.key, columnKey: key }),
    };
  });
  return { ...table, options: { ...table.options, columns, data: emptyRows(columns, rows) } };
}
