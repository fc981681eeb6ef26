import { describe, expect, it } from 'vitest';
import { indexForm } from '../forms/form-index.js';
import { field, labTable, panelOf, table } from '../forms/forms.fixture.js';
import type { OptionItem } from '../panels/schema.js';
import { ROW_KEY_FIELD } from './form-values.js';
import { outsideOptionsAt } from './option-values.js';

const YES_NO: OptionItem[] = [
  { key: '1', value: '1', label: '是', labelEn: 'Yes' },
  { key: '0', value: '0', label: '否', labelEn: 'No' },
];
const PANEL = panelOf(
  field('ser', 'radio', { options: YES_NO }),
  field('name', 'input'),
  field('aeRef', 'select', { ref: 'ae.no' }),
  field('aeOwn', 'select', { ref: 'ae.no', options: [{ key: 'A1', value: 'A1', label: 'A1' }, { key: 'A9', value: 'A9', label: 'A9' }] }),
  field('dict', 'select', { ref: 'AESEV' }),
  field('route', 'checkbox', { options: [{ key: 'PO', value: 'PO', label: '口服' }, { key: 'IV', value: 'IV', label: '静脉' }, { key: 'IM', value: 'IM', label: '肌注', disabled: true }] }),
  table('ae', { no: field('no', 'input'), rel: field('rel', 'select', { options: YES_NO }) }),
  labTable('lab', [{ low: 4, up: 10 }]),
);
const INDEX = indexForm(PANEL);
const row = (key: string, cells: Record<string, unknown>) => ({ [ROW_KEY_FIELD]: key, ...cells });
const ae = (...rows: Record<string, unknown>[]) => rows.map((cells, n) => row(`r${String(n + 1)}`, cells));

describe('values outside their options, by path (spec 001 §3.3, spec 002 §5)', () => {
  it('checks a field against the design’s options, and leaves other widgets alone', () => {
    expect(outsideOptionsAt(INDEX, 'ser', { ser: '1' }, false)).toEqual([]);
    expect(outsideOptionsAt(INDEX, 'ser', { ser: '7' }, false)).toEqual(['7']);
    expect(outsideOptionsAt(INDEX, 'name', { name: 'anything' }, false)).toEqual([]);
    expect(outsideOptionsAt(INDEX, 'unknown', { unknown: '7' }, false)).toEqual([]);
  });

  it('leaves what the form rules drive to the engine', () => {
    expect(outsideOptionsAt(INDEX, 'ser', { ser: '7' }, true)).toEqual([]);
  });

  it('checks every row’s cell, those of a huge-data table too', () => {
    const rows = Array.from({ length: 60 }, (_, n) => ({ no: `A${String(n)}`, rel: n === 55 ? 'maybe' : '0' }));
    expect(outsideOptionsAt(INDEX, 'ae#r56.rel', { ae: ae(...rows) }, false)).toEqual(['maybe']);
    expect(outsideOptionsAt(INDEX, 'ae#r55.rel', { ae: ae(...rows) }, false)).toEqual([]);
  });

  it('offers a reference select what is entered where it points (spec 002 §9)', () => {
    const values = (extra: Record<string, unknown>) => ({ ae: ae({ no: 'A1' }, { no: 'A2' }), ...extra });
    expect(outsideOptionsAt(INDEX, 'aeRef', values({ aeRef: 'A2' }), false)).toEqual([]);
    expect(outsideOptionsAt(INDEX, 'aeRef', values({ aeRef: 'A3' }), false)).toEqual(['A3']);
    // Its own options, among the referenced values.
    expect(outsideOptionsAt(INDEX, 'aeOwn', values({ aeOwn: 'A1' }), false)).toEqual([]);
    expect(outsideOptionsAt(INDEX, 'aeOwn', values({ aeOwn: 'A2' }), false)).toEqual(['A2']);
    expect(outsideOptionsAt(INDEX, 'aeOwn', values({ aeOwn: 'A9' }), false)).toEqual(['A9']);
  });

  it('accepts a reference to a list off the panel that lists nothing of its own', () => {
    expect(outsideOptionsAt(INDEX, 'dict', { dict: 'MILD' }, false)).toEqual([]);
  });

  it('accepts the clinical significance the engine suggests from a lab row’s level (spec 002 §4)', () => {
    const lab = (sig: unknown) => ({ lab: [row('r1', { res: 50, low: 4, up: 10, sig })] });
    expect(outsideOptionsAt(INDEX, 'lab#r1.sig', lab('LBCLSIG_ABNORMAL_CLSIG'), false)).toEqual([]);
    expect(outsideOptionsAt(INDEX, 'lab#r1.sig', lab('SEVERE'), false)).toEqual(['SEVERE']);
  });

  it('refuses a disabled option newly chosen, and keeps one the field already held (spec 002 §1 options[].disabled)', () => {
    expect(outsideOptionsAt(INDEX, 'route', { route: ['PO', 'IM'] }, false)).toEqual(['IM']);
    expect(outsideOptionsAt(INDEX, 'route', { route: ['PO', 'IM'] }, false, ['IM'])).toEqual([]);
    expect(outsideOptionsAt(INDEX, 'route', { route: ['IV', 'IM'] }, false, ['PO', 'IM'])).toEqual([]);
    expect(outsideOptionsAt(INDEX, 'route', { route: ['IM'] }, false, ['PO'])).toEqual(['IM']);
  });
});
