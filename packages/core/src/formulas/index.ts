export type {
  BinaryNode,
  BinaryOperator,
  BooleanNode,
  CallNode,
  FieldNode,
  FormulaError,
  FormulaNode,
  FormulaValue,
  NumberNode,
  ParseResult,
  StringNode,
  UnaryNode,
  UnaryOperator,
} from './ast.js';
export { referenceName } from './ast.js';
export { FORMULA_MESSAGES, formulaMessage } from './messages.js';
export type { FormulaMessage, FormulaMessageCode } from './messages.js';
export { parseFormula } from './parser.js';
export { compileFormula } from './compile.js';
export { evaluateFormula, formulaReferences } from './evaluate.js';
export type { FormulaScope } from './evaluate.js';
export { FUNCTIONS, lookupFunction, roundTo } from './functions.js';
export type { FormulaFunction } from './functions.js';
export { DATEDIFF_UNITS, parseDateTime, parseDatediffUnit } from './dates.js';
export type { DateOrder, DatediffUnit } from './dates.js';
export { FORMULA_DECIMALS, isBlank as isBlankValue, isTruthy as isTruthyValue, toNumber as formulaNumber } from './values.js';
export { compileShowConditions, isWidgetShown, widgetCondition } from './conditions.js';
export { checkFormula } from './check.js';
export type { FormulaIssue, KnownFields } from './check.js';
export { buildFormulaGraph, graphNodeId, resolveReference } from './graph.js';
export type { FormulaGraph, FormulaGraphNode } from './graph.js';
export { formatFormulaValue } from './format.js';
export * from './panel-check.js';
