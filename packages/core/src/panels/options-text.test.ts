import { describe, expect, it } from 'vitest';
import { formatOptionsText, parseOptionsText } from './options-text.js';
import type { OptionItem } from './schema.js';

describe('spec 001 §5.2: options text: each line a number, a comma (ASCII or full-width), a value, a comma, a label', () => {
  it.each<[string, string, OptionItem[] | null]>([
    ['ASCII commas', '1,1,男\n2,2,女', [
      { key: '1', value: '1', label: '男' },
      { key: '2', value: '2', label: '女' },
    ]],
    ['full-width commas', '1，1，是\n2，2，否', [
      { key: '1', value: '1', label: '是' },
      { key: '2', value: '2', label: '否' },
    ]],
    ['mixed commas on one line', '3,Y，Yes', [{ key: '3', value: 'Y', label: 'Yes' }]],
    ['Windows line ends', '1,1,A\r\n2,2,B\r\n', [
      { key: '1', value: '1', label: 'A' },
      { key: '2', value: '2', label: 'B' },
    ]],
    ['spaces around parts are trimmed', '  1 , a ,  Alpha  ', [{ key: '1', value: 'a', label: 'Alpha' }]],
    ['a label may hold further commas', '1,1,Yes, confirmed', [{ key: '1', value: '1', label: 'Yes, confirmed' }]],
    ['bullseye codes may be negative', '-9,-9,未做\n0,0,正常', [
      { key: '-9', value: '-9', label: '未做' },
      { key: '0', value: '0', label: '正常' },
    ]],
    ['invalid lines are ignored: code not a number', 'a,1,X\n2,2,Y', [{ key: '2', value: '2', label: 'Y' }]],
    ['invalid lines are ignored: missing label', '1,1\n2,2,Y', [{ key: '2', value: '2', label: 'Y' }]],
    ['invalid lines are ignored: empty value', '1,,X\n2,2,Y', [{ key: '2', value: '2', label: 'Y' }]],
    ['invalid lines are ignored: blank lines', '\n\n1,1,X\n\n', [{ key: '1', value: '1', label: 'X' }]],
    ['a repeated code keeps the first line', '1,1,X\n1,1,Again', [{ key: '1', value: '1', label: 'X' }]],
    ['if none is valid the dialog is not applied (null)', 'foo\nbar,baz', null],
    ['empty text gives null', '', null],
    ['a decimal code is invalid', '1.5,1,X', null],
  ])('%s', (_name, text, expected) => {
    expect(parseOptionsText(text)).toEqual(expected);
  });

  it('formats options one per line, and the text parses back to the same options', () => {
    const options: OptionItem[] = [
      { key: '1', value: '1', label: '轻度' },
      { key: '2', value: '2', label: '中度' },
      { key: '3', value: '3', label: '重度' },
    ];
    const text = formatOptionsText(options);
    expect(text).toBe('1,1,轻度\n2,2,中度\n3,3,重度');
    expect(parseOptionsText(text)).toEqual(options);
  });

  it('formats no options as empty text', () => {
    expect(formatOptionsText([])).toBe('');
  });
});
