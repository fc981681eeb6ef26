import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors/catalogue.js';
import type { ComparedFactor } from './factors.js';
import { compareFactors } from './factors.js';
import { AGE, OVER_65, SEX, UNDER_65 } from './randomisation.fixture.js';

const local: ComparedFactor[] = [AGE, SEX];
const clone = (): ComparedFactor[] => local.map((factor) => ({ ...factor, options: factor.options.map((option) => ({ ...option })) }));

describe('compareFactors: factors exchanged with a remote randomisation system match exactly (spec 002 §5)', () => {
  it('finds no mismatch in identical factors, nor when the remote side lacks English labels', () => {
    expect(compareFactors(local, clone())).toBeNull();
    const remote = clone().map(({ nameEn: _nameEn, ...factor }) => ({ ...factor, options: factor.options.map(({ labelEn: _labelEn, ...option }) => option) }));
    expect(compareFactors(local, remote)).toBeNull();
  });

  it('reports a factor order mismatch when the same factors come in another order', () => {
    expect(compareFactors(local, [SEX, AGE])).toEqual({
      kind: 'factorOrder',
      code: 'randomisation.factor_order_mismatch',
      params: { position: 1, local: 'AGE', remote: 'SEX' },
    });
  });

  it('reports a factor code mismatch for another code or a missing factor', () => {
    expect(compareFactors(local, [AGE, { ...SEX, code: 'GENDER' }])).toMatchObject({ kind: 'factorCode', params: { position: 2, local: 'SEX', remote: 'GENDER' } });
    expect(compareFactors(local, [AGE])).toMatchObject({ kind: 'factorCode', params: { position: 2, local: 'SEX', remote: '—' } });
  });

  it('reports a factor label mismatch, in Chinese or, where both give one, in English', () => {
    expect(compareFactors(local, [AGE, { ...SEX, name: '性别 ' }])).toMatchObject({ kind: 'factorLabel', params: { factor: 'SEX', local: '性别', remote: '性别 ' } });
    expect(compareFactors(local, [{ ...AGE, nameEn: 'Age group' }, SEX])).toMatchObject({ kind: 'factorLabel', params: { factor: 'AGE', local: 'Age', remote: 'Age group' } });
  });

  it('reports an option order mismatch when the same options come in another order', () => {
    expect(compareFactors(local, [AGE, { ...SEX, options: [...SEX.options].reverse() }])).toEqual({
      kind: 'optionOrder',
      code: 'randomisation.option_order_mismatch',
      params: { factor: 'SEX', position: 1, local: 'M', remote: 'F' },
    });
  });

  it('reports an option code mismatch for another code or an extra option', () => {
    expect(compareFactors(local, [{ ...AGE, options: [UNDER_65, { code: '3', label: '≥ 65 岁' }] }, SEX])).toMatchObject({
      kind: 'optionCode',
      params: { factor: 'AGE', position: 2, local: '2', remote: '3' },
    });
    expect(compareFactors(local, [AGE, { ...SEX, options: [...SEX.options, { code: 'U', label: '未知' }] }])).toMatchObject({
      kind: 'optionCode',
      params: { factor: 'SEX', position: 3, local: '—', remote: 'U' },
    });
  });

  it('reports an option label mismatch', () => {
    const mismatch = compareFactors(local, [{ ...AGE, options: [UNDER_65, { ...OVER_65, label: '65 岁及以上' }] }, SEX]);
    expect(mismatch).toMatchObject({ kind: 'optionLabel', code: 'randomisation.option_label_mismatch', params: { factor: 'AGE', option: '2', local: '≥ 65 岁', remote: '65 岁及以上' } });
    expect(mismatch && errorMessage(mismatch.code, 'zh-CN', mismatch.params)).toBe('分层因素“AGE”选项“2”的标签不一致：本系统为“≥ 65 岁”，随机化系统为“65 岁及以上”');
  });

  it('answers the first mismatch in reading order: factor order before any label', () => {
    expect(compareFactors(local, [{ ...SEX, name: 'x' }, AGE])?.kind).toBe('factorOrder');
    expect(compareFactors(local, [{ ...AGE, name: 'x', options: [] }, SEX])?.kind).toBe('factorLabel');
  });
});
