import { describe, expect, it } from 'vitest';
import type { WidgetContainer } from './nesting.js';
import { canPlace, nestingRefusal } from './nesting.js';
import type { WidgetType } from './schema.js';
import { WIDGET_TYPES } from './schema.js';

describe('spec 001 §5.3: a grid cannot contain grids, tables, dividers or section labels', () => {
  it.each<[WidgetType, boolean]>([
    ['grid', false],
    ['table', false],
    ['blank', false],
    ['input', true],
    ['radio', true],
    ['alert', true],
    ['richeditor', true],
    ['bullseyeplot', true],
    ['uploader', true],
  ])('%s in a grid: %s', (type, allowed) => {
    expect(canPlace(type, 'grid')).toBe(allowed);
  });
});

describe('spec 001 §5.3: a table cell cannot hold section labels, paragraph notes, grids or tables', () => {
  it.each<[WidgetType, boolean]>([
    ['blank', false],
    ['alert', false],
    ['grid', false],
    ['table', false],
    ['input', true],
    ['number', true],
    ['select', true],
    ['date', true],
    ['placeholder', true],
  ])('%s in a table: %s', (type, allowed) => {
    expect(canPlace(type, 'table')).toBe(allowed);
  });
});

describe('the panel itself takes every type except the table-only placeholder', () => {
  it.each(WIDGET_TYPES.map((type) => [type, type !== 'placeholder'] as const))('%s on the panel: %s', (type, allowed) => {
    expect(canPlace(type, 'panel')).toBe(allowed);
  });

  it.each<WidgetContainer>(['panel', 'grid'])('a placeholder outside a table is refused in %s', (container) => {
    expect(nestingRefusal('placeholder', container)?.code).toBe('panel.placeholder_outside_table');
  });
});

describe('spec 001 §8: the nesting warnings in both languages', () => {
  it('grid nesting: grid layout does not allow embedding grids, tables or dividers', () => {
    const refusal = nestingRefusal('table', 'grid');
    expect(refusal?.code).toBe('panel.grid_nesting');
    expect(refusal?.message).toContain('栅格布局不允许嵌入');
    expect(refusal?.messageEn).toMatch(/grid layout does not allow embedding grids, tables or dividers/i);
  });

  it('table nesting: table layout does not allow section labels, paragraph notes, grids and tables', () => {
    const refusal = nestingRefusal('alert', 'table');
    expect(refusal?.code).toBe('panel.table_nesting');
    expect(refusal?.message).toContain('表格布局不允许嵌入');
    expect(refusal?.messageEn).toMatch(/table layout does not allow section labels, paragraph notes, grids and tables/i);
  });

  it('an allowed placement has no refusal', () => {
    expect(nestingRefusal('input', 'grid')).toBeNull();
  });
});
