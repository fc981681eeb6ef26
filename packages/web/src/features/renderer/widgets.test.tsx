import { act, fireEvent, screen, within } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { BULLSEYE_OPTIONS, WIDGET_TYPES } from '@dcap/core';
import type { Widget, WidgetType } from '@dcap/core';
import { panelOf, renderForm, widget } from './testkit';

const CHOICES = [
  { key: 'a', value: 'a', label: '甲', labelEn: 'Alpha' },
  { key: 'b', value: 'b', label: '乙', labelEn: 'Beta' },
];

/** One widget of every type of spec 001 §3.2. */
function everyWidget(): Widget[] {
  const byType: Record<WidgetType, Widget> = {
    input: widget('input', 'text1', { annotation: '10^9/L' }),
    textarea: widget('textarea', 'memo'),
    number: widget('number', 'count', { min: 0, max: 10 }),
    radio: widget('radio', 'choice', { options: CHOICES }),
    checkbox: widget('checkbox', 'many', { options: CHOICES }),
    select: widget('select', 'pick', { options: CHOICES }),
    time: widget('time', 'clock', { format: 'HH:mm' }),
    date: widget('date', 'day', { format: 'YYYY-MM-DD' }),
    rate: widget('rate', 'stars'),
    switch: widget('switch', 'toggle'),
    slider: widget('slider', 'level'),
    color: widget('color', 'tint'),
    uploader: widget('uploader', 'files'),
    imgupload: widget('imgupload', 'images'),
    bullseyeplot: widget('bullseyeplot', 'heart'),
    richeditor: widget('richeditor', 'note', { content: '<p>Read <b>this</b></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">' }),
    alert: widget('alert', 'warn', { content: '注意事项', contentEn: 'Mind this', alertType: 'warning' }),
    blank: widget('blank', 'section'),
    grid: widget('grid', 'layout', { columns: [{ span: 12, list: [widget('input', 'left')] }, { span: 12, list: [widget('input', 'right')] }] }),
    table: widget('table', 'rows', { columns: [{ key: 'c1', title: '列一', titleEn: 'Column one', widget: widget('input', 'c1') }] }),
    placeholder: widget('placeholder', 'gap'),
  };
  return WIDGET_TYPES.map((type) => byType[type]);
}

describe('every widget type', () => {
  it('renders each type, with labels, decorations and layouts', () => {
    const { handle } = renderForm(panelOf(everyWidget()));
    for (const model of ['text1', 'memo', 'count', 'choice', 'many', 'pick', 'clock', 'day', 'stars', 'toggle', 'level', 'tint', 'files', 'images', 'heart', 'left', 'right']) {
      expect(screen.getByTestId(`item-${model}`), model).toBeTruthy();
    }
    expect(screen.getByText('text1 label')).toBeTruthy();
    expect(screen.getByTestId('item-text1').querySelector('sup')?.textContent).toBe('9');
    expect(screen.getByTestId('richtext-note').innerHTML).toContain('<b>this</b>');
    expect(screen.getByTestId('richtext-note').innerHTML).not.toMatch(/script|onerror/);
    expect(screen.getByText('注意事项')).toBeTruthy();
    expect(screen.getByTestId('divider-section').textContent).toContain('section label');
    expect(screen.getByTestId('grid-layout')).toBeTruthy();
    expect(screen.getByText('列一')).toBeTruthy();
    expect(screen.queryByTestId('placeholder-gap')).toBeNull();
    expect(screen.getAllByText('请先录入并保存本表单数据后再上传附件')).toHaveLength(2);
    expect(Object.keys(handle().getValues()).sort()).toEqual(
      ['choice', 'clock', 'count', 'day', 'files', 'heart', 'images', 'left', 'level', 'many', 'memo', 'pick', 'right', 'rows', 'stars', 'text1', 'tint', 'toggle'].sort(),
    );
  });

  it('shows English labels, options and texts in en-US, and placeholders in the preview', () => {
    renderForm(panelOf(everyWidget()), { preview: true }, 'en-US');
    expect(screen.getByText('text1 label en')).toBeTruthy();
    expect(within(screen.getByTestId('item-choice')).getByText('Alpha')).toBeTruthy();
    expect(screen.getByText('Mind this')).toBeTruthy();
    expect(screen.getByText('Column one')).toBeTruthy();
    expect(screen.getByTestId('placeholder-gap').textContent).toBe('Placeholder (not shown during data entry)');
  });

  it('keeps entered values of each kind', () => {
    const { handle } = renderForm(panelOf(everyWidget()));
    fireEvent.change(screen.getByTestId('field-memo'), { target: { value: 'long text' } });
    fireEvent.click(within(screen.getByTestId('item-choice')).getByLabelText('乙'));
    fireEvent.click(within(screen.getByTestId('item-many')).getByLabelText('甲'));
    fireEvent.click(screen.getByTestId('field-toggle'));
    act(() => handle().setValue('day', '2024-02-29'));
    expect(handle().getValues()).toMatchObject({ memo: 'long text', choice: 'b', many: ['a'], toggle: true, day: '2024-02-29' });
    expect(within(screen.getByTestId('item-day')).getByDisplayValue('2024-02-29')).toBeTruthy();
  });

  it('ticks every checkbox below a divider with its select-all', () => {
    const panel = panelOf([
      widget('blank', 'symptoms', { selectAll: true }),
      widget('checkbox', 'head', { options: CHOICES }),
      widget('checkbox', 'body', { options: CHOICES }),
      widget('blank', 'other'),
      widget('checkbox', 'after', { options: CHOICES }),
    ]);
    const { handle } = renderForm(panel);
    fireEvent.click(screen.getByLabelText('全选'));
    expect(handle().getValues()).toMatchObject({ head: ['a', 'b'], body: ['a', 'b'], after: null });
    fireEvent.click(within(screen.getByTestId('item-head')).getByLabelText('甲'));
    expect(screen.getByLabelText('全选').closest('.ant-checkbox')?.className).toContain('indeterminate');
    fireEvent.click(screen.getByLabelText('全选'));
    fireEvent.click(screen.getByLabelText('全选'));
    expect(handle().getValues()).toMatchObject({ head: null, body: null });
  });
});

describe('bullseye plot', () => {
  it('cycles a segment through the codes on click and shows the worst value', () => {
    const { handle } = renderForm(panelOf([widget('bullseyeplot', 'lv', { options: BULLSEYE_OPTIONS.map((option) => ({ ...option })) })]), {}, 'en-US');
    expect(screen.getAllByTestId(/^bullseye-segment-/)).toHaveLength(17);
    expect(screen.getByTestId('bullseye-worst-lv').textContent).toBe('Worst value: --');
    fireEvent.click(screen.getByTestId('bullseye-segment-3'));
    expect(handle().getValues()).toMatchObject({ lv: { Segment3: '0' } });
    expect(screen.getByTestId('bullseye-worst-lv').textContent).toBe('Worst value: Normal');
    fireEvent.click(screen.getByTestId('bullseye-segment-17'));
    fireEvent.click(screen.getByTestId('bullseye-segment-17'));
    expect(handle().getValues()).toMatchObject({ lv: { Segment3: '0', Segment17: '1' } });
    expect(screen.getByTestId('bullseye-worst-lv').textContent).toBe('Worst value: Abnormal');
    expect(screen.getByTestId('bullseye-segment-17').getAttribute('fill')).toBe('#f5222d');
    expect(screen.getByTestId('bullseye-segment-17').getAttribute('aria-label')).toBe('Apex: Abnormal');
    // Past the last code the segment is blank again.
    for (let click = 0; click < 3; click++) fireEvent.click(screen.getByTestId('bullseye-segment-17'));
    expect(handle().getValues()).toMatchObject({ lv: { Segment3: '0' } });
  });

  it('draws 16 segments when the apex is left out', () => {
    renderForm(panelOf([widget('bullseyeplot', 'lv', { segments: 16 })]));
    expect(screen.getAllByTestId(/^bullseye-segment-/)).toHaveLength(16);
    expect(screen.queryByTestId('bullseye-segment-17')).toBeNull();
  });

  it('shows colour dots in the bullseye dropdown', () => {
    const options = BULLSEYE_OPTIONS.map((option) => ({ ...option }));
    const { handle } = renderForm(panelOf([widget('select', 'worst', { bullsEyePlot: true, options }, { defaultValue: '-1' })]));
    const dot = screen.getByTestId('item-worst').querySelector('.dcap-renderer-colour-dot');
    expect(dot?.getAttribute('style')).toContain('rgb(250, 173, 20)');
    expect(screen.getByDisplayValue('无法诊断')).toBeTruthy();
    // The real dropdown mounts, opened, on first use.
    fireEvent.mouseDown(screen.getByTestId('field-worst'));
    const normal = [...document.querySelectorAll('.ant-select-item-option')].find((element) => element.textContent === '正常');
    expect(normal?.querySelector('.dcap-renderer-colour-dot')).toBeTruthy();
    fireEvent.click(normal as Element);
    expect(handle().getValues()).toEqual({ worst: '0' });
  });
});

describe('validation', () => {
  const panel = panelOf([
    widget('input', 'name', { required: true }),
    widget('input', 'age', { dataType: 'integer' }),
    widget('input', 'code', { pattern: '^[A-Z]{3}$' }),
    widget('input', 'short'),
    widget('textarea', 'story'),
    widget('number', 'dose', { min: 1, max: 5 }),
    widget('input', 'locked', { required: true }, { disabled: true }),
  ]);

  async function fillWrong(handle: () => { setValue(model: string, value: unknown): void; validate(): Promise<{ valid: boolean; errors: { model: string; message: string }[] }> }) {
    act(() => {
      handle().setValue('age', '12.5');
      handle().setValue('code', 'abc');
      handle().setValue('short', 'x'.repeat(65));
      handle().setValue('story', 'y'.repeat(1024));
      handle().setValue('dose', 9);
    });
    let result: Awaited<ReturnType<ReturnType<typeof handle>['validate']>> | undefined;
    await act(async () => {
      result = await handle().validate();
    });
    return result;
  }

  it('words every rule in Chinese and shows it under the field', async () => {
    const { handle } = renderForm(panel);
    const result = await fillWrong(handle);
    expect(result?.valid).toBe(false);
    expect(result?.errors).toEqual([
      { model: 'name', message: 'name label必须填写' },
      { model: 'age', message: '格式不正确' },
      { model: 'code', message: '格式不匹配' },
      { model: 'short', message: '最多输入 64 个字符' },
      { model: 'dose', message: '不能大于 5' },
    ]);
    expect(within(screen.getByTestId('item-name')).getByRole('alert').textContent).toBe('name label必须填写');
    expect(within(screen.getByTestId('item-locked')).queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: '张三' } });
    expect(within(screen.getByTestId('item-name')).queryByRole('alert')).toBeNull();
  });

  it('words every rule in English', async () => {
    const { handle } = renderForm(panel, {}, 'en-US');
    const result = await fillWrong(handle);
    expect(result?.errors.map((error) => error.message)).toEqual([
      'name label en must be filled in',
      'Format incorrect',
      'Format does not match',
      'At most 64 characters',
      'Must not be greater than 5',
    ]);
    expect(within(screen.getByTestId('item-dose')).getByRole('alert').textContent).toBe('Must not be greater than 5');
  });
});

describe('rich text', () => {
  it('shows plain text, never the markup, where DOMPurify cannot sanitise (it would hand the input back unchanged)', () => {
    const supported = DOMPurify.isSupported;
    DOMPurify.isSupported = false;
    try {
      renderForm(panelOf([widget('richeditor', 'note', { content: '<p>Read <b>this</b></p><img src="x" onerror="window.hacked = true">' })]));
      const note = screen.getByTestId('richtext-note');
      expect(note.textContent).toBe('Read this');
      expect(note.querySelector('b, img, p')).toBeNull();
    } finally {
      DOMPurify.isSupported = supported;
    }
  });
});
