import { describe, expect, it } from 'vitest';
import { MISSING, displayOrMissing, maskPhone } from './display.js';

describe('maskPhone (spec 001 §9: first three digits, stars, last four)', () => {
  it.each<[unknown, string]>([
    ['13812345678', '138****5678'],
    [13812345678, '138****5678'],
    [' 13812345678 ', '138****5678'],
    ['02161234567', '021****4567'],
    ['12345678', '123*5678'],
    ['+8613812345678', '+86*******5678'],
    ['1234567', '*******'],
    ['', '--'],
    [null, '--'],
    [undefined, '--'],
  ])('%j shows %j', (value, expected) => {
    expect(maskPhone(value)).toBe(expected);
  });
});

describe('a missing value displays as two dashes (spec 001 §9)', () => {
  it.each<[unknown, string]>([
    [null, '--'],
    [undefined, '--'],
    ['', '--'],
    ['  ', '--'],
    [Number.NaN, '--'],
    [[], '--'],
    [0, '0'],
    ['abc', 'abc'],
    [false, 'false'],
    [['1', null], '1, --'],
  ])('%j shows %j', (value, expected) => {
    expect(displayOrMissing(value)).toBe(expected);
  });

  it('is the shared constant', () => {
    expect(MISSING).toBe('--');
  });
});
