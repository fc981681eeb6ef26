import { describe, expect, it } from 'vitest';
import { createGrids, createTable, createWidget } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { designerReducer, initialDesignerState } from './designerReducer';
import type { DesignerState } from './designerReducer';

const used = new Set<string>();
const load = (list: Widget[]): DesignerState => designerReducer(initialDesignerState(), { type: 'load', panel: { list, config: { labelWidth: 8, labelPosition: 'right' } } });

describe('designer reducer over core designer operations (spec 001 §4.1)', () => {
  it('refuses a section label in a grid column with the §8 grid warning and leaves the panel as it was', () => {
    const [grid] = createGrids(1, 2, used);
    if (!grid) throw new Error('no grid');
    const state = load([grid]);
    const next = designerReducer(state, { type: 'insert', widgets: [createWidget('blank', used)], location: { container: 'grid', gridKey: grid.key, columnIndex: 0, index: 0 } });
    expect(next.panel).toBe(state.panel);
    expect(next.refusal?.issue.code).toBe('panel.grid_nesting');
    expect(next.dirty).toBe(false);
  });

  it('inserts a composite in order at the drop position and selects its last widget', () => {
    const first = createWidget('input', used);
    const state = load([first]);
    const a = createWidget('number', used);
    const b = createWidget('number', used);
    const next = designerReducer(state, { type: 'insert', widgets: [a, b], location: { container: 'panel', index: 0 } });
    expect(next.panel.list.map((widget) => widget.key)).toEqual([a.key, b.key, first.key]);
    expect(next.selectedKey).toBe(b.key);
    expect(next.dirty).toBe(true);
  });

  it('cuts a table to one row when it becomes repeatable, and a saved panel is clean again', () => {
    const table = createTable(3, 2, used);
    const next = designerReducer(load([table]), { type: 'repeatable', key: table.key, repeatable: true });
    expect(next.panel.list[0]?.options.data).toHaveLength(1);
    expect(next.panel.list[0]?.options.repeatable).toBe(true);
    const saved = designerReducer(next, { type: 'saved' });
    expect(saved.dirty).toBe(false);
    expect(saved.panel.changeFlag).toBe(false);
  });

  it('clears the conditions when show-on-condition is unticked', () => {
    const field = { ...createWidget('input', used), options: { showOnCondition: true, showConditions: [{ cName: 'Sex', eName: 'SEX', evalType: 'eq' as const, value: '1' }] } };
    const next = designerReducer(load([field]), { type: 'showOnCondition', key: field.key, on: false });
    expect(next.panel.list[0]?.options.showConditions).toEqual([]);
  });
});
