import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordSchema, loginNameSchema } from '../auth/schemas.js';
import { createUserSchema, updateProfileSchema } from '../users/schemas.js';
import { ERRORS } from './catalogue.js';
import { describeValidationIssues } from './validation.js';

function messages(schema: z.ZodType, value: unknown, locale: 'zh-CN' | 'en-US') {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : describeValidationIssues(result.error.issues, locale);
}

describe('validation messages in the caller’s language', () => {
  it('says which field is missing, too long, of the wrong type or unknown', () => {
    expect(messages(createUserSchema, { name: 'x', admin: 'yes', extra: 1 }, 'en-US')).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'username is required' },
        { path: 'admin', message: 'admin must be true or false' },
        { path: 'extra', message: 'Unknown field extra' },
      ]),
    );
    expect(messages(createUserSchema, { username: 'ok.name', name: 'x'.repeat(65) }, 'zh-CN')).toEqual([
      { path: 'name', message: 'name 最多 64 个字符' },
    ]);
  });

  // Spec 002 §5: "email (5 to 40 characters)"; "the two passwords are inconsistent".
  it('enforces the e-mail bounds and the password confirmation', () => {
    const profile = { name: 'A', gender: 'male', corporation: 'C' };
    expect(messages(updateProfileSchema, { ...profile, email: `${'a'.repeat(35)}@ex.org` }, 'en-US')).toEqual([
      { path: 'email', message: 'email must have at most 40 characters' },
    ]);
    expect(messages(updateProfileSchema, { ...profile, email: 'a@b.cn' }, 'en-US')).toEqual([]);
    expect(messages(changePasswordSchema, { oldPassword: 'x', newPassword: 'abc123', confirmPassword: 'abc124' }, 'en-US')).toEqual([
      { path: 'confirmPassword', message: 'The two passwords are inconsistent' },
    ]);
  });

  it('accepts login names of letters, digits, dot, underscore, @ and hyphen only', () => {
    expect(loginNameSchema.safeParse('dr.li_2@site-1').success).toBe(true);
    for (const bad of ['a', 'has space', '名字', 'x'.repeat(65)]) expect(loginNameSchema.safeParse(bad).success).toBe(false);
  });
});

describe('error catalogue', () => {
  it('has a sentence in both languages and a 4xx or 5xx status for every code', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(entry['zh-CN'], code).not.toBe('');
      expect(entry['en-US'], code).not.toBe('');
      expect(entry['zh-CN'], code).not.toBe(entry['en-US']);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
    }
  });
});
