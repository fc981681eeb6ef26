import { describe, expect, it } from 'vitest';
import type { FormulaValue } from './ast.js';
import { compileFormula } from './compile.js';
import { evaluateFormula, formulaReferences } from './evaluate.js';
import { formatFormulaValue } from './format.js';
import { parseFormula } from './parser.js';
import { run, scopeOf } from './scope.fixture.js';

type Case = [string, Record<string, unknown>, FormulaValue];

describe('arithmetic (docs/formulas.md "Operators" and "Precision": IEEE doubles rounded to 10 decimals)', () => {
  it.each<Case>([
    ['1 + 2 * 3', {}, 7],
    ['2 ^ 3 ^ 2', {}, 512],
    ['-2 ^ 2', {}, -4],
    ['(-2) ^ 2', {}, 4],
    ['10 - 4 - 3', {}, 3],
    ['10 / 4', {}, 2.5],
    ['1 / 3', {}, 0.3333333333],
    ['0.1 + 0.2', {}, 0.3],
    ['1.1 * 3', {}, 3.3],
    ['0.1 * 3 - 0.3', {}, 0],
    ['[weight] / ([height] / 100) ^ 2', { weight: 70, height: 175 }, 22.8571428571],
    ['[weight] / ([height] / 100) ^ 2', { weight: '70', height: '175' }, 22.8571428571],
    ['[a] + 1', { a: ' 2.5 ' }, 3.5],
    ['[a] + 1', { a: true }, 2],
    ['-[a]', { a: '4' }, -4],
    ['+[a]', { a: '4' }, 4],
  ])('%s with %j gives %j', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });
});

describe('blank in, blank out: never NaN or Infinity (spec 000 §5)', () => {
  it.each<Case>([
    ['[a] + 1', {}, null],
    ['[a] + 1', { a: null }, null],
    ['[a] + 1', { a: '' }, null],
    ['[a] + 1', { a: '   ' }, null],
    ['[a] + 1', { a: Number.NaN }, null],
    ['[a] * 2', { a: Number.POSITIVE_INFINITY }, null],
    ['[a] + 1', { a: 'abc' }, null],
    ['-[a]', {}, null],
    ['[a] ^ 2', {}, null],
    ['1 / 0', {}, null],
    ['0 / 0', {}, null],
    ['[a] / [b]', { a: 1, b: '0' }, null],
    ['(-8) ^ (1 / 3)', {}, null],
    ['10 ^ 400', {}, null],
    ['[a]', {}, null],
    ['[a]', { a: [] }, null],
    ["if([a] > 1, 'high', '')", { a: 0 }, null],
    ["''", {}, null],
  ])('%s with %j gives blank', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });

  it('never throws, even when the value store does', () => {
    const parsed = parseFormula('[a] + 1');
    if (!parsed.ok) throw new Error('parse');
    const broken = { value: () => { throw new Error('store down'); }, today: () => '2024-01-01' };
    expect(evaluateFormula(parsed.ast, broken)).toBeNull();
  });
});

describe("comparisons (REDCap: [x] = '' is true when blank; ordering with a blank side is false)", () => {
  it.each<Case>([
    ["[x] = ''", {}, true],
    ["[x] = ''", { x: null }, true],
    ["[x] = ''", { x: '  ' }, true],
    ["[x] = ''", { x: 0 }, false],
    ["[x] = ''", { x: '0' }, false],
    ["[x] = \"\"", { x: 'a' }, false],
    ["[x] <> ''", {}, false],
    ["[x] <> ''", { x: 5 }, true],
    ['[x] = 0', {}, false],
    ['[x] <> 3', {}, true],
    ['[x] > 3', {}, false],
    ['[x] < 3', {}, false],
    ['[x] >= 3', {}, false],
    ['[x] <= 3', {}, false],
    ['[x] = [y]', {}, true],
    ["'2' = 2", {}, true],
    ["'2.0' = 2", {}, true],
    ["'abc' = 'abc'", {}, true],
    ["'abc' = 'ABC'", {}, false],
    ["'10' > '9'", {}, true],
    ["'b' > 'a'", {}, true],
    ["'2024-01-05' < '2024-02-01'", {}, true],
    ["'2024-03-01' >= '2024-03-01'", {}, true],
    ['0.1 + 0.2 = 0.3', {}, true],
    ['10 > 9', {}, true],
    ['3 <= 2', {}, false],
    ['true = 1', {}, true],
    ["[race] = '4'", { race: ['1', '4'] }, true],
    ["[race] = '4'", { race: ['1'] }, false],
    ["[race] <> '4'", { race: ['1'] }, true],
    ["[race] = ''", { race: [] }, true],
  ])('%s with %j gives %j', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });
});

describe('logic (and/or/not and && || !; blank counts as false)', () => {
  it.each<Case>([
    ['1 and 0', {}, false],
    ['1 and 2', {}, true],
    ['1 or 0', {}, true],
    ['0 or 0', {}, false],
    ['not 0', {}, true],
    ['![x]', {}, true],
    ['!![x]', { x: 'yes' }, true],
    ['[x] and 1', {}, false],
    ['[x] or 1', {}, true],
    ["'0' or 0", {}, false],
    ["'abc' and 1", {}, true],
    ['true && false', {}, false],
    ['true || false', {}, true],
    ['[a] > 1 and [b] > 1', { a: 2, b: 2 }, true],
  ])('%s with %j gives %j', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });
});

describe('field values and checkbox options ([race(4)] is 1 when ticked, 0 otherwise)', () => {
  it.each<Case>([
    ['[a]', { a: 5 }, 5],
    ['[a]', { a: 'text' }, 'text'],
    ['[a]', { a: ['1', '2'] }, '1,2'],
    ['[race(4)]', { race: ['1', '4'] }, '1'],
    ['[race(4)]', { race: ['1'] }, '0'],
    ['[race(4)]', {}, '0'],
    ['[race(4)]', { race: '1,4' }, '1'],
    ['[race(4)]', { race: [1, 4] }, '1'],
    ['[race(1)] + [race(4)] + [race(5)]', { race: ['1', '4'] }, 2],
    ['sum([T.c])', { 'T.c': [1, 2, null, '3', ''] }, 6],
    ['[d]', { d: new Date(2024, 5, 15) }, '2024-06-15'],
    ['[d]', { d: new Date(2024, 5, 15, 8, 30) }, '2024-06-15 08:30:00'],
    ['[d]', { d: new Date(Number.NaN) }, null],
    ["datediff([d], '2024-06-20', 'd')", { d: new Date(2024, 5, 15) }, 5],
    ['[o]', { o: { any: 'object' } }, null],
  ])('%s with %j gives %j', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });

  it('asks the scope about ticked options when it can', () => {
    const parsed = parseFormula('[race(4)]');
    if (!parsed.ok) throw new Error('parse');
    const asked: string[] = [];
    const scope = {
      ...scopeOf({ race: [] }),
      checkbox: (model: string, code: string) => {
        asked.push(`${model}:${code}`);
        return true;
      },
    };
    expect(evaluateFormula(parsed.ast, scope)).toBe('1');
    expect(asked).toEqual(['race:4']);
  });
});

describe('references and the compile cache (a formula is parsed once)', () => {
  it.each([
    ['[a] + [b] * [a]', ['a', 'b']],
    ['if([race(4)] = 1, [x], sum([LAB.result]))', ['race', 'x', 'LAB.result']],
    ['1 + 2', []],
  ])('%s reads %j', (text, expected) => {
    const parsed = compileFormula(text);
    if (!parsed.ok) throw new Error('parse');
    expect(formulaReferences(parsed.ast)).toEqual(expected);
    expect(formulaReferences(text)).toEqual(expected);
  });

  it('reads nothing from a text that does not parse', () => {
    expect(formulaReferences('[a] +')).toEqual([]);
  });

  it('gives the same tree for the same text', () => {
    expect(compileFormula('[a] * 2')).toBe(compileFormula('[a] * 2'));
    expect(compileFormula('[a] * 2')).not.toBe(compileFormula('[a] * 3'));
  });
});

describe('formatFormulaValue (blank shows as nothing, never NaN; the widget precision rounds half away from zero)', () => {
  it.each<[FormulaValue, number | undefined, string]>([
    [null, 2, ''],
    [Number.NaN, 2, ''],
    [Number.POSITIVE_INFINITY, undefined, ''],
    [22.857142857, 2, '22.86'],
    [2.5, 0, '3'],
    [-2.5, 0, '-3'],
    [1.005, 2, '1.01'],
    [3, 2, '3.00'],
    [-0.001, 2, '0.00'],
    [0.1 + 0.2, undefined, '0.3'],
    [1234.5, undefined, '1234.5'],
    [1e308, 2, '1e+308'],
    [true, undefined, '1'],
    [false, undefined, '0'],
    ['abc', 2, 'abc'],
  ])('%j at precision %j shows %j', (value, precision, expected) => {
    expect(formatFormulaValue(value, precision)).toBe(expected);
  });
});
