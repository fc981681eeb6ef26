import { describe, expect, it } from 'vitest';
import { BULLSEYE_OPTIONS } from '../panels/bullseye.js';
import { BULLSEYE_SEGMENTS, bullseyeCategory, bullseyeSegments, bullseyeWorstValue } from './bullseye.js';

describe('the 17 segments (spec 001 §9: basal 1-6, mid 7-12, apical 13-16, apex 17; spec 002 §3 Segment1 to Segment17)', () => {
  it('lists Segment1 to Segment17 in order with names in both languages', () => {
    expect(BULLSEYE_SEGMENTS.map((segment) => segment.key)).toEqual(Array.from({ length: 17 }, (_, index) => `Segment${String(index + 1)}`));
    for (const segment of BULLSEYE_SEGMENTS) {
      expect(segment.name).not.toBe('');
      expect(segment.nameEn).not.toBe('');
    }
    expect(new Set(BULLSEYE_SEGMENTS.map((segment) => segment.nameEn)).size).toBe(17);
  });

  it.each<[number, string]>([
    [1, 'basal'],
    [6, 'basal'],
    [7, 'mid'],
    [12, 'mid'],
    [13, 'apical'],
    [16, 'apical'],
    [17, 'apex'],
  ])('segment %i is %s', (number, ring) => {
    expect(BULLSEYE_SEGMENTS[number - 1]?.ring).toBe(ring);
  });

  it('offers 16 segments without the apex, or all 17', () => {
    expect(bullseyeSegments(16)).toHaveLength(16);
    expect(bullseyeSegments(16).some((segment) => segment.ring === 'apex')).toBe(false);
    expect(bullseyeSegments()).toHaveLength(17);
  });
});

describe('bullseye codes (spec 002 §3: 0 normal, above 0 abnormal, -1 not diagnosed, below -1 not done)', () => {
  it.each<[unknown, string | null]>([
    [0, 'normal'],
    ['0', 'normal'],
    [1, 'abnormal'],
    ['999', 'abnormal'],
    [-1, 'nonDiagnostic'],
    ['-1', 'nonDiagnostic'],
    [-9, 'notDone'],
    [-2, 'notDone'],
    [-0.5, null],
    ['', null],
    [null, null],
    ['x', null],
  ])('%j is %s', (code, category) => {
    expect(bullseyeCategory(code)).toBe(category);
  });

  it('classifies every suggested option of spec 001 §3.7 as its label says', () => {
    expect(BULLSEYE_OPTIONS.map((option) => [option.labelEn, bullseyeCategory(option.key)])).toEqual([
      ['Normal', 'normal'],
      ['Abnormal', 'abnormal'],
      ['Not Done', 'notDone'],
      ['Non-diagnostic', 'nonDiagnostic'],
    ]);
  });
});

describe('bullseyeWorstValue: worst wins, abnormal > non-diagnostic > not done > normal', () => {
  it.each<[string, unknown[], number | null]>([
    ['all normal', [0, 0, 0], 0],
    ['one abnormal among normal', [0, 1, 0], 1],
    ['abnormal over non-diagnostic and not done', [-1, -9, 1, 0], 1],
    ['the highest abnormal code', [1, 3, 2], 3],
    ['non-diagnostic over not done', [-9, -1, 0], -1],
    ['not done over normal', [0, -9, 0], -9],
    ['the lowest not-done code', [-2, -9], -9],
    ['codes as texts from the form', ['0', '-1', ''], -1],
    ['blank and unknown codes ignored', ['', null, 'x', 0], 0],
    ['nothing coded', [], null],
    ['only blanks', ['', null], null],
  ])('%s: %j gives %j', (_rule, codes, expected) => {
    expect(bullseyeWorstValue(codes)).toBe(expected);
  });

  it('takes the values of a segment record', () => {
    expect(bullseyeWorstValue(Object.values({ Segment1: '0', Segment2: '-1', Segment17: '1' }))).toBe(1);
  });
});
