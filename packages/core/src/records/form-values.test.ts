import { describe, expect, it } from 'vitest';
import { evaluateForm } from '../forms/evaluate-form.js';
import { FormEngine } from '../forms/engine.js';
import type { Panel } from '../panels/schema.js';
import { ROW_KEY_FIELD, assignRowKeys, fieldRowsFromValues, fieldTableRowId, rowKeyNumber, rowKeyOf, valuesFromFieldRows } from './form-values.js';

describe('stored field values and form values', () => {
  it('rebuilds plain fields and table rows ordered by key number, each with its key', () => {
    const values = valuesFromFieldRows([
      { path: 'AGE', value: 40 },
      { path: 'AE#r10.TERM', value: 'late' },
      { path: 'AE#r2.TERM', value: 'early' },
      { path: 'AE#r2.GRADE', value: 1 },
    ]);
    expect(values).toEqual({ AGE: 40, AE: [{ [ROW_KEY_FIELD]: 'r2', TERM: 'early', GRADE: 1 }, { [ROW_KEY_FIELD]: 'r10', TERM: 'late' }] });
  });

  it('turns form values back into field paths, skipping rows without a key', () => {
    const rows = fieldRowsFromValues({ AGE: null, AE: [{ [ROW_KEY_FIELD]: 'r3', TERM: 'x' }, { TERM: 'new' }] }, new Set(['AE']));
    expect([...rows.entries()]).toEqual([
      ['AGE', null],
      ['AE#r3.TERM', 'x'],
    ]);
  });

  it('gives new rows, unknown keys and duplicated keys a fresh key and keeps known ones', () => {
    const known = new Set([fieldTableRowId('AE', 'r1'), fieldTableRowId('AE', 'r2')]);
    const { values, next } = assignRowKeys(
      { AE: [{ [ROW_KEY_FIELD]: 'r2', T: 'a' }, { T: 'b' }, { [ROW_KEY_FIELD]: 'r99', T: 'c' }, { [ROW_KEY_FIELD]: 'r2', T: 'd' }], X: 1 },
      new Set(['AE']),
      5,
      known,
    );
    expect((values.AE as unknown[]).map(rowKeyOf)).toEqual(['r2', 'r5', 'r6', 'r7']);
    expect(values.X).toBe(1);
    expect(next).toBe(8);
  });

  it('reads row key numbers and refuses malformed keys', () => {
    expect(rowKeyNumber('r12')).toBe(12);
    expect(rowKeyNumber('x')).toBeNaN();
    expect(rowKeyOf({ [ROW_KEY_FIELD]: 'row1' })).toBeUndefined();
    expect(rowKeyOf(null)).toBeUndefined();
  });

  it('the form engine carries row keys through evaluation and leaves keyless rows keyless', () => {
    const column = (key: string) => ({ key, title: key, widget: { type: 'input', key: `w_${key}`, model: key, name: key, options: {} } });
    const panel = { list: [{ type: 'table', key: 't', model: 'AE', name: 'AE', options: { repeatable: true, columns: [column('TERM')] } }] } as unknown as Panel;
    const result = evaluateForm(panel, { AE: [{ [ROW_KEY_FIELD]: 'r4', TERM: 'a' }, { TERM: 'b' }] }, { today: () => '2026-01-01' });
    expect(result.values.AE).toEqual([{ [ROW_KEY_FIELD]: 'r4', TERM: 'a' }, { TERM: 'b' }]);
    const engine = new FormEngine(panel, { AE: [{ TERM: 'x' }, { [ROW_KEY_FIELD]: 'r7', TERM: 'y' }] }, { today: () => '2026-01-01' });
    const [first, second] = engine.tables.rowIds('AE');
    expect(engine.tables.rowKey('AE', first ?? 0)).toBeUndefined();
    expect(engine.tables.rowKey('AE', second ?? 0)).toBe('r7');
    // Deleting a row keeps the others' keys; an added row has none.
    engine.tables.deleteRow('AE', first ?? 0);
    engine.tables.addRow('AE');
    expect(engine.getValues().AE).toEqual([{ [ROW_KEY_FIELD]: 'r7', TERM: 'y' }, { TERM: null }]);
  });
});
