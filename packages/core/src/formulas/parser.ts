import type { BinaryOperator, FormulaNode, ParseResult } from './ast.js';
import type { Token } from './tokenizer.js';
import { FormulaSyntaxError, syntaxError, tokenize } from './tokenizer.js';
import { formulaMessage } from './messages.js';

/**
 * A Pratt parser for the formula language (docs/formulas.md, "Grammar" and "Operators"). Binding powers,
 * lowest first: or, and, not, comparisons, + -, * /, unary minus, ^ (right-associative).
 */

/**
 * A Map, not an object literal: an operator word read from the formula must never find a member every
 * object inherits (`[a] constructor [b]`, `[a] __proto__ [b]`), see docs/formulas.md, "Names".
 */
const BINARY: ReadonlyMap<string, { operator: BinaryOperator; power: number }> = new Map([
  ['or', { operator: 'or', power: 10 }],
  ['||', { operator: 'or', power: 10 }],
  ['and', { operator: 'and', power: 20 }],
  ['&&', { operator: 'and', power: 20 }],
  ['=', { operator: '=', power: 30 }],
  ['==', { operator: '=', power: 30 }],
  ['<>', { operator: '<>', power: 30 }],
  ['!=', { operator: '<>', power: 30 }],
  ['<', { operator: '<', power: 30 }],
  ['<=', { operator: '<=', power: 30 }],
  ['>', { operator: '>', power: 30 }],
  ['>=', { operator: '>=', power: 30 }],
  ['+', { operator: '+', power: 40 }],
  ['-', { operator: '-', power: 40 }],
  ['*', { operator: '*', power: 50 }],
  ['/', { operator: '/', power: 50 }],
  ['^', { operator: '^', power: 60 }],
] as const);

const COMPARISON_POWER = 30;
/** `not x = 1` negates the comparison; `not a and b` negates only `a`. */
const NOT_OPERAND_POWER = 25;
/** `-2^2` is -(2^2), as in mathematics; `-2*3` is (-2)*3. */
const NEGATE_OPERAND_POWER = 55;
const POWER_OPERATOR = 60;
/** Far beyond any formula of 200 characters; guards the call stack against hostile input. */
const MAX_DEPTH = 64;
/**
 * The deepest tree accepted. `1 + 1 + … + 1` nests one level per operator without the parser recursing, and
 * the evaluator and the checks walk the tree, so its height is capped too (docs/formulas.md, "Limits").
 */
const MAX_TREE_DEPTH = 500;

export function parseFormula(text: string): ParseResult {
  try {
    if (text.trim() === '') return { ok: false, error: { ...formulaMessage('formula.empty'), position: 0 } };
    const parser = new Parser(tokenize(text));
    return { ok: true, ast: parser.parseAll() };
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return { ok: false, error: error.detail };
    throw error;
  }
}

function binaryOf(token: Token): { operator: BinaryOperator; power: number } | undefined {
  if (token.type === 'operator') return BINARY.get(token.value);
  if (token.type === 'name') return BINARY.get(token.value.toLowerCase());
  return undefined;
}

function isOperator(token: Token, value: string): boolean {
  return token.type === 'operator' && token.value === value;
}

class Parser {
  private index = 0;
  private depth = 0;
  /** The height of each node built, a leaf being 1. */
  private readonly heights = new WeakMap<FormulaNode, number>();

  constructor(private readonly tokens: Token[]) {}

  /** Records the height of a new node over its children, refusing a tree deeper than MAX_TREE_DEPTH. */
  private built<T extends FormulaNode>(node: T, children: readonly FormulaNode[], at = node.start): T {
    let height = 1;
    for (const child of children) height = Math.max(height, (this.heights.get(child) ?? 1) + 1);
    if (height > MAX_TREE_DEPTH) throw syntaxError('formula.too_deep', at);
    this.heights.set(node, height);
    return node;
  }

  parseAll(): FormulaNode {
    const node = this.expression(0);
    const next = this.peek();
    if (next.type !== 'end') throw this.unexpected(next);
    return node;
  }

  private peek(): Token {
    // tokenize() always ends the list with an `end` token, which is never consumed.
    return this.tokens[this.index] ?? { type: 'end', start: 0, end: 0 };
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private unexpected(token: Token): FormulaSyntaxError {
    if (token.type === 'end') return syntaxError('formula.unexpected_end', token.start);
    return syntaxError('formula.unexpected_token', token.start, tokenText(token));
  }

  private expression(minPower: number): FormulaNode {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw syntaxError('formula.too_deep', this.peek().start);
    let left = this.prefix();
    for (;;) {
      const token = this.peek();
      const binary = binaryOf(token);
      if (!binary || binary.power <= minPower) break;
      this.next();
      const rightPower = binary.power === POWER_OPERATOR ? binary.power - 1 : binary.power;
      const right = this.expression(rightPower);
      left = this.built({ kind: 'binary', operator: binary.operator, left, right, start: left.start, end: right.end }, [left, right], token.start);
      if (binary.power === COMPARISON_POWER) {
        const following = this.peek();
        if (binaryOf(following)?.power === COMPARISON_POWER) throw syntaxError('formula.chained_comparison', following.start);
      }
    }
    this.depth -= 1;
    return left;
  }

  private prefix(): FormulaNode {
    const token = this.next();
    switch (token.type) {
      case 'number':
        return { kind: 'number', value: token.value, start: token.start, end: token.end };
      case 'string':
        return { kind: 'string', value: token.value, start: token.start, end: token.end };
      case 'field':
        return { kind: 'field', model: token.model, column: token.column, option: token.option, start: token.start, end: token.end };
      case 'name':
        return this.name(token);
      case 'operator':
        return this.prefixOperator(token);
      case 'end':
        throw this.unexpected(token);
    }
  }

  private prefixOperator(token: Token & { type: 'operator' }): FormulaNode {
    if (token.value === '(') {
      const inner = this.expression(0);
      this.expect(')');
      const grouped = { ...inner, start: token.start, end: this.tokens[this.index - 1]?.end ?? inner.end };
      this.heights.set(grouped, this.heights.get(inner) ?? 1);
      return grouped;
    }
    if (token.value === '-' || token.value === '+') {
      const operand = this.expression(NEGATE_OPERAND_POWER);
      return this.built({ kind: 'unary', operator: token.value, operand, start: token.start, end: operand.end }, [operand]);
    }
    if (token.value === '!') return this.not(token.start);
    throw this.unexpected(token);
  }

  private name(token: Token & { type: 'name' }): FormulaNode {
    const lower = token.value.toLowerCase();
    if (lower === 'not') return this.not(token.start);
    if (lower === 'true' || lower === 'false') return { kind: 'boolean', value: lower === 'true', start: token.start, end: token.end };
    if (!isOperator(this.peek(), '(')) throw this.unexpected(token);
    this.next();
    const args: FormulaNode[] = [];
    if (!isOperator(this.peek(), ')')) {
      for (;;) {
        args.push(this.expression(0));
        if (!isOperator(this.peek(), ',')) break;
        this.next();
      }
    }
    const close = this.expect(')');
    return this.built({ kind: 'call', name: lower, args, start: token.start, end: close.end }, args);
  }

  private not(start: number): FormulaNode {
    const operand = this.expression(NOT_OPERAND_POWER);
    return this.built({ kind: 'unary', operator: 'not', operand, start, end: operand.end }, [operand]);
  }

  private expect(value: string): Token {
    const token = this.peek();
    if (!isOperator(token, value)) {
      if (value === ')') throw syntaxError('formula.missing_parenthesis', token.start);
      throw this.unexpected(token);
    }
    return this.next();
  }
}

function tokenText(token: Token): string {
  switch (token.type) {
    case 'number':
      return String(token.value);
    case 'string':
      return `'${token.value}'`;
    case 'field':
      return `[${token.model}]`;
    case 'name':
    case 'operator':
      return token.value;
    case 'end':
      return '';
  }
}
