import { generateRules, mergeRules, textMaxLength } from '../panels/rules.js';
import type { Widget, WidgetRule } from '../panels/schema.js';
import { widgetTypeFacts } from './widget-types.js';

/**
 * A complaint about a field's value, by code with its parameters, never a sentence: the browser words it
 * from its catalogue, the server from its own. Rule complaints carry the panel's own wording of the rule
 * (spec 001 §5.2: each widget's rule has its message in both languages) as `message` and `messageEn`.
 */
export type FormErrorCode = 'form.required' | 'form.format' | 'form.pattern' | 'form.maxlength' | 'form.min' | 'form.max';

export interface FormError {
  code: FormErrorCode;
  params: Readonly<Record<string, string | number>>;
}

/** The codes whose wording is the panel's own rule message rather than the catalogue's. */
export const RULE_ERROR_CODES: readonly FormErrorCode[] = ['form.required', 'form.format', 'form.pattern'];

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const NUMBER_PATTERNS = {
  number: /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/,
  float: /^[-+]?(\d+(\.\d*)?|\.\d+)$/,
  integer: /^[-+]?\d+$/,
} as const;

/** The WHATWG URL parser, present in browsers and Node alike; core compiles without either's types. */
declare const URL: { canParse(url: string): boolean };

function matchesType(type: NonNullable<WidgetRule['type']>, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number';
    case 'url':
      return typeof value === 'string' && URL.canParse(value);
    case 'number':
    case 'integer':
    case 'float':
      return typeof value === 'number' ? Number.isFinite(value) && (type !== 'integer' || Number.isInteger(value)) : NUMBER_PATTERNS[type].test(String(value).trim());
  }
}

function safePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

const ruleError = (code: FormErrorCode, rule: WidgetRule): FormError => ({ code, params: { message: rule.message, messageEn: rule.messageEn } });

/** The first complaint about a value, or null. Blank values only fail a required rule. */
export function checkFieldValue(widget: Widget, value: unknown): FormError | null {
  // Spec 002 §5: rules declared on the widget and those its settings imply are merged.
  const rules = mergeRules(widget.rules, generateRules(widget));
  for (const rule of rules) {
    if (rule.required && isBlank(value)) return ruleError('form.required', rule);
  }
  if (isBlank(value)) return null;
  for (const rule of rules) {
    if (rule.type !== undefined && !matchesType(rule.type, value)) return ruleError('form.format', rule);
    if (rule.pattern !== undefined && typeof value === 'string' && safePattern(rule.pattern)?.test(value) === false) return ruleError('form.pattern', rule);
  }
  const facts = widgetTypeFacts(widget.type);
  if (typeof value === 'string' && facts.textLength) {
    const max = textMaxLength(widget);
    if (value.length > max) return { code: 'form.maxlength', params: { max } };
  }
  const number = typeof value === 'number' ? value : facts.numericRange ? Number(value) : Number.NaN;
  const { min, max } = widget.options;
  // A rate's max is its number of stars, not a bound (spec 001 §3.3).
  if (Number.isFinite(number) && widget.type !== 'rate') {
    if (min !== undefined && number < min) return { code: 'form.min', params: { min } };
    if (max !== undefined && number > max) return { code: 'form.max', params: { max } };
  }
  return null;
}
