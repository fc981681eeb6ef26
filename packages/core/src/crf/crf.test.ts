import { describe, expect, it } from 'vitest';
import { createWidget } from '../panels/factory.js';
import type { Widget, WidgetOptions } from '../panels/schema.js';
import { conditionText, crfDataType, fieldAnnotation } from './annotations.js';
import { CRF_TEXT } from './text.js';
import { crfFieldStateText, crfValueText } from './values.js';

const widget = (type: Parameters<typeof createWidget>[0], model: string, options: Partial<WidgetOptions> = {}): Widget => {
  const made = createWidget(type, new Set());
  return { ...made, key: model, model, name: model, options: { ...made.options, ...options } };
};
const sex = widget('radio', 'SEX', {
  options: [
    { key: '1', value: '1', label: '男', labelEn: 'Male' },
    { key: '2', value: '2', label: '女', labelEn: 'Female' },
  ],
});
const zh = CRF_TEXT['zh-CN'];
const en = CRF_TEXT['en-US'];

describe('annotations of a blank CRF', () => {
  it.each([
    ['input', {}, 'text'],
    ['input', { dataType: 'integer' }, 'integer'],
    ['number', {}, 'number'],
    ['number', { precision: 1 }, 'float'],
    ['date', {}, 'date'],
    ['checkbox', {}, 'codes'],
    ['select', { multiple: true }, 'codes'],
    ['radio', {}, 'code'],
    ['switch', {}, 'boolean'],
    ['uploader', {}, 'file'],
  ] as const)('%s with %o stores %s', (type, options, expected) => {
    expect(crfDataType(widget(type, 'F', options as Partial<WidgetOptions>))).toBe(expected);
  });

  it('names the variable by panel and field, lists codes in the chosen language, and carries formula and condition', () => {
    expect(fieldAnnotation('DM', sex, false)).toEqual({ variable: 'DM.SEX', dataType: 'code', codes: ['1=男', '2=女'], formula: null, condition: null });
    expect(fieldAnnotation('DM', sex, true).codes).toEqual(['1=Male', '2=Female']);
    const bmi = widget('number', 'BMI', { expression: ' round([WEIGHT] / 2, 1) ', logicExpression: '[SEX] = 2' });
    expect(fieldAnnotation('VS', bmi, false)).toMatchObject({ formula: 'round([WEIGHT] / 2, 1)', condition: '[SEX] = 2' });
  });

  it('writes listed show conditions with their connectors, and none when they are not switched on', () => {
    const conditions = [{ cName: '性别', eName: 'SEX', evalType: 'eq' as const, value: '2' }, { appendix: '||' as const }, { cName: '年龄', eName: 'AGE', evalType: 'ge' as const, value: '60' }];
    expect(conditionText({ options: { showOnCondition: true, showConditions: conditions } })).toBe("[SEX] = '2' or [AGE] >= '60'");
    expect(conditionText({ options: { showOnCondition: false, showConditions: conditions } })).toBeNull();
  });
});

describe('values and states of a casebook', () => {
  it('prints a choice as its label with the code, several choices joined, an unknown code as itself', () => {
    expect(crfValueText(sex, '2', zh, false)).toBe('女 (2)');
    expect(crfValueText(sex, '2', en, true)).toBe('Female (2)');
    expect(crfValueText({ ...sex, type: 'checkbox' }, ['1', '2', '9'], en, true)).toBe('Male (1); Female (2); 9');
    expect(crfValueText(sex, null, zh, false)).toBe('');
  });

  it('adds the unit to a number and prints a switch as yes or no', () => {
    expect(crfValueText(widget('number', 'H', { annotation: 'cm' }), 170, zh, false)).toBe('170 cm');
    expect(crfValueText(widget('switch', 'S'), true, en, true)).toBe('Yes');
    expect(crfValueText(widget('switch', 'S'), false, zh, false)).toBe('否');
  });

  it('states status, frozen and inactive with its reason', () => {
    expect(crfFieldStateText(undefined, zh)).toBe('未录入');
    expect(crfFieldStateText({ status: 'SIGNED', frozen: true, inactiveType: null, inactiveNote: null }, en)).toBe('Signed · Frozen');
    expect(crfFieldStateText({ status: 'COMPLETED', frozen: false, inactiveType: 'ND', inactiveNote: ' 未送检 ' }, zh)).toBe('已完成 · 失活: 未检测 (未送检)');
  });
});
