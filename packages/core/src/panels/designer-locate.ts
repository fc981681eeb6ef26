import type { PanelIssue } from './issues.js';
import type { Panel, TableColumn, Widget } from './schema.js';
import { gridColumns, tableColumns } from './walk.js';

/**
 * Where a widget goes or sits in the designer: at `index` of the panel's list or of a grid column's list,
 * or in a table column's cell (a table cell holds exactly one widget, the column's cell template).
 */
export type WidgetLocation =
  | { container: 'panel'; index: number }
  | { container: 'grid'; gridKey: string; columnIndex: number; index: number }
  | { container: 'table'; tableKey: string; columnIndex: number };

/** A widget found in a (cloned, mutable) panel: in a list, or as a table cell (row null for the template). */
export type WidgetSlot =
  | { kind: 'list'; list: Widget[]; index: number; location: WidgetLocation }
  | { kind: 'cell'; table: Widget; column: TableColumn; columnIndex: number; row: number | null };

/** A deep copy of the JSON contract; designer operations change the copy and return it. */
export function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function findInList(list: Widget[], key: string, location: (index: number) => WidgetLocation): WidgetSlot | null {
  for (const [index, widget] of list.entries()) {
    if (widget.key === key) return { kind: 'list', list, index, location: location(index) };
    for (const [columnIndex, column] of gridColumns(widget).entries()) {
      const found = findInList(column.list, key, (i) => ({ container: 'grid', gridKey: widget.key, columnIndex, index: i }));
      if (found) return found;
    }
    for (const [columnIndex, column] of tableColumns(widget).entries()) {
      if (column.widget.key === key) return { kind: 'cell', table: widget, column, columnIndex, row: null };
      for (const [row, cell] of Object.entries(column.widgetMap ?? {})) {
        if (cell.key === key) return { kind: 'cell', table: widget, column, columnIndex, row: Number(row) };
      }
    }
  }
  return null;
}

/** The slot of the widget with this key, searching grids and table cells, or null. */
export function findSlot(panel: Pick<Panel, 'list'>, key: string): WidgetSlot | null {
  return findInList(panel.list, key, (index) => ({ container: 'panel', index }));
}

/** The widget with this key anywhere in the panel, or null. */
export function findWidget(panel: Pick<Panel, 'list'>, key: string): Widget | null {
  const slot = findSlot(panel, key);
  if (!slot) return null;
  if (slot.kind === 'list') return slot.list[slot.index] ?? null;
  return slot.row === null ? slot.column.widget : (slot.column.widgetMap?.[String(slot.row)] ?? null);
}

/** Where the widget with this key sits, for the designer's drag and drop; null when absent or a row override. */
export function locateWidget(panel: Pick<Panel, 'list'>, key: string): WidgetLocation | null {
  const slot = findSlot(panel, key);
  if (!slot) return null;
  if (slot.kind === 'list') return slot.location;
  return slot.row === null ? { container: 'table', tableKey: slot.table.key, columnIndex: slot.columnIndex } : null;
}

export type ResolvedTarget = { kind: 'list'; list: Widget[] } | { kind: 'cell'; table: Widget; column: TableColumn };

/** The list or cell a location points at in a (cloned, mutable) panel, or null when it does not exist. */
export function resolveLocation(panel: Panel, location: WidgetLocation): ResolvedTarget | null {
  switch (location.container) {
    case 'panel':
      return { kind: 'list', list: panel.list };
    case 'grid': {
      const grid = findWidget(panel, location.gridKey);
      const column = grid ? gridColumns(grid)[location.columnIndex] : undefined;
      return column ? { kind: 'list', list: column.list } : null;
    }
    case 'table': {
      const table = findWidget(panel, location.tableKey);
      const column = table ? tableColumns(table)[location.columnIndex] : undefined;
      return table && column ? { kind: 'cell', table, column } : null;
    }
  }
}

/** Spec 001 §4.1 refusals that are not nesting ones. */
export function notFoundIssue(key: string): PanelIssue {
  return { widgetKey: key, path: '', code: 'panel.widget_not_found', message: `找不到控件 ${key}`, messageEn: `Widget ${key} was not found` };
}

export function targetNotFoundIssue(location: WidgetLocation): PanelIssue {
  const where = location.container === 'grid' ? location.gridKey : location.container === 'table' ? location.tableKey : 'panel';
  return { widgetKey: null, path: '', code: 'panel.target_not_found', message: `找不到放置位置 ${where}`, messageEn: `The drop target ${where} was not found` };
}

export function tableCellCloneIssue(key: string): PanelIssue {
  return {
    widgetKey: key,
    path: '',
    code: 'panel.table_cell_clone',
    message: '表格单元格不能复制，请复制整个表格',
    messageEn: 'A table cell cannot be cloned; clone the whole table instead',
  };
}

export function rowOverrideMoveIssue(key: string): PanelIssue {
  return {
    widgetKey: key,
    path: '',
    code: 'panel.table_row_cell_move',
    message: '表格行单元格不能移动',
    messageEn: 'A per-row table cell cannot be moved',
  };
}
