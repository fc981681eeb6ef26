import { describe, expect, it } from 'vitest';
import type { ShowCondition } from '../panels/schema.js';
import type { FormulaNode } from './ast.js';
import { compileShowConditions, isWidgetShown, widgetCondition } from './conditions.js';
import { evaluateFormula } from './evaluate.js';
import { parseFormula } from './parser.js';
import { field } from './panels.fixture.js';
import { scopeOf } from './scope.fixture.js';

function when(eName: string, evalType: 'gt' | 'lt' | 'eq' | 'ge' | 'le' | 'ne', value: string): ShowCondition {
  return { cName: eName, eName, evalType, value };
}
const AND: ShowCondition = { appendix: '&&' };
const OR: ShowCondition = { appendix: '||' };

/** Strips positions, so a compiled list compares equal to the parse of the same written condition. */
function shape(node: FormulaNode | null): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'start' || key === 'end' ? undefined : value)));
}

function parsed(text: string): FormulaNode {
  const result = parseFormula(text);
  if (!result.ok) throw new Error(result.error.messageEn);
  return result.ast;
}

describe('show conditions compile to the same tree as written conditions (spec 001 §3.4, §9 operators)', () => {
  it.each<[string, ShowCondition[], string]>([
    ['gt is >', [when('age', 'gt', '18')], "[age] > '18'"],
    ['lt is <', [when('age', 'lt', '18')], "[age] < '18'"],
    ['eq is =', [when('sex', 'eq', '2')], "[sex] = '2'"],
    ['ge is >=', [when('age', 'ge', '18')], "[age] >= '18'"],
    ['le is <=', [when('age', 'le', '18')], "[age] <= '18'"],
    ['ne is <>', [when('sex', 'ne', '2')], "[sex] <> '2'"],
    ['&& joins with and', [when('a', 'eq', '1'), AND, when('b', 'eq', '2')], "[a] = '1' and [b] = '2'"],
    ['|| joins with or', [when('a', 'eq', '1'), OR, when('b', 'eq', '2')], "[a] = '1' or [b] = '2'"],
    ['&& binds before ||', [when('a', 'eq', '1'), OR, when('b', 'eq', '2'), AND, when('c', 'eq', '3')], "[a] = '1' or [b] = '2' and [c] = '3'"],
    ['&& then ||', [when('a', 'eq', '1'), AND, when('b', 'eq', '2'), OR, when('c', 'eq', '3')], "[a] = '1' and [b] = '2' or [c] = '3'"],
    ['a missing connector means &&', [when('a', 'eq', '1'), when('b', 'eq', '2')], "[a] = '1' and [b] = '2'"],
    ['leading and trailing connectors are ignored', [OR, when('a', 'eq', '1'), AND], "[a] = '1'"],
    ['a checkbox option in eName', [when('race(4)', 'eq', '1')], "[race(4)] = '1'"],
  ])('%s', (_rule, conditions, text) => {
    expect(shape(compileShowConditions(conditions))).toEqual(shape(parsed(text)));
  });

  it('gives no condition for an empty list or items with no field', () => {
    expect(compileShowConditions([])).toBeNull();
    expect(compileShowConditions([when(' ', 'eq', '1'), AND])).toBeNull();
  });

  it.each<[ShowCondition[], Record<string, unknown>, boolean]>([
    [[when('sex', 'eq', '2')], { sex: 2 }, true],
    [[when('sex', 'eq', '2')], { sex: '1' }, false],
    [[when('age', 'gt', '18')], { age: '20' }, true],
    [[when('age', 'gt', '18')], {}, false],
    [[when('age', 'ge', '18'), AND, when('sex', 'eq', '2')], { age: 18, sex: '2' }, true],
    [[when('age', 'ge', '18'), AND, when('sex', 'eq', '2')], { age: 17, sex: '2' }, false],
    [[when('age', 'lt', '18'), OR, when('sex', 'eq', '2')], { age: 40, sex: '2' }, true],
    [[when('symptoms', 'eq', '3')], { symptoms: ['1', '3'] }, true],
    [[when('symptoms', 'ne', '3')], { symptoms: ['1'] }, true],
    [[when('note', 'ne', '')], { note: 'x' }, true],
  ])('%j with %j evaluates to %s', (conditions, values, expected) => {
    const ast = compileShowConditions(conditions);
    if (ast === null) throw new Error('no condition');
    expect(evaluateFormula(ast, scopeOf(values))).toBe(expected);
  });
});

describe("a widget's effective condition: logicExpression if set, else showConditions when showOnCondition is true", () => {
  it('uses logicExpression over showConditions', () => {
    const widget = field('x', 'input', { logicExpression: "[a] = '1'", showOnCondition: true, showConditions: [when('b', 'eq', '1')] });
    expect(isWidgetShown(widget, scopeOf({ a: '1', b: '0' }))).toBe(true);
    expect(isWidgetShown(widget, scopeOf({ a: '0', b: '1' }))).toBe(false);
  });

  it('uses showConditions only when showOnCondition is ticked', () => {
    const conditions = [when('b', 'eq', '1')];
    expect(widgetCondition(field('x', 'input', { showOnCondition: false, showConditions: conditions }))).toBeNull();
    const shown = field('x', 'input', { showOnCondition: true, showConditions: conditions });
    expect(isWidgetShown(shown, scopeOf({ b: '1' }))).toBe(true);
    expect(isWidgetShown(shown, scopeOf({ b: '2' }))).toBe(false);
  });

  it('shows a widget without a condition, and one whose condition cannot be read', () => {
    expect(isWidgetShown(field('x'), scopeOf())).toBe(true);
    expect(isWidgetShown(field('x', 'input', { logicExpression: '[a] =' }), scopeOf())).toBe(true);
    expect(widgetCondition(field('x', 'input', { logicExpression: '[a] =' }))?.ok).toBe(false);
  });

  it('treats a blank logicExpression as none', () => {
    const widget = field('x', 'input', { logicExpression: '  ', showOnCondition: true, showConditions: [when('b', 'eq', '1')] });
    expect(isWidgetShown(widget, scopeOf({ b: '2' }))).toBe(false);
  });
});
