import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { panelOf, renderForm, widget } from './testkit';

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((element) => element.textContent);

// spec 001 §3.3 "ref (reference select)"; spec 002 §9 "300 ms for reference reset" (docs/forms.md).
describe('a reference select', () => {
  it('offers the values entered where it points, and is reset when its choice is gone', () => {
    const panel = panelOf([widget('input', 'visit'), widget('select', 'same', { ref: 'visit' })]);
    const { handle } = renderForm(panel, { referenceDebounceMs: 0, initialValues: { visit: 'V1' } });
    fireEvent.mouseDown(screen.getByTestId('field-same'));
    expect(optionTexts()).toEqual(['V1']);
    const choice = [...document.querySelectorAll('.ant-select-item-option')].find((element) => element.textContent === 'V1');
    fireEvent.click(choice as Element);
    expect(handle().getValues()).toMatchObject({ same: 'V1' });
    fireEvent.change(screen.getByTestId('field-visit'), { target: { value: 'V2' } });
    expect(handle().getValues()).toMatchObject({ visit: 'V2', same: null });
  });
});
