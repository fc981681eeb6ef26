import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { FORMULA_DEBOUNCE_MS } from '@dcap/core';
import { FormRenderer } from './FormRenderer';
import { panelOf, renderForm, widget } from './testkit';

const YES_NO = [
  { key: '1', value: '1', label: '是', labelEn: 'Yes' },
  { key: '2', value: '2', label: '否', labelEn: 'No' },
];

describe('formulas', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('recompute a chain when a field changes, blank in and blank out, never NaN', () => {
    const panel = panelOf([
      widget('number', 'height'),
      widget('number', 'weight'),
      widget('input', 'bmi', { expression: '[weight] / ([height] / 100) ^ 2', precision: 1 }),
      widget('input', 'bmiTwice', { expression: '[bmi] * 2', precision: 1 }),
    ]);
    const { handle } = renderForm(panel);
    expect(screen.getByTestId('computed-bmi')).toHaveProperty('value', '');
    act(() => {
      handle().setValue('height', 180);
      handle().setValue('weight', 81);
    });
    expect(screen.getByTestId('computed-bmi')).toHaveProperty('value', '25.0');
    expect(screen.getByTestId('computed-bmiTwice')).toHaveProperty('value', '50.0');
    expect(handle().getValues()).toMatchObject({ height: 180, weight: 81, bmi: 25, bmiTwice: 50 });
    act(() => handle().setValue('weight', null));
    expect(screen.getByTestId('computed-bmi')).toHaveProperty('value', '');
    expect(screen.getByTestId('computed-bmiTwice')).toHaveProperty('value', '');
    expect(handle().getValues()).toMatchObject({ bmi: null, bmiTwice: null });
  });

  it('wait for the spec 002 §9 debounce after typing stops', () => {
    vi.useFakeTimers();
    const panel = panelOf([widget('number', 'dose'), widget('input', 'daily', { expression: '[dose] * 3' })]);
    renderForm(panel, { formulaDebounceMs: undefined });
    const input = screen.getByTestId('field-dose').querySelector('input') ?? screen.getByTestId('field-dose');
    fireEvent.change(input, { target: { value: '5' } });
    act(() => {
      vi.advanceTimersByTime(FORMULA_DEBOUNCE_MS - 100);
    });
    expect(screen.getByTestId('computed-daily')).toHaveProperty('value', '');
    fireEvent.change(input, { target: { value: '7' } });
    act(() => {
      vi.advanceTimersByTime(FORMULA_DEBOUNCE_MS - 100);
    });
    expect(screen.getByTestId('computed-daily')).toHaveProperty('value', '');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByTestId('computed-daily')).toHaveProperty('value', '21');
  });

  it('compute a table column row by row and a total over the column', () => {
    const table = widget('table', 'doses', {
      repeatable: true,
      columns: [
        { key: 'qty', title: 'qty', widget: widget('number', 'qty') },
        { key: 'times', title: 'times', widget: widget('number', 'times') },
        { key: 'total', title: 'total', widget: widget('input', 'total', { expression: '[qty] * [times]' }) },
      ],
      data: [{ qty: 2, times: 3 }, { qty: 1, times: null }],
    });
    const { handle } = renderForm(panelOf([table, widget('input', 'sumAll', { expression: 'sum([doses.total])' })]));
    expect(handle().getValues()).toMatchObject({ doses: [{ total: 6 }, { total: null }], sumAll: 6 });
    act(() => handle().setValue('doses', [{ qty: 2, times: 3 }, { qty: 4, times: 5 }]));
    expect(handle().getValues()).toMatchObject({ doses: [{ total: 6 }, { total: 20 }], sumAll: 26 });
  });
});

describe('conditions', () => {
  it('hide a field and clear its value, and show it again empty', () => {
    const panel = panelOf([
      widget('radio', 'pregnant', { options: YES_NO }),
      widget('input', 'weeks', { showOnCondition: true, showConditions: [{ cName: 'pregnant', eName: 'pregnant', evalType: 'eq', value: '1' }] }),
    ]);
    const { handle } = renderForm(panel);
    expect(screen.queryByTestId('item-weeks')).toBeNull();
    fireEvent.click(screen.getByLabelText('是'));
    fireEvent.change(screen.getByTestId('field-weeks'), { target: { value: '12' } });
    expect(handle().getValues()).toMatchObject({ pregnant: '1', weeks: '12' });
    fireEvent.click(screen.getByLabelText('否'));
    expect(screen.queryByTestId('item-weeks')).toBeNull();
    expect(handle().getValues()).toMatchObject({ pregnant: '2', weeks: null });
    fireEvent.click(screen.getByLabelText('是'));
    expect(screen.getByTestId('field-weeks')).toHaveProperty('value', '');
  });

  it('hide a grid with the fields inside it, cleared, and follow formula results', () => {
    const grid = widget('grid', 'detail', { logicExpression: '[score] > 10', columns: [{ span: 12, list: [widget('input', 'note')] }, { span: 12, list: [] }] });
    const panel = panelOf([widget('number', 'a'), widget('input', 'score', { expression: '[a] * 2' }), grid]);
    const { handle } = renderForm(panel, {}, 'en-US');
    expect(screen.queryByTestId('grid-detail')).toBeNull();
    act(() => handle().setValue('a', 6));
    expect(screen.getByTestId('grid-detail')).toBeTruthy();
    act(() => handle().setValue('note', 'seen'));
    act(() => handle().setValue('a', 1));
    expect(screen.queryByTestId('grid-detail')).toBeNull();
    expect(handle().getValues()).toMatchObject({ a: 1, score: 2, note: null });
  });

  it('leave hidden fields out of validation', async () => {
    const panel = panelOf([
      widget('radio', 'smoker', { options: YES_NO }),
      widget('number', 'packs', { required: true, logicExpression: "[smoker] = '1'" }),
    ]);
    const { handle } = renderForm(panel);
    await expect(handle().validate()).resolves.toMatchObject({ valid: true });
    act(() => handle().setValue('smoker', '1'));
    await expect(handle().validate()).resolves.toMatchObject({ valid: false, errors: [{ model: 'packs', message: 'packs label必须填写' }] });
  });
});

describe('re-rendering', () => {
  it('re-renders only the field typed into and the fields depending on it', () => {
    const others = Array.from({ length: 30 }, (_, index) => widget('input', `other${String(index)}`));
    const panel = panelOf([
      widget('number', 'a'),
      widget('number', 'b'),
      widget('input', 'sum', { expression: '[a] + [b]' }),
      widget('input', 'note', { logicExpression: '[a] > 5' }),
      ...others,
    ]);
    const renders = new Map<string, number>();
    const onFieldRender = (path: string) => renders.set(path, (renders.get(path) ?? 0) + 1);
    const { handle } = renderForm(panel, { onFieldRender });
    expect(renders.get('other29')).toBe(1);
    act(() => handle().setValue('b', 1));
    renders.clear();
    const input = screen.getByTestId('field-a').querySelector('input') ?? screen.getByTestId('field-a');
    fireEvent.change(input, { target: { value: '7' } });
    // The field typed into, the formula reading it, and the field its condition just showed; nothing else.
    expect([...renders.keys()].sort()).toEqual(['a', 'note', 'sum']);
    expect(screen.getByTestId('computed-sum')).toHaveProperty('value', '8');
    renders.clear();
    fireEvent.change(screen.getByTestId('field-other3'), { target: { value: 'x' } });
    expect([...renders.keys()]).toEqual(['other3']);
  });

  it('re-renders only the table cell typed into', () => {
    const cell = (key: string) => ({ key, title: key, widget: widget('input', key) });
    const table = widget('table', 'log', { columns: [cell('c1'), cell('c2'), cell('c3')], data: Array.from({ length: 20 }, () => ({})) });
    const renders: string[] = [];
    renderForm(panelOf([table, widget('input', 'after')]), { onFieldRender: (path) => renders.push(path) });
    expect(renders).toHaveLength(61);
    renders.length = 0;
    const target = screen.getAllByTestId('field-c2')[4] as HTMLElement;
    fireEvent.change(target, { target: { value: 'typed' } });
    expect(renders).toHaveLength(1);
    expect(renders[0]).toMatch(/^log:\d+:c2$/);
  });
});

describe('the renderer props', () => {
  it('report changes, align labels, and start a new form when the panel changes', () => {
    const seen: unknown[] = [];
    const first = panelOf([widget('input', 'a')]);
    const { view, i18n } = renderForm(first, { labelPosition: 'left', onValuesChange: (values) => seen.push(values) });
    expect(screen.getByText('a label').getAttribute('style')).toContain('text-align: left');
    fireEvent.change(screen.getByTestId('field-a'), { target: { value: 'x' } });
    expect(seen.at(-1)).toEqual({ a: 'x' });
    const second = panelOf([widget('input', 'b')]);
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <FormRenderer panel={second} formulaDebounceMs={0} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('field-a')).toBeNull();
    expect(screen.getByTestId('field-b')).toBeTruthy();
  });
});
