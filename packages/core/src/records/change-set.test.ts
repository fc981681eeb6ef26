import { describe, expect, it } from 'vitest';
import type { Panel } from '../panels/schema.js';
import { ROW_KEY_FIELD } from './form-values.js';
import { fieldPathLabel, pathsNeedingReason } from './change-set.js';

const input = (model: string, extra: Record<string, unknown> = {}) => ({ type: 'input', key: model, model, name: `${model}名`, nameEn: `${model} name`, options: {}, ...extra });
const panel = {
  list: [
    input('A'),
    input('B', { options: { expression: '[A] + 1' } }),
    input('C', { options: { logicExpression: "[A] = '1'" } }),
    { type: 'table', key: 'T', model: 'T', name: '表', nameEn: 'Table', options: { repeatable: true, columns: [{ key: 'X', title: '列', titleEn: 'Col', widget: input('T_X') }] } },
  ],
} as unknown as Panel;

describe('what a save asks a reason for (AT-2)', () => {
  it('names changed saved values and deleted saved rows, not new entries or rule-driven changes', () => {
    const stored = { A: '1', B: 2, C: 'c', T: [{ [ROW_KEY_FIELD]: 'r1', X: 'x' }, { [ROW_KEY_FIELD]: 'r2', X: null }] };
    const next = { A: '2', B: 3, C: null, T: [{ [ROW_KEY_FIELD]: 'r1', X: 'y' }, { X: 'new' }] };
    const saved = (path: string) => path !== 'T#r2.X';
    expect(pathsNeedingReason(panel, stored, saved, next, '2026-01-01').sort()).toEqual(['A', 'T#r1.X']);
    // The deleted row held a saved value: it needs a reason too.
    const stored2 = { ...stored, T: [...(stored.T as object[]), { [ROW_KEY_FIELD]: 'r3', X: 'z' }] };
    expect(pathsNeedingReason(panel, stored2, () => true, stored, '2026-01-01')).toEqual(['T#r3']);
  });

  it('labels fields, cells and rows in both languages', () => {
    const values = { T: [{ [ROW_KEY_FIELD]: 'r4', X: 1 }] };
    expect(fieldPathLabel(panel, 'A', values)).toEqual({ label: 'A名', labelEn: 'A name' });
    expect(fieldPathLabel(panel, 'T#r4.X', values)).toEqual({ label: '表 1 列', labelEn: 'Table 1 Col' });
    expect(fieldPathLabel(panel, 'T#r9', values)).toEqual({ label: '表 #9', labelEn: 'Table #9' });
  });
});
