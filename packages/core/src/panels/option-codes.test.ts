import { describe, expect, it } from 'vitest';
import {
  createOption,
  defaultChoiceOptions,
  exampleOptionLabel,
  newOptionLabel,
  nextOptionCode,
  sanitizeBullseyeCode,
  sanitizeOptionCode,
} from './option-codes.js';

describe('spec 001 §5.2: Option Code: digits only (non-digits stripped)', () => {
  it.each<[string, string]>([
    ['12', '12'],
    ['1a2b', '12'],
    ['-3', '3'],
    [' 4 ', '4'],
    ['１２', ''],
    ['abc', ''],
    ['', ''],
    ['007', '007'],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeOptionCode(input)).toBe(expected);
  });
});

describe('spec 001 §5.2: bullseye codes allow digits and minus; a zero entered is replaced by 999', () => {
  it.each<[string, string]>([
    ['1', '1'],
    ['-1', '-1'],
    ['-9', '-9'],
    ['0', '999'],
    ['00', '999'],
    ['-0', '999'],
    ['10', '10'],
    ['2-3', '23'],
    ['-x5', '-5'],
    ['abc', ''],
    ['-', '-'],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeBullseyeCode(input)).toBe(expected);
  });
});

describe('spec 001 §9: example option labels are numbered like "1. Example"; new options read 选项1 / Option 1', () => {
  it.each<[number, string, string]>([
    [1, '选项1', 'Option 1'],
    [2, '选项2', 'Option 2'],
    [12, '选项12', 'Option 12'],
  ])('new option %d', (n, label, labelEn) => {
    expect(newOptionLabel(n)).toEqual({ label, labelEn });
  });

  it('example labels', () => {
    expect(exampleOptionLabel(1)).toEqual({ label: '1. 示例', labelEn: '1. Example' });
  });
});

describe('spec 001 §5.2: the option value follows the key', () => {
  it.each<[string, { key: string; value: string; label: string }[], string]>([
    ['empty list starts at 1', [], '1'],
    ['one above the highest code', [{ key: '1', value: '1', label: 'a' }, { key: '5', value: '5', label: 'b' }], '6'],
    ['non-numeric codes are skipped', [{ key: 'x', value: 'x', label: 'a' }], '1'],
  ])('next code: %s', (_name, options, expected) => {
    expect(nextOptionCode(options)).toBe(expected);
  });

  it('a new option gets the next code as key and value and a numbered label', () => {
    expect(createOption([{ key: '1', value: '1', label: 'a' }])).toEqual({ key: '2', value: '2', label: '选项2', labelEn: 'Option 2' });
  });

  it('default choice options are 1 and 2', () => {
    expect(defaultChoiceOptions()).toEqual([
      { key: '1', value: '1', label: '选项1', labelEn: 'Option 1' },
      { key: '2', value: '2', label: '选项2', labelEn: 'Option 2' },
    ]);
  });
});
