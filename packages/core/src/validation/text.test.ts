import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeValidationIssues } from '../errors/validation.js';
import { dbBigint, dbId, dbInt, INT_MAX, multilineText, queryId, rawText, safeText } from './text.js';

const messages = (schema: z.ZodType, value: unknown, locale: 'zh-CN' | 'en-US' = 'en-US') => {
  const result = schema.safeParse(value);
  return result.success ? [] : describeValidationIssues(result.error.issues, locale).map((issue) => issue.message);
};

describe('text rule (ARCHITECTURE §4: bad input is a 400)', () => {
  it('refuses NUL and every control character in one line of text, in both languages', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\tb', 'a\nb', 'a\rb', 'a\u007Fb', 'a\u009Bb', 'a\u2028b']) {
      expect(safeText().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(messages(safeText(), 'x\u0000')).toEqual(['body contains a control character that is not allowed']);
    expect(messages(z.object({ name: safeText() }), { name: 'x\u0000' }, 'zh-CN')).toEqual(['name 含有不允许的控制字符']);
  });

  it('refuses bidirectional overrides and isolates in names and codes', () => {
    for (const bad of ['abc\u202Edef', '\u202Aa', 'a\u2066b', 'a\u2069', 'a\u061Cb']) {
      expect(safeText().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(messages(z.object({ code: safeText() }), { code: 'A\u202E1' })).toEqual(['code contains a text-direction control character that is not allowed']);
  });

  it('keeps ordinary text, trims it, and still chains length rules', () => {
    expect(safeText().parse('  协和医院 PUMCH – ü ')).toBe('协和医院 PUMCH – ü');
    expect(safeText().min(1).max(3).safeParse('abcd').success).toBe(false);
    expect(safeText().min(1).safeParse('   ').success).toBe(false);
  });

  it('allows tab and newlines only in multi-line text', () => {
    expect(multilineText().parse('line one\n\tline two\r\n')).toBe('line one\n\tline two\r\n');
    expect(multilineText().safeParse('a\u0000b').success).toBe(false);
    expect(multilineText().safeParse('a\u001Bb').success).toBe(false);
    expect(rawText().safeParse(' pass word ').success).toBe(true);
    expect(rawText().safeParse('pass\u0000').success).toBe(false);
  });
});

describe('integer rule: numbers fit their column', () => {
  it('bounds integers to PostgreSQL integer and ids to positive integers', () => {
    expect(dbInt().safeParse(INT_MAX).success).toBe(true);
    expect(dbInt().safeParse(2 ** 31).success).toBe(false);
    expect(dbInt().safeParse(-(2 ** 31) - 1).success).toBe(false);
    expect(dbId().safeParse(1).success).toBe(true);
    for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 63, '1', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(dbId().safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(dbBigint().safeParse(2 ** 40).success).toBe(true);
    expect(dbBigint().safeParse(2 ** 63).success).toBe(false);
  });

  it('reads ids from a path or query string and refuses what is not one', () => {
    expect(queryId().parse('42')).toBe(42);
    for (const bad of ['0', '-3', '1.5', '2147483648', '9223372036854775808', 'abc', '', ['1', '2']]) {
      expect(queryId().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
