import type { WidgetType } from './schema.js';

/** Where a widget may be put: on the panel itself, in a grid column, or in a table cell. */
export type WidgetContainer = 'panel' | 'grid' | 'table';

export interface NestingRefusal {
  code: 'panel.grid_nesting' | 'panel.table_nesting' | 'panel.placeholder_outside_table';
  message: string;
  messageEn: string;
}

/** Spec 001 §5.3: a grid cannot contain grids, tables, dividers or section labels (both are `blank`). */
export const GRID_FORBIDDEN_TYPES: readonly WidgetType[] = ['grid', 'table', 'blank'];
/** Spec 001 §5.3: a table cell cannot hold section labels, paragraph notes, grids or tables. */
export const TABLE_FORBIDDEN_TYPES: readonly WidgetType[] = ['blank', 'alert', 'grid', 'table'];

/** Spec 001 §8 grid nesting warning. */
export const GRID_NESTING_REFUSAL: NestingRefusal = {
  code: 'panel.grid_nesting',
  message: '栅格布局不允许嵌入栅格、表格或分隔符',
  messageEn: 'A grid layout does not allow embedding grids, tables or dividers',
};

/** Spec 001 §8 table nesting warning. */
export const TABLE_NESTING_REFUSAL: NestingRefusal = {
  code: 'panel.table_nesting',
  message: '表格布局不允许嵌入分节标题、段落说明、栅格和表格',
  messageEn: 'A table layout does not allow section labels, paragraph notes, grids and tables',
};

/** An empty placeholder only stands for an unconfigured table cell (spec 001 §4.1). */
export const PLACEHOLDER_REFUSAL: NestingRefusal = {
  code: 'panel.placeholder_outside_table',
  message: '空白占位只能位于表格单元格中',
  messageEn: 'An empty placeholder can only sit in a table cell',
};

/** Why a widget of this type may not go into the container, or null when it may. */
export function nestingRefusal(childType: WidgetType, container: WidgetContainer): NestingRefusal | null {
  switch (container) {
    case 'panel':
      return childType === 'placeholder' ? PLACEHOLDER_REFUSAL : null;
    case 'grid':
      if (childType === 'placeholder') return PLACEHOLDER_REFUSAL;
      return GRID_FORBIDDEN_TYPES.includes(childType) ? GRID_NESTING_REFUSAL : null;
    case 'table':
      return TABLE_FORBIDDEN_TYPES.includes(childType) ? TABLE_NESTING_REFUSAL : null;
  }
}

export function canPlace(childType: WidgetType, container: WidgetContainer): boolean {
  return nestingRefusal(childType, container) === null;
}
