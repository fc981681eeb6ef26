import { generateRules, mergeRules, textMaxLength } from '@dcap/core';
import type { Widget } from '@dcap/core';

/**
 * A field's complaint. Rule messages come from the widget's rules in both languages (spec 001 §5.2); limits
 * the rules do not word (length, range) are worded by the renderer's catalogue.
 */
export type FieldError =
  | { kind: 'rule'; message: string; messageEn: string }
  | { kind: 'limit'; key: 'renderer.validation.maxlength' | 'renderer.validation.min' | 'renderer.validation.max'; params: Record<string, string | number> };

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const NUMBER_PATTERNS = {
  number: /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/,
  float: /^[-+]?(\d+(\.\d*)?|\.\d+)$/,
  integer: /^[-+]?\d+$/,
} as const;

function matchesType(type: 'string' | 'number' | 'integer' | 'float' | 'url', value: unknown): boolean {
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

/** The first complaint about a value, or null. Blank values only fail a required rule. */
export function checkFieldValue(widget: Widget, value: unknown): FieldError | null {
  // Spec 002 §5: rules declared on the widget and those its settings imply are merged.
  const rules = mergeRules(widget.rules, generateRules(widget));
  for (const rule of rules) {
    if (rule.required && isBlank(value)) return { kind: 'rule', message: rule.message, messageEn: rule.messageEn };
  }
  if (isBlank(value)) return null;
  for (const rule of rules) {
    const typeFails = rule.type !== undefined && !matchesType(rule.type, value);
    const patternFails = rule.pattern !== undefined && typeof value === 'string' && safePattern(rule.pattern)?.test(value) === false;
    if (typeFails || patternFails) return { kind: 'rule', message: rule.message, messageEn: rule.messageEn };
  }
  if (typeof value === 'string' && (widget.type === 'input' || widget.type === 'textarea')) {
    const max = textMaxLength(widget);
    if (value.length > max) return { kind: 'limit', key: 'renderer.validation.maxlength', params: { max } };
  }
  const number = typeof value === 'number' ? value : widget.type === 'number' || widget.type === 'slider' ? Number(value) : Number.NaN;
  const { min, max } = widget.options;
  if (Number.isFinite(number) && widget.type !== 'rate') {
    if (min !== undefined && number < min) return { kind: 'limit', key: 'renderer.validation.min', params: { min } };
    if (max !== undefined && number > max) return { kind: 'limit', key: 'renderer.validation.max', params: { max } };
  }
  return null;
}
