import { describe, expect, it } from 'vitest';
import type { WidgetType } from '../panels/schema.js';
import { checkFormula } from './check.js';

const KNOWN = new Map<string, { type: WidgetType }>([
  ['weight', { type: 'number' }],
  ['height', { type: 'number' }],
  ['race', { type: 'checkbox' }],
  ['sex', { type: 'radio' }],
  ['dob', { type: 'date' }],
  ['LAB.result', { type: 'number' }],
]);

describe('checkFormula reports what a designer must fix', () => {
  it.each<[string, string, string[], (number | null)[]]>([
    ['a good formula', '[weight] / ([height] / 100) ^ 2', [], []],
    ['every function by name', "if(isblank([dob]), 0, age([dob], today())) + sum([LAB.result]) + round(1.5) + datediff([dob], 'today', 'y')", [], []],
    ['an unknown field', '[weight] + [heigth]', ['formula.unknown_field'], [11]],
    ['an unknown function', 'avg([weight], 1)', ['formula.unknown_function'], [0]],
    ['too few arguments', 'round()', ['formula.arity'], [0]],
    ['too many arguments', 'if(1, 2, 3, 4)', ['formula.arity'], [0]],
    ['wrong arity of mod', 'mod([weight])', ['formula.arity'], [0]],
    ['a checkbox option on a radio', "[sex(2)] = '1'", ['formula.not_checkbox'], [0]],
    ['a checkbox option on a checkbox', "[race(2)] = '1'", [], []],
    ['a table column outside an aggregate', '[LAB.result] + 1', ['formula.column_outside_aggregate'], [0]],
    ['a table column inside mean', 'mean([LAB.result])', [], []],
    ['an unknown datediff unit', "datediff([dob], 'today', 'weeks')", ['formula.invalid_unit'], [25]],
    ['a syntax error', '[weight] +', ['formula.unexpected_end'], [10]],
    ['several problems at once', 'foo([x]) + round()', ['formula.unknown_function', 'formula.unknown_field', 'formula.arity'], [0, 4, 11]],
    ['over 200 characters (spec 001 §5.2)', `${'[weight] + '.repeat(20)}1`, ['formula.too_long'], [null]],
  ])('%s', (_rule, text, codes, positions) => {
    const issues = checkFormula(text, KNOWN);
    expect(issues.map((issue) => issue.code)).toEqual(codes);
    expect(issues.map((issue) => issue.position)).toEqual(positions);
    for (const issue of issues) {
      expect(issue.message).not.toMatch(/\{\w+\}/);
      expect(issue.messageEn).not.toMatch(/\{\w+\}/);
    }
  });

  it('names the field, the place and the counts in both languages', () => {
    const [unknown] = checkFormula('[weight] + [heigth]', KNOWN);
    expect(unknown?.message).toBe('第 12 个字符处引用的字段“heigth”在本表单中不存在');
    expect(unknown?.messageEn).toBe('The field "heigth" referenced at character 12 does not exist in this panel');
    const [arity] = checkFormula('round(1, 2, 3)', KNOWN);
    expect(arity?.message).toBe('第 1 个字符处的函数 round 需要 1 到 2 个参数，实际为 3 个');
    expect(arity?.messageEn).toBe('The function round at character 1 takes 1 to 2 arguments, not 3');
    const [long] = checkFormula('1+'.repeat(100) + '1', KNOWN);
    expect(long?.messageEn).toBe('The formula is 201 characters long; the limit is 200');
  });

  it('accepts exactly 200 characters', () => {
    const text = `${'1+'.repeat(99)}11`;
    expect(text).toHaveLength(200);
    expect(checkFormula(text, KNOWN)).toEqual([]);
  });
});
