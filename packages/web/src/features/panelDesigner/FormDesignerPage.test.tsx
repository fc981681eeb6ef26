import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createGrid, createLabTable, createTable, createWidget, gridColumns, tableColumns } from '@dcap/core';
import type { Panel, Widget } from '@dcap/core';
import { fail } from '../../test/fakeServer';
import { designerServer, emptyPanel, renderDesigner } from './testHarness';

function input(key: string, name = key): Widget {
  return { ...createWidget('input', new Set()), key, model: key, name };
}

const canvasWidgets = () => [...screen.getByTestId('designer-canvas').querySelectorAll<HTMLElement>('[data-testid^="canvas-widget-"]')];
const selectedKey = () => canvasWidgets().find((element) => element.dataset.selected === 'true')?.dataset.testid?.replace('canvas-widget-', '') ?? null;

async function openJson(): Promise<Panel> {
  fireEvent.click(screen.getByTestId('designer-json'));
  const text = await screen.findByTestId('json-text');
  return JSON.parse(text.textContent) as Panel;
}

describe('form designer /dCapVue/design/panel/:instrumentId', () => {
  it('adds a clicked palette widget with a fresh key, selects it and marks the panel unsaved', async () => {
    renderDesigner('form', designerServer(emptyPanel()).fetch);
    fireEvent.click(await screen.findByTestId('palette-number'));
    expect(canvasWidgets()).toHaveLength(1);
    const key = selectedKey();
    expect(key).toMatch(/^NUMBER\d{1,5}$/);
    expect(screen.getByTestId('config-type').textContent).toBe('number');
    expect(screen.getByTestId('designer-unsaved')).toBeDefined();
    fireEvent.click(screen.getByTestId('palette-number'));
    expect(canvasWidgets()).toHaveLength(2);
    expect(selectedKey()).not.toBe(key);
  });

  it('selects the next widget after a delete, the previous one after deleting the last, none on an empty canvas', async () => {
    renderDesigner('form', designerServer(emptyPanel([input('A1'), input('B1'), input('C1')])).fetch);
    fireEvent.click(await screen.findByTestId('canvas-widget-B1'));
    fireEvent.click(screen.getByTestId('delete-B1'));
    expect(selectedKey()).toBe('C1');
    fireEvent.click(screen.getByTestId('delete-C1'));
    expect(selectedKey()).toBe('A1');
    fireEvent.click(screen.getByTestId('delete-A1'));
    expect(canvasWidgets()).toHaveLength(0);
    expect(screen.getByTestId('config-none')).toBeDefined();
  });

  it('blocks saving while a table cell is unconfigured and sends nothing', async () => {
    const table = createTable(1, 2, new Set());
    const fake = designerServer(emptyPanel([table]));
    renderDesigner('form', fake.fetch);
    fireEvent.click(await screen.findByTestId('designer-save'));
    expect(await screen.findByText('Please check the tables and make sure every cell has a variable configured')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/project/field/saveAllCfg')).toBe(false);
  });

  it('saves the panel with the loaded revision and clears the unsaved mark', async () => {
    const fake = designerServer(emptyPanel());
    renderDesigner('form', fake.fetch);
    fireEvent.click(await screen.findByTestId('palette-input'));
    expect(screen.getByTestId('designer-unsaved')).toBeDefined();
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => {
      expect(screen.queryByTestId('designer-unsaved')).toBeNull();
    });
    const body = JSON.parse(fake.requests.find((request) => request.path === '/project/field/saveAllCfg')?.body ?? 'null') as { instrumentId: number; list: Widget[]; revision: number };
    expect(body.instrumentId).toBe(41);
    expect(body.revision).toBe(3);
    expect(body.list.map((widget) => widget.type)).toEqual(['input']);
    // The new field's label is still the palette's default: the save says so (core findDefaultLabels).
    expect(await screen.findByText('Saved. 1 label still has its default text (such as “Option 1” or “Column 1”); consider replacing it before publishing.')).toBeDefined();
  });

  it('puts the issues of a refused save on the widget', async () => {
    const fake = designerServer(emptyPanel([input('A1')]), {
      'POST /project/field/saveAllCfg': () => fail(422, 'The panel has problems', { errors: [{ path: 'list.0.options.expression', message: 'Unknown field [WEIGHT]' }] }),
    });
    renderDesigner('form', fake.fetch);
    fireEvent.click(await screen.findByTestId('designer-save'));
    fireEvent.click(await screen.findByTestId('canvas-widget-A1'));
    expect(within(await screen.findByTestId('config-issues')).getByText('Unknown field [WEIGHT]')).toBeDefined();
  });

  it('keeps digits only in an option code and lets the value follow it', async () => {
    renderDesigner('form', designerServer(emptyPanel()).fetch);
    fireEvent.click(await screen.findByTestId('palette-radio'));
    fireEvent.change(screen.getByTestId('option-code-0'), { target: { value: 'a7b-3' } });
    expect(screen.getByTestId<HTMLInputElement>('option-code-0').value).toBe('73');
    const panel = await openJson();
    expect(panel.list[0]?.options.options?.[0]).toMatchObject({ key: '73', value: '73' });
  });

  it('shows configuration edits in the generated JSON, keys sorted', async () => {
    renderDesigner('form', designerServer(emptyPanel([input('A1', 'Old')])).fetch);
    fireEvent.click(await screen.findByTestId('canvas-widget-A1'));
    fireEvent.change(screen.getByTestId('config-name'), { target: { value: '收缩压' } });
    fireEvent.change(screen.getByTestId('config-key'), { target: { value: 'SYSBP' } });
    const panel = await openJson();
    expect(panel.list[0]).toMatchObject({ key: 'SYSBP', model: 'SYSBP', name: '收缩压', isEdit: true });
    expect(Object.keys(panel)).toEqual([...Object.keys(panel)].sort());
  });

  it('offers a table cell only the widgets it may hold and fills the cell with the chosen one', async () => {
    const table = createTable(1, 2, new Set());
    renderDesigner('form', designerServer(emptyPanel([table])).fetch);
    fireEvent.click(await screen.findByTestId(`table-cell-${table.key}-0`));
    expect(screen.getByTestId('config-panel')).toBeDefined();
    // The cell chooser offers only widgets a cell may hold; a section label is not among them.
    const chooser = screen.getByTestId(`cell-widget-${table.key}-0`).closest('.ant-select')?.querySelector('input');
    if (!chooser) throw new Error('no cell chooser');
    fireEvent.mouseDown(chooser);
    expect(await screen.findByText('Number', { selector: '.ant-select-item-option-content' })).toBeDefined();
    expect(screen.queryByText('Section label', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(screen.getByText('Number', { selector: '.ant-select-item-option-content' }));
    expect(screen.getByTestId(`table-cell-${table.key}-0`).dataset.cellType).toBe('number');
  });

  it('labels fields, grid children and table cells on the canvas by nameEn in English, by name without one', async () => {
    const used = new Set<string>();
    const lab = createLabTable(used);
    const grid = createGrid([12, 12], used);
    const [left, right] = gridColumns(grid);
    left?.list.push({ ...input('HR', '心率'), nameEn: 'Heart rate' });
    right?.list.push({ ...input('NOTE', '备注'), nameEn: undefined });
    const field = { ...input('SBP', '收缩压'), nameEn: 'Systolic pressure' };
    renderDesigner('form', designerServer(emptyPanel([field, grid, lab])).fetch);
    const canvas = await screen.findByTestId('designer-canvas');
    expect(within(screen.getByTestId('canvas-widget-SBP')).getByText('Systolic pressure')).toBeDefined();
    expect(within(screen.getByTestId('canvas-widget-HR')).getByText('Heart rate')).toBeDefined();
    // No English name: the name is shown rather than nothing.
    expect(within(screen.getByTestId('canvas-widget-NOTE')).getByText('备注')).toBeDefined();
    const cells = tableColumns(lab).map((_, index) => screen.getByTestId(`table-cell-${lab.key}-${String(index)}`).textContent);
    expect(cells).toEqual(['Test item', 'Result', 'Lower limit', 'Upper limit', 'Unit', 'Clinical significance', 'Reference range']);
    expect(within(screen.getByTestId(`canvas-widget-${lab.key}`)).getByText(/Blood routine/)).toBeDefined();
    for (const chinese of ['心率', '收缩压', '检查项', '临床意义', '血常规']) expect(canvas.textContent).not.toContain(chinese);
  });
});
