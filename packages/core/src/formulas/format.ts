import type { FormulaValue } from './ast.js';
import { roundTo } from './functions.js';
import { normaliseNumber } from './values.js';

/**
 * The text a computed field shows. Blank shows as nothing and a number that is not finite is never shown
 * (spec 002 §5: a formula value is shown as a number only if it is not NaN). With a precision, numbers are
 * rounded half away from zero to that many decimals and padded (`precision` of the widget, spec 001 §5.2);
 * without one they show as computed. Truth values show as 1 and 0.
 */
export function formatFormulaValue(value: FormulaValue, precision?: number | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string') return value;
  const normalised = normaliseNumber(value);
  if (normalised === null) return '';
  if (precision === undefined || precision === null || !Number.isInteger(precision) || precision < 0 || precision > 20) {
    return String(normalised);
  }
  const rounded = roundTo(normalised, precision, 'nearest');
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(precision);
}
