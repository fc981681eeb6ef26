import { describe, expect, it } from 'vitest';
import { storedValue } from './data-repo.js';

describe('stored values read as JSON text', () => {
  it('gives back every kind of value exactly as JSON.stringify stored it', () => {
    const values: unknown[] = ['plain', '', '他汀 每日', 'say "hi"', 'C:\\temp\\a', 'line\nbreak', 'tab\tend', '\u0001', -2.5, 0, true, null, ['1', '3'], { value: 'x' }];
    for (const value of values) expect(storedValue(JSON.stringify(value))).toEqual(value);
  });

  it('unwraps a string without escapes without parsing it, and parses one with escapes', () => {
    expect(storedValue('"abc"')).toBe('abc');
    expect(storedValue('"a\\"b"')).toBe('a"b');
    expect(storedValue('"\\u4e2d"')).toBe('中');
  });
});
