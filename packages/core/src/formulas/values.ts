import type { FormulaValue } from './ast.js';

/**
 * How values from the form become formula values, and the rules of blank (docs/formulas.md, "Blank
 * values" and "Precision").
 */

/** Results are rounded to this many decimal places, so 0.1 + 0.2 gives 0.3 (docs/formulas.md, "Precision"). */
export const FORMULA_DECIMALS = 10;

/**
 * A field value as the evaluator sees it: a single value, or a list (the ticked options of a checkbox, or
 * every row's value of a table column named `[TABLE.column]`).
 */
export type EvaluatedValue = FormulaValue | readonly FormulaValue[];

const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Blank is null, undefined, NaN, an infinite number, or a text of only spaces; an empty list is blank too. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((item) => isBlank(item));
  return false;
}

/** Rounds away floating-point artefacts; a result that is not a finite number is blank. */
export function normaliseNumber(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const rounded = Number(value.toFixed(FORMULA_DECIMALS));
  // toFixed keeps full precision only below 1e21; larger values are left as they are.
  const result = Math.abs(value) < 1e21 ? rounded : value;
  return Object.is(result, -0) ? 0 : result;
}

/** Turns what a value store holds into a formula value: strings, numbers and truth values; anything else blank. */
export function fromScopeValue(raw: unknown): EvaluatedValue {
  if (Array.isArray(raw)) return raw.map((item) => toScalar(item));
  return toScalar(raw);
}

function toScalar(raw: unknown): FormulaValue {
  if (isBlank(raw)) return null;
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'bigint') return Number(raw);
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : dateText(raw);
  return null;
}

/** A Date from a value store as the calendar date (and time, when it has one) the user saw, in local time. */
function dateText(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const hasTime = date.getHours() !== 0 || date.getMinutes() !== 0 || date.getSeconds() !== 0;
  return hasTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : day;
}

/**
 * The number a value stands for: numbers as they are, numeric texts such as '2' or ' 1.5 ' (REDCap compares
 * `[sex] = '2'` equal to 2), true as 1 and false as 0. Blank and other texts give null.
 */
export function toNumber(value: FormulaValue): number | null {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const trimmed = value.trim();
  return NUMERIC_TEXT.test(trimmed) ? Number(trimmed) : null;
}

/** Truth of a value: blank, 0, '0', '' and false are false; any other number or text is true. */
export function isTruthy(value: FormulaValue): boolean {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  const number = toNumber(value);
  if (number !== null) return number !== 0;
  return typeof value === 'string' && value.trim() !== '';
}

/** A list as a single value, outside the functions that take lists: blank when empty, else its values joined. */
export function collapse(value: EvaluatedValue): FormulaValue {
  if (!isList(value)) return value;
  const present = value.filter((item) => item !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0] ?? null;
  return present.map((item) => toText(item)).join(',');
}

export function isList(value: EvaluatedValue): value is readonly FormulaValue[] {
  return Array.isArray(value);
}

/** The text of a value: numbers without artefacts, truth values as 1 and 0, blank as ''. */
export function toText(value: FormulaValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(normaliseNumber(value) ?? '');
  return value;
}

/** Every value of a list of arguments, lists flattened, blanks left out: what sum, mean, min and max see. */
export function presentValues(values: readonly EvaluatedValue[]): FormulaValue[] {
  const result: FormulaValue[] = [];
  for (const value of values) {
    for (const item of isList(value) ? value : [value]) {
      if (!isBlank(item)) result.push(item);
    }
  }
  return result;
}
