import { describe, expect, it } from 'vitest';
import { computed, field, panelOf } from '../forms/forms.fixture.js';
import { indexForm } from '../forms/form-index.js';
import type { Widget } from '../panels/schema.js';
import { readImportCsv } from './csv.js';
import { packageJson, designPackageContentSchema } from './design-package.js';
import { problemMessage } from './problems.js';
import { importableFields, readRecordSheet } from './sheet.js';
import { matchVisit, targetProblems } from './target.js';

const sex: Widget = { ...field('SEX', 'radio', { options: [{ key: 'k1', value: '1', label: '男', labelEn: 'Male' }, { key: 'k2', value: '2', label: '女', labelEn: 'Female' }] }), name: '性别', nameEn: 'Sex' };
const weight: Widget = { ...field('WEIGHT', 'number', { min: 20, max: 300 }), name: '体重', nameEn: 'Weight' };
const visitDate: Widget = { ...field('VSDAT', 'date', { format: 'YYYY-MM-DD' }), name: '日期', nameEn: 'Date', rules: [{ required: true, message: '必填', messageEn: 'Required' }] };
const bmi = computed('BMI', '[WEIGHT] * 2');
const locked: Widget = { ...field('NOTE', 'input'), disabled: true };
const index = indexForm(panelOf(sex, weight, visitDate, bmi, locked));

describe('reading a record import sheet (spec 002 §4 Excel cell rules)', () => {
  it('matches columns by model or title, skips the key row and converts cells by the field rules', () => {
    const sheet = readRecordSheet(
      [
        ['受试者', '访视', 'Sex', '体重', 'VSDAT'],
        ['subject', 'visit', 'SEX', 'WEIGHT', 'VSDAT'],
        ['S001', '筛选期', 'Female', '70.5', '2026/3/1'],
        ['S002', 'Screening', 'k1', '', new Date(Date.UTC(2026, 2, 2))],
        [null, null, null, null, null],
      ],
      index,
    );
    expect(sheet?.fields.map((item) => item.model)).toEqual(['SEX', 'WEIGHT', 'VSDAT']);
    expect(sheet?.rows.map((row) => [row.row, row.subject, row.values, row.problems])).toEqual([
      [3, 'S001', { SEX: '2', WEIGHT: 70.5, VSDAT: '2026-03-01' }, []],
      [4, 'S002', { SEX: '1', VSDAT: '2026-03-02' }, []],
    ]);
  });

  it('reports each cell problem on its row and column', () => {
    const sheet = readRecordSheet(
      [
        ['Subject', 'Visit', 'SEX', 'WEIGHT', 'VSDAT', 'BMI', 'NOTE', 'COLOUR'],
        ['S001', '', '3', '500', '2026-02-30', '1', 'x', 'red'],
        ['', 'V1', '', 'abc', '', '', '', ''],
        ['S003', 'V1', '1', '', '', '', '', ''],
        ['s003', 'v1', '2', '', '', '', '', ''],
      ],
      index,
    );
    const codes = sheet?.rows.map((row) => row.problems.map((item) => `${item.column ?? '-'}:${item.code}`));
    expect(codes).toEqual([
      ['visit:import.visit_blank', 'SEX:import.value_not_allowed', 'WEIGHT:import.out_of_range', 'VSDAT:import.date_invalid', 'BMI:import.formula_field', 'NOTE:import.readonly_field', 'COLOUR:import.unknown_field'],
      ['subject:import.subject_blank', 'WEIGHT:import.number_invalid'],
      [],
      ['-:import.duplicate_row'],
    ]);
    const range = sheet?.rows[0]?.problems[2];
    expect(range && problemMessage(range, 'en-US')).toBe('Out of range (must be ≤ 300)');
    expect(range && problemMessage(range, 'zh-CN')).toBe('超出范围（须 ≤ 300）');
  });

  it('answers null when the header names no field, and lists only importable fields', () => {
    expect(readRecordSheet([['a', 'b', 'c'], ['S1', 'V1', 'x']], index)).toBeNull();
    expect(importableFields(index).map((widget) => widget.model)).toEqual(['SEX', 'WEIGHT', 'VSDAT']);
  });
});

describe('what the target panel says about a row', () => {
  const fields = [
    { model: 'SEX', widget: sex },
    { model: 'WEIGHT', widget: weight },
    { model: 'VSDAT', widget: visitDate },
  ];
  const state = (value: unknown, extra: Partial<{ status: '' | 'LOCKED' | 'SIGNED'; frozen: boolean; inactiveType: 'ND' | null }> = {}) => ({ value, saved: true, status: 'ENTERING' as const, frozen: false, inactiveType: null, ...extra });

  it('refuses changes of locked, frozen and signed values, counts changes of saved ones and wants required values', () => {
    const check = targetProblems(fields, { SEX: '2', WEIGHT: 71 }, new Map([
      ['SEX', state('1', { status: 'LOCKED' })],
      ['WEIGHT', state(70, { status: 'SIGNED' })],
    ]));
    expect(check.problems.map((item) => `${item.column ?? ''}:${item.code}`)).toEqual(['SEX:import.target_locked', 'WEIGHT:import.target_signed', 'VSDAT:import.required']);
    expect([check.changes, check.changesOfSaved]).toEqual([2, 2]);
    const frozen = targetProblems(fields, { SEX: '1', VSDAT: '2026-01-01' }, new Map([['SEX', state('1', { frozen: true })], ['VSDAT', state(null, { frozen: true })]]));
    expect(frozen.problems.map((item) => item.code)).toEqual(['import.target_frozen']);
    expect([frozen.changes, frozen.changesOfSaved]).toEqual([1, 0]);
  });

  it('matches a visit by name in either language and #n for a repeat', () => {
    const events = [{ id: 1, name: '筛选期', nameEn: 'Screening' }, { id: 2, name: '访视', nameEn: null }];
    const visits = [{ id: 10, eventId: 1, seq: 1 }, { id: 20, eventId: 2, seq: 1 }, { id: 21, eventId: 2, seq: 2 }];
    expect(matchVisit('screening', events, visits)?.id).toBe(10);
    expect(matchVisit('访视 #2', events, visits)?.id).toBe(21);
    expect(matchVisit('访视#3', events, visits)).toBeNull();
    expect(matchVisit('Baseline', events, visits)).toBeNull();
  });
});

describe('CSV and the design package', () => {
  it('reads quoted fields, doubled quotes, line breaks and a byte-order mark; refuses an open quote', () => {
    expect(readImportCsv('\uFEFFa,"b,c","d ""e"""\r\n1,"x\ny",\n')).toEqual([['a', 'b,c', 'd "e"'], ['1', 'x\ny', '']]);
    expect(readImportCsv('a;b\n1;2')).toEqual([['a', 'b'], ['1', '2']]);
    expect(readImportCsv('a,"b')).toBeNull();
  });

  it('sorts keys for the checksum and refuses a matrix naming an unknown event', () => {
    expect(packageJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":2,"f":1}]},"b":1}');
    const parsed = designPackageContentSchema.safeParse({ instruments: [], events: [], matrix: [{ event: 'V1', instrument: 'DM' }], dictionaries: [] });
    expect(parsed.success).toBe(false);
  });
});
