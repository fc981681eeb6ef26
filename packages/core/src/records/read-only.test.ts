import { describe, expect, it } from 'vitest';
import { indexForm } from '../forms/form-index.js';
import { field, labTable, panelOf, table } from '../forms/forms.fixture.js';
import type { TableColumn, Widget } from '../panels/schema.js';
import { ROW_KEY_FIELD } from './form-values.js';
import { designReadOnly, designReadOnlyChange } from './read-only.js';

/** A lab table (spec 002 §3) with a reference upper-limit column (`refCtrl` 'uul') whose preset rows fill it in. */
function labWithUpperLimit(): Widget {
  const lab = labTable('lab', [
    { low: 4, up: 10, uul: 30 },
    { low: 1, up: 2, uul: 6 },
  ]);
  const columns: TableColumn[] = [...((lab.options.columns ?? []) as TableColumn[]), { title: 'uul', key: 'uul', widget: field('uul', 'number'), refCtrl: 'uul' } satisfies TableColumn];
  return { ...lab, options: { ...lab.options, columns } };
}

const PANEL = panelOf(
  field('site', 'input', { defaultValue: 'A01' }),
  { ...field('note', 'input'), disabled: true },
  field('free', 'input'),
  labWithUpperLimit(),
  table('meds', { dose: field('dose'), code: { ...field('code', 'input'), disabled: true } }),
);
const INDEX = indexForm(PANEL);
const row = (key: string, cells: Record<string, unknown>) => ({ [ROW_KEY_FIELD]: key, ...cells });

describe('values the design makes read-only (spec 002 §4)', () => {
  it('names a disabled widget and a reference upper-limit column, nothing else', () => {
    expect(designReadOnly({ disabled: true })).toBe('disabled');
    expect(designReadOnly({}, { refCtrl: 'uul' })).toBe('reference_limit');
    expect(designReadOnly({ disabled: false }, { refCtrl: 'up' })).toBeNull();
    expect(designReadOnly({})).toBeNull();
  });

  it('refuses a reference upper-limit cell the save changes, and accepts what the design gives it', () => {
    const values = (uul: unknown) => ({ lab: [row('r1', { res: 5, low: 4, up: 10, uul }), row('r2', { res: 1, low: 1, up: 2, uul: 6 })] });
    expect(designReadOnlyChange(INDEX, 'lab#r1.uul', values(99), false)).toBe('reference_limit');
    expect(designReadOnlyChange(INDEX, 'lab#r1.uul', values(30), false)).toBeNull();
    // Any preset row's value: deleting a preset row moves the ones after it up.
    expect(designReadOnlyChange(INDEX, 'lab#r1.uul', values(6), false)).toBeNull();
    // An added row starts blank.
    expect(designReadOnlyChange(INDEX, 'lab#r1.uul', values(null), false)).toBeNull();
    // The limits beside it stay editable (sites have their own).
    expect(designReadOnlyChange(INDEX, 'lab#r1.up', values(99), false)).toBeNull();
  });

  it('refuses a disabled field or cell that leaves its default, and not what the form rules drive', () => {
    expect(designReadOnlyChange(INDEX, 'note', { note: 'typed' }, false)).toBe('disabled');
    expect(designReadOnlyChange(INDEX, 'note', { note: null }, false)).toBeNull();
    expect(designReadOnlyChange(INDEX, 'note', { note: 'typed' }, true)).toBeNull();
    expect(designReadOnlyChange(INDEX, 'free', { free: 'typed' }, false)).toBeNull();
    expect(designReadOnlyChange(INDEX, 'meds#r3.code', { meds: [row('r3', { dose: 1, code: 'x' })] }, false)).toBe('disabled');
    expect(designReadOnlyChange(INDEX, 'meds#r3.dose', { meds: [row('r3', { dose: 1, code: null })] }, false)).toBeNull();
    expect(designReadOnlyChange(INDEX, 'unknown', { unknown: 1 }, false)).toBeNull();
  });

  it('refuses a preset row’s test item or unit that leaves what the design gives, and leaves added rows free (spec 001 §3.9)', () => {
    const lab = labWithUpperLimit();
    const columns = (lab.options.columns ?? []) as TableColumn[];
    const withItems: Widget = {
      ...lab,
      options: {
        ...lab.options,
        columns: [...columns, { title: 'item', key: 'item', widget: field('item', 'input'), refCtrl: 'subject' }, { title: 'unit', key: 'unit', widget: field('unit', 'input'), refCtrl: 'unit' }],
        data: (lab.options.data ?? []).map((preset, n) => ({ ...preset, item: n === 0 ? 'WBC' : 'HGB', unit: n === 0 ? '10^9/L' : 'g/L' })),
      },
    };
    const index = indexForm(panelOf(withItems));
    const rows = (first: Record<string, unknown>, added: Record<string, unknown> = {}) => ({
      lab: [row('r1', { res: 5, item: 'WBC', unit: '10^9/L', ...first }), row('r2', { res: 1, item: 'HGB', unit: 'g/L' }), row('r3', { res: 2, item: null, unit: null, ...added })],
    });
    expect(designReadOnly({}, { refCtrl: 'subject' }, 'WBC')).toBe('preset');
    expect(designReadOnly({}, { refCtrl: 'unit' }, '10^9/L')).toBe('preset');
    expect(designReadOnly({}, { refCtrl: 'subject' }, null)).toBeNull();
    expect(designReadOnly({}, { refCtrl: 'subject' })).toBeNull();
    expect(designReadOnlyChange(index, 'lab#r1.item', rows({ item: 'PLT' }), false)).toBe('preset');
    expect(designReadOnlyChange(index, 'lab#r1.unit', rows({ unit: 'mg' }), false)).toBe('preset');
    expect(designReadOnlyChange(index, 'lab#r1.item', rows({}), false)).toBeNull();
    // Another preset row's item: deleting a preset row moves the ones after it up.
    expect(designReadOnlyChange(index, 'lab#r1.item', rows({ item: 'HGB', unit: 'g/L' }), false)).toBeNull();
    // A row a user added names its own test and unit.
    expect(designReadOnlyChange(index, 'lab#r3.item', rows({}, { item: 'CRP', unit: 'mg/L' }), false)).toBeNull();
    expect(designReadOnlyChange(index, 'lab#r3.unit', rows({}, { item: 'CRP', unit: 'mg/L' }), false)).toBeNull();
  });

  it('applies to every row of a huge-data table as to any other', () => {
    const rows = Array.from({ length: 60 }, (_, n) => row(`r${String(n + 1)}`, { res: 1, low: 4, up: 10, uul: n === 55 ? 77 : null }));
    expect(designReadOnlyChange(INDEX, 'lab#r56.uul', { lab: rows }, false)).toBe('reference_limit');
    expect(designReadOnlyChange(INDEX, 'lab#r55.uul', { lab: rows }, false)).toBeNull();
  });

  it('takes a row’s own widget from the table’s widgets by row', () => {
    const meds = table('meds', { dose: field('dose') });
    const [dose] = (meds.options.columns ?? []) as TableColumn[];
    if (!dose) throw new Error('no column');
    const byRow = { ...meds, options: { ...meds.options, columns: [{ ...dose, widgetMap: { '1': { ...dose.widget, disabled: true } } }] } };
    const index = indexForm(panelOf(byRow));
    const values = { meds: [row('r1', { dose: 5 }), row('r2', { dose: 5 })] };
    expect(designReadOnlyChange(index, 'meds#r1.dose', values, false)).toBeNull();
    expect(designReadOnlyChange(index, 'meds#r2.dose', values, false)).toBe('disabled');
  });
});
