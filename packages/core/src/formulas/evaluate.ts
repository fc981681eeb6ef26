import type { BinaryNode, FormulaNode, FormulaValue } from './ast.js';
import { childrenOf, referenceName } from './ast.js';
import { compileFormula } from './compile.js';
import { lookupFunction } from './functions.js';
import type { EvaluatedValue } from './values.js';
import { collapse, fromScopeValue, isBlank, isList, isTruthy, normaliseNumber, toNumber, toText } from './values.js';

/**
 * Where a formula reads its values. The renderer plugs in its form store, the server the submitted record;
 * the evaluator itself holds no state, so the same formula gives the same answer in both.
 */
export interface FormulaScope {
  /**
   * The value of a field by model; for `[TABLE.column]` the name is `TABLE.column` and the answer is the list
   * of every row's value. Inside a table row, a column key gives that row's cell.
   */
  value(model: string): unknown;
  /** Whether option `optionCode` of checkbox field `model` is ticked; when absent, read from `value(model)`. */
  checkbox?(model: string, optionCode: string): boolean;
  /** Today as YYYY-MM-DD. */
  today(): string;
}

/**
 * The value of a formula. Never throws and never gives NaN or an infinite number: anything that cannot be
 * computed is blank (null), as spec 002 §8 says formula failures are only logged.
 */
export function evaluateFormula(ast: FormulaNode, scope: FormulaScope): FormulaValue {
  try {
    // `?? null`: a tree built by hand with an operator the evaluator does not know gives blank, not undefined.
    const value = collapse(evaluate(ast, scope)) ?? null;
    if (typeof value === 'number') return normaliseNumber(value);
    // A text of only spaces is blank, so a stored result is either a value or nothing.
    return typeof value === 'string' && value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

function evaluate(node: FormulaNode, scope: FormulaScope): EvaluatedValue {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return node.value;
    case 'field':
      return field(node.model, node.column, node.option, scope);
    case 'unary': {
      const operand = collapse(evaluate(node.operand, scope));
      if (node.operator === 'not') return !isTruthy(operand);
      const value = toNumber(operand);
      if (value === null) return null;
      return node.operator === '-' ? normaliseNumber(-value) : value;
    }
    case 'binary':
      return binary(node, scope);
    case 'call':
      return call(node.name, node.args, scope);
  }
}

function field(model: string, column: string | undefined, option: string | undefined, scope: FormulaScope): EvaluatedValue {
  if (option !== undefined) {
    // REDCap: [race(4)] is '1' when option 4 is ticked and '0' otherwise, never blank.
    const ticked = scope.checkbox ? scope.checkbox(model, option) : optionTicked(scope.value(model), option);
    return ticked ? '1' : '0';
  }
  return fromScopeValue(scope.value(column === undefined ? model : `${model}.${column}`));
}

/** A checkbox value as a list of codes, or as a text of codes separated by commas. */
function optionTicked(raw: unknown, option: string): boolean {
  const codes = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  return codes.some((code) => !isBlank(code) && toText(collapse(fromScopeValue(code))).trim() === option);
}

function binary(node: BinaryNode, scope: FormulaScope): EvaluatedValue {
  switch (node.operator) {
    case 'and':
      return isTruthy(collapse(evaluate(node.left, scope))) && isTruthy(collapse(evaluate(node.right, scope)));
    case 'or':
      return isTruthy(collapse(evaluate(node.left, scope))) || isTruthy(collapse(evaluate(node.right, scope)));
    case '=':
      return equals(evaluate(node.left, scope), evaluate(node.right, scope));
    case '<>':
      return !equals(evaluate(node.left, scope), evaluate(node.right, scope));
    case '<':
    case '<=':
    case '>':
    case '>=':
      return order(node.operator, collapse(evaluate(node.left, scope)), collapse(evaluate(node.right, scope)));
    case '+':
    case '-':
    case '*':
    case '/':
    case '^':
      return arithmetic(node.operator, collapse(evaluate(node.left, scope)), collapse(evaluate(node.right, scope)));
  }
}

/** Blank in, blank out; a division by zero or a result that is not a finite number is blank. */
function arithmetic(operator: '+' | '-' | '*' | '/' | '^', left: FormulaValue, right: FormulaValue): FormulaValue {
  const a = toNumber(left);
  const b = toNumber(right);
  if (a === null || b === null) return null;
  switch (operator) {
    case '+':
      return normaliseNumber(a + b);
    case '-':
      return normaliseNumber(a - b);
    case '*':
      return normaliseNumber(a * b);
    case '/':
      return b === 0 ? null : normaliseNumber(a / b);
    case '^':
      return normaliseNumber(a ** b);
  }
}

/**
 * `=` as REDCap: blank equals blank and '' (so `[x] = ''` asks whether x is blank) and nothing else;
 * numbers and numeric texts compare as numbers ('2' = 2); other texts compare exactly. A list (a checkbox's
 * ticked options, a table column) equals a value when one of its items does.
 */
function equals(left: EvaluatedValue, right: EvaluatedValue): boolean {
  if (isList(left) && !isList(right)) return isBlank(left) ? isBlank(right) : left.some((item) => scalarEquals(item, right));
  if (isList(right) && !isList(left)) return equals(right, left);
  return scalarEquals(collapse(left), collapse(right));
}

function scalarEquals(left: FormulaValue, right: FormulaValue): boolean {
  const leftBlank = isBlank(left);
  const rightBlank = isBlank(right);
  if (leftBlank || rightBlank) return leftBlank && rightBlank;
  const a = toNumber(left);
  const b = toNumber(right);
  if (a !== null && b !== null) return normaliseNumber(a) === normaliseNumber(b);
  return toText(left) === toText(right);
}

/** Ordering with a blank side is false; numbers compare as numbers, other texts (ISO dates) as texts. */
function order(operator: '<' | '<=' | '>' | '>=', left: FormulaValue, right: FormulaValue): boolean {
  if (isBlank(left) || isBlank(right)) return false;
  const a = toNumber(left);
  const b = toNumber(right);
  const comparison = a !== null && b !== null ? Math.sign((normaliseNumber(a) ?? a) - (normaliseNumber(b) ?? b)) : compareText(toText(left), toText(right));
  switch (operator) {
    case '<':
      return comparison < 0;
    case '<=':
      return comparison <= 0;
    case '>':
      return comparison > 0;
    case '>=':
      return comparison >= 0;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function call(name: string, args: readonly FormulaNode[], scope: FormulaScope): EvaluatedValue {
  const fn = lookupFunction(name);
  if (!fn || args.length < fn.minArgs || args.length > fn.maxArgs) return null;
  if (name === 'if') {
    // Only the chosen branch is computed; a blank condition takes the else branch.
    const [condition, then, otherwise] = args;
    if (!condition || !then || !otherwise) return null;
    return collapse(evaluate(isTruthy(collapse(evaluate(condition, scope))) ? then : otherwise, scope));
  }
  const values = args.map((arg) => {
    const value = evaluate(arg, scope);
    return fn.acceptsLists ? value : collapse(value);
  });
  return fn.apply(values, scope);
}

/**
 * The models a formula reads, in order of first appearance; `[TABLE.column]` gives `TABLE.column` and a
 * checkbox option `[race(4)]` gives `race`. Takes a tree, or a text (a text that does not parse reads nothing).
 */
export function formulaReferences(formula: FormulaNode | string): string[] {
  let ast: FormulaNode;
  if (typeof formula === 'string') {
    const compiled = compileFormula(formula);
    if (!compiled.ok) return [];
    ast = compiled.ast;
  } else {
    ast = formula;
  }
  const cached = referenceCache.get(ast);
  if (cached) return [...cached];
  const names = new Set<string>();
  collectReferences(ast, names);
  const list = [...names];
  referenceCache.set(ast, list);
  return [...list];
}

const referenceCache = new WeakMap<FormulaNode, readonly string[]>();

/**
 * Walks the tree with a stack of its own rather than the call stack, so a long condition list compiled into
 * a deep tree cannot overflow it (docs/formulas.md, "Limits").
 */
function collectReferences(root: FormulaNode, names: Set<string>): void {
  const pending: FormulaNode[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.kind === 'field') names.add(referenceName(node));
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child) pending.push(child);
    }
  }
}
