import { createLabTable, createWidget } from '@dcap/core';
import type { MatrixKind, PaletteWidget, Widget } from '@dcap/core';

/** The palette groups of spec 001 §2.1, in their order. */
export const PALETTE_GROUPS = ['composite', 'fill', 'choice', 'custom', 'label', 'matrix', 'table', 'upload', 'layout'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

export type DesignerDialog = { kind: 'matrix'; matrix: MatrixKind } | { kind: 'grid' } | { kind: 'table' } | { kind: 'smartSplit' };

/** What a palette entry does: put widgets on the canvas (click or drag) or open one of the add dialogs. */
export type PaletteAction = { kind: 'widgets'; build: (usedKeys: Set<string>) => Widget[] } | { kind: 'dialog'; dialog: DesignerDialog };

export interface PaletteItem {
  /** Also the i18n key under designer.palette.items. */
  id: string;
  group: PaletteGroup;
  action: PaletteAction;
}

const single = (item: PaletteWidget) => ({ kind: 'widgets', build: (usedKeys: Set<string>) => [createWidget(item, usedKeys)] }) as const;

/** A composite template: widgets made by core's factory, then named and linked for a common use. */
function heightWeightBmi(usedKeys: Set<string>): Widget[] {
  const height = createWidget('number', usedKeys);
  const weight = createWidget('number', usedKeys);
  const bmi = createWidget('number', usedKeys);
  return [
    { ...height, name: '身高', nameEn: 'Height', options: { ...height.options, annotation: 'cm', precision: 1 } },
    { ...weight, name: '体重', nameEn: 'Weight', options: { ...weight.options, annotation: 'kg', precision: 1 } },
    {
      ...bmi,
      name: 'BMI',
      nameEn: 'BMI',
      options: { ...bmi.options, annotation: 'kg/m^2', precision: 1, expression: `round([${weight.model}] / ([${height.model}] / 100) ^ 2, 1)` },
    },
  ];
}

function dateRange(usedKeys: Set<string>): Widget[] {
  const start = createWidget('date', usedKeys);
  const end = createWidget('date', usedKeys);
  return [
    { ...start, name: '开始日期', nameEn: 'Start date' },
    { ...end, name: '结束日期', nameEn: 'End date' },
  ];
}

const widgets = (group: PaletteGroup, items: PaletteWidget[]): PaletteItem[] => items.map((id) => ({ id, group, action: single(id) }));

/** Every entry of the palette, spec 001 §2.1. */
export const PALETTE_ITEMS: readonly PaletteItem[] = [
  { id: 'heightWeightBmi', group: 'composite', action: { kind: 'widgets', build: heightWeightBmi } },
  { id: 'dateRange', group: 'composite', action: { kind: 'widgets', build: dateRange } },
  { id: 'smartSplit', group: 'composite', action: { kind: 'dialog', dialog: { kind: 'smartSplit' } } },
  ...widgets('fill', ['input', 'textarea', 'number']),
  ...widgets('choice', ['radio', 'select', 'checkbox', 'rate', 'slider', 'date', 'time']),
  ...widgets('custom', ['switch', 'color']),
  ...widgets('label', ['blank', 'alert', 'richeditor']),
  { id: 'matrixRadio', group: 'matrix', action: { kind: 'dialog', dialog: { kind: 'matrix', matrix: 'radio' } } },
  { id: 'matrixCheckbox', group: 'matrix', action: { kind: 'dialog', dialog: { kind: 'matrix', matrix: 'checkbox' } } },
  { id: 'matrixSlider', group: 'matrix', action: { kind: 'dialog', dialog: { kind: 'matrix', matrix: 'slider' } } },
  { id: 'matrixRate', group: 'matrix', action: { kind: 'dialog', dialog: { kind: 'matrix', matrix: 'rate' } } },
  { id: 'addGrid', group: 'table', action: { kind: 'dialog', dialog: { kind: 'grid' } } },
  { id: 'addTable', group: 'table', action: { kind: 'dialog', dialog: { kind: 'table' } } },
  { id: 'imgupload', group: 'upload', action: single('uploader') },
  ...widgets('layout', ['grid', 'table', 'bullseyeplot']),
  { id: 'bullseyeSelect', group: 'layout', action: single('bullseyeDropdown') },
  { id: 'labTable', group: 'layout', action: { kind: 'widgets', build: (usedKeys) => [createLabTable(usedKeys)] } },
];

export function paletteItem(id: string): PaletteItem | undefined {
  return PALETTE_ITEMS.find((item) => item.id === id);
}
