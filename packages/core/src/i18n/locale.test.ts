import { describe, expect, it } from 'vitest';
import { interpolate, pickLocale } from './locale.js';

describe('pickLocale (spec 000 §9: default zh-CN; supported zh-CN and en-US)', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['EN-gb', 'en-US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR,en;q=0.5', 'en-US'],
    ['en;q=0.4,zh;q=0.8', 'zh-CN'],
    ['fr-FR', 'zh-CN'],
    ['en;q=0', 'zh-CN'],
    [';;;,', 'zh-CN'],
  ] as const)('%s → %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});

describe('interpolate', () => {
  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
