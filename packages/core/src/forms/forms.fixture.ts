import type { TableColumn, Widget, WidgetOptions } from '../panels/schema.js';
import type { FormContext } from './engine.js';

export { computed, field, grid, panelOf, table } from '../formulas/panels.fixture.js';

/** A fixed day, so formulas reading today() give the same answer on every run. */
export const CONTEXT: FormContext = { today: () => '2026-03-01' };

/** A lab table (spec 002 §3): result, low, up and clinical significance columns with their roles. */
export function labTable(model: string, data: NonNullable<WidgetOptions['data']>): Widget {
  const cell = (key: string, type: Widget['type']): Widget => ({ type, key: `${model}_${key}`, model: key, name: key, options: {}, table: model });
  const columns: TableColumn[] = [
    { title: 'res', key: 'res', widget: cell('res', 'number'), refCtrl: 'result' },
    { title: 'low', key: 'low', widget: cell('low', 'number'), refCtrl: 'low' },
    { title: 'up', key: 'up', widget: cell('up', 'number'), refCtrl: 'up' },
    { title: 'sig', key: 'sig', widget: cell('sig', 'select'), refCtrl: 'clinicalSig' },
  ];
  return { type: 'table', key: model.toUpperCase(), model, name: model, options: { columns, data } };
}
