import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConditionOperator, ShowCondition } from '../panels/schema.js';
import type { FormulaNode, FormulaValue } from './ast.js';
import type { KnownFields } from './check.js';
import { checkFormula } from './check.js';
import { compileShowConditions, isWidgetShown } from './conditions.js';
import type { FormulaScope } from './evaluate.js';
import { evaluateFormula, formulaReferences } from './evaluate.js';
import { formatFormulaValue } from './format.js';
import type { FormulaMessageCode } from './messages.js';
import { FORMULA_MESSAGES } from './messages.js';
import { parseFormula } from './parser.js';

/**
 * Property tests over generated formulas (docs/formulas.md): whatever is typed, parsing either gives a tree or
 * one of the formula messages in both languages, the design check only reports those messages, and evaluation
 * never throws and never gives NaN or an infinite number (spec 002 §8: blank in, blank out).
 */

/** Runs per property: enough to reach the odd corners, few enough to keep the file fast. */
const RUNS = 600;

/** Real models, and names every JavaScript object inherits, which must stay plain names. */
const MODELS = ['a', 'b', 'c', 'T', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const KNOWN: KnownFields = new Map([
  ['a', { type: 'number' }],
  ['b', { type: 'input' }],
  ['c', { type: 'checkbox' }],
  ['T.x', { type: 'number' }],
  ['constructor', { type: 'number' }],
]);
const OPERATORS = ['+', '-', '*', '/', '^', '=', '==', '<>', '!=', '<', '<=', '>', '>=', 'and', 'AND', '&&', 'or', '||'];
const FUNCTIONS = ['sum', 'mean', 'min', 'max', 'median', 'stdev', 'if', 'round', 'rounddown', 'roundup', 'abs', 'sqrt', 'mod', 'concat', 'contains', 'datediff', 'age', 'today', 'isblank'];
/** Words that are no operator or function but name inherited members, or nothing at all. */
const IMPOSTORS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'foo'];

const fieldText = fc.oneof(
  fc.constantFrom(...MODELS).map((model) => `[${model}]`),
  fc.tuple(fc.constantFrom(...MODELS), fc.constantFrom('1', '2', 'x', '__proto__', 'constructor')).map(([model, code]) => `[${model}(${code})]`),
  fc.tuple(fc.constantFrom(...MODELS), fc.constantFrom('x', 'constructor', '__proto__')).map(([model, column]) => `[${model}.${column}]`),
);

const numberText = fc.oneof(
  fc.integer({ min: 0, max: 1000 }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((value) => String(value)),
  fc.constantFrom('0', '1e308', '1e-308', '.5', '2.', '9007199254740993', '1e400'),
);

/** Texts as typed in a formula: quotes and backslashes escaped, dates with two- and four-digit years among them. */
const stringText = fc
  .oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('', ' ', '2', '-0', '2024-02-29', '2023-02-29', '25-01-01', '1/2/25', '0025-01-01', 'today', 'y', 'M', 'constructor', '__proto__', 'NaN', 'Infinity'),
  )
  .map((text) => `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`);

const leaf = fc.oneof(fieldText, numberText, stringText, fc.constantFrom('true', 'false', 'today()'));

const expression = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('node'), fc.constantFrom(...OPERATORS), tie('node')).map(([left, operator, right]) => `${left} ${operator} ${right}`),
    fc.tuple(fc.constantFrom('-', '+', 'not ', '!'), tie('node')).map(([sign, operand]) => `${sign}${operand}`),
    tie('node').map((inner) => `(${inner})`),
    fc
      .tuple(fc.constantFrom(...FUNCTIONS, ...IMPOSTORS), fc.array(tie('node'), { maxLength: 4 }))
      .map(([name, args]) => `${name}(${args.join(', ')})`),
    fc.tuple(tie('node'), fc.constantFrom(...IMPOSTORS), tie('node')).map(([left, word, right]) => `${left} ${word} ${right}`),
  ),
})).node;

/** Characters that break formulas in interesting ways, full-width punctuation and non-ASCII text included. */
const NOISE = ['(', ')', ',', '[', ']', "'", '"', '\\', '.', '#', '-', '（', '）', '，', '【', '】', '‘', '’', '“', '”', ' ', '中', '😀', '\u0000'];

/** A generated formula with characters inserted, deleted or replaced. */
const mutated = fc
  .tuple(
    expression,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'replace'), fc.constantFrom(...NOISE)), { minLength: 1, maxLength: 4 }),
  )
  .map(([text, edits]) =>
    edits.reduce((result, [at, kind, char]) => {
      const index = result.length === 0 ? 0 : at % (result.length + 1);
      if (kind === 'insert') return `${result.slice(0, index)}${char}${result.slice(index)}`;
      if (kind === 'delete') return `${result.slice(0, index)}${result.slice(index + 1)}`;
      return `${result.slice(0, index)}${char}${result.slice(index + 1)}`;
    }, text),
  );

/** Anything at all, and strings made of the language's own pieces in any order. */
const garbage = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  fc.array(fc.constantFrom(...OPERATORS, ...FUNCTIONS, ...IMPOSTORS, ...NOISE, '[a]', '1', "'x'"), { maxLength: 20 }).map((parts) => parts.join(' ')),
);

const anyFormula = fc.oneof(expression, mutated, garbage);

/** A template as a pattern: each `{name}` may be anything. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
}

/** The message is one of the formula messages, both sentences filled in from its templates. */
function expectCatalogueMessage(problem: { code: string; message: string; messageEn: string }): void {
  expect(Object.hasOwn(FORMULA_MESSAGES, problem.code), problem.code).toBe(true);
  const entry = FORMULA_MESSAGES[problem.code as FormulaMessageCode];
  expect(problem.message).toMatch(templatePattern(entry.zh));
  expect(problem.messageEn).toMatch(templatePattern(entry.en));
}

/** Values a store may hold, the odd ones included: NaN, infinities, -0, dates that are no dates, objects. */
const storedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, '', ' ', '0', '-0', '1e308', 'NaN', 'Infinity', '2024-02-29', '25-01-01', '1,2', true, false),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 6 }),
  fc.date({ noInvalidDate: false }),
  fc.array(fc.oneof(fc.constantFrom(null, '1', '2', 'x'), fc.double()), { maxLength: 4 }),
  fc.constantFrom({}, { valueOf: () => 1 }, Object.prototype, () => 1),
);

const storedValues = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'T.x', 'constructor', '__proto__', 'toString', 'x'), storedValue, { maxKeys: 6 });

/** A plain object as store, as a careless renderer might use it: inherited members leak through. */
function scopeOver(values: Record<string, unknown>): FormulaScope {
  return { value: (model) => values[model], today: () => '2024-06-15' };
}

function isFormulaValue(value: unknown): value is FormulaValue {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function parsedTree(text: string): FormulaNode | null {
  const result = parseFormula(text);
  return result.ok ? result.ast : null;
}

describe('parsing and checking generated formulas', () => {
  it('parses or fails with a formula message in both languages, at a place inside the text', () => {
    fc.assert(
      fc.property(anyFormula, (text) => {
        const result = parseFormula(text);
        if (result.ok) return;
        expectCatalogueMessage(result.error);
        expect(result.error.position).toBeGreaterThanOrEqual(0);
        expect(result.error.position).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('checks any formula with formula messages only, and never throws', () => {
    fc.assert(
      fc.property(anyFormula, (text) => {
        for (const issue of checkFormula(text, KNOWN)) {
          expectCatalogueMessage(issue);
          if (issue.position !== null) expect(issue.position).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('reads an inherited name between two values as an unexpected word, never as an operator', () => {
    fc.assert(
      fc.property(leaf, fc.constantFrom(...IMPOSTORS), leaf, (left, word, right) => {
        const result = parseFormula(`${left} ${word} ${right}`);
        expect(result.ok ? null : [result.error.code, result.error.position]).toEqual(['formula.unexpected_token', left.length + 1]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('evaluating generated formulas over random values', () => {
  it('never throws and gives a text, a truth value, a finite number or blank', () => {
    fc.assert(
      fc.property(fc.oneof(expression, mutated), storedValues, (text, values) => {
        const ast = parsedTree(text);
        if (ast === null) return;
        const value = evaluateFormula(ast, scopeOver(values));
        expect(isFormulaValue(value), `${text} gave ${String(value)}`).toBe(true);
        // A text is shown as it is (a written 'NaN' stays a text); a number never shows as NaN or Infinity.
        if (typeof value !== 'string') {
          expect(formatFormulaValue(value, 2)).not.toMatch(/NaN|Infinity/);
          expect(formatFormulaValue(value)).not.toMatch(/NaN|Infinity/);
        }
        expect(() => formulaReferences(ast)).not.toThrow();
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('gives blank for arithmetic with a blank field, and for a division by zero', () => {
    fc.assert(
      fc.property(expression, fc.constantFrom('+', '-', '*', '/', '^'), storedValues, (text, operator, values) => {
        const scope = scopeOver({ ...values, blank: null });
        for (const formula of [`[blank] ${operator} (${text})`, `(${text}) ${operator} [blank]`, `(${text}) / 0`]) {
          const ast = parsedTree(formula);
          if (ast !== null) expect(evaluateFormula(ast, scope), formula).toBeNull();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('shows or hides a widget from any show-condition list, operators outside the six included, without throwing', () => {
    const operator = fc.constantFrom<string>('gt', 'lt', 'eq', 'ge', 'le', 'ne', 'constructor', '__proto__', 'toString');
    const item: fc.Arbitrary<ShowCondition> = fc.oneof(
      fc.record({ cName: fc.constant(''), eName: fc.constantFrom(...MODELS, 'c(1)', '', ' '), evalType: operator.map((name) => name as ConditionOperator), value: fc.string({ maxLength: 4 }) }),
      fc.constantFrom<ShowCondition>({ appendix: '&&' }, { appendix: '||' }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), storedValues, (conditions, values) => {
        const ast = compileShowConditions(conditions);
        const shown = isWidgetShown({ options: { showOnCondition: true, showConditions: conditions } }, scopeOver(values));
        expect(typeof shown).toBe('boolean');
        if (ast !== null) expect(typeof evaluateFormula(ast, scopeOver(values))).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });
});
