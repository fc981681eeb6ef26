import { describe, expect, it } from 'vitest';
import { orderedBy } from '../../api/instruments';
import { localName, moveId } from './labels';

describe('ordering helpers', () => {
  it('moves one id up or down and leaves the ends in place', () => {
    expect(moveId([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('orders items by an id list, unnamed ones last', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(orderedBy(items, [3, 1, 2]).map((item) => item.id)).toEqual([3, 1, 2, 4]);
  });

  it('uses the English name in English when there is one', () => {
    expect(localName({ name: '基线', nameEn: 'Baseline' }, true)).toBe('Baseline');
    expect(localName({ name: '基线', nameEn: null }, true)).toBe('基线');
    expect(localName({ name: '基线', nameEn: 'Baseline' }, false)).toBe('基线');
  });
});
