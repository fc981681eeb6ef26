import { describe, expect, it } from 'vitest';
import type { Widget } from '../panels/schema.js';
import { auditValues, changeSet, isDistinct, panelChanges } from './changes.js';
import { applyPatch, patched } from './patch.js';

describe('change set (IS DISTINCT FROM semantics)', () => {
  it('treats a missing field and null as the same "no value"', () => {
    expect(isDistinct(undefined, null)).toBe(false);
    expect(changeSet({ eName: null }, {})).toEqual({});
  });

  it('tells the empty string from null', () => {
    expect(isDistinct('', null)).toBe(true);
    expect(changeSet({ eName: null }, { eName: '' })).toEqual({ eName: { old: null, new: '' } });
  });

  it('records a cleared value as null, never undefined', () => {
    expect(changeSet({ eName: 'PUMCH' }, { eName: undefined })).toEqual({ eName: { old: 'PUMCH', new: null } });
  });

  it('compares objects by content regardless of key order, and arrays in order', () => {
    expect(isDistinct({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(false);
    expect(isDistinct([1, 2], [2, 1])).toBe(true);
    expect(isDistinct({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(isDistinct({ a: 1 }, { a: 1, b: 0 })).toBe(true);
  });

  it('compares dates by instant', () => {
    expect(isDistinct(new Date(0), new Date(0))).toBe(false);
    expect(changeSet({ at: new Date(0) }, { at: new Date(1000) })).toEqual({ at: { old: '1970-01-01T00:00:00.000Z', new: '1970-01-01T00:00:01.000Z' } });
  });

  it('lists only what differs, split into the audit row columns', () => {
    const changes = changeSet({ name: 'A', code: 'X', status: 'active' }, { name: 'B', code: 'X', status: 'disabled' });
    expect(auditValues(changes)).toEqual({ oldValue: { name: 'A', status: 'active' }, newValue: { name: 'B', status: 'disabled' } });
  });
});

describe('keys from stored JSON', () => {
  it('records a field named __proto__ as a field, never as the record prototype', () => {
    const before = JSON.parse('{"__proto__": 1, "name": "a"}') as Record<string, unknown>;
    const after = JSON.parse('{"__proto__": 2, "name": "a"}') as Record<string, unknown>;
    const changes = changeSet(before, after);
    expect(Object.keys(changes)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(changes)).toBe(Object.prototype);
    const { oldValue, newValue } = auditValues(changes);
    expect(JSON.stringify(oldValue)).toBe('{"__proto__":1}');
    expect(JSON.stringify(newValue)).toBe('{"__proto__":2}');
  });
});

describe('partial updates', () => {
  const stored = { name: 'Site', eName: 'Site EN' as string | null, piName: 'Dr A' as string | null };

  it('keeps a field the patch leaves out, clears one it sets to null, replaces one it gives', () => {
    expect(applyPatch(stored, { name: 'New' })).toEqual({ name: 'New', eName: 'Site EN', piName: 'Dr A' });
    expect(applyPatch(stored, { eName: null })).toEqual({ name: 'Site', eName: null, piName: 'Dr A' });
    expect(applyPatch(stored, { eName: undefined, piName: '' })).toEqual({ name: 'Site', eName: 'Site EN', piName: '' });
  });

  it('ignores keys the stored record does not have', () => {
    expect(applyPatch(stored, { id: 3 } as never)).toEqual(stored);
  });

  it('applies the same rule to one value', () => {
    expect(patched<string | null>('x', undefined)).toBe('x');
    expect(patched<string | null>('x', null)).toBeNull();
  });
});

describe('panel changes', () => {
  const input = (key: string, name: string, required = false): Widget =>
    ({ type: 'input', key, model: key, name, options: { required } }) as unknown as Widget;
  const grid = (key: string, children: Widget[]): Widget =>
    ({ type: 'grid', key, model: key, name: 'Grid', options: { columns: [{ span: 24, list: children }] } }) as unknown as Widget;

  it('records, for each changed widget key, its settings before and after', () => {
    const before = { list: [input('AGE', 'Age'), input('SEX', 'Sex')], config: { labelWidth: 8 } };
    const after = { list: [input('AGE', 'Age', true), input('BMI', 'BMI')], config: { labelWidth: 8 } };
    const { widgets, config } = panelChanges(before, after);
    expect(Object.keys(widgets).sort()).toEqual(['AGE', 'BMI', 'SEX']);
    expect(widgets.AGE).toEqual({ old: { type: 'input', key: 'AGE', model: 'AGE', name: 'Age', options: { required: false } }, new: { type: 'input', key: 'AGE', model: 'AGE', name: 'Age', options: { required: true } } });
    expect(widgets.BMI?.old).toBeNull();
    expect(widgets.SEX?.new).toBeNull();
    expect(config).toBeNull();
  });

  it('reports a nested child under its own key, not its grid', () => {
    const { widgets } = panelChanges({ list: [grid('G', [input('AGE', 'Age')])] }, { list: [grid('G', [input('AGE', 'Years')])] });
    expect(Object.keys(widgets)).toEqual(['AGE']);
  });

  it('records a changed layout of the panel itself', () => {
    expect(panelChanges({ list: [], config: { labelWidth: 8 } }, { list: [], config: { labelWidth: 6 } }).config).toEqual({ old: { labelWidth: 8 }, new: { labelWidth: 6 } });
  });
});
