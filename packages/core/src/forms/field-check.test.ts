import { describe, expect, it } from 'vitest';
import type { Widget, WidgetOptions } from '../panels/schema.js';
import { checkFieldValue, isBlank } from './field-check.js';
import type { FormError } from './field-check.js';

const widget = (type: Widget['type'], options: WidgetOptions = {}, extra: Partial<Widget> = {}): Widget => ({ type, key: 'K', model: 'f', name: '体重', nameEn: 'Weight', options, ...extra });

describe('checkFieldValue', () => {
  it.each<[string, Widget, unknown, FormError | null]>([
    // spec 001 §5.2: "required gives '{name} must be filled in'" — the panel's own wording travels as parameters.
    ['a blank required field', widget('input', { required: true }), '', { code: 'form.required', params: { message: '体重必须填写', messageEn: 'Weight must be filled in' } }],
    ['an empty list in a required checkbox', widget('checkbox', { required: true }), [], { code: 'form.required', params: { message: '体重必须填写', messageEn: 'Weight must be filled in' } }],
    ['a filled required field', widget('input', { required: true }), 'x', null],
    ['a blank optional number', widget('number', { min: 3 }), null, null],
    // spec 001 §5.2: "data type gives 'format incorrect'".
    ['text in an integer field', widget('input', { dataType: 'integer' }), '1.5', { code: 'form.format', params: { message: '格式不正确', messageEn: 'Format incorrect' } }],
    ['digits in an integer field', widget('input', { dataType: 'integer' }), '15', null],
    ['a bad url', widget('input', { dataType: 'url' }), 'not a url', { code: 'form.format', params: { message: '格式不正确', messageEn: 'Format incorrect' } }],
    ['a good url', widget('input', { dataType: 'url' }), 'https://example.org/a', null],
    // spec 001 §5.2: "pattern gives 'format does not match'".
    ['a value off the pattern', widget('input', { pattern: '^[A-Z]{3}$' }), 'ab', { code: 'form.pattern', params: { message: '格式不匹配', messageEn: 'Format does not match' } }],
    ['a broken pattern never complains', widget('input', { pattern: '([' }), 'ab', null],
    // spec 002 §5: "Text input maxlength defaults to 64, textarea 1024; overridden by option maxlength."
    ['65 characters in an input', widget('input'), 'x'.repeat(65), { code: 'form.maxlength', params: { max: 64 } }],
    ['64 characters in an input', widget('input'), 'x'.repeat(64), null],
    ['1025 characters in a textarea', widget('textarea'), 'x'.repeat(1025), { code: 'form.maxlength', params: { max: 1024 } }],
    ['more than the configured maxlength', widget('input', { maxlength: 3 }), 'abcd', { code: 'form.maxlength', params: { max: 3 } }],
    // spec 002 §5: "Numeric inputs use min and max from options (unbounded if absent)."
    ['below min', widget('number', { min: 3 }), 2, { code: 'form.min', params: { min: 3 } }],
    ['above max as text', widget('number', { max: 10 }), '11', { code: 'form.max', params: { max: 10 } }],
    ['a slider above max', widget('slider', { max: 10 }), 12, { code: 'form.max', params: { max: 10 } }],
    ['within range', widget('number', { min: 3, max: 10 }), 3, null],
    ['a rate whose max is its stars', widget('rate', { max: 5 }), 5, null],
    // spec 001 §5.2: "Disabled widgets show no validation. A reference select shows none either."
    ['a disabled required field', widget('input', { required: true }, { disabled: true }), '', null],
    ['a required reference select', widget('select', { required: true, ref: 'AESEV' }), null, null],
  ])('%s', (_, definition, value, expected) => {
    expect(checkFieldValue(definition, value)).toEqual(expected);
  });

  it('keeps the first declaration of a rule declared twice (spec 002 §5 "merged if declared more than once")', () => {
    const declared = widget('input', { required: true }, { rules: [{ required: true, message: '请填写', messageEn: 'Please fill in' }] });
    expect(checkFieldValue(declared, null)).toEqual({ code: 'form.required', params: { message: '请填写', messageEn: 'Please fill in' } });
  });

  it('treats null, undefined, empty text and empty lists as blank, and zero and false as values', () => {
    expect([null, undefined, '', []].map(isBlank)).toEqual([true, true, true, true]);
    expect([0, false, ' '].map(isBlank)).toEqual([false, false, false]);
  });
});
