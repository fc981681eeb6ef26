import { describe, expect, it } from 'vitest';
import { BULLSEYE_OPTIONS } from '../panels/bullseye.js';
import type { OptionItem, Widget } from '../panels/schema.js';
import { field } from './forms.fixture.js';
import { isOptionWidget, offeredOptions, valuesOutsideOptions } from './options.js';

const SEX: OptionItem[] = [
  { key: '1', value: '1', label: '男', labelEn: 'Male' },
  { key: '2', value: '2', label: '女', labelEn: 'Female' },
];
const radio = field('sex', 'radio', { options: SEX });
const single = field('sev', 'select', { options: SEX });
const multiple = field('many', 'select', { options: SEX, multiple: true });
const checkbox = field('box', 'checkbox', { options: SEX });

describe('option lists (spec 001 §3.3)', () => {
  it('knows which widgets choose from options', () => {
    expect([radio, single, checkbox, field('plot', 'bullseyeplot')].every(isOptionWidget)).toBe(true);
    expect(isOptionWidget(field('name', 'input'))).toBe(false);
  });

  it('offers the design’s own options, a dictionary’s copied in as well', () => {
    const fromDictionary: Widget = field('sev', 'select', { options: SEX, dictType: 'SEX' });
    expect(offeredOptions(fromDictionary, null)).toEqual(SEX);
    expect(offeredOptions(field('empty', 'select'), null)).toEqual([]);
  });

  it('offers a reference select its own options among the referenced values, or the values themselves (spec 002 §9)', () => {
    const ref = field('pick', 'select', { ref: 'AE.no', options: SEX });
    expect(offeredOptions(ref, ['2', '7'])).toEqual([SEX[1]]);
    expect(offeredOptions(field('pick', 'select', { ref: 'AE.no' }), ['A1', 'A2'])?.map((option) => option.value)).toEqual(['A1', 'A2']);
  });

  it('knows no list for a reference off the panel without options of its own, and keeps its own ones otherwise', () => {
    expect(offeredOptions(field('sev', 'select', { ref: 'AESEV' }), null)).toBeNull();
    expect(offeredOptions(field('sev', 'select', { ref: 'AESEV', options: SEX }), null)).toEqual(SEX);
  });

  it('gives a bullseye plot the standard codes when it lists none (spec 001 §3.7)', () => {
    expect(offeredOptions(field('plot', 'bullseyeplot'), null)).toBe(BULLSEYE_OPTIONS);
  });
});

describe('values outside the options', () => {
  it('accepts blank and offered codes, a number as its text', () => {
    expect(valuesOutsideOptions(radio, null, SEX)).toEqual([]);
    expect(valuesOutsideOptions(radio, '', SEX)).toEqual([]);
    expect(valuesOutsideOptions(radio, '2', SEX)).toEqual([]);
    expect(valuesOutsideOptions(single, 1, SEX)).toEqual([]);
    expect(valuesOutsideOptions(checkbox, ['1', '2'], SEX)).toEqual([]);
    expect(valuesOutsideOptions(multiple, ['2'], SEX)).toEqual([]);
  });

  it('names what is not offered, and a value of the wrong shape as a whole', () => {
    expect(valuesOutsideOptions(radio, '9', SEX)).toEqual(['9']);
    expect(valuesOutsideOptions(single, 'Male', SEX)).toEqual(['Male']);
    expect(valuesOutsideOptions(checkbox, ['1', '3', '4'], SEX)).toEqual(['3', '4']);
    expect(valuesOutsideOptions(checkbox, '1', SEX)).toEqual(['1']);
    expect(valuesOutsideOptions(single, ['1'], SEX)).toEqual(['["1"]']);
    expect(valuesOutsideOptions(radio, { code: '1' }, SEX)).toEqual(['{"code":"1"}']);
    expect(valuesOutsideOptions(checkbox, ['1', true], SEX)).toEqual(['true']);
  });

  it('checks a bullseye plot’s segments and codes', () => {
    const plot = field('plot', 'bullseyeplot', { segments: 16 });
    expect(valuesOutsideOptions(plot, { Segment1: '0', Segment16: '-9' }, BULLSEYE_OPTIONS)).toEqual([]);
    expect(valuesOutsideOptions(plot, { Segment1: '5', Segment17: '0', Bogus: '1' }, BULLSEYE_OPTIONS)).toEqual(['Segment1: 5', 'Segment17: 0', 'Bogus: 1']);
    expect(valuesOutsideOptions(plot, '0', BULLSEYE_OPTIONS)).toEqual(['0']);
  });
});
