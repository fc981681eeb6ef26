import type { FormulaMessageCode } from './messages.js';

/**
 * The syntax tree of the formula and condition language (docs/formulas.md). Calculation formulas, written
 * conditions (`logicExpression`) and the designer's show-condition lists (spec 001 §3.4) all become this one
 * tree, so the browser and the server evaluate them with the same code.
 *
 * Every node carries `start` and `end`: character offsets into the source text (0-based, end exclusive),
 * so a check can point at the exact place. Nodes compiled from a show-condition list have offsets of 0.
 */

/** A value a formula produces: a number, a text, a truth value, or `null` for blank. */
export type FormulaValue = number | string | boolean | null;

export type BinaryOperator = '+' | '-' | '*' | '/' | '^' | '=' | '<>' | '<' | '<=' | '>' | '>=' | 'and' | 'or';
export type UnaryOperator = '-' | '+' | 'not';

interface Located {
  start: number;
  end: number;
}

export interface NumberNode extends Located {
  kind: 'number';
  value: number;
}

export interface StringNode extends Located {
  kind: 'string';
  value: string;
}

export interface BooleanNode extends Located {
  kind: 'boolean';
  value: boolean;
}

/**
 * A field reference in square brackets. `[weight]` names a field; `[race(4)]` asks whether option 4 of the
 * checkbox field `race` is ticked; `[LAB.result]` names every row's value of column `result` of table `LAB`.
 */
export interface FieldNode extends Located {
  kind: 'field';
  /** The field's model, or the table's model for a column reference. */
  model: string;
  /** The column key of `[TABLE.column]`. */
  column?: string | undefined;
  /** The option code of `[checkbox(code)]`. */
  option?: string | undefined;
}

export interface UnaryNode extends Located {
  kind: 'unary';
  operator: UnaryOperator;
  operand: FormulaNode;
}

export interface BinaryNode extends Located {
  kind: 'binary';
  operator: BinaryOperator;
  left: FormulaNode;
  right: FormulaNode;
}

export interface CallNode extends Located {
  kind: 'call';
  /** Lower-cased: function names are case-insensitive. */
  name: string;
  args: FormulaNode[];
}

export type FormulaNode = NumberNode | StringNode | BooleanNode | FieldNode | UnaryNode | BinaryNode | CallNode;

/** A syntax error with its place in the text and the sentence in both languages. */
export interface FormulaError {
  code: FormulaMessageCode;
  message: string;
  messageEn: string;
  /** 0-based character offset where the problem was found. */
  position: number;
}

export type ParseResult = { ok: true; ast: FormulaNode } | { ok: false; error: FormulaError };

/** The name a reference is known by in the dependency graph: `model`, or `TABLE.column`. */
export function referenceName(node: FieldNode): string {
  return node.column === undefined ? node.model : `${node.model}.${node.column}`;
}

/** The children of a node, in reading order. */
export function childrenOf(node: FormulaNode): readonly FormulaNode[] {
  switch (node.kind) {
    case 'unary':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'call':
      return node.args;
    case 'number':
    case 'string':
    case 'boolean':
    case 'field':
      return [];
  }
}
