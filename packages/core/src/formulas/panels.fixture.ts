import type { Panel, TableColumn, Widget, WidgetOptions, WidgetType } from '../panels/schema.js';

/** Small panels for tests: a field is named by its model, which is also its key in upper case. */
export function field(model: string, type: WidgetType = 'number', options: WidgetOptions = {}): Widget {
  return { type, key: model.toUpperCase(), model, name: model, options };
}

export function computed(model: string, expression: string, options: WidgetOptions = {}): Widget {
  return field(model, 'number', { ...options, expression });
}

export function grid(model: string, columns: Widget[][], options: WidgetOptions = {}): Widget {
  return { type: 'grid', key: model.toUpperCase(), model, name: model, options: { ...options, columns: columns.map((list) => ({ span: 12, list })) } };
}

export function table(model: string, columns: Record<string, Widget>, options: WidgetOptions = {}): Widget {
  const tableColumns: TableColumn[] = Object.entries(columns).map(([key, widget]) => ({ title: key, key, widget: { ...widget, table: model } }));
  return { type: 'table', key: model.toUpperCase(), model, name: model, options: { ...options, columns: tableColumns } };
}

export function panelOf(...list: Widget[]): Panel {
  return { list, config: { labelWidth: 8, labelPosition: 'right' } };
}
