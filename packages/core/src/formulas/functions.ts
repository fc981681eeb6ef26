import type { FormulaValue } from './ast.js';
import type { DateOrder } from './dates.js';
import { ageInYears, dateDifference, parseDateTime, parseDatediffUnit } from './dates.js';
import type { EvaluatedValue } from './values.js';
import { collapse, isBlank, isList, isTruthy, normaliseNumber, presentValues, toNumber, toText } from './values.js';

/**
 * The functions of the formula language (docs/formulas.md, "Functions"). Names are case-insensitive; the
 * parser lower-cases them. `if` is evaluated lazily by the evaluator and only described here.
 */

export interface FunctionContext {
  /** Today as YYYY-MM-DD, from the scope, so tests and the server fix the clock. */
  today(): string;
}

export interface FormulaFunction {
  minArgs: number;
  maxArgs: number;
  /** Takes whole lists (`[TABLE.column]`, checkbox values) instead of single values. */
  acceptsLists: boolean;
  apply(args: readonly EvaluatedValue[], context: FunctionContext): FormulaValue;
}

const MANY = Number.POSITIVE_INFINITY;

function scalar(args: readonly EvaluatedValue[], index: number): FormulaValue {
  const value = args[index];
  return value === undefined ? null : collapse(value);
}

function number(args: readonly EvaluatedValue[], index: number): number | null {
  return toNumber(scalar(args, index));
}

/** The numbers among the arguments, blanks and non-numeric texts skipped (REDCap's sum, mean, min, max). */
function numbers(args: readonly EvaluatedValue[]): number[] {
  return presentValues(args)
    .map((value) => toNumber(value))
    .filter((value): value is number => value !== null);
}

function aggregate(compute: (values: number[]) => number | null): FormulaFunction {
  return {
    minArgs: 1,
    maxArgs: MANY,
    acceptsLists: true,
    apply: (args) => {
      const values = numbers(args);
      if (values.length === 0) return null;
      const result = compute(values);
      return result === null ? null : normaliseNumber(result);
    },
  };
}

function unary(compute: (value: number) => number): FormulaFunction {
  return {
    minArgs: 1,
    maxArgs: 1,
    acceptsLists: false,
    apply: (args) => {
      const value = number(args, 0);
      return value === null ? null : normaliseNumber(compute(value));
    },
  };
}

/** Moves the decimal point by `places` through the exponent, so 1.005 rounds to 1.01 and not 1.00. */
function shift(value: number, places: number): number {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${String(Number(exponent) + places)}`);
}

type RoundMode = 'nearest' | 'down' | 'up';

/** Rounding of magnitudes, then the sign put back: half away from zero; down toward zero; up away from zero. */
export function roundTo(value: number, places: number, mode: RoundMode): number {
  const digits = Math.trunc(places);
  const magnitude = shift(Math.abs(value), digits);
  // Beyond 2^53 a double has no fraction left to round at this place; rounding would only overflow.
  if (!Number.isFinite(magnitude) || magnitude >= Number.MAX_SAFE_INTEGER) return value;
  const step = mode === 'nearest' ? Math.round(magnitude) : mode === 'down' ? Math.floor(magnitude) : Math.ceil(magnitude);
  const result = Math.sign(value) * shift(step, -digits);
  return Object.is(result, -0) ? 0 : result;
}

function rounding(mode: RoundMode): FormulaFunction {
  return {
    minArgs: 1,
    maxArgs: 2,
    acceptsLists: false,
    apply: (args) => {
      const value = number(args, 0);
      const places = args.length > 1 ? number(args, 1) : 0;
      if (value === null || places === null || Math.abs(places) > 15) return null;
      return normaliseNumber(roundTo(value, places, mode));
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** Sample standard deviation (n - 1), as REDCap; one value gives blank rather than a division by zero. */
function stdev(values: number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((total, value) => total + value, 0) / values.length;
  const squares = values.reduce((total, value) => total + (value - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/** A date argument: a date text, or REDCap's 'today' and 'now' (both mean today, the scope has no clock time). */
function dateArgument(value: FormulaValue, order: DateOrder, context: FunctionContext): number | null {
  if (typeof value === 'string' && ['today', 'now'].includes(value.trim().toLowerCase())) return parseDateTime(context.today());
  return parseDateTime(value, order);
}

const datediff: FormulaFunction = {
  minArgs: 3,
  maxArgs: 5,
  acceptsLists: false,
  // REDCap: datediff(date1, date2, unit[, dateformat][, returnSignedValue]); unsigned unless asked.
  apply: (args, context) => {
    const unit = parseDatediffUnit(toText(scalar(args, 2)));
    let order: DateOrder = 'ymd';
    let signed = false;
    for (const extra of [scalar(args, 3), scalar(args, 4)]) {
      const word = typeof extra === 'string' ? extra.trim().toLowerCase() : extra;
      if (word === 'ymd' || word === 'dmy' || word === 'mdy') order = word;
      else if (word === 'true' || (word !== null && typeof word !== 'string' && isTruthy(word))) signed = true;
    }
    const from = dateArgument(scalar(args, 0), order, context);
    const to = dateArgument(scalar(args, 1), order, context);
    if (unit === null || from === null || to === null) return null;
    const difference = dateDifference(from, to, unit);
    return normaliseNumber(signed ? difference : Math.abs(difference));
  },
};

export const FUNCTIONS: Readonly<Record<string, FormulaFunction>> = {
  // Lazy: the evaluator picks a branch; this entry gives its arity to the checker.
  if: { minArgs: 3, maxArgs: 3, acceptsLists: false, apply: (args) => (isTruthy(scalar(args, 0)) ? scalar(args, 1) : scalar(args, 2)) },
  sum: aggregate((values) => values.reduce((total, value) => total + value, 0)),
  mean: aggregate((values) => values.reduce((total, value) => total + value, 0) / values.length),
  min: aggregate((values) => Math.min(...values)),
  max: aggregate((values) => Math.max(...values)),
  median: aggregate(median),
  stdev: aggregate(stdev),
  round: rounding('nearest'),
  rounddown: rounding('down'),
  roundup: rounding('up'),
  abs: unary(Math.abs),
  sqrt: unary(Math.sqrt),
  mod: {
    minArgs: 2,
    maxArgs: 2,
    acceptsLists: false,
    // The remainder takes the sign of the dividend (mod(-7, 3) = -1); a divisor of 0 gives blank.
    apply: (args) => {
      const dividend = number(args, 0);
      const divisor = number(args, 1);
      if (dividend === null || divisor === null || divisor === 0) return null;
      return normaliseNumber(dividend % divisor);
    },
  },
  concat: {
    minArgs: 1,
    maxArgs: MANY,
    acceptsLists: true,
    // Blank fields add nothing; a written text such as ' ' is kept as it is.
    apply: (args) => {
      const parts = args.flatMap((value): readonly FormulaValue[] => (isList(value) ? value : [value])).filter((value) => value !== null);
      const text = parts.map((value) => toText(value)).join('');
      return text === '' ? null : text;
    },
  },
  contains: {
    minArgs: 2,
    maxArgs: 2,
    acceptsLists: false,
    // Case-insensitive, as REDCap; a blank text contains nothing, and a blank part is not looked for.
    apply: (args) => {
      const text = scalar(args, 0);
      const part = scalar(args, 1);
      if (text === null || part === null) return false;
      return toText(text).toLowerCase().includes(toText(part).toLowerCase());
    },
  },
  datediff,
  age: {
    minArgs: 1,
    maxArgs: 2,
    acceptsLists: false,
    apply: (args, context) => {
      const birth = dateArgument(scalar(args, 0), 'ymd', context);
      const reference = args.length > 1 ? dateArgument(scalar(args, 1), 'ymd', context) : parseDateTime(context.today());
      if (birth === null || reference === null) return null;
      return ageInYears(birth, reference);
    },
  },
  today: { minArgs: 0, maxArgs: 0, acceptsLists: false, apply: (_args, context) => context.today() },
  isblank: { minArgs: 1, maxArgs: 1, acceptsLists: true, apply: (args) => isBlank(args[0]) },
};

export function lookupFunction(name: string): FormulaFunction | undefined {
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
}
