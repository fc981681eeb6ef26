import { describe, expect, it } from 'vitest';
import type { ShowCondition } from '../panels/schema.js';
import { checkFormula } from './check.js';
import { compileShowConditions } from './conditions.js';
import { parseDatediffUnit } from './dates.js';
import { evaluateFormula } from './evaluate.js';
import { lookupFunction } from './functions.js';
import { checkPanelFormulas } from './panel-check.js';
import { parseFormula } from './parser.js';
import { computed, field, panelOf } from './panels.fixture.js';
import { scopeOf } from './scope.fixture.js';

/** Names every JavaScript object inherits; in a formula they are only words (docs/formulas.md, "Names"). */
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

describe('operator, function and unit tables know only their own names', () => {
  it.each(INHERITED)('[a] %s [b] is refused as an unexpected word, not read as an operator', (name) => {
    const result = parseFormula(`[a] ${name} [b]`);
    expect(result.ok ? null : [result.error.code, result.error.position]).toEqual(['formula.unexpected_token', 4]);
    expect(result.ok ? '' : result.error.messageEn).toBe(`Unexpected "${name}" at character 5`);
  });

  it.each(INHERITED)('%s(1) is an unknown function to the checker and blank to the evaluator', (name) => {
    expect(lookupFunction(name.toLowerCase())).toBeUndefined();
    const known = new Map([['a', { type: 'number' as const }]]);
    expect(checkFormula(`${name}([a])`, known).map((issue) => issue.code)).toEqual(['formula.unknown_function']);
    const parsed = parseFormula(`${name}(1)`);
    if (!parsed.ok) throw new Error(parsed.error.messageEn);
    expect(evaluateFormula(parsed.ast, scopeOf())).toBeNull();
  });

  it.each(INHERITED)("datediff with the unit '%s' is an invalid unit to the checker and blank to the evaluator", (name) => {
    expect(parseDatediffUnit(name)).toBeNull();
    const text = `datediff('2024-01-01', '2024-03-01', '${name}')`;
    expect(checkFormula(text, new Map()).map((issue) => issue.code)).toEqual(['formula.invalid_unit']);
    const parsed = parseFormula(text);
    if (!parsed.ok) throw new Error(parsed.error.messageEn);
    expect(evaluateFormula(parsed.ast, scopeOf())).toBeNull();
  });

  it('ignores a show-condition item whose operator is not one of the six, instead of building a broken tree', () => {
    const broken = { cName: 'a', eName: 'a', evalType: 'constructor', value: '1' } as unknown as ShowCondition;
    const sound: ShowCondition = { cName: 'b', eName: 'b', evalType: 'eq', value: '1' };
    expect(compileShowConditions([broken])).toBeNull();
    const ast = compileShowConditions([broken, { appendix: '&&' }, sound]);
    expect(ast?.kind === 'binary' ? [ast.operator, ast.left.kind] : null).toEqual(['=', 'field']);
  });
});

describe('field references named like inherited members', () => {
  it.each(INHERITED)('[%s] is an unknown field unless the panel has it', (name) => {
    const result = checkFormula(`[${name}] + 1`, new Map([['a', { type: 'number' }]]));
    expect(result.map((issue) => [issue.code, issue.messageEn])).toEqual([
      ['formula.unknown_field', `The field "${name}" referenced at character 1 does not exist in this panel`],
    ]);
  });

  it('evaluates [constructor] and [__proto__] to blank when a value store hands back inherited members', () => {
    // A store that is a plain object: `values.constructor` is Object itself, `values.__proto__` its prototype.
    const store: Record<string, unknown> = {};
    const scope = { value: (model: string) => store[model], today: () => '2024-06-15' };
    for (const text of ['[constructor] + 1', '[__proto__] * 2', "concat([toString], 'x')", '[hasOwnProperty(1)] = 1', 'sum([constructor.x])']) {
      const parsed = parseFormula(text);
      if (!parsed.ok) throw new Error(parsed.error.messageEn);
      const value = evaluateFormula(parsed.ast, scope);
      expect([text, value]).toEqual([text, text.startsWith('concat') ? 'x' : text.startsWith('[hasOwn') ? false : null]);
    }
  });

  it('reports a panel formula [a] constructor [b] at design time with the catalogue message in both languages', () => {
    const issues = checkPanelFormulas(panelOf(field('a'), field('b'), computed('odd', '[a] constructor [b]'), computed('proto', '[__proto__] + 1')));
    expect(issues.map((issue) => [issue.path, issue.code, issue.message, issue.messageEn])).toEqual([
      ['list.2.options.expression', 'formula.unexpected_token', '第 5 个字符处不应出现“constructor”', 'Unexpected "constructor" at character 5'],
      ['list.3.options.expression', 'formula.unknown_field', '第 1 个字符处引用的字段“__proto__”在本表单中不存在', 'The field "__proto__" referenced at character 1 does not exist in this panel'],
    ]);
  });
});
