import type { FormRule } from 'antd';
import type { ResponseSchema } from '../api/client';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A form rule that runs one of core's schemas, so the browser checks exactly what the server will check
 * (ARCHITECTURE §2: a rule both sides need is written once, in core). Blank values are left to `required`.
 */
export function schemaRule(schema: ResponseSchema<unknown>, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      isBlank(value) || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/**
 * Spec 000 §5 asks for a phone format check; core limits only the length, so this accepts the common
 * written forms (digits with an optional leading +, spaces or hyphens) without guessing a country.
 */
const PHONE_PATTERN = /^\+?\d[\d\s-]{4,30}$/;

export function phoneRule(message: string): FormRule {
  return { pattern: PHONE_PATTERN, message };
}

/** Optional text fields travel as null rather than an empty string. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
