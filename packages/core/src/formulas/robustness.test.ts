import { describe, expect, it } from 'vitest';
import { checkFormula } from './check.js';
import { evaluateFormula } from './evaluate.js';
import { formatFormulaValue } from './format.js';
import { parseFormula } from './parser.js';
import { scopeOf } from './scope.fixture.js';

/** A fixed-seed generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const LEAVES = ['[a]', '[b]', '[c(1)]', '[T.x]', '0', '1', '2.5', "''", "'2'", "'2024-01-31'", "'d'", '1e308', 'true', 'today()'];
const OPERATORS = ['+', '-', '*', '/', '^', '=', '<>', '<', '>=', 'and', 'or'];
const FUNCTION_NAMES = ['sum', 'mean', 'min', 'max', 'median', 'stdev', 'if', 'round', 'rounddown', 'roundup', 'abs', 'sqrt', 'mod', 'concat', 'contains', 'datediff', 'age', 'isblank'];
const NOISE = ['(', ')', ',', '[', ']', '"', '#', '-', 'not'];

function pick<T>(next: () => number, list: readonly T[]): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** A mostly well-formed formula: leaves, operators, unary signs, parentheses and calls with any arity. */
function generate(next: () => number, depth: number): string {
  const choice = depth <= 0 ? 0 : Math.floor(next() * 5);
  switch (choice) {
    case 1:
      return `${generate(next, depth - 1)} ${pick(next, OPERATORS)} ${generate(next, depth - 1)}`;
    case 2:
      return `${pick(next, ['-', 'not ', '!'])}${generate(next, depth - 1)}`;
    case 3:
      return `(${generate(next, depth - 1)})`;
    case 4: {
      const count = Math.floor(next() * 4);
      return `${pick(next, FUNCTION_NAMES)}(${Array.from({ length: count }, () => generate(next, depth - 1)).join(', ')})`;
    }
    default:
      return pick(next, LEAVES);
  }
}

/** One time in five, a piece of noise is put somewhere, so the error paths are exercised too. */
function formula(next: () => number): string {
  const text = generate(next, 4);
  if (next() >= 0.2) return text;
  const at = Math.floor(next() * (text.length + 1));
  return `${text.slice(0, at)}${pick(next, NOISE)}${text.slice(at)}`;
}

const SCOPES = [
  {},
  { a: 0, b: '', c: ['1'], 'T.x': [1, null, 'x'] },
  { a: '1e308', b: '-0', c: '1,2', 'T.x': [] },
  { a: 'text', b: Number.NaN, c: null, 'T.x': ['2024-01-01'] },
];

describe('no input makes the engine throw or show NaN (blank in, blank out)', () => {
  it('parses, checks, evaluates and formats 1500 generated formulas without a throw, NaN or Infinity', () => {
    const next = random(20_240_615);
    const known = new Map([['a', { type: 'number' as const }], ['b', { type: 'input' as const }], ['c', { type: 'checkbox' as const }], ['T.x', { type: 'number' as const }]]);
    let parsedCount = 0;
    for (let round = 0; round < 1500; round += 1) {
      const text = formula(next);
      const parsed = parseFormula(text);
      expect(() => checkFormula(text, known)).not.toThrow();
      if (!parsed.ok) {
        expect(parsed.error.position).toBeGreaterThanOrEqual(0);
        expect(parsed.error.position).toBeLessThanOrEqual(text.length);
        continue;
      }
      parsedCount += 1;
      for (const values of SCOPES) {
        const value = evaluateFormula(parsed.ast, scopeOf(values));
        if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
        expect(formatFormulaValue(value, 2), text).not.toMatch(/NaN|Infinity/);
      }
    }
    // The generator must reach the evaluator often enough for the test to mean something.
    expect(parsedCount).toBeGreaterThan(750);
  });
});
