import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { panelOf, renderForm, widget } from './testkit';

/**
 * Formulas and models that are names of members every JavaScript object inherits (`constructor`,
 * `__proto__`, `toString`) are plain names (docs/formulas.md, "Names"): the form renders, such a formula
 * computes blank or its value, and a field so named starts blank rather than holding an inherited function.
 */
describe('formulas and fields named like inherited object members', () => {
  it('render a panel whose formula is [a] constructor [b]: its field stays blank', () => {
    const panel = panelOf([widget('number', 'a'), widget('number', 'b'), widget('input', 'odd', { expression: '[a] constructor [b]' })]);
    const { handle } = renderForm(panel);
    act(() => handle().setValue('a', 2));
    expect(screen.getByTestId('computed-odd')).toHaveProperty('value', '');
    expect(handle().getValues()).toEqual({ a: 2, b: null, odd: null });
  });

  it('render a panel whose formulas and conditions reference __proto__, constructor and toString', () => {
    const panel = panelOf([
      widget('number', 'constructor'),
      widget('input', 'toString'),
      widget('input', 'proto', { expression: '[__proto__] + 1' }),
      widget('input', 'twice', { expression: '[constructor] * 2' }),
      widget('input', 'named', { expression: "concat([toString], 'x')" }),
      widget('input', 'shown', { logicExpression: '[hasOwnProperty] = 1 or [constructor] > 0' }),
      widget('input', 'unit', { expression: "datediff('2024-01-01', '2024-01-31', 'constructor')" }),
    ]);
    const { handle } = renderForm(panel, { initialValues: {} });
    expect(handle().getValues()).toEqual({ constructor: null, toString: null, proto: null, twice: null, named: 'x', shown: null, unit: null });
    expect(screen.getByTestId('computed-named')).toHaveProperty('value', 'x');
    expect(screen.queryByTestId('field-shown')).toBeNull();
    act(() => handle().setValue('constructor', 4));
    expect(screen.getByTestId('computed-twice')).toHaveProperty('value', '8');
    expect(screen.getByTestId('field-shown')).not.toBeNull();
    expect(handle().getValues()).toMatchObject({ constructor: 4, proto: null, twice: 8, unit: null });
  });

  it('start table cells of columns keyed constructor and toString blank, from preset rows and saved rows alike', () => {
    const table = widget('table', 'log', {
      columns: [
        { key: 'constructor', title: 'c', widget: widget('number', 'constructor') },
        { key: 'toString', title: 't', widget: widget('input', 'toString') },
        { key: 'total', title: 'total', widget: widget('input', 'total', { expression: 'concat([constructor], [toString], [log.valueOf])' }) },
      ],
      data: [{}],
    });
    const { handle } = renderForm(panelOf([table]), { initialValues: { log: [{}, { toString: 'b' }] } });
    expect(handle().getValues()).toEqual({ log: [{ constructor: null, toString: null, total: null }, { constructor: null, toString: 'b', total: 'b' }] });
  });
});
