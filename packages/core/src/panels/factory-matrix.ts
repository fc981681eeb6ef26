import {
  MATRIX_RATING_DEFAULT,
  MATRIX_RATING_MAX,
  MATRIX_RATING_MIN,
  MATRIX_ROWS_MAX,
  MATRIX_ROWS_MIN,
  MATRIX_SLIDER_MAX,
  MATRIX_SLIDER_MIN,
  MATRIX_SLIDER_STEP,
  SLIDER_MAX_DEFAULT,
  SLIDER_MIN_DEFAULT,
} from './constants.js';
import { columnWidthPercent, countInRange, createTableShell } from './factory-layout.js';
import { tableCellKey, tableColumnKey } from './keys.js';
import { defaultChoiceOptions } from './option-codes.js';
import { FORMAT_INCORRECT, generateRules } from './rules.js';
import type { OptionItem, TableColumn, Widget, WidgetOptions } from './schema.js';

/** Spec 001 §2.1 matrix buttons: single choice, multiple choice, slider, scale rating. */
export const MATRIX_KINDS = ['radio', 'checkbox', 'slider', 'rate'] as const;
export type MatrixKind = (typeof MATRIX_KINDS)[number];

export interface MatrixSettings {
  /** Shared options of a radio or checkbox matrix; two numbered new options when absent. */
  options?: readonly OptionItem[] | undefined;
  /** Slider maximum, 1 to 200 (spec 001 §9); 100 when absent. */
  sliderMax?: number | undefined;
  /** Rating star count, 1 to 20 (spec 001 §9); 10 when absent. */
  rateCount?: number | undefined;
  /** Matrix title; the kind's name when absent. */
  title?: string | undefined;
  titleEn?: string | undefined;
}

const MATRIX_TITLES: Record<MatrixKind, { name: string; nameEn: string }> = {
  radio: { name: '单选矩阵', nameEn: 'Single-choice matrix' },
  checkbox: { name: '多选矩阵', nameEn: 'Multiple-choice matrix' },
  slider: { name: '滑块矩阵', nameEn: 'Slider matrix' },
  rate: { name: '量表评分矩阵', nameEn: 'Scale rating matrix' },
};

function controlOptions(kind: MatrixKind, settings: MatrixSettings): WidgetOptions {
  switch (kind) {
    case 'radio':
    case 'checkbox':
      return { options: settings.options ? settings.options.map((option) => ({ ...option })) : defaultChoiceOptions() };
    case 'slider': {
      const max = settings.sliderMax ?? SLIDER_MAX_DEFAULT;
      if (!countInRange(max, MATRIX_SLIDER_MIN, MATRIX_SLIDER_MAX)) {
        throw new RangeError(`slider maximum must be an integer from ${String(MATRIX_SLIDER_MIN)} to ${String(MATRIX_SLIDER_MAX)}`);
      }
      return { min: SLIDER_MIN_DEFAULT, max, step: MATRIX_SLIDER_STEP };
    }
    case 'rate': {
      const max = settings.rateCount ?? MATRIX_RATING_DEFAULT;
      if (!countInRange(max, MATRIX_RATING_MIN, MATRIX_RATING_MAX)) {
        throw new RangeError(`rating count must be an integer from ${String(MATRIX_RATING_MIN)} to ${String(MATRIX_RATING_MAX)}`);
      }
      return { max, allowHalf: false };
    }
  }
}

/**
 * Spec 001 §2.1 and §9 matrix: 1 to 30 items, 2 columns. A matrix is a non-repeatable table: the first
 * column shows each item's label (read-only, the row's value), the second holds the control, whose options
 * every row shares.
 */
export function createMatrix(kind: MatrixKind, items: readonly string[], usedKeys: Set<string>, settings: MatrixSettings = {}): Widget {
  const labels = items.map((item) => item.trim()).filter((item) => item !== '');
  if (!countInRange(labels.length, MATRIX_ROWS_MIN, MATRIX_ROWS_MAX)) {
    throw new RangeError(`a matrix needs ${String(MATRIX_ROWS_MIN)} to ${String(MATRIX_ROWS_MAX)} items`);
  }
  const titles = MATRIX_TITLES[kind];
  const table = createTableShell(usedKeys, settings.title ?? titles.name, settings.titleEn ?? settings.title ?? titles.nameEn);
  const itemColumnKey = tableColumnKey('ITEM', usedKeys);
  const answerColumnKey = tableColumnKey('ANSWER', usedKeys);
  const itemKey = tableCellKey(table.key, itemColumnKey, null, usedKeys);
  const itemWidget: Widget = {
    type: 'input',
    key: itemKey,
    model: itemKey,
    name: '条目',
    nameEn: 'Item',
    disabled: true,
    table: table.model,
    options: { dataType: 'string' },
    rules: [{ type: 'string', ...FORMAT_INCORRECT }],
  };
  const controlKey = tableCellKey(table.key, answerColumnKey, null, usedKeys);
  const control: Widget = {
    type: kind,
    key: controlKey,
    model: controlKey,
    name: titles.name,
    nameEn: titles.nameEn,
    disabled: false,
    table: table.model,
    options: controlOptions(kind, settings),
  };
  const columns: TableColumn[] = [
    { title: '条目', titleEn: 'Item', key: itemColumnKey, width: columnWidthPercent(2), widget: itemWidget },
    { title: titles.name, titleEn: titles.nameEn, key: answerColumnKey, width: columnWidthPercent(2), widget: { ...control, rules: generateRules(control) } },
  ];
  const [itemColumn, answerColumn] = columns as [TableColumn, TableColumn];
  const data = labels.map((label) => ({ CARD_TITLE: label, [itemColumn.key]: label, [answerColumn.key]: null }));
  return { ...table, options: { ...table.options, repeatable: false, columns, data } };
}
