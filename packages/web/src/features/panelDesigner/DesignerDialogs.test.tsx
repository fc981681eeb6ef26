import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gridColumns } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { designerServer, emptyPanel, renderDesigner } from './testHarness';

const canvasTypes = () => [...screen.getByTestId('designer-canvas').querySelectorAll<HTMLElement>('[data-testid^="canvas-widget-"]')].map((element) => element.dataset.type);

describe('designer dialogs (spec 001 §2.1)', () => {
  it('adds two grids of three columns from the add-grid dialog defaults, each column span 8', async () => {
    renderDesigner('form', designerServer(emptyPanel()).fetch);
    fireEvent.click(await screen.findByTestId('palette-addGrid'));
    fireEvent.click(await screen.findByTestId('grid-dialog-submit'));
    await waitFor(() => {
      expect(canvasTypes()).toEqual(['grid', 'grid']);
    });
    fireEvent.click(screen.getByTestId('designer-json'));
    const panel = JSON.parse((await screen.findByTestId('json-text')).textContent) as Panel;
    const [grid] = panel.list;
    if (!grid) throw new Error('no grid');
    expect(gridColumns(grid).map((column) => column.span)).toEqual([8, 8, 8]);
  });

  it('splits pasted text into one text widget per distinct piece', async () => {
    renderDesigner('form', designerServer(emptyPanel()).fetch);
    fireEvent.click(await screen.findByTestId('palette-smartSplit'));
    fireEvent.change(await screen.findByTestId('smart-split-input'), { target: { value: '身高；体重 身高\n心率' } });
    expect(screen.getByText('3 items')).toBeDefined();
    fireEvent.click(screen.getByTestId('smart-split-apply'));
    await waitFor(() => {
      expect(canvasTypes()).toEqual(['input', 'input', 'input']);
    });
    expect(screen.getByTestId('designer-canvas').textContent).toContain('心率');
  });
});
