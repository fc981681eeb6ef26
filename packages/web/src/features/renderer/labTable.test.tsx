import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createLabTable, tableColumns } from '@dcap/core';
import type { LabColumnRole, Widget } from '@dcap/core';
import { panelOf, renderForm } from './testkit';

function labTable(extra: Partial<Widget['options']> = {}) {
  const created = createLabTable(new Set());
  const table = { ...created, options: { ...created.options, ...extra } };
  const key = (role: LabColumnRole) => tableColumns(table).find((entry) => entry.refCtrl === role)?.key ?? '';
  /** The cell of the given role in the given row (tables and cards both tag cells this way). */
  const cell = (role: LabColumnRole, row = 0) => screen.getAllByTestId(`cell-${table.model}-${key(role)}`)[row] as HTMLElement;
  return { table, key, cell };
}

describe('spec 001 §3.9: the prebuilt lab table in the renderer', () => {
  it('shows the test item as read-only text, while limits and range stay editable', () => {
    const { table, key, cell } = labTable();
    const { handle } = renderForm(panelOf([table]));
    const subject = cell('subject');
    expect(subject.textContent).toBe('白细胞计数 (WBC)');
    expect(within(subject).queryByRole('textbox')).toBeNull();
    expect(within(subject).getByTestId('preset-text')).toBeDefined();
    expect(within(cell('low')).getByRole('spinbutton')).toBeDefined();
    expect(within(cell('up')).getByRole('spinbutton')).toBeDefined();
    expect(within(cell('range')).getByRole('textbox')).toBeDefined();
    // The stored value is the standard abbreviation, whatever the language shown.
    const rows = handle().getValues()[table.model] as Record<string, unknown>[];
    expect(rows.map((row) => row[key('subject')])).toEqual(['WBC', 'RBC', 'HGB', 'HCT', 'PLT', 'NEUT%', 'LYMPH%', 'MONO%', 'EOS%', 'BASO%']);
    fireEvent.change(within(cell('low')).getByRole('spinbutton'), { target: { value: '4' } });
    expect((handle().getValues()[table.model] as Record<string, unknown>[])[0]?.[key('low')]).toBe(4);
  });

  it('shows the unit as text with the caret exponent as a superscript', () => {
    const { table, cell } = labTable();
    renderForm(panelOf([table]));
    const unit = cell('unit');
    expect(within(unit).queryByRole('textbox')).toBeNull();
    expect(unit.querySelector('sup')?.textContent).toBe('9');
    expect(unit.textContent).toBe('109/L');
    expect(cell('unit', 1).querySelector('sup')?.textContent).toBe('12');
    expect(cell('unit', 2).textContent).toBe('g/L');
    expect(cell('unit', 2).querySelector('sup')).toBeNull();
  });

  it('names the test items in English when the interface is English', () => {
    const { table, cell } = labTable();
    renderForm(panelOf([table]), {}, 'en-US');
    expect(cell('subject').textContent).toBe('White blood cell count (WBC)');
    expect(cell('subject', 5).textContent).toBe('Neutrophils (NEUT%)');
    expect(screen.getByTestId(`table-${table.model}`).textContent).not.toMatch(/白细胞|血红蛋白/);
  });

  it('in card mode titles each card by the English name and shows the subject and unit as text', () => {
    const { table, cell } = labTable();
    renderForm(panelOf([table]), { tableMode: 'card' }, 'en-US');
    const cards = screen.getAllByTestId(`card-${table.model}`);
    expect(cards).toHaveLength(10);
    expect(cards[0]?.querySelector('.ant-card-head-title')?.textContent).toBe('White blood cell count (WBC)');
    expect(within(cell('subject')).queryByRole('textbox')).toBeNull();
    expect(cell('subject').textContent).toBe('White blood cell count (WBC)');
    expect(cell('unit', 4).querySelector('sup')?.textContent).toBe('9');
    expect(within(cell('low')).getByRole('spinbutton')).toBeDefined();
  });

  it('keeps the text for saved values, and a row the user adds gets editable test item and unit', () => {
    const { table, key, cell } = labTable({ repeatable: true });
    const saved = [{ [key('subject')]: 'WBC', [key('unit')]: '10^9/L', [key('result')]: 5 }];
    const { handle } = renderForm(panelOf([table]), { initialValues: { [table.model]: saved } });
    expect(cell('subject').textContent).toBe('白细胞计数 (WBC)');
    expect(cell('unit').querySelector('sup')?.textContent).toBe('9');
    fireEvent.click(screen.getByTestId(`add-row-${table.model}`));
    fireEvent.change(within(cell('subject', 1)).getByRole('textbox'), { target: { value: 'CRP' } });
    fireEvent.change(within(cell('unit', 1)).getByRole('textbox'), { target: { value: 'mg/L' } });
    const rows = handle().getValues()[table.model] as Record<string, unknown>[];
    expect(rows[1]).toMatchObject({ [key('subject')]: 'CRP', [key('unit')]: 'mg/L' });
  });
});
