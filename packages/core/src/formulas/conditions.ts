import type { ConditionOperator, ShowCondition, Widget } from '../panels/schema.js';
import type { BinaryOperator, FieldNode, FormulaNode, ParseResult } from './ast.js';
import { compileFormula } from './compile.js';
import type { FormulaScope } from './evaluate.js';
import { evaluateFormula } from './evaluate.js';
import { isTruthy } from './values.js';

/**
 * Show conditions (spec 001 §3.4) compile to the same tree as written formulas, so one evaluator decides
 * whether a widget is shown in the browser and whether the server keeps its value (spec 002 §4: hiding a
 * field clears its value).
 */

/**
 * Spec 001 §9: greater, less, equal, not less, not greater, not equal. A Map, so an operator stored as
 * 'constructor' finds nothing instead of a member every object inherits.
 */
const OPERATOR_OF: ReadonlyMap<string, BinaryOperator> = new Map<ConditionOperator, BinaryOperator>([
  ['gt', '>'],
  ['lt', '<'],
  ['eq', '='],
  ['ge', '>='],
  ['le', '<='],
  ['ne', '<>'],
]);

const OPTION_REFERENCE = /^([A-Za-z_][A-Za-z0-9_]*)\(([A-Za-z0-9_-]+)\)$/;

function conditionField(eName: string): FieldNode {
  const option = OPTION_REFERENCE.exec(eName);
  if (option?.[1] && option[2]) return { kind: 'field', model: option[1], option: option[2], start: 0, end: 0 };
  return { kind: 'field', model: eName, start: 0, end: 0 };
}

function join(operator: 'and' | 'or', nodes: FormulaNode[]): FormulaNode | null {
  let result: FormulaNode | null = null;
  for (const node of nodes) {
    result = result === null ? node : { kind: 'binary', operator, left: result, right: node, start: 0, end: 0 };
  }
  return result;
}

/**
 * The tree of a show-condition list. Connectors bind as in the written language: `&&` before `||`, so
 * `a || b && c` is `a or (b and c)`. Two comparisons with no connector between them are joined by `&&`;
 * a leading or trailing connector, items with no field and items with an unknown operator are ignored. An
 * empty list gives null.
 */
export function compileShowConditions(conditions: readonly ShowCondition[]): FormulaNode | null {
  const groups: FormulaNode[][] = [[]];
  for (const item of conditions) {
    if ('appendix' in item) {
      if (item.appendix === '||' && (groups.at(-1)?.length ?? 0) > 0) groups.push([]);
      continue;
    }
    const model = item.eName.trim();
    const operator = OPERATOR_OF.get(item.evalType);
    if (model === '' || operator === undefined) continue;
    groups.at(-1)?.push({
      kind: 'binary',
      operator,
      left: conditionField(model),
      right: { kind: 'string', value: item.value, start: 0, end: 0 },
      start: 0,
      end: 0,
    });
  }
  const ands = groups.map((group) => join('and', group)).filter((node): node is FormulaNode => node !== null);
  return join('or', ands);
}

/** Compiled once per list object; the renderer asks on every change. */
const showConditionCache = new WeakMap<readonly ShowCondition[], FormulaNode | null>();

function compileShowConditionsCached(conditions: readonly ShowCondition[]): FormulaNode | null {
  if (showConditionCache.has(conditions)) return showConditionCache.get(conditions) ?? null;
  const node = compileShowConditions(conditions);
  showConditionCache.set(conditions, node);
  return node;
}

/**
 * A widget's effective show condition: `logicExpression` when set, else `showConditions` when
 * `showOnCondition` is ticked, else null (always shown).
 */
export function widgetCondition(widget: Pick<Widget, 'options'>): ParseResult | null {
  const { logicExpression, showOnCondition, showConditions } = widget.options;
  if (logicExpression !== undefined && logicExpression.trim() !== '') return compileFormula(logicExpression);
  if (showOnCondition === true && showConditions && showConditions.length > 0) {
    const ast = compileShowConditionsCached(showConditions);
    return ast === null ? null : { ok: true, ast };
  }
  return null;
}

/**
 * Whether a widget is shown. A condition that cannot be read shows the widget, so a design mistake never
 * hides (and clears) entered data; the designer reports the mistake instead.
 */
export function isWidgetShown(widget: Pick<Widget, 'options'>, scope: FormulaScope): boolean {
  const condition = widgetCondition(widget);
  if (condition === null || !condition.ok) return true;
  return isTruthy(evaluateFormula(condition.ast, scope));
}
