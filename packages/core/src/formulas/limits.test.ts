import { describe, expect, it } from 'vitest';
import type { ShowCondition, Widget } from '../panels/schema.js';
import { checkFormula } from './check.js';
import { compileShowConditions } from './conditions.js';
import { evaluateFormula, formulaReferences } from './evaluate.js';
import { buildFormulaGraph } from './graph.js';
import { checkPanelFormulas } from './panel-check.js';
import { parseFormula } from './parser.js';
import { computed, field, panelOf } from './panels.fixture.js';
import { scopeOf } from './scope.fixture.js';

/** Far more than any real panel or formula holds, and more than a recursive walk survives. */
const DEEP = 10_000;

function failure(text: string): [string, number] | null {
  const result = parseFormula(text);
  return result.ok ? null : [result.error.code, result.error.position];
}

describe('deep formulas are refused with a catalogue error, not a stack overflow (docs/formulas.md, "Limits")', () => {
  it(`refuses ${String(DEEP)} nested parentheses at the 65th`, () => {
    expect(failure(`${'('.repeat(DEEP)}1${')'.repeat(DEEP)}`)).toEqual(['formula.too_deep', 64]);
  });

  it(`refuses ${String(DEEP)} signs and nots in a row`, () => {
    expect(failure(`${'-'.repeat(DEEP)}1`)?.[0]).toBe('formula.too_deep');
    expect(failure(`${'not '.repeat(DEEP)}1`)?.[0]).toBe('formula.too_deep');
  });

  it(`refuses a chain of ${String(DEEP)} additions at the 500th operator, which nests as deep as it is long`, () => {
    const text = Array.from({ length: DEEP }, () => '[a]').join('+');
    // '[a]+' is four characters: the 500th '+' is at offset 500 * 4 - 1.
    expect(failure(text)).toEqual(['formula.too_deep', 1999]);
    expect(checkFormula(text, new Map([['a', { type: 'number' }]])).map((issue) => issue.code)).toEqual(['formula.too_long', 'formula.too_deep']);
  });

  it('accepts and evaluates the longest chain allowed', () => {
    const text = Array.from({ length: 500 }, () => '[a]').join('+');
    const parsed = parseFormula(text);
    if (!parsed.ok) throw new Error(parsed.error.messageEn);
    expect(evaluateFormula(parsed.ast, scopeOf({ a: 2 }))).toBe(1000);
    expect(formulaReferences(parsed.ast)).toEqual(['a']);
  });
});

describe('walks over deep trees and long chains of fields keep their own stack', () => {
  it(`collects the references of a show-condition list of ${String(DEEP)} items`, () => {
    const conditions: ShowCondition[] = Array.from({ length: DEEP }, (_, index) => ({ cName: '', eName: `f${String(index)}`, evalType: 'eq' as const, value: '1' }));
    const ast = compileShowConditions(conditions);
    if (ast === null) throw new Error('no condition');
    const references = formulaReferences(ast);
    expect(references).toHaveLength(DEEP);
    expect(references.slice(0, 2)).toEqual(['f0', 'f1']);
    expect(references.at(-1)).toBe(`f${String(DEEP - 1)}`);
  });

  it(`orders a chain of ${String(DEEP)} computed fields, each reading the next, and finds no cycle`, () => {
    // f0 reads f1 reads … reads f9999 reads the plain field `base`: the walk must go 10,000 deep.
    const list: Widget[] = Array.from({ length: DEEP }, (_, index) => computed(`f${String(index)}`, index === DEEP - 1 ? '[base] + 1' : `[f${String(index + 1)}] + 1`));
    const panel = panelOf(...list, field('base'));
    const graph = buildFormulaGraph(panel);
    expect(graph.cycles).toEqual([]);
    expect(graph.order).toHaveLength(DEEP);
    expect(graph.order[0]).toBe(`f${String(DEEP - 1)}`);
    expect(graph.order.at(-1)).toBe('f0');
    const dependents = graph.dependents('base');
    expect(dependents).toHaveLength(DEEP);
    expect(dependents[0]).toBe(`f${String(DEEP - 1)}`);
  });

  it(`finds a cycle through ${String(DEEP)} fields and reports it on each with a message of bounded length`, () => {
    const list: Widget[] = Array.from({ length: DEEP }, (_, index) => computed(`f${String(index)}`, `[f${String((index + 1) % DEEP)}] + 1`));
    const panel = panelOf(field('free'), ...list);
    const graph = buildFormulaGraph(panel);
    expect(graph.cycles).toHaveLength(1);
    expect(graph.cycles[0]?.slice(0, 3)).toEqual(['f0', 'f1', 'f2']);
    expect(graph.cycles[0]).toHaveLength(DEEP);
    const issues = checkPanelFormulas(panel);
    expect(issues).toHaveLength(DEEP);
    expect(issues[0]?.path).toBe('list.1.options.expression');
    expect(issues[0]?.messageEn).toBe('The formulas refer to each other in a cycle: f0 → f1 → f2 → f3 → f4 → f5 → f6 → … → f9999 → f0');
    expect(issues[0]?.message).toBe('公式之间存在循环引用：f0 → f1 → f2 → f3 → f4 → f5 → f6 → … → f9999 → f0');
  });
});
