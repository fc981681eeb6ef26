import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTable, tableColumns } from '@dcap/core';
import type { Panel, TableColumn, Widget } from '@dcap/core';
import { designerServer, emptyPanel, renderDesigner } from './testHarness';

async function openJson(): Promise<Panel> {
  fireEvent.click(screen.getByTestId('designer-json'));
  const text = await screen.findByTestId('json-text');
  return JSON.parse(text.textContent) as Panel;
}

async function closeJson() {
  fireEvent.click(screen.getByTestId('json-close'));
  await waitFor(() => {
    expect(screen.queryByTestId('json-text')).toBeNull();
  });
}

/** Opens the antd select marked by the test id and clicks the option with this label in the opened list. */
async function pick(testId: string, label: string) {
  const input = screen.getByTestId(testId).closest('.ant-select')?.querySelector('input');
  if (!input) throw new Error(`no select ${testId}`);
  fireEvent.mouseDown(input);
  const options = await screen.findAllByText(label, { selector: '.ant-select-item-option-content' });
  const option = options.at(-1);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

const columnsOf = (panel: Panel): TableColumn[] => tableColumns(panel.list[0] as Widget);

describe('spec 001 §3.6 widgetMap: per-row cell overrides in the table configuration', () => {
  it('sets a different widget for one row of a column, marks it on the canvas, and resets it', async () => {
    const table = createTable(3, 2, new Set(), ['Item', 'Value']);
    renderDesigner('form', designerServer(emptyPanel([table])).fetch);
    fireEvent.click(await screen.findByTestId(`canvas-widget-${table.key}`));
    await pick('row-cell-row', 'Row 2');
    await pick('row-cell-column', 'Value');
    await pick('row-cell-widget', 'Date');

    const mark = await screen.findByTestId(`table-row-cell-${table.key}-1-1`);
    expect(mark.dataset.cellType).toBe('date');
    expect(screen.getByTestId(`table-cell-${table.key}-1`).dataset.overriddenRows).toBe('1');
    expect(screen.getByTestId(`table-cell-${table.key}-0`).dataset.overriddenRows).toBeUndefined();

    let panel = await openJson();
    const override = columnsOf(panel)[1]?.widgetMap?.['1'];
    expect(override).toMatchObject({ type: 'date', table: table.model });
    // A fresh key, used nowhere else in the panel; the column's own widget stays as it was.
    expect(JSON.stringify(panel).split(`"key":"${override?.key ?? ''}"`)).toHaveLength(2);
    expect(columnsOf(panel)[1]?.widget.type).toBe('placeholder');
    expect(columnsOf(panel)[0]).not.toHaveProperty('widgetMap');
    await closeJson();

    // The new cell is selected for configuration; back on the table, the listed override is reset.
    fireEvent.click(screen.getByTestId(`canvas-widget-${table.key}`));
    fireEvent.click(screen.getByTestId('row-cells').querySelector('[data-testid="row-cell-item-1-1"] button') as HTMLElement);
    expect(screen.queryByTestId(`table-row-cell-${table.key}-1-1`)).toBeNull();
    panel = await openJson();
    expect(columnsOf(panel)[1]).not.toHaveProperty('widgetMap');
  });

  it('offers a cell only the widgets a table may hold and no per-row cells for a repeatable table', async () => {
    const table = createTable(2, 2, new Set());
    renderDesigner('form', designerServer(emptyPanel([table])).fetch);
    fireEvent.click(await screen.findByTestId(`canvas-widget-${table.key}`));
    const input = screen.getByTestId('row-cell-widget').closest('.ant-select')?.querySelector('input');
    if (!input) throw new Error('no widget chooser');
    fireEvent.mouseDown(input);
    expect(await screen.findByText('Number', { selector: '.ant-select-item-option-content' })).toBeDefined();
    expect(screen.queryByText('Rich-text note', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(screen.getByTestId('table-repeatable'));
    expect(screen.queryByTestId('row-cells')).toBeNull();
  });
});
