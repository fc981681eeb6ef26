import { describe, expect, it } from 'vitest';
import type { DesignerResult } from './designer-ops.js';
import {
  addWidgets,
  clearPanel,
  clearTableCell,
  cloneWidget,
  deleteWidget,
  findUnconfiguredTableCells,
  insertWidget,
  moveWidget,
  setBullseye,
  setChangeFlag,
  setDomain,
  setLabelPosition,
  setShowOnCondition,
  setTableRepeatable,
  setTableRowCell,
  updateWidget,
} from './designer-ops.js';
import type { WidgetLocation } from './designer-locate.js';
import { findWidget, locateWidget } from './designer-locate.js';
import { createWidget } from './factory.js';
import type { GridColumn, Panel, TableColumn, Widget, WidgetType } from './schema.js';
import { validatePanel } from './validate.js';
import { panelKeys } from './walk.js';

function field(type: WidgetType, key: string, extra: Partial<Widget> = {}): Widget {
  return { type, key, model: key, name: key, options: {}, ...extra };
}

/** A input, grid G (column 0: radio R; column 1: empty), table T (cell 0: number N, cell 1: placeholder), section B. */
function fixture(): Panel {
  const grid = field('grid', 'G', { options: { columns: [{ span: 12, list: [field('radio', 'R')] }, { span: 12, list: [] }] } });
  const table = field('table', 'T', {
    options: {
      repeatable: false,
      columns: [
        { title: 'n', key: 'C1', widget: field('number', 'N', { table: 'T' }), widgetMap: { '1': field('number', 'N2', { table: 'T' }) } },
        { title: 'p', key: 'C2', widget: field('placeholder', 'P', { table: 'T' }) },
      ],
      data: [{ C1: 1 }, { C1: 2 }, { C1: 3 }],
    },
  });
  return { list: [field('input', 'A'), grid, table, field('blank', 'B')], config: { labelWidth: 8, labelPosition: 'right' } };
}

function ok(result: DesignerResult): { panel: Panel; selectedKey: string | null } {
  if (!result.ok) throw new Error(`refused: ${result.issue.code}`);
  return result;
}

const topKeys = (panel: Panel) => panel.list.map((widget) => widget.key);
const gridList = (panel: Panel, column: number) => ((findWidget(panel, 'G')?.options.columns ?? []) as GridColumn[])[column]?.list.map((w) => w.key);
const tableCell = (panel: Panel, column: number) => ((findWidget(panel, 'T')?.options.columns ?? []) as TableColumn[])[column];

describe('spec 001 §4.1: a dropped widget is placed, selected, and sets changeFlag', () => {
  it.each<[string, WidgetLocation, (panel: Panel) => unknown, unknown]>([
    ['at the top of the panel', { container: 'panel', index: 0 }, topKeys, ['X', 'A', 'G', 'T', 'B']],
    ['between panel widgets', { container: 'panel', index: 2 }, topKeys, ['A', 'G', 'X', 'T', 'B']],
    ['past the end is clamped to the end', { container: 'panel', index: 99 }, topKeys, ['A', 'G', 'T', 'B', 'X']],
    ['into a grid column', { container: 'grid', gridKey: 'G', columnIndex: 0, index: 1 }, (p) => gridList(p, 0), ['R', 'X']],
    ['into an empty grid column', { container: 'grid', gridKey: 'G', columnIndex: 1, index: 0 }, (p) => gridList(p, 1), ['X']],
  ])('%s', (_name, location, read, expected) => {
    const before = fixture();
    const result = ok(insertWidget(before, field('input', 'X'), location));
    expect(read(result.panel)).toEqual(expected);
    expect(result.selectedKey).toBe('X');
    expect(result.panel.changeFlag).toBe(true);
    expect(before).toEqual(fixture());
  });

  it('onto a table cell, replacing the placeholder and taking the readable key of its table and column', () => {
    const before = fixture();
    const result = ok(insertWidget(before, field('input', 'X'), { container: 'table', tableKey: 'T', columnIndex: 1 }));
    expect(tableCell(result.panel, 1)?.widget).toMatchObject({ key: 'T_C2', model: 'T_C2', type: 'input' });
    expect(result.selectedKey).toBe('T_C2');
    expect(result.panel.changeFlag).toBe(true);
    expect(before).toEqual(fixture());
  });

  it('a moved widget keeps its key in a table cell, since data may already use it', () => {
    const result = ok(moveWidget(fixture(), 'A', { container: 'table', tableKey: 'T', columnIndex: 1 }));
    expect(tableCell(result.panel, 1)?.widget.key).toBe('A');
  });

  it('a widget dropped on a table cell records its owning table', () => {
    const result = ok(insertWidget(fixture(), field('input', 'X'), { container: 'table', tableKey: 'T', columnIndex: 1 }));
    expect(tableCell(result.panel, 1)?.widget.table).toBe('T');
    expect(findUnconfiguredTableCells(result.panel)).toEqual([]);
  });

  it.each<[string, WidgetType, WidgetLocation, string]>([
    ['§5.3 a grid into a grid', 'grid', { container: 'grid', gridKey: 'G', columnIndex: 0, index: 0 }, 'panel.grid_nesting'],
    ['§5.3 a table into a grid', 'table', { container: 'grid', gridKey: 'G', columnIndex: 0, index: 0 }, 'panel.grid_nesting'],
    ['§5.3 a section label into a grid', 'blank', { container: 'grid', gridKey: 'G', columnIndex: 1, index: 0 }, 'panel.grid_nesting'],
    ['§5.3 a paragraph note into a table', 'alert', { container: 'table', tableKey: 'T', columnIndex: 1 }, 'panel.table_nesting'],
    ['§5.3 a section label into a table', 'blank', { container: 'table', tableKey: 'T', columnIndex: 1 }, 'panel.table_nesting'],
    ['§5.3 a grid into a table', 'grid', { container: 'table', tableKey: 'T', columnIndex: 0 }, 'panel.table_nesting'],
    ['a missing grid', 'input', { container: 'grid', gridKey: 'NOPE', columnIndex: 0, index: 0 }, 'panel.target_not_found'],
    ['a missing grid column', 'input', { container: 'grid', gridKey: 'G', columnIndex: 5, index: 0 }, 'panel.target_not_found'],
    ['a missing table column', 'input', { container: 'table', tableKey: 'T', columnIndex: 9 }, 'panel.target_not_found'],
  ])('refuses %s with %s', (_name, type, location, code) => {
    const result = insertWidget(fixture(), field(type, 'X'), location);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issue.code).toBe(code);
      expect(result.issue.message).not.toBe('');
      expect(result.issue.messageEn).not.toBe('');
    }
  });
});

describe('spec 001 §4.1: move or drag', () => {
  it.each<[string, string, WidgetLocation, (panel: Panel) => unknown, unknown]>([
    ['down the panel', 'A', { container: 'panel', index: 2 }, topKeys, ['G', 'T', 'A', 'B']],
    ['up the panel', 'B', { container: 'panel', index: 0 }, topKeys, ['B', 'A', 'G', 'T']],
    ['from the panel into a grid', 'A', { container: 'grid', gridKey: 'G', columnIndex: 1, index: 0 }, (p) => [topKeys(p), gridList(p, 1)], [['G', 'T', 'B'], ['A']]],
    ['from a grid to the panel', 'R', { container: 'panel', index: 0 }, (p) => [topKeys(p), gridList(p, 0)], [['R', 'A', 'G', 'T', 'B'], []]],
    ['between grid columns', 'R', { container: 'grid', gridKey: 'G', columnIndex: 1, index: 0 }, (p) => [gridList(p, 0), gridList(p, 1)], [[], ['R']]],
    ['from the panel onto a table cell', 'A', { container: 'table', tableKey: 'T', columnIndex: 1 }, (p) => [topKeys(p), tableCell(p, 1)?.widget.key], [['G', 'T', 'B'], 'A']],
  ])('%s', (_name, key, to, read, expected) => {
    const result = ok(moveWidget(fixture(), key, to));
    expect(read(result.panel)).toEqual(expected);
    expect(result.selectedKey).toBe(key);
    expect(result.panel.changeFlag).toBe(true);
  });

  it('a cell dragged out of a table leaves a placeholder behind and loses its table name', () => {
    const result = ok(moveWidget(fixture(), 'N', { container: 'panel', index: 0 }));
    expect(result.panel.list[0]).toMatchObject({ key: 'N' });
    expect(result.panel.list[0]?.table).toBeUndefined();
    expect(tableCell(result.panel, 0)?.widget.type).toBe('placeholder');
    expect(tableCell(result.panel, 0)?.widgetMap).toBeUndefined();
  });

  it.each<[string, string, WidgetLocation, string]>([
    ['a section label into a grid', 'B', { container: 'grid', gridKey: 'G', columnIndex: 0, index: 0 }, 'panel.grid_nesting'],
    ['a table into a grid', 'T', { container: 'grid', gridKey: 'G', columnIndex: 0, index: 0 }, 'panel.grid_nesting'],
    ['a grid into a table', 'G', { container: 'table', tableKey: 'T', columnIndex: 1 }, 'panel.table_nesting'],
    ['an unknown widget', 'NOPE', { container: 'panel', index: 0 }, 'panel.widget_not_found'],
    ['a per-row cell override', 'N2', { container: 'panel', index: 0 }, 'panel.table_row_cell_move'],
  ])('refuses moving %s', (_name, key, to, code) => {
    const result = moveWidget(fixture(), key, to);
    expect(result.ok ? null : result.issue.code).toBe(code);
  });
});

describe('spec 001 §4.1: clone gives fresh keys to the widget and its nested widgets', () => {
  it('a plain widget is copied right after the original and selected', () => {
    const result = ok(cloneWidget(fixture(), 'A'));
    const copy = result.panel.list[1];
    expect(copy?.key).toMatch(/^INPUT\d+$/);
    expect(copy?.model).toBe(copy?.key);
    expect(result.selectedKey).toBe(copy?.key);
    expect(result.panel.changeFlag).toBe(true);
    expect(validatePanel(result.panel).filter((issue) => issue.code.startsWith('panel.duplicate'))).toEqual([]);
  });

  it('a grid copy renews its children', () => {
    const result = ok(cloneWidget(fixture(), 'G'));
    const copy = result.panel.list[2];
    const child = (copy?.options.columns as GridColumn[])[0]?.list[0];
    expect(copy?.key).not.toBe('G');
    expect(child?.type).toBe('radio');
    expect(child?.key).not.toBe('R');
  });

  it('a table copy renews column keys, cells, overrides and row data keys', () => {
    const before = fixture();
    const result = ok(cloneWidget(before, 'T'));
    const copy = result.panel.list[3];
    const columns = copy?.options.columns as TableColumn[];
    expect(columns.map((column) => column.key)).not.toContain('C1');
    expect(columns[0]?.widget.key).not.toBe('N');
    expect(columns[0]?.widget.table).toBe(copy?.model);
    expect(columns[0]?.widgetMap?.['1']?.key).not.toBe('N2');
    expect(copy?.options.data?.map((row) => row[columns[0]?.key ?? ''])).toEqual([1, 2, 3]);
    // The table's own keys (T, C1, C2, N, N2, P) are all new; nothing else changes.
    expect(panelKeys(result.panel).size).toBe(panelKeys(before).size + 6);
    expect(validatePanel(result.panel).filter((issue) => issue.code.startsWith('panel.duplicate'))).toEqual([]);
  });

  it('drops the stored id of the copy', () => {
    const panel = fixture();
    panel.list[0] = { ...field('input', 'A'), id: 42 };
    expect(ok(cloneWidget(panel, 'A')).panel.list[1]?.id).toBeUndefined();
  });

  it.each<[string, string]>([
    ['NOPE', 'panel.widget_not_found'],
    ['N', 'panel.table_cell_clone'],
  ])('refuses cloning %s with %s', (key, code) => {
    const result = cloneWidget(fixture(), key);
    expect(result.ok ? null : result.issue.code).toBe(code);
  });
});

describe('spec 001 §4.1: deleting selects the next one, or the previous if it was last, or none if empty', () => {
  it.each<[string, Panel, string, string | null]>([
    ['first of the panel selects the next', fixture(), 'A', 'G'],
    ['middle of the panel selects the next', fixture(), 'G', 'T'],
    ['last of the panel selects the previous', fixture(), 'B', 'T'],
    ['the only widget leaves none', { list: [field('input', 'A')], config: { labelWidth: 8, labelPosition: 'right' } }, 'A', null],
    ['the only widget of a grid column leaves none', fixture(), 'R', null],
  ])('%s', (_name, panel, key, expected) => {
    const result = ok(deleteWidget(panel, key));
    expect(result.selectedKey).toBe(expected);
    expect(findWidget(result.panel, key)).toBeNull();
    expect(result.panel.changeFlag).toBe(true);
  });

  it('spec 001 §4.1: deleting a table cell turns it back into an empty placeholder', () => {
    const result = ok(deleteWidget(fixture(), 'N'));
    expect(tableCell(result.panel, 0)?.widget.type).toBe('placeholder');
    expect(result.selectedKey).toBe('T');
  });

  it('deleting a per-row override keeps the column template', () => {
    const result = ok(deleteWidget(fixture(), 'N2'));
    expect(tableCell(result.panel, 0)?.widget.key).toBe('N');
    expect(tableCell(result.panel, 0)?.widgetMap?.['1']).toBeUndefined();
  });

  it('refuses an unknown key', () => {
    expect(deleteWidget(fixture(), 'NOPE').ok).toBe(false);
  });
});

describe('spec 001 §4.1: editing sets isEdit and regenerates the §5.2 rules', () => {
  it('merges options and flags the widget edited without touching changeFlag', () => {
    const result = ok(updateWidget(fixture(), 'A', { name: '姓名', nameEn: 'Name', required: true, options: { dataType: 'string', maxlength: 20 } }));
    const widget = findWidget(result.panel, 'A');
    expect(widget).toMatchObject({ name: '姓名', isEdit: true, options: { dataType: 'string', maxlength: 20 } });
    expect(widget?.rules).toEqual([
      { required: true, message: '姓名必须填写', messageEn: 'Name must be filled in' },
      { type: 'string', message: '格式不正确', messageEn: 'Format incorrect' },
    ]);
    expect(result.panel.changeFlag).toBeUndefined();
  });

  it('edits a widget inside a grid and a table cell', () => {
    const inGrid = ok(updateWidget(fixture(), 'R', { disabled: true }));
    expect(findWidget(inGrid.panel, 'R')).toMatchObject({ disabled: true, isEdit: true, rules: [] });
    const inTable = ok(updateWidget(fixture(), 'N', { options: { precision: 2 } }));
    expect(tableCell(inTable.panel, 0)?.widget.options.precision).toBe(2);
  });

  it('renaming the key keeps the model in step and selects the new key', () => {
    const result = ok(updateWidget(fixture(), 'A', { key: 'AGE' }));
    expect(findWidget(result.panel, 'AGE')).toMatchObject({ key: 'AGE', model: 'AGE' });
    expect(result.selectedKey).toBe('AGE');
  });

  it('explicit rules in the patch are kept', () => {
    const rules = [{ type: 'number' as const, message: '格式不正确', messageEn: 'Format incorrect' }];
    expect(findWidget(ok(updateWidget(fixture(), 'A', { rules })).panel, 'A')?.rules).toEqual(rules);
  });
});

describe('spec 001 §4.1 side effects of single settings', () => {
  it('switching a table to repeatable cuts its rows down to one', () => {
    const result = ok(setTableRepeatable(fixture(), 'T', true));
    const table = findWidget(result.panel, 'T');
    expect(table?.options.repeatable).toBe(true);
    expect(table?.options.data).toEqual([{ C1: 1 }]);
    expect(tableCell(result.panel, 0)?.widgetMap).toBeUndefined();
  });

  it('switching a table back to fixed rows keeps its rows', () => {
    const table = findWidget(ok(setTableRepeatable(fixture(), 'T', false)).panel, 'T');
    expect(table?.options).toMatchObject({ repeatable: false, data: [{ C1: 1 }, { C1: 2 }, { C1: 3 }] });
  });

  it('clearing a table cell gives back an empty placeholder keyed after its table and column', () => {
    const result = ok(clearTableCell(fixture(), 'T', 0));
    const cell = tableCell(result.panel, 0);
    expect(cell?.widget.type).toBe('placeholder');
    expect(cell?.widget.key).toBe('T_C1');
    expect(cell?.widget.table).toBe('T');
    expect(result.panel.changeFlag).toBe(true);
    expect(clearTableCell(fixture(), 'T', 7).ok).toBe(false);
  });

  it('ticking bullseye on a select clears its options, sets multiple false and the bullseye dictionary', () => {
    const used = new Set<string>();
    const select = { ...createWidget('select', used), options: { ...createWidget('select', used).options, multiple: true } };
    const panel: Panel = { list: [select], config: { labelWidth: 8, labelPosition: 'right' } };
    const on = findWidget(ok(setBullseye(panel, select.key, true)).panel, select.key);
    expect(on?.options).toMatchObject({ bullsEyePlot: true, options: [], multiple: false, dictType: 'bullseye' });
    const off = findWidget(ok(setBullseye({ ...panel, list: [on ?? select] }, select.key, false)).panel, select.key);
    expect(off?.options.bullsEyePlot).toBe(false);
    expect(off?.options.dictType).toBeUndefined();
  });

  it('unticking show-on-condition clears the conditions', () => {
    const panel = ok(updateWidget(fixture(), 'A', { options: { showOnCondition: true, showConditions: [{ cName: 'R', eName: 'R', evalType: 'eq', value: '1' }], logicExpression: "[R] = '1'" } })).panel;
    const off = findWidget(ok(setShowOnCondition(panel, 'A', false)).panel, 'A');
    expect(off?.options.showOnCondition).toBe(false);
    expect(off?.options.showConditions).toEqual([]);
    expect(off?.options.logicExpression).toBeUndefined();
    const on = findWidget(ok(setShowOnCondition(panel, 'A', true)).panel, 'A');
    expect(on?.options.showConditions).toHaveLength(1);
  });

  it('choosing a different domain clears the sub type; the same domain keeps it', () => {
    const panel = ok(updateWidget(fixture(), 'A', { options: { domain: 'VS', subType: 'SYSBP' } })).panel;
    expect(findWidget(ok(setDomain(panel, 'A', 'LB')).panel, 'A')?.options).toMatchObject({ domain: 'LB' });
    expect(findWidget(ok(setDomain(panel, 'A', 'LB')).panel, 'A')?.options.subType).toBeUndefined();
    expect(findWidget(ok(setDomain(panel, 'A', 'VS')).panel, 'A')?.options.subType).toBe('SYSBP');
  });
});

describe('spec 001 §5.4: saving is blocked while any table cell is an unconfigured placeholder', () => {
  it('lists each placeholder cell with its table and column', () => {
    expect(findUnconfiguredTableCells(fixture())).toEqual([
      { tableKey: 'T', tableName: 'T', columnIndex: 1, columnTitle: 'p', row: null, path: 'list.2.options.columns.1.widget' },
    ]);
  });

  it('a panel without tables has none', () => {
    expect(findUnconfiguredTableCells({ list: [field('input', 'A')] })).toEqual([]);
  });
});

describe('panel-wide operations', () => {
  it('spec 001 §4.1: changeFlag is set by structure changes and cleared after saving', () => {
    expect(setChangeFlag(fixture(), true).changeFlag).toBe(true);
    expect(setChangeFlag({ ...fixture(), changeFlag: true }, false).changeFlag).toBe(false);
  });

  it('clear empties the canvas and keeps the config', () => {
    const cleared = clearPanel(fixture());
    expect(cleared.list).toEqual([]);
    expect(cleared.config).toEqual(fixture().config);
    expect(cleared.changeFlag).toBe(true);
  });

  it('spec 001 §2.1: the label-alignment toggle', () => {
    expect(setLabelPosition(fixture(), 'left').config.labelPosition).toBe('left');
  });

  it('spec 001 §4.1: a template appends to the canvas, renaming only clashing keys', () => {
    const result = ok(addWidgets(fixture(), [field('input', 'A'), field('input', 'AGE')], 'append'));
    expect(topKeys(result.panel).slice(0, 4)).toEqual(['A', 'G', 'T', 'B']);
    expect(topKeys(result.panel)[4]).toMatch(/^INPUT\d+$/);
    expect(topKeys(result.panel)[5]).toBe('AGE');
    expect(result.selectedKey).toBe('AGE');
  });

  it('spec 001 §4.1: a template replaces the canvas', () => {
    const result = ok(addWidgets(fixture(), [field('input', 'A')], 'replace'));
    expect(topKeys(result.panel)).toEqual(['A']);
  });

  it('locates widgets for drag and drop', () => {
    const panel = fixture();
    expect(locateWidget(panel, 'T')).toEqual({ container: 'panel', index: 2 });
    expect(locateWidget(panel, 'R')).toEqual({ container: 'grid', gridKey: 'G', columnIndex: 0, index: 0 });
    expect(locateWidget(panel, 'P')).toEqual({ container: 'table', tableKey: 'T', columnIndex: 1 });
    expect(locateWidget(panel, 'N2')).toBeNull();
    expect(locateWidget(panel, 'NOPE')).toBeNull();
  });
});

describe('spec 001 §3.6 widgetMap: a per-row cell override of a non-repeatable table', () => {
  it('puts a widget on one row of a column, owned by the table, selected, with changeFlag', () => {
    const { panel, selectedKey } = ok(setTableRowCell(fixture(), 'T', 1, 2, field('date', 'D')));
    // Readable cell keys: table, column and row counted from 1.
    expect(tableCell(panel, 1)?.widgetMap?.['2']).toMatchObject({ type: 'date', key: 'T_C2_R3', model: 'T_C2_R3', table: 'T' });
    expect(tableCell(panel, 1)?.widget.key).toBe('P');
    expect(selectedKey).toBe('T_C2_R3');
    expect(panel.changeFlag).toBe(true);
  });

  it('gives the override fresh keys when its key is taken', () => {
    const { panel, selectedKey } = ok(setTableRowCell(fixture(), 'T', 0, 0, field('number', 'A')));
    const placed = tableCell(panel, 0)?.widgetMap?.['0'];
    expect(placed?.key).not.toBe('A');
    expect(placed?.key).toBe(selectedKey);
    expect([...panelKeys(panel)].filter((key) => key === placed?.key)).toHaveLength(1);
  });

  it('resets a row to the column widget and drops an emptied widgetMap; the table is selected', () => {
    const { panel, selectedKey } = ok(setTableRowCell(fixture(), 'T', 0, 1, null));
    expect(tableCell(panel, 0)).not.toHaveProperty('widgetMap');
    expect(selectedKey).toBe('T');
  });

  it.each<[string, number, number, Widget | null]>([
    ['a widget a table may not hold', 0, 0, field('alert', 'AL')],
    ['a row past the end', 0, 3, field('number', 'X')],
    ['a negative row', 0, -1, null],
  ])('refuses %s and changes nothing', (_, column, row, widget) => {
    const panel = fixture();
    const result = setTableRowCell(panel, 'T', column, row, widget);
    expect(result.ok).toBe(false);
    expect(panel).toEqual(fixture());
  });

  it('refuses a repeatable table', () => {
    const panel = ok(setTableRepeatable(fixture(), 'T', true)).panel;
    const result = setTableRowCell(panel, 'T', 1, 0, field('number', 'X'));
    expect(result.ok ? null : result.issue.code).toBe('panel.table_row_cell_invalid');
  });
});
