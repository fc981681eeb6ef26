import { describe, expect, it } from 'vitest';
import type { Widget } from '../panels/schema.js';
import { attachmentRowOf, rowCellPrefix, uploadWidgetAt } from './cells.js';
import { importableColumns } from './table-import.js';

const widget = (type: string, model: string, extra: Partial<Widget> = {}): Widget => ({ type, key: model, model, name: model, options: {}, ...extra }) as Widget;
const list: Widget[] = [
  widget('uploader', 'PHOTO'),
  widget('input', 'NOTE'),
  widget('table', 'CM', {
    options: {
      repeatable: true,
      columns: [
        { key: 'DRUG', title: 'Drug', widget: widget('input', 'CM_DRUG', { table: 'CM' }) },
        { key: 'BOX', title: 'Box', widget: widget('uploader', 'CM_BOX', { table: 'CM' }) },
      ],
    },
  }),
];

describe('where field images may be attached (spec 002 §3, §5)', () => {
  it('finds an upload field by model and an upload column by its cell path', () => {
    expect(uploadWidgetAt(list, 'PHOTO')?.model).toBe('PHOTO');
    expect(uploadWidgetAt(list, 'CM#r3.BOX')?.model).toBe('CM_BOX');
  });

  it('names no upload widget for other fields, other columns, unknown paths or a column addressed without its row', () => {
    expect(uploadWidgetAt(list, 'NOTE')).toBeUndefined();
    expect(uploadWidgetAt(list, 'CM#r3.DRUG')).toBeUndefined();
    expect(uploadWidgetAt(list, 'CM#r3.NOPE')).toBeUndefined();
    expect(uploadWidgetAt(list, 'CM_BOX')).toBeUndefined();
    expect(uploadWidgetAt(list, 'BOX')).toBeUndefined();
    expect(uploadWidgetAt(list, 'PHOTO#r1.BOX')).toBeUndefined();
  });

  it('gives a cell path’s row, whose prefix every cell of the row shares', () => {
    expect(attachmentRowOf('CM#r12.BOX')).toBe('CM#r12');
    expect(attachmentRowOf('PHOTO')).toBeNull();
    expect('CM#r12.BOX'.startsWith(rowCellPrefix('CM#r12'))).toBe(true);
    expect('CM#r123.BOX'.startsWith(rowCellPrefix('CM#r12'))).toBe(false);
  });

  it('leaves image columns out of the spreadsheet import: images go to a saved row’s cell', () => {
    const table = list[2] as Widget;
    expect(importableColumns(table).map((column) => column.key)).toEqual(['DRUG']);
  });
});
