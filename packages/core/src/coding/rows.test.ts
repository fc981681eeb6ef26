import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors/catalogue.js';
import { codingState, readCodingSheet, sameVerbatim } from './index.js';

/** Checking an uploaded coding dictionary (docs/decisions.md "Coding library"). */
const HEADER = ['code', 'term', 'term_en', 'level', 'parent_code'];
const MEDDRA = [
  HEADER,
  ['10029205', '神经系统疾病', 'Nervous system disorders', 'SOC', ''],
  ['10019231', '头痛', 'Headaches', 'HLGT', '10029205'],
  ['10019233', '头痛 NEC', 'Headaches NEC', 'HLT', '10019231'],
  ['10019211', '头痛', 'Headache', 'PT', '10019233'],
  ['10019198', '头疼', 'Head pain', 'LLT', '10019211'],
  [null, '', undefined, '', ''],
];

const problems = (sheet: unknown[][], kind: 'MedDRA' | 'WHODrug' | 'other' = 'MedDRA') => {
  const result = readCodingSheet(kind, sheet as string[][]);
  return result.ok ? [] : result.problems.map((p) => `${String(p.row)}:${p.column ?? '-'}:${p.code}`);
};

describe('coding dictionary rows', () => {
  it('reads a MedDRA hierarchy, skips blank rows and gives each term its path from the top', () => {
    const result = readCodingSheet('MedDRA', MEDDRA);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.terms).toHaveLength(5);
    expect(result.terms[4]).toEqual({ code: '10019198', term: '头疼', termEn: 'Head pain', level: 'LLT', parentCode: '10019211', path: '神经系统疾病 > 头痛 > 头痛 NEC > 头痛 > 头疼', pathEn: 'Nervous system disorders > Headaches > Headaches NEC > Headache > Head pain' });
    expect(result.terms[0]?.parentCode).toBeNull();
  });

  it('finds columns by name in any order and case, and needs code and term', () => {
    const result = readCodingSheet('other', [['Term', 'CODE'], ['Aspirin', 'A1'], [12, 7]]);
    expect(result.ok && result.terms.map((t) => `${t.code}=${t.term}`)).toEqual(['A1=Aspirin', '7=12']);
    expect(problems([['code', 'label'], ['1', 'x']], 'other')).toEqual(['1:-:coding.header_missing']);
    expect(problems([HEADER], 'other')).toEqual(['2:-:coding.no_terms']);
  });

  it('reports duplicate codes, missing values, unknown levels and parents, wrong parent levels and loops, by row', () => {
    const sheet = [
      ...MEDDRA,
      ['10019198', '重复', '', 'LLT', '10019211'],
      ['', 'no code', '', 'LLT', '10019211'],
      ['10000001', 'Odd', '', 'XYZ', ''],
      ['10000002', 'Orphan', '', 'LLT', '99999999'],
      ['10000003', 'Skips a level', '', 'LLT', '10019233'],
      ['10000004', 'No parent', '', 'PT', ''],
    ];
    expect(problems(sheet)).toEqual([
      '8:code:coding.row_duplicate',
      '9:code:coding.row_required',
      '10:level:coding.row_level',
      '11:parent_code:coding.row_parent_unknown',
      '12:parent_code:coding.row_parent_level',
      '13:parent_code:coding.row_parent_required',
    ]);
    expect(problems([HEADER, ['A', 'a', '', 'x', 'B'], ['B', 'b', '', 'y', 'A'], ['D', 'd', '', '', 'A']], 'other')).toEqual([
      '2:parent_code:coding.row_parent_loop',
      '3:parent_code:coding.row_parent_loop',
      '4:parent_code:coding.row_parent_loop',
    ]);
    expect(problems([HEADER, ['C', 'c', '', '', 'C']], 'other')).toEqual(['2:parent_code:coding.row_parent_loop']);
  });

  it('refuses control characters and over-long text, with messages in both languages', () => {
    const result = readCodingSheet('other', [HEADER, ['A\u0000', 'a', '', '', ''], ['B', 'x'.repeat(401), '', '', '']]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.code)).toEqual(['coding.row_control', 'coding.row_too_long']);
    const tooLong = result.problems[1];
    expect(tooLong && errorMessage(tooLong.code, 'en-US', tooLong.params)).toBe('The text is longer than 400 characters');
    expect(tooLong && errorMessage(tooLong.code, 'zh-CN', tooLong.params)).toBe('内容超过 400 个字符');
  });

  it('computes the coding state from the verbatim coded, and matches the same text ignoring case and spaces', () => {
    expect(codingState('Headache', null)).toBe('uncoded');
    expect(codingState('Headache', { verbatim: 'Headache' })).toBe('coded');
    expect(codingState('Migraine', { verbatim: 'Headache' })).toBe('needsRecoding');
    expect(sameVerbatim(' headache ', 'HEADACHE')).toBe(true);
    expect(sameVerbatim('headache', 'head ache')).toBe(false);
  });
});
