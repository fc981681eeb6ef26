import { describe, expect, it } from 'vitest';
import { FormEngine } from './engine.js';
import type { FormListener, FormWork } from './listener.js';
import { computed, CONTEXT, field, grid, labTable, panelOf, table } from './forms.fixture.js';

/** A listener that writes down what it hears, as the renderer's subscription keys would be. */
function recorder() {
  const heard: string[] = [];
  const listener: FormListener = {
    value: (model) => heard.push(`v:${model}`),
    cell: (tableModel, rowId, column) => heard.push(`c:${tableModel}:${String(rowId)}:${column}`),
    rows: (tableModel) => heard.push(`r:${tableModel}`),
    visible: (key) => heard.push(`h:${key}`),
    error: (path) => heard.push(`e:${path}`),
    level: (tableModel, rowId) => heard.push(`l:${tableModel}:${String(rowId)}`),
    change: () => undefined,
  };
  return { heard, listener };
}

describe('form engine', () => {
  it('tells only about the changed field and its dependents', () => {
    const { heard, listener } = recorder();
    const engine = new FormEngine(panelOf(field('a'), field('b'), computed('twice', '[a] * 2'), field('shown', 'input', { logicExpression: '[b] = 1' })), {}, CONTEXT, { listener });
    heard.length = 0;
    engine.setValue('a', 4);
    expect(heard).toEqual(['v:a', 'v:twice']);
    expect(engine.getValue('twice')).toBe(8);
    heard.length = 0;
    engine.setValue('b', 1);
    expect(heard).toEqual(['v:b', 'h:SHOWN']);
    heard.length = 0;
    engine.setValue('a', 4);
    expect(heard).toEqual([]);
  });

  it('recomputes a chain in dependency order, whatever order the panel lists it in', () => {
    // The last link comes first on the panel: only the graph's order gets it right in one pass.
    const engine = new FormEngine(panelOf(computed('c', '[b] + 1'), computed('b', '[a] * 10'), field('a')), { a: 1 }, CONTEXT);
    expect(engine.getValues()).toEqual({ c: 11, b: 10, a: 1 });
    engine.setValue('a', 2);
    expect(engine.getValues()).toEqual({ c: 21, b: 20, a: 2 });
  });

  it('defers work to its scheduler and runs it when asked (spec 002 §9 debounces)', () => {
    const queued = new Map<FormWork, () => void>();
    const engine = new FormEngine(panelOf(field('a'), computed('next', '[a] + 1')), { a: 1 }, CONTEXT, { schedule: (work, run) => queued.set(work, run) });
    expect(engine.getValue('next')).toBe(2);
    engine.setValue('a', 5);
    expect(engine.getValue('next')).toBe(2);
    expect([...queued.keys()]).toEqual(['formulas']);
    queued.get('formulas')?.();
    expect(engine.getValue('next')).toBe(6);
  });

  it('clears fields hidden at load, whatever the initial values say (spec 002 §4 "hiding a field clears its value")', () => {
    const engine = new FormEngine(panelOf(field('a'), field('note', 'input', { logicExpression: '[a] > 1' })), { a: 0, note: 'stale' }, CONTEXT);
    expect(engine.isVisible('NOTE')).toBe(false);
    expect(engine.getValues()).toEqual({ a: 0, note: null });
  });

  it('cascades: clearing a hidden field hides and clears what depends on it', () => {
    const panel = panelOf(
      field('smoker', 'radio'),
      field('packs', 'number', { logicExpression: "[smoker] = '1'" }),
      field('heavy', 'input', { logicExpression: '[packs] > 20' }),
      computed('years', '[packs] * 2'),
    );
    const engine = new FormEngine(panel, { smoker: '1', packs: 30, heavy: 'yes' }, CONTEXT);
    expect(engine.getValues()).toEqual({ smoker: '1', packs: 30, heavy: 'yes', years: 60 });
    engine.setValue('smoker', '0');
    expect(engine.hiddenWidgets().sort()).toEqual(['HEAVY', 'PACKS']);
    expect(engine.getValues()).toEqual({ smoker: '0', packs: null, heavy: null, years: null });
  });

  it('clears every field of a hidden grid and every cell of a hidden table', () => {
    const panel = panelOf(
      field('flag'),
      grid('box', [[field('inner', 'input')]], { logicExpression: '[flag] = 1' }),
      table('rows', { x: field('x') }, { logicExpression: '[flag] = 1' }),
    );
    const engine = new FormEngine(panel, { flag: 1, inner: 'kept', rows: [{ x: 1 }, { x: 2 }] }, CONTEXT);
    engine.setValue('flag', 0);
    expect(engine.getValues()).toEqual({ flag: 0, inner: null, rows: [{ x: null }, { x: null }] });
  });

  it('computes a table column row by row, and a total over the column', () => {
    const panel = panelOf(table('meds', { dose: field('dose'), times: field('times'), daily: computed('daily', '[dose] * [times]') }), computed('total', 'sum([meds.daily])'));
    const engine = new FormEngine(panel, { meds: [{ dose: 2, times: 3 }, { dose: 5, times: 2 }] }, CONTEXT);
    expect(engine.getValues()).toEqual({ meds: [{ dose: 2, times: 3, daily: 6 }, { dose: 5, times: 2, daily: 10 }], total: 16 });
    const [first] = engine.tables.rowIds('meds');
    engine.setCell('meds', first ?? -1, 'dose', 4);
    expect(engine.getValue('total')).toBe(22);
    engine.tables.addRow('meds');
    engine.setCell('meds', engine.tables.rowIds('meds')[2] ?? -1, 'dose', 1);
    engine.setCell('meds', engine.tables.rowIds('meds')[2] ?? -1, 'times', 1);
    expect(engine.getValue('total')).toBe(23);
  });

  it('computes an added row’s cells whose formula reads no cell of the row, as a fresh load of the rows would', () => {
    const panel = panelOf(field('height'), table('t', { x: field('x'), on: computed('on', 'today()'), twice: computed('twice', '[height] * 2') }));
    const engine = new FormEngine(panel, { height: 3, t: [{ x: 1 }] }, CONTEXT);
    engine.tables.addRow('t');
    expect(engine.getValues()).toEqual({ height: 3, t: [{ x: 1, on: '2026-03-01', twice: 6 }, { x: null, on: '2026-03-01', twice: 6 }] });
    expect(new FormEngine(panel, engine.getValues(), CONTEXT).getValues()).toEqual(engine.getValues());
  });

  it('grades lab rows and suggests a significance until the user chooses one (spec 002 §4)', () => {
    const { heard, listener } = recorder();
    const engine = new FormEngine(panelOf(labTable('lab', [{ low: 4, up: 10 }])), {}, CONTEXT, { listener });
    const rowId = engine.tables.rowIds('lab')[0] ?? -1;
    heard.length = 0;
    // spec 002 §4: "3 above 3 times"; "levels 3, 6 to 'abnormal and clinically significant'".
    engine.setCell('lab', rowId, 'res', 35);
    expect(heard).toContain(`l:lab:${String(rowId)}`);
    expect(engine.lab.level('lab', rowId)).toBe(3);
    expect(engine.tables.getCell('lab', rowId, 'sig')).toBe('LBCLSIG_ABNORMAL_CLSIG');
    engine.setCell('lab', rowId, 'res', 5);
    expect(engine.tables.getCell('lab', rowId, 'sig')).toBe('LBCLSIG_NORMAL');
    engine.setCell('lab', rowId, 'sig', 'LBCLSIG_NOT_TESTED');
    engine.setCell('lab', rowId, 'res', 50);
    expect(engine.lab.level('lab', rowId)).toBe(3);
    expect(engine.tables.getCell('lab', rowId, 'sig')).toBe('LBCLSIG_NOT_TESTED');
    expect(engine.levels()).toEqual({ 'lab[0]': 3 });
  });

  it('checks visible editable fields only, and keeps a live complaint until it is fixed', () => {
    const { heard, listener } = recorder();
    const panel = panelOf(field('a', 'input', { required: true }), computed('b', '[a]', { required: true }), field('c', 'input', { required: true, logicExpression: '1 = 2' }));
    const engine = new FormEngine(panel, {}, CONTEXT, { listener });
    expect(engine.validate().map(({ path, error }) => [path, error.code])).toEqual([['a', 'form.required']]);
    heard.length = 0;
    engine.setValue('a', 'x');
    expect(heard).toContain('e:a');
    expect(engine.getError('a')).toBeUndefined();
  });

  it('reports table cells by row position, and skips tables beyond the huge-data threshold (spec 002 §5)', () => {
    const panel = panelOf(table('t', { x: field('x', 'number', { max: 5 }) }));
    expect(new FormEngine(panel, { t: [{ x: 1 }, { x: 9 }] }, CONTEXT).validate()).toEqual([{ path: 't[1].x', error: { code: 'form.max', params: { max: 5 } } }]);
    const rows = Array.from({ length: 51 }, () => ({ x: 9 }));
    expect(new FormEngine(panel, { t: rows }, CONTEXT).validate()).toEqual([]);
  });

  it('reads today from its context, so the server decides the date', () => {
    const engine = new FormEngine(panelOf(field('birth', 'date'), computed('age', 'age([birth])')), { birth: '2000-03-02' }, CONTEXT);
    expect(engine.getValue('age')).toBe(25);
  });
});
