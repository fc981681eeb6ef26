import { CALCULATION_FORMULA_MAX } from '../panels/constants.js';
import type { WidgetType } from '../panels/schema.js';
import type { FormulaNode } from './ast.js';
import { referenceName } from './ast.js';
import { compileFormula } from './compile.js';
import { parseDatediffUnit } from './dates.js';
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

/**
 * Every problem a designer should fix in a formula (issue 4 item 2): syntax, length over 200 characters
 * (spec 001 §5.2), unknown fields and functions, wrong argument counts, checkbox options on a field that is
 * not a checkbox, a table column outside a function that takes lists, and an unknown datediff unit.
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
  visit(parsed.ast, false, knownFields, issues);
  return issues;
}

function issueAt(code: FormulaMessageCode, node: FormulaNode, params: Record<string, string | number> = {}): FormulaIssue {
  return { ...formulaMessage(code, { position: node.start + 1, ...params }), position: node.start };
}

function visit(node: FormulaNode, insideListFunction: boolean, knownFields: KnownFields, issues: FormulaIssue[]): void {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return;
    case 'field': {
      const name = referenceName(node);
      const known = knownFields.get(name);
      if (!known) {
        issues.push(issueAt('formula.unknown_field', node, { field: name }));
      } else if (node.option !== undefined && known.type !== 'checkbox') {
        issues.push(issueAt('formula.not_checkbox', node, { field: name, option: node.option }));
      } else if (node.column !== undefined && !insideListFunction) {
        issues.push(issueAt('formula.column_outside_aggregate', node, { field: name }));
      }
      return;
    }
    case 'unary':
      visit(node.operand, false, knownFields, issues);
      return;
    case 'binary':
      visit(node.left, false, knownFields, issues);
      visit(node.right, false, knownFields, issues);
      return;
    case 'call':
      checkCall(node, knownFields, issues);
      return;
  }
}

function checkCall(node: FormulaNode & { kind: 'call' }, knownFields: KnownFields, issues: FormulaIssue[]): void {
  const fn = lookupFunction(node.name);
  if (!fn) {
    issues.push(issueAt('formula.unknown_function', node, { name: node.name }));
  } else if (node.args.length < fn.minArgs || node.args.length > fn.maxArgs) {
    issues.push(issueAt('formula.arity', node, { name: node.name, actual: node.args.length, ...expectedCount(fn.minArgs, fn.maxArgs) }));
  }
  const unit = node.name === 'datediff' ? node.args[2] : undefined;
  if (unit?.kind === 'string' && parseDatediffUnit(unit.value) === null) {
    issues.push(issueAt('formula.invalid_unit', unit, { unit: unit.value }));
  }
  const takesLists = LIST_FUNCTIONS.has(node.name);
  for (const arg of node.args) visit(arg, takesLists, knownFields, issues);
}

function expectedCount(min: number, max: number): { expected: string; expectedEn: string } {
  if (min === max) return { expected: String(min), expectedEn: String(min) };
  if (!Number.isFinite(max)) return { expected: `至少 ${String(min)}`, expectedEn: `at least ${String(min)}` };
  return { expected: `${String(min)} 到 ${String(max)}`, expectedEn: `${String(min)} to ${String(max)}` };
}
