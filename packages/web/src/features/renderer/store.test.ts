import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORMULA_DEBOUNCE_MS, LEVEL_DEBOUNCE_MS, REFERENCE_DEBOUNCE_MS } from '@dcap/core';
import { createFormStore } from './store';
import { valueKey, visibleKey } from './subscriptions';
import { column, panelOf, widget } from './testkit';

describe('form store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('notifies only the subscribers of the changed field and its dependents', () => {
    const store = createFormStore(
      panelOf([widget('number', 'a'), widget('number', 'b'), widget('input', 'twice', { expression: '[a] * 2' }), widget('input', 'shown', { logicExpression: '[b] = 1' })]),
      {},
      { formulaDebounceMs: 0 },
    );
    const heard: string[] = [];
    for (const key of [valueKey('a'), valueKey('b'), valueKey('twice'), visibleKey('input_shown')]) store.subscribe(key, () => heard.push(key));
    store.setValue('a', 4);
    expect(heard).toEqual(['v:a', 'v:twice']);
    expect(store.getValue('twice')).toBe(8);
    heard.length = 0;
    store.setValue('b', 1);
    expect(heard).toEqual(['v:b', 'h:input_shown']);
    heard.length = 0;
    store.setValue('a', 4);
    expect(heard).toEqual([]);
  });

  it('debounces formulas by the spec 002 §9 default, and flushes before values are read out', () => {
    vi.useFakeTimers();
    const store = createFormStore(panelOf([widget('number', 'a'), widget('input', 'next', { expression: '[a] + 1' })]), { a: 1 });
    expect(store.getValue('next')).toBe(2);
    store.setValue('a', 5);
    vi.advanceTimersByTime(FORMULA_DEBOUNCE_MS - 1);
    expect(store.getValue('next')).toBe(2);
    vi.advanceTimersByTime(1);
    expect(store.getValue('next')).toBe(6);
    store.setValue('a', 9);
    expect(store.getValues()).toMatchObject({ next: 6 });
    expect(store.validate().values).toMatchObject({ a: 9, next: 10 });
  });

  it('clears fields hidden at load, whatever the initial values say', () => {
    const store = createFormStore(panelOf([widget('number', 'a'), widget('input', 'note', { logicExpression: '[a] > 1' })]), { a: 0, note: 'stale' });
    expect(store.isVisible('input_note')).toBe(false);
    expect(store.getValues()).toEqual({ a: 0, note: null });
  });

  it('grades lab rows after the level debounce', () => {
    vi.useFakeTimers();
    const table = widget('table', 'lab', {
      columns: [
        column('res', widget('number', 'res'), { refCtrl: 'result' }),
        column('low', widget('number', 'low'), { refCtrl: 'low' }),
        column('up', widget('number', 'up'), { refCtrl: 'up' }),
        column('sig', widget('select', 'sig'), { refCtrl: 'clinicalSig' }),
      ],
      data: [{ low: 4, up: 10 }],
    });
    const store = createFormStore(panelOf([table]));
    const rowId = store.tables.rowIds('lab')[0] ?? -1;
    store.setCell('lab', rowId, 'res', 35);
    expect(store.lab.level('lab', rowId)).toBeNull();
    vi.advanceTimersByTime(LEVEL_DEBOUNCE_MS);
    expect(store.lab.level('lab', rowId)).toBe(3);
    expect(store.getValues()).toEqual({ lab: [{ res: 35, low: 4, up: 10, sig: 'LBCLSIG_ABNORMAL_CLSIG' }] });
  });

  // spec 002 §9: "Debounce: 300 ms for reference reset and table row refresh".
  it('resets a reference select 300 ms after its referenced column stops changing', () => {
    vi.useFakeTimers();
    const table = widget('table', 'ae', { columns: [column('num', widget('input', 'num'))], data: [{ num: '1' }, { num: '2' }] });
    const store = createFormStore(panelOf([table, widget('select', 'cause', { ref: 'ae.num' })]), { cause: '2' });
    const heard: string[] = [];
    store.subscribe(valueKey('cause'), () => heard.push('cause'));
    store.setCell('ae', store.tables.rowIds('ae')[1] ?? -1, 'num', '3');
    vi.advanceTimersByTime(REFERENCE_DEBOUNCE_MS - 1);
    expect(store.getValue('cause')).toBe('2');
    vi.advanceTimersByTime(1);
    expect(store.getValue('cause')).toBeNull();
    expect(heard).toEqual(['cause']);
  });

  it('runs a pending reference reset before values are read out', () => {
    vi.useFakeTimers();
    const store = createFormStore(panelOf([widget('input', 'visit'), widget('select', 'same', { ref: 'visit' })]), { visit: 'V1', same: 'V1' });
    store.setValue('visit', 'V2');
    expect(store.validate().values).toEqual({ visit: 'V2', same: null });
  });
});
