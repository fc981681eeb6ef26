import type { FormulaValue } from './ast.js';
import type { FormulaScope } from './evaluate.js';
import { evaluateFormula } from './evaluate.js';
import { parseFormula } from './parser.js';

/** Tests fix today, so date functions give the same answer on any day. */
export const TEST_TODAY = '2024-06-15';

export function scopeOf(values: Record<string, unknown> = {}, today = TEST_TODAY): FormulaScope {
  return { value: (model) => values[model], today: () => today };
}

/** Parses and evaluates, failing the test loudly if the text does not parse. */
export function run(text: string, values: Record<string, unknown> = {}): FormulaValue {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new Error(`${text} does not parse: ${parsed.error.messageEn}`);
  return evaluateFormula(parsed.ast, scopeOf(values));
}
