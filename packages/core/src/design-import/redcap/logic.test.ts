import { describe, expect, it } from 'vitest';
import { evaluateFormula } from '../../formulas/evaluate.js';
import { compileFormula } from '../../formulas/compile.js';
import { formulaMessage } from '../../formulas/messages.js';
import { CALCULATION_FORMULA_MAX } from '../../panels/constants.js';
import type { WidgetType } from '../../panels/schema.js';
import type { LogicContext, LogicField } from './logic.js';
import { translateLogic } from './logic.js';

const field = (type: WidgetType, form = 'visit', extra: Partial<LogicField> = {}, model?: string): [string, LogicField] => ['', { form, model: model ?? '', type, recoded: false, ...extra }];

function contextOf(spec: Record<string, ReturnType<typeof field>[1]>): LogicContext {
  const fields = new Map<string, LogicField>();
  for (const [name, value] of Object.entries(spec)) fields.set(name, { ...value, model: value.model || name });
  const known = new Map([...fields.values()].filter((value) => value.form === 'visit').map((value) => [value.model, { type: value.type }]));
  return { form: 'visit', fields, known };
}

const context = contextOf({
  sex: field('radio')[1],
  age: field('number')[1],
  weight: field('number')[1],
  height: field('number')[1],
  race: field('checkbox')[1],
  dob: field('date')[1],
  visit_date: field('date')[1],
  q1: field('radio')[1],
  q2: field('radio')[1],
  consent_date: field('date', 'enrolment')[1],
  smoker: field('select', 'visit', { recoded: true })[1],
  a_very_long_variable_name_over_thirty_two: field('number', 'visit', {}, 'a_very_long_variable_name_over_t')[1],
});

function evaluate(formula: string, values: Record<string, unknown>) {
  const compiled = compileFormula(formula);
  if (!compiled.ok) throw new Error(compiled.error.messageEn);
  return evaluateFormula(compiled.ast, { value: (model) => values[model], today: () => '2024-06-15' });
}

describe('REDCap logic into the formula language', () => {
  it.each([
    ["[sex] = '2'", "[sex] = '2'"],
    ["[sex] = '2' AND [age] >= 18", "[sex] = '2' and [age] >= 18"],
    ['[sex] <> "1" OR NOT([age] < 18)', '[sex] <> "1" or not([age] < 18)'],
    ["[sex] != ''", "[sex] != ''"],
    ["[race(4)] = '1'", "[race(4)] = '1'"],
    ['round([weight] / (([height] / 100) ^ 2), 1)', 'round([weight] / (([height] / 100) ^ 2), 1)'],
    ['ROUNDUP([age] / 10, 0) + rounddown(2.5)', 'roundup([age] / 10, 0) + rounddown(2.5)'],
    ['sum([q1], [q2])', 'sum([q1], [q2])'],
    ["if([sex] = '1', 1, 0)", "if([sex] = '1', 1, 0)"],
    ['datediff([dob], [visit_date], "y", "mdy")', 'datediff([dob], [visit_date], "y")'],
    ["datediff([dob],[visit_date],'d','ymd',true)", "datediff([dob],[visit_date],'d',true)"],
    ["datediff([dob], 'today', 'y')", "datediff([dob], 'today', 'y')"],
    ['isblankormissingcode([weight])', 'isblank([weight])'],
    ['[a_very_long_variable_name_over_thirty_two] > 1', '[a_very_long_variable_name_over_t] > 1'],
    ['[sex] = "1"\nand [age] > 1', '[sex] = "1" and [age] > 1'],
  ])('%s becomes %s', (text, formula) => {
    expect(translateLogic(text, context)).toEqual({ ok: true, formula });
  });

  it.each([
    ['[baseline_arm_1][weight] > 80', 'redcap.logic_event', '[baseline_arm_1][weight]'],
    ["[consent_date] <> ''", 'redcap.logic_other_form', '[consent_date]'],
    ["[nosuch] = '1'", 'redcap.logic_unknown_field', '[nosuch]'],
    ["[record-name] = '1'", 'redcap.logic_smart_variable', '[record-name]'],
    ["[sex:label] = 'Male'", 'redcap.logic_piping', '[sex:label]'],
    ["[smoker] = 'a'", 'redcap.logic_recoded', '[smoker]'],
  ])('%s is refused with %s', (text, code, ref) => {
    const result = translateLogic(text, context);
    expect(result).toMatchObject({ ok: false, code, params: { ref } });
  });

  it('refuses an unsupported function by its name', () => {
    expect(translateLogic('exponential([age])', context)).toMatchObject({ ok: false, code: 'redcap.logic_function', params: { name: 'exponential' } });
    expect(translateLogic('log([age], 10)', context)).toMatchObject({ ok: false, code: 'redcap.logic_function', params: { name: 'log' } });
  });

  it('refuses a translation the compiler refuses, with its message in both languages', () => {
    const result = translateLogic('[sex] = = 1', context);
    expect(result).toMatchObject({ ok: false, code: 'redcap.logic_invalid' });
    if (result.ok) return;
    expect(result.params.detail).toMatch(/character/);
    expect(result.paramsZh?.detail).toMatch(/字符|位置/);
    expect(translateLogic('[age(2)] = "1"', context)).toMatchObject({ ok: false, code: 'redcap.logic_invalid' });
  });

  it('gives the same answers as REDCap once translated', () => {
    const bmi = translateLogic('round([weight]*10000/([height]*[height]),1)', context);
    expect(bmi.ok && evaluate(bmi.formula, { weight: '70', height: '175' })).toBe(22.9);
    const age = translateLogic('rounddown(datediff([dob], [visit_date], "y", "dmy"), 0)', context);
    expect(age.ok && evaluate(age.formula, { dob: '1990-06-16', visit_date: '2024-06-15' })).toBe(33);
    const branch = translateLogic("[sex] = '2' and [age] >= 18 and [race(4)] = '1'", context);
    expect(branch.ok && evaluate(branch.formula, { sex: '2', age: 30, race: ['4'] })).toBe(true);
    expect(branch.ok && evaluate(branch.formula, { sex: '2', age: 30, race: ['1'] })).toBe(false);
    const blank = translateLogic("isblankormissingcode([weight]) or [weight] = ''", context);
    expect(blank.ok && evaluate(blank.formula, {})).toBe(true);
  });
});

describe('REDCap logic of any size', () => {
  it('refuses a text far over the formula limit without reading it', () => {
    // The text opens with a character no logic may hold: read, it would be refused for that character; refused
    // for its length, it was never read (a cell of a large file could hold megabytes of logic).
    const huge = `@[age] > 1${' and [age] > 1'.repeat(200_000)}`;
    const short = translateLogic(huge.slice(0, 40), context);
    expect(short).toMatchObject({ ok: false, code: 'redcap.logic_invalid' });
    if (!short.ok) expect(short.params.detail).not.toMatch(/the limit is/);
    const result = translateLogic(huge, context);
    expect(result).toMatchObject({ ok: false, code: 'redcap.logic_invalid' });
    if (!result.ok) {
      expect(result.params.detail).toBe(formulaMessage('formula.too_long', { length: huge.length, max: CALCULATION_FORMULA_MAX }).messageEn);
      expect(result.paramsZh?.detail).toBe(formulaMessage('formula.too_long', { length: huge.length, max: CALCULATION_FORMULA_MAX }).message);
    }
  });
});
