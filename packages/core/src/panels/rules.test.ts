import { describe, expect, it } from 'vitest';
import { generateRules, mergeRules, numberPrecision, textMaxLength } from './rules.js';
import type { Widget, WidgetOptions, WidgetRule, WidgetType } from './schema.js';

function widget(type: WidgetType, options: WidgetOptions = {}, extra: Partial<Widget> = {}): Widget {
  return { type, key: 'F1', model: 'F1', name: '年龄', nameEn: 'Age', options, ...extra };
}

describe('spec 001 §5.2: generated field rules', () => {
  it.each<[string, Widget, WidgetRule[]]>([
    [
      "required gives '{name} must be filled in' / '{name}必须填写'",
      widget('input', {}, { required: true }),
      [{ required: true, message: '年龄必须填写', messageEn: 'Age must be filled in' }],
    ],
    [
      'required in options counts too',
      widget('radio', { required: true }),
      [{ required: true, message: '年龄必须填写', messageEn: 'Age must be filled in' }],
    ],
    [
      'no English label: the English message uses the label',
      widget('input', {}, { required: true, nameEn: undefined }),
      [{ required: true, message: '年龄必须填写', messageEn: '年龄 must be filled in' }],
    ],
    [
      'no label at all: the model names the field',
      widget('input', {}, { required: true, name: '  ', nameEn: '' }),
      [{ required: true, message: 'F1必须填写', messageEn: 'F1 must be filled in' }],
    ],
    ["data type gives 'format incorrect' 格式不正确", widget('number', { dataType: 'integer' }), [{ type: 'integer', message: '格式不正确', messageEn: 'Format incorrect' }]],
    ['data type: text maps to string', widget('input', { dataType: 'text' }), [{ type: 'string', message: '格式不正确', messageEn: 'Format incorrect' }]],
    ['data type float', widget('number', { dataType: 'float' }), [{ type: 'float', message: '格式不正确', messageEn: 'Format incorrect' }]],
    ['data type url', widget('input', { dataType: 'url' }), [{ type: 'url', message: '格式不正确', messageEn: 'Format incorrect' }]],
    ["pattern gives 'format does not match' 格式不匹配", widget('input', { pattern: '^\\d{6}$' }), [{ pattern: '^\\d{6}$', message: '格式不匹配', messageEn: 'Format does not match' }]],
    ['an empty pattern gives no rule', widget('input', { pattern: '' }), []],
    [
      'required, type and pattern together, in that order',
      widget('input', { required: true, dataType: 'string', pattern: '^A' }),
      [
        { required: true, message: '年龄必须填写', messageEn: 'Age must be filled in' },
        { type: 'string', message: '格式不正确', messageEn: 'Format incorrect' },
        { pattern: '^A', message: '格式不匹配', messageEn: 'Format does not match' },
      ],
    ],
    ['not required, no type, no pattern: no rules', widget('input', { required: false }), []],
    ['disabled widgets show no validation', widget('input', { required: true, dataType: 'string' }, { disabled: true }), []],
    ['a reference select shows none either', widget('select', { required: true, ref: 'AESEV' }), []],
    ['a select without a reference keeps its rules', widget('select', { required: true }), [{ required: true, message: '年龄必须填写', messageEn: 'Age must be filled in' }]],
    ['layout widgets get no rules (section label)', widget('blank', { required: true }), []],
    ['layout widgets get no rules (grid)', widget('grid', { required: true }), []],
    ['a table placeholder gets no rules', widget('placeholder', { required: true }), []],
  ])('%s', (_name, input, expected) => {
    expect(generateRules(input)).toEqual(expected);
  });
});

describe('spec 002 §5: per-field rules are merged if declared more than once', () => {
  const required: WidgetRule = { required: true, message: 'A必须填写', messageEn: 'A must be filled in' };
  const requiredAgain: WidgetRule = { required: true, message: 'B必须填写', messageEn: 'B must be filled in' };
  const number: WidgetRule = { type: 'number', message: '格式不正确', messageEn: 'Format incorrect' };
  const integer: WidgetRule = { type: 'integer', message: '格式不正确', messageEn: 'Format incorrect' };
  const pattern: WidgetRule = { pattern: '^1', message: '格式不匹配', messageEn: 'Format does not match' };

  it.each<[string, (WidgetRule[] | undefined)[], WidgetRule[]]>([
    ['one declaration is kept as is', [[required, number]], [required, number]],
    ['a repeated required counts once, first message wins', [[required], [requiredAgain]], [required]],
    ['different types are both kept', [[number], [integer]], [number, integer]],
    ['the same pattern counts once', [[pattern], [pattern, number]], [pattern, number]],
    ['missing declarations are skipped', [undefined, [number], undefined], [number]],
    ['nothing declared gives nothing', [], []],
  ])('%s', (_name, declarations, expected) => {
    expect(mergeRules(...declarations)).toEqual(expected);
  });
});

describe('spec 001 §5.2: text input max length is the configured maxlength, else 64; textarea 1024', () => {
  it.each<[string, Widget, number]>([
    ['input without maxlength', widget('input'), 64],
    ['input with maxlength 10', widget('input', { maxlength: 10 }), 10],
    ['textarea without maxlength', widget('textarea'), 1024],
    ['textarea with maxlength 2000', widget('textarea', { maxlength: 2000 }), 2000],
  ])('%s: %d', (_name, input, expected) => {
    expect(textMaxLength(input)).toBe(expected);
  });
});

describe('spec 001 §5.2: number inputs take precision from options for number/float types, otherwise 0 decimals', () => {
  it.each<[string, Widget, number]>([
    ['number type with precision 2', widget('number', { dataType: 'number', precision: 2 }), 2],
    ['float type with precision 3', widget('number', { dataType: 'float', precision: 3 }), 3],
    ['integer type ignores precision', widget('number', { dataType: 'integer', precision: 2 }), 0],
    ['number widget without data type counts as number', widget('number', { precision: 1 }), 1],
    ['number type without precision', widget('number', { dataType: 'number' }), 0],
    ['string type', widget('input', { dataType: 'string', precision: 2 }), 0],
  ])('%s: %d', (_name, input, expected) => {
    expect(numberPrecision(input)).toBe(expected);
  });
});
