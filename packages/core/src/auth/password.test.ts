import { describe, expect, it } from 'vitest';
import { isPasswordAcceptable, passwordStrength } from './password.js';

// Spec 000 §5: "password strength levels strong, medium, low, too short; password length … 6 to 100".
describe('passwordStrength', () => {
  it.each([
    ['', 'too_short'],
    ['Ab1!', 'too_short'],
    ['abcde', 'too_short'],
    ['abcdef', 'low'],
    ['123456', 'low'],
    ['ABCDEFGH', 'low'],
    ['abc123', 'medium'],
    ['abcdef!', 'medium'],
    ['Abcdef12', 'strong'],
    ['abc12!xy', 'strong'],
    ['Abc12!', 'medium'],
  ] as const)('%s is %s', (password, level) => {
    expect(passwordStrength(password)).toBe(level);
  });
});

describe('isPasswordAcceptable', () => {
  it('accepts medium and strong passwords of 6 to 100 characters only', () => {
    expect(isPasswordAcceptable('abc123')).toBe(true);
    expect(isPasswordAcceptable('Abcdef12')).toBe(true);
    expect(isPasswordAcceptable('abcdef')).toBe(false);
    expect(isPasswordAcceptable('ab1')).toBe(false);
    expect(isPasswordAcceptable(`a1${'x'.repeat(98)}`)).toBe(true);
    expect(isPasswordAcceptable(`a1${'x'.repeat(99)}`)).toBe(false);
  });
});
