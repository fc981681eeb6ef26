import { describe, expect, it } from 'vitest';
import { FormEngine } from './engine.js';
import type { FormWork } from './listener.js';
import { referenceChoices, resetReference } from './references.js';
import { computed, CONTEXT, field, labTable, panelOf, table } from './forms.fixture.js';

describe('reference resets', () => {
  it('offer the referenced values, blank ones left out and each once', () => {
    expect(referenceChoices(['1', 2, null, '', '1'])).toEqual(['1', '2']);
    expect(referenceChoices('x')).toEqual(['x']);
    expect(referenceChoices(null)).toEqual([]);
  });

  it('reset a choice no longer offered, and drop only the missing entries of a multiple choice', () => {
    expect(resetReference('2', ['1', '2'])).toBe('2');
    expect(resetReference(2, ['1', '2'])).toBe(2);
    expect(resetReference('3', ['1', '2'])).toBeNull();
    expect(resetReference(['1', '3'], ['1', '2'])).toEqual(['1']);
    expect(resetReference(['3'], ['1', '2'])).toBeNull();
    expect(resetReference(null, [])).toBeNull();
  });

  // spec 002 §9: "Debounce: 300 ms for reference reset and table row refresh".
  it('reset a reference select when its referenced column changes, as deferred reference work', () => {
    const panel = panelOf(table('ae', { num: field('num', 'input') }), field('cause', 'select', { ref: 'ae.num' }));
    const queued = new Map<FormWork, () => void>();
    const engine = new FormEngine(panel, { ae: [{ num: '1' }, { num: '2' }], cause: '2' }, CONTEXT, { schedule: (work, run) => queued.set(work, run) });
    expect(engine.getValue('cause')).toBe('2');
    engine.setCell('ae', engine.tables.rowIds('ae')[1] ?? -1, 'num', '3');
    expect(engine.getValue('cause')).toBe('2');
    expect([...queued.keys()]).toContain('references');
    queued.get('references')?.();
    expect(engine.getValue('cause')).toBeNull();
  });

  it('reset when a referenced row is deleted, and at load when the stored choice is already gone', () => {
    const panel = panelOf(table('ae', { num: field('num', 'input') }), field('cause', 'select', { ref: 'ae.num' }));
    const engine = new FormEngine(panel, { ae: [{ num: '1' }, { num: '2' }], cause: '2' }, CONTEXT);
    engine.tables.deleteRow('ae', engine.tables.rowIds('ae')[1] ?? -1);
    expect(engine.getValue('cause')).toBeNull();
    expect(new FormEngine(panel, { ae: [{ num: '1' }], cause: '2' }, CONTEXT).getValue('cause')).toBeNull();
  });

  it('follow a referenced field, and leave a reference to something off the panel alone', () => {
    const panel = panelOf(field('visit', 'input'), field('same', 'select', { ref: 'visit' }), field('dict', 'select', { ref: 'AESEV' }));
    const engine = new FormEngine(panel, { visit: 'V1', same: 'V1', dict: '3' }, CONTEXT);
    expect([engine.referenceChoices('same'), engine.referenceChoices('dict'), engine.referenceChoices('visit')]).toEqual([['V1'], null, null]);
    engine.setValue('visit', 'V2');
    expect(engine.getValues()).toEqual({ visit: 'V2', same: null, dict: '3' });
    expect(engine.referenceChoices('same')).toEqual(['V2']);
  });

  it('see what lab rows fill in at load, and formulas see what a reset clears', () => {
    const panel = panelOf(
      labTable('lab', [{ low: 4, up: 10 }]),
      field('worst', 'select', { ref: 'lab.sig' }),
      computed('flagged', "if([worst] = 'LBCLSIG_ABNORMAL_CLSIG', 1, 0)"),
    );
    const kept = new FormEngine(panel, { lab: [{ res: 35, low: 4, up: 10, sig: null }], worst: 'LBCLSIG_ABNORMAL_CLSIG' }, CONTEXT);
    expect(kept.getValues()).toMatchObject({ worst: 'LBCLSIG_ABNORMAL_CLSIG', flagged: 1 });
    const reset = new FormEngine(panel, { lab: [{ res: 5, low: 4, up: 10, sig: null }], worst: 'LBCLSIG_ABNORMAL_CLSIG', flagged: 1 }, CONTEXT);
    expect(reset.getValues()).toMatchObject({ worst: null, flagged: 0 });
  });
});
