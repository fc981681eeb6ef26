import { generateKey, tableCellKey, tableColumnKey } from './keys.js';
import type { GridColumn, TableColumn, TableRow, Widget } from './schema.js';
import { copyJson } from './designer-locate.js';

/** The prefix of a generated key: the key without its trailing digits. */
function keyPrefix(key: string): string {
  return key.replace(/\d+$/, '') || 'COL';
}

/** A cell's copy, keyed after the copied table, its column and (for a row's own cell) its row. */
function renewCell(cell: Widget, usedKeys: Set<string>, table: Widget, columnKey: string, row: number | null): Widget {
  const copy = copyJson(cell);
  delete copy.id;
  const key = tableCellKey(table.key, columnKey, row, usedKeys);
  copy.key = key;
  copy.model = key;
  if (copy.vmodel !== undefined) copy.vmodel = key;
  return { ...copy, table: table.model };
}

function renewTable(table: Widget, usedKeys: Set<string>): Widget {
  const columns = (table.options.columns ?? []) as TableColumn[];
  const renamed = new Map<string, string>();
  const newColumns = columns.map((column) => {
    const key = tableColumnKey(keyPrefix(column.key), usedKeys);
    renamed.set(column.key, key);
    const widgetMap = column.widgetMap
      ? Object.fromEntries(Object.entries(column.widgetMap).map(([row, cell]) => [row, renewCell(cell, usedKeys, table, key, Number(row))]))
      : undefined;
    return { ...column, key, widget: renewCell(column.widget, usedKeys, table, key, null), ...(widgetMap ? { widgetMap } : {}) };
  });
  const data: TableRow[] | undefined = table.options.data?.map((row) =>
    Object.fromEntries(Object.entries(row).map(([columnKey, value]) => [renamed.get(columnKey) ?? columnKey, value])),
  );
  return { ...table, options: { ...table.options, columns: newColumns, ...(data ? { data } : {}) } };
}

/**
 * A copy of a widget with fresh keys for it and everything nested in it (grid columns' widgets, table
 * columns, cells and row overrides), so a clone never shares a key or model with its original (spec 001
 * §4.1). The stored id is dropped: the copy is a new field.
 */
export function renewWidgetKeys(source: Widget, usedKeys: Set<string>): Widget {
  const widget = copyJson(source);
  delete widget.id;
  const key = generateKey(widget.type, usedKeys);
  widget.key = key;
  widget.model = key;
  if (widget.vmodel !== undefined) widget.vmodel = key;
  if (widget.type === 'grid') {
    const columns = (widget.options.columns ?? []) as GridColumn[];
    widget.options.columns = columns.map((column) => ({ ...column, list: column.list.map((child) => renewWidgetKeys(child, usedKeys)) }));
    return widget;
  }
  if (widget.type === 'table') return renewTable(widget, usedKeys);
  return widget;
}
