import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLabTable, HUGE_DATA_ROW_THRESHOLD, tableColumns } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { column, panelOf, renderForm, widget } from './testkit';

function adverseEvents(extra: Partial<Widget['options']> = {}): Widget {
  return widget('table', 'ae', {
    repeatable: true,
    columns: [
      column('term', widget('input', 'term'), { width: '60%' }),
      column('grade', widget('select', 'grade', { options: [{ key: '1', value: '1', label: '一级' }, { key: '2', value: '2', label: '二级' }] }), {
        width: '40%',
        // Row 1 asks for a number instead of a choice.
        widgetMap: { '1': widget('number', 'gradeScore') },
      }),
    ],
    data: [{ term: '头痛', grade: '1' }, { term: '恶心' }],
    ...extra,
  });
}

describe('tables', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('start from options.data, use per-row widgets, and give rows under the table model', () => {
    const { handle } = renderForm(panelOf([adverseEvents()]));
    const rows = screen.getAllByTestId('row-ae');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('term title').closest('[role="columnheader"]')?.getAttribute('style')).toContain('flex: 1 1 60%');
    expect(within(rows[1] as HTMLElement).getByRole('spinbutton')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('spinbutton')).toBeNull();
    expect(handle().getValues()).toEqual({ ae: [{ term: '头痛', grade: '1' }, { term: '恶心', grade: null }] });
  });

  it('add and delete rows of a repeatable table, adding again after every row is gone', () => {
    const { handle } = renderForm(panelOf([adverseEvents()]));
    fireEvent.click(screen.getByTestId('add-row-ae'));
    expect(screen.getAllByTestId('row-ae')).toHaveLength(3);
    const third = screen.getAllByTestId('row-ae')[2] as HTMLElement;
    fireEvent.change(within(third).getByTestId('field-term'), { target: { value: '乏力' } });
    expect(handle().getValues()).toMatchObject({ ae: [{ term: '头痛' }, { term: '恶心' }, { term: '乏力', grade: null }] });
    fireEvent.click(within(screen.getAllByTestId('row-ae')[0] as HTMLElement).getByTestId('delete-row-ae'));
    expect(handle().getValues()).toMatchObject({ ae: [{ term: '恶心' }, { term: '乏力' }] });
    for (const button of screen.getAllByTestId('delete-row-ae')) fireEvent.click(button);
    expect(screen.queryAllByTestId('row-ae')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('add-row-ae'));
    expect(handle().getValues()).toEqual({ ae: [{ term: null, grade: null }] });
  });

  it('offer neither add nor delete on a read-only form', () => {
    renderForm(panelOf([adverseEvents()]), { readOnly: true });
    expect(screen.queryByTestId('add-row-ae')).toBeNull();
    expect(screen.queryByTestId('delete-row-ae')).toBeNull();
    expect(within(screen.getAllByTestId('row-ae')[0] as HTMLElement).getByTestId('field-term')).toHaveProperty('disabled', true);
  });

  it('show rows as cards titled by number or CARD_TITLE, so many per row', () => {
    const table = adverseEvents({ data: [{ term: '头痛', CARD_TITLE: '第一次' }, { term: '恶心' }] });
    renderForm(panelOf([table]), { tableMode: 'card', cardsPerRow: 2 }, 'en-US');
    const cards = screen.getAllByTestId('card-ae');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('第一次');
    expect(cards[1]?.textContent).toContain('No.2');
    expect(screen.getByTestId('cards-ae').getAttribute('style')).toContain('repeat(2, minmax(0, 1fr))');
    expect(within(cards[0] as HTMLElement).getByText('term title en')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-row-ae'));
    expect(screen.getAllByTestId('card-ae')[2]?.textContent).toContain('No.3');
  });

  it('switch to virtualised read-only rows above the huge-data threshold', () => {
    // jsdom lays nothing out; the scroll area reports the height a browser would give it.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const rows = Array.from({ length: HUGE_DATA_ROW_THRESHOLD + 150 }, (_, index) => ({ term: `事件${String(index)}`, grade: '2' }));
    const { handle } = renderForm(panelOf([adverseEvents()]), { initialValues: { ae: rows } });
    expect(screen.getByTestId('table-ae').getAttribute('data-huge')).toBe('true');
    const shown = screen.getAllByTestId('row-ae');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(40);
    expect(within(shown[0] as HTMLElement).queryByRole('textbox')).toBeNull();
    expect(within(shown[0] as HTMLElement).getByText('事件0')).toBeTruthy();
    expect(within(shown[0] as HTMLElement).getByText('二级')).toBeTruthy();
    expect(screen.queryByTestId('add-row-ae')).toBeNull();
    expect((handle().getValues().ae as unknown[]).length).toBe(200);
  });
});

describe('lab rows', () => {
  function labTable() {
    const table = createLabTable(new Set());
    const key = (role: string) => tableColumns(table).find((entry) => entry.refCtrl === role)?.key ?? '';
    return { table, result: key('result'), significance: key('clinicalSig'), low: key('low'), up: key('up') };
  }

  it('grade the result and suggest the clinical significance until the user chooses', () => {
    const { table, result, significance, low, up } = labTable();
    const { handle } = renderForm(panelOf([table]), {}, 'en-US');
    const firstRow = (handle().getValues()[table.model] as Record<string, unknown>[])[0] ?? {};
    const upper = Number(firstRow[up]);
    const lower = Number(firstRow[low]);
    expect(upper).toBeGreaterThan(lower);
    const rowValues = () => (handle().getValues()[table.model] as Record<string, unknown>[])[0] ?? {};
    const cellInput = () => within(screen.getAllByTestId(`cell-${table.model}-${result}`)[0] as HTMLElement).getByRole('spinbutton');

    fireEvent.change(cellInput(), { target: { value: String(upper * 2.5) } });
    const mark = within(screen.getAllByTestId(`cell-${table.model}-${result}`)[0] as HTMLElement).getByTestId('lab-level');
    expect(mark.getAttribute('data-level')).toBe('2');
    expect(mark.textContent).toContain('Above 2× upper limit');
    expect(rowValues()[significance]).toBe('LBCLSIG_ABNORMAL_NON_CLSIG');

    fireEvent.change(cellInput(), { target: { value: String(lower / 5) } });
    expect(within(screen.getAllByTestId(`cell-${table.model}-${result}`)[0] as HTMLElement).getByTestId('lab-level').getAttribute('data-level')).toBe('6');
    expect(rowValues()[significance]).toBe('LBCLSIG_ABNORMAL_CLSIG');

    // The investigator decides; a later result no longer changes the choice.
    const rows = (handle().getValues()[table.model] as Record<string, unknown>[]).map((row, index) => (index === 0 ? { ...row, [significance]: 'LBCLSIG_NOT_TESTED' } : row));
    act(() => handle().setValue(table.model, rows));
    fireEvent.change(cellInput(), { target: { value: String((lower + upper) / 2) } });
    expect(within(screen.getAllByTestId(`cell-${table.model}-${result}`)[0] as HTMLElement).getByTestId('lab-level').getAttribute('data-level')).toBe('0');
    expect(rowValues()[significance]).toBe('LBCLSIG_NOT_TESTED');
  });

  it('shows no level for a blank result, and one row per lab item', () => {
    const { table } = labTable();
    renderForm(panelOf([table]));
    expect(screen.queryAllByTestId('lab-level')).toHaveLength(0);
    expect(screen.getByTestId(`table-${table.model}`).querySelectorAll('[role="row"]').length).toBe(11);
  });
});
