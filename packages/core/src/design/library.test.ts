import { describe, expect, it } from 'vitest';
import { formulaReferences } from '../formulas/index.js';
import { dictItemsSchema, saveSysDerivedFieldSchema, standardDomainQuerySchema } from './library.js';

describe('library schemas (spec 001 §3.8)', () => {
  it('reads the field names a formula refers to, once each, a ticked-option reference by its field', () => {
    expect(formulaReferences('round([WEIGHT]/(([HEIGHT]/100)^2), 1)')).toEqual(['WEIGHT', 'HEIGHT']);
    expect(formulaReferences("if([race(4)] = '1' and [RACE] <> '', [AGE], [AGE] + 1)")).toEqual(['race', 'RACE', 'AGE']);
    expect(formulaReferences('today()')).toEqual([]);
  });

  it('needs dictionary items with unique codes', () => {
    const item = (value: string) => ({ key: value, value, label: value });
    expect(dictItemsSchema.safeParse([item('Y'), item('N')]).success).toBe(true);
    expect(dictItemsSchema.safeParse([]).success).toBe(false);
    const repeated = dictItemsSchema.safeParse([item('Y'), item('Y')]);
    expect(repeated.error?.issues[0]?.path).toEqual([1, 'value']);
  });

  it('upper-cases a domain code and refuses a formula over 200 characters (spec 001 §5.2)', () => {
    expect(standardDomainQuerySchema.parse({ domain: 'vs' }).domain).toBe('VS');
    const widget = { type: 'number', key: 'X', model: 'X', name: 'x', options: {} };
    const body = { group: 'CONTINUOUS_VARIABLES', fieldName: 'X', fieldLabel: 'x', fieldLabelEn: 'x', widget };
    expect(saveSysDerivedFieldSchema.safeParse({ ...body, expression: '1'.repeat(200) }).success).toBe(true);
    expect(saveSysDerivedFieldSchema.safeParse({ ...body, expression: '1'.repeat(201) }).success).toBe(false);
  });
});
