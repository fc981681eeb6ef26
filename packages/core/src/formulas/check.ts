import { CALCULATION_FORMULA_MAX } from '../panels/constants.js';
import type { WidgetType } from '../panels/schema.js';
import type { BinaryOperator, CallNode, FieldNode, FormulaNode } from './ast.js';
import { childrenOf, referenceName } from './ast.js';
import { compileFormula } from './compile.js';
import { hasTwoDigitYear, parseDatediffUnit } from './dates.js';
import { lookupFunction } from './functions.js';
import type { FormulaMessageCode } from './messages.js';
import { formulaMessage } from './messages.js';

/** A design-time problem of one formula, with where it is (0-based offset, or null for the whole formula). */
export interface FormulaIssue {
  code: FormulaMessageCode;
  message: string;
  messageEn: string;
  position: number | null;
}

export type KnownFields = ReadonlyMap<string, { type: WidgetType }>;

/** Functions that take a whole table column `[TABLE.column]` (docs/formulas.md, "Tables"). */
const LIST_FUNCTIONS = new Set(['sum', 'mean', 'min', 'max', 'median', 'stdev', 'concat', 'isblank']);
/** Functions whose first two arguments are dates. */
const DATE_FUNCTIONS = new Set(['datediff', 'age']);
const COMPARISONS = new Set<BinaryOperator>(['=', '<>', '<', '<=', '>', '>=']);

/**
 * Every problem a designer should fix in a formula (docs/formulas.md, "Design-time checks"): syntax, length over 200 characters
 * (spec 001 §5.2), unknown fields and functions, wrong argument counts, checkbox options on a field that is
 * not a checkbox, a table column outside a function that takes lists, an unknown datediff unit, and a date
 * written with a two-digit year.
 * `knownFields` holds the models formulas may name, `TABLE.column` for table columns and, inside a table,
 * the bare keys of the same table's columns.
 */
export function checkFormula(text: string, knownFields: KnownFields): FormulaIssue[] {
  const issues: FormulaIssue[] = [];
  if (text.length > CALCULATION_FORMULA_MAX) {
    issues.push({ ...formulaMessage('formula.too_long', { length: text.length, max: CALCULATION_FORMULA_MAX }), position: null });
  }
  const parsed = compileFormula(text);
  if (!parsed.ok) {
    issues.push({ ...parsed.error });
    return issues;
  }
  visit(parsed.ast, knownFields, issues);
  return issues;
}

function issueAt(code: FormulaMessageCode, node: FormulaNode, params: Record<string, string | number> = {}): FormulaIssue {
  return { ...formulaMessage(code, { position: node.start + 1, ...params }), position: node.start };
}

/**
 * Every node in reading order, each with whether it is an argument of a function that takes table columns.
 * A stack of its own rather than the call stack, so a deep tree cannot overflow it (docs/formulas.md, "Limits").
 */
function visit(root: FormulaNode, knownFields: KnownFields, issues: FormulaIssue[]): void {
  const pending: { node: FormulaNode; insideListFunction: boolean }[] = [{ node: root, insideListFunction: false }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const { node, insideListFunction } = entry;
    if (node.kind === 'field') checkField(node, insideListFunction, knownFields, issues);
    if (node.kind === 'call') checkCall(node, issues);
    if (node.kind === 'binary' && COMPARISONS.has(node.operator)) checkDateLiterals([node.left, node.right], issues);
    const takesLists = node.kind === 'call' && LIST_FUNCTIONS.has(node.name);
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child) pending.push({ node: child, insideListFunction: takesLists });
    }
  }
}

function checkField(node: FieldNode, insideListFunction: boolean, knownFields: KnownFields, issues: FormulaIssue[]): void {
  const name = referenceName(node);
  const known = knownFields.get(name);
  if (!known) {
    issues.push(issueAt('formula.unknown_field', node, { field: name }));
  } else if (node.option !== undefined && known.type !== 'checkbox') {
    issues.push(issueAt('formula.not_checkbox', node, { field: name, option: node.option }));
  } else if (node.column !== undefined && !insideListFunction) {
    issues.push(issueAt('formula.column_outside_aggregate', node, { field: name }));
  }
}

function checkCall(node: CallNode, issues: FormulaIssue[]): void {
  const fn = lookupFunction(node.name);
  if (!fn) {
    issues.push(issueAt('formula.unknown_function', node, { name: node.name }));
  } else if (node.args.length < fn.minArgs || node.args.length > fn.maxArgs) {
    issues.push(issueAt('formula.arity', node, { name: node.name, actual: node.args.length, ...expectedCount(fn.minArgs, fn.maxArgs) }));
  }
  if (DATE_FUNCTIONS.has(node.name)) checkDateLiterals(node.args.slice(0, 2), issues);
  const unit = node.name === 'datediff' ? node.args[2] : undefined;
  if (unit?.kind === 'string' && parseDatediffUnit(unit.value) === null) {
    issues.push(issueAt('formula.invalid_unit', unit, { unit: unit.value }));
  }
}

/** A date written as a text with a two-digit year, where a date is expected (docs/formulas.md, "Dates"). */
function checkDateLiterals(nodes: readonly FormulaNode[], issues: FormulaIssue[]): void {
  for (const node of nodes) {
    if (node.kind === 'string' && hasTwoDigitYear(node.value)) issues.push(issueAt('formula.two_digit_year', node, { text: node.value }));
  }
}

function expectedCount(min: number, max: number): { expected: string; expectedEn: string } {
  if (min === max) return { expected: String(min), expectedEn: String(min) };
  if (!Number.isFinite(max)) return { expected: `至少 ${String(min)}`, expectedEn: `at least ${String(min)}` };
  return { expected: `${String(min)} 到 ${String(max)}`, expectedEn: `${String(min)} to ${String(max)}` };
}
