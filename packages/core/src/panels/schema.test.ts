import { describe, expect, it } from 'vitest';
import type { Panel, TableColumn, Widget } from './schema.js';
import { panelSchema, widgetSchema } from './schema.js';

const base: Widget = { type: 'input', key: 'INPUT1', model: 'INPUT1', name: '姓名', options: {} };
const accepts = (widget: Widget) => widgetSchema.safeParse(widget).success;

function tableWith(column: Partial<TableColumn>, options: Widget['options'] = {}): Widget {
  return {
    type: 'table',
    key: 'TABLE1',
    model: 'TABLE1',
    name: 't',
    options: { columns: [{ title: 'c', key: 'COL1', widget: { ...base, key: 'INPUT2', model: 'INPUT2' }, ...column }], ...options },
  };
}

describe('panel schema limits (spec 001 §5.2 and §9)', () => {
  it.each<[string, Widget, boolean]>([
    ['a plain widget', base, true],
    ['§5.2 field name at most 32: 32 characters', { ...base, key: `K${'k'.repeat(31)}`, model: 'M' }, true],
    ['§5.2 field name at most 32: 33 characters', { ...base, key: `K${'k'.repeat(32)}`, model: 'M' }, false],
    ['a key must start with a letter', { ...base, key: '1ABC' }, false],
    ['a key has no spaces or dashes', { ...base, key: 'A-B' }, false],
    ['§5.2 label at most 512', { ...base, name: 'n'.repeat(512), nameEn: 'n'.repeat(512) }, true],
    ['§5.2 English label at most 512', { ...base, nameEn: 'n'.repeat(513) }, false],
    ['§5.2 pattern at most 64 characters', { ...base, options: { pattern: 'p'.repeat(65) } }, false],
    ['§5.2 calculation formula at most 200 characters: 200', { ...base, options: { expression: 'x'.repeat(200) } }, true],
    ['§5.2 calculation formula at most 200 characters: 201', { ...base, options: { expression: 'x'.repeat(201) } }, false],
    ['§3.2 labelCol 0 to 24: 24', { ...base, labelCol: 24, wrapperCol: 0 }, true],
    ['§3.2 labelCol 0 to 24: 25', { ...base, labelCol: 25 }, false],
    ['§3.2 wrapperCol is an integer', { ...base, wrapperCol: 15.5 }, false],
    ['§3.3 dataType string, number, integer, float (url seen)', { ...base, options: { dataType: 'url' } }, true],
    ['§3.3 an unknown dataType', { ...base, options: { dataType: 'decimal' as never } }, false],
    ['§3.3 importantInformation 1 to 4', { ...base, options: { importantInformation: 4 } }, true],
    ['§3.3 importantInformation 5', { ...base, options: { importantInformation: 5 as never } }, false],
    ['§3.4 a show condition comparison and connector', { ...base, options: { showConditions: [{ cName: 'a', eName: 'A', evalType: 'eq', value: '1' }, { appendix: '&&' }, { cName: 'b', eName: 'B', evalType: 'ge', value: '2' }] } }, true],
    ['§3.4 an unknown operator', { ...base, options: { showConditions: [{ cName: 'a', eName: 'A', evalType: 'like' as never, value: '1' }] } }, false],
    ['§9 bullseye 16 or 17 segments: 16', { ...base, type: 'bullseyeplot', options: { segments: 16 } }, true],
    ['§9 bullseye 16 or 17 segments: 18', { ...base, type: 'bullseyeplot', options: { segments: 18 as never } }, false],
    ['§9 cards per row 1 to 4: 4', tableWith({}, { cardsPerRow: 4 }), true],
    ['§9 cards per row 1 to 4: 5', tableWith({}, { cardsPerRow: 5 }), false],
    ['§5.2 column field name at most 50', tableWith({ key: `C${'c'.repeat(50)}` }), false],
    ['§5.2 column label at most 256', tableWith({ title: 't'.repeat(257) }), false],
    ['§5.2 column width is a percentage such as 20%', tableWith({ width: '20%' }), true],
    ['§5.2 column width in pixels is refused', tableWith({ width: '200px' }), false],
    ['§3.6 a column refCtrl role', tableWith({ refCtrl: 'result' }), true],
    ['§3.6 an unknown refCtrl role', tableWith({ refCtrl: 'other' as never }), false],
    ['§3.6 widgetMap is keyed by row number', tableWith({ widgetMap: { x: base } }), false],
  ])('%s: %s', (_name, widget, expected) => {
    expect(accepts(widget)).toBe(expected);
  });

  it.each<[string, Panel, boolean]>([
    ['§3.1 config labelWidth 8, labelPosition right', { list: [base], config: { labelWidth: 8, labelPosition: 'right' } }, true],
    ['§3.1 labelPosition is left or right', { list: [], config: { labelWidth: 8, labelPosition: 'top' as never } }, false],
    ['§3.1 changeFlag and instrumentId', { list: [], config: { labelWidth: 8, labelPosition: 'left' }, changeFlag: true, instrumentId: 12 }, true],
  ])('%s: %s', (_name, panel, expected) => {
    expect(panelSchema.safeParse(panel).success).toBe(expected);
  });
});
