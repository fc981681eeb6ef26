import type { ValueWidgetType } from '../forms/widget-types.js';
import { holdsValue, widgetTypesWhere } from '../forms/widget-types.js';
import type { GridColumn, Panel, TableColumn, Widget } from './schema.js';

/** Widget types that hold a value a user enters; the others lay out or decorate the panel (forms/widget-types.ts). */
export const DATA_WIDGET_TYPES = widgetTypesWhere((facts) => facts.kind === 'field') as readonly ValueWidgetType[];
export type DataWidgetType = ValueWidgetType;

export function isDataWidget(widget: Widget): widget is Widget & { type: DataWidgetType } {
  return holdsValue(widget.type);
}

/** Where a widget sits: directly on the panel, in a grid column, or as a table column's cell template. */
export type WidgetPlace =
  | { kind: 'panel' }
  | { kind: 'grid'; grid: Widget; columnIndex: number }
  | { kind: 'table'; table: Widget; column: TableColumn; columnIndex: number; row: number | null };

export interface VisitedWidget {
  widget: Widget;
  /** Dotted path into the panel JSON, such as `list.2.options.columns.0.list.1`. */
  path: string;
  place: WidgetPlace;
}

export function gridColumns(grid: Widget): GridColumn[] {
  return grid.type === 'grid' ? ((grid.options.columns ?? []) as GridColumn[]) : [];
}

export function tableColumns(table: Widget): TableColumn[] {
  return table.type === 'table' ? ((table.options.columns ?? []) as TableColumn[]) : [];
}

/**
 * Every widget of a list in document order, descending into grid columns and table cells. A table column
 * yields its cell template (row null) and then each per-row override of `widgetMap`.
 */
export function* walkWidgets(list: readonly Widget[], basePath = 'list', place: WidgetPlace = { kind: 'panel' }): Generator<VisitedWidget> {
  for (const [index, widget] of list.entries()) {
    const path = `${basePath}.${String(index)}`;
    yield { widget, path, place };
    if (widget.type === 'grid') {
      for (const [columnIndex, column] of gridColumns(widget).entries()) {
        yield* walkWidgets(column.list, `${path}.options.columns.${String(columnIndex)}.list`, { kind: 'grid', grid: widget, columnIndex });
      }
    } else if (widget.type === 'table') {
      for (const [columnIndex, column] of tableColumns(widget).entries()) {
        const columnPath = `${path}.options.columns.${String(columnIndex)}`;
        yield { widget: column.widget, path: `${columnPath}.widget`, place: { kind: 'table', table: widget, column, columnIndex, row: null } };
        for (const [row, cell] of Object.entries(column.widgetMap ?? {})) {
          yield {
            widget: cell,
            path: `${columnPath}.widgetMap.${row}`,
            place: { kind: 'table', table: widget, column, columnIndex, row: Number(row) },
          };
        }
      }
    }
  }
}

/** The value-holding widgets outside tables, keyed by model: the fields formulas and conditions name. */
export function panelFieldsByModel(panel: Panel): Map<string, Widget> {
  const fields = new Map<string, Widget>();
  for (const { widget, place } of walkWidgets(panel.list)) {
    if (place.kind !== 'table' && isDataWidget(widget)) fields.set(widget.model, widget);
  }
  return fields;
}

/** Every key in use in a panel, including tables' column keys, for generating fresh unique keys. */
export function panelKeys(panel: Pick<Panel, 'list'>): Set<string> {
  const keys = new Set<string>();
  for (const { widget } of walkWidgets(panel.list)) {
    keys.add(widget.key);
    keys.add(widget.model);
    for (const column of tableColumns(widget)) keys.add(column.key);
  }
  return keys;
}
