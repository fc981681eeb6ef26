import {
  DEFAULT_LABEL_COL,
  DEFAULT_WRAPPER_COL,
  GRID_NEW_LAYOUT_SPAN,
  RATE_COUNT_DEFAULT,
  SLIDER_MAX_DEFAULT,
  SLIDER_MIN_DEFAULT,
  SLIDER_STEP_DEFAULT,
  TABLE_COLUMNS_DEFAULT,
  TABLE_ROWS_DEFAULT,
  TEXTAREA_MAXLENGTH_DEFAULT,
  TEXTAREA_ROWS_DEFAULT,
  TEXT_MAXLENGTH_DEFAULT,
} from './constants.js';
import { BULLSEYE_DICT_TYPE, BULLSEYE_SEGMENTS_DEFAULT, bullseyeOptions } from './bullseye.js';
import { createGrid, createTable } from './factory-layout.js';
import { generateKey } from './keys.js';
import { defaultChoiceOptions } from './option-codes.js';
import { generateRules } from './rules.js';
import type { Widget, WidgetOptions, WidgetType } from './schema.js';

/**
 * The single widgets of the palette (spec 001 §2.1). Section label, paragraph note and rich text are the
 * `blank`, `alert` and `richeditor` types; the bullseye dropdown is a select with the bullseye options.
 * Matrices, the add-grid and add-table dialogs and the lab table have their own creators.
 */
export const PALETTE_WIDGETS = [
  'input',
  'textarea',
  'number',
  'radio',
  'select',
  'checkbox',
  'rate',
  'slider',
  'date',
  'time',
  'switch',
  'color',
  'uploader',
  'blank',
  'alert',
  'richeditor',
  'bullseyeplot',
  'bullseyeDropdown',
  'grid',
  'table',
] as const;
export type PaletteWidget = (typeof PALETTE_WIDGETS)[number];

/** The default label of each palette widget in both languages. */
export const PALETTE_LABELS: Record<PaletteWidget, { name: string; nameEn: string }> = {
  input: { name: '单行文本', nameEn: 'Single-line text' },
  textarea: { name: '多行文本', nameEn: 'Multi-line text' },
  number: { name: '数字', nameEn: 'Number' },
  radio: { name: '单选', nameEn: 'Radio' },
  select: { name: '下拉选择', nameEn: 'Dropdown' },
  checkbox: { name: '多选', nameEn: 'Checkbox' },
  rate: { name: '评分', nameEn: 'Rating' },
  slider: { name: '滑块', nameEn: 'Slider' },
  date: { name: '日期', nameEn: 'Date' },
  time: { name: '时间', nameEn: 'Time' },
  switch: { name: '开关', nameEn: 'Switch' },
  color: { name: '颜色', nameEn: 'Colour' },
  uploader: { name: '图片上传', nameEn: 'Image upload' },
  blank: { name: '分节标题', nameEn: 'Section label' },
  alert: { name: '段落说明', nameEn: 'Paragraph note' },
  richeditor: { name: '富文本说明', nameEn: 'Rich-text note' },
  bullseyeplot: { name: '靶心图', nameEn: 'Bullseye plot' },
  bullseyeDropdown: { name: '靶心图下拉', nameEn: 'Bullseye dropdown' },
  grid: { name: '栅格布局', nameEn: 'Grid layout' },
  table: { name: '表格', nameEn: 'Table' },
};

function widgetTypeOf(item: PaletteWidget): WidgetType {
  return item === 'bullseyeDropdown' ? 'select' : item;
}

/** Spec 001 §5.2 and §9 defaults of each palette widget's options. */
function defaultOptions(item: Exclude<PaletteWidget, 'grid' | 'table'>): WidgetOptions {
  switch (item) {
    case 'input':
      return { placeholder: '', dataType: 'string', maxlength: TEXT_MAXLENGTH_DEFAULT, allowClear: true, required: false };
    case 'textarea':
      return { placeholder: '', dataType: 'string', maxlength: TEXTAREA_MAXLENGTH_DEFAULT, rows: TEXTAREA_ROWS_DEFAULT, required: false };
    case 'number':
      return { placeholder: '', dataType: 'number', precision: 0, step: 1, required: false };
    case 'radio':
    case 'checkbox':
      return { options: defaultChoiceOptions(), required: false };
    case 'select':
      return { placeholder: '', options: defaultChoiceOptions(), multiple: false, allowClear: true, required: false };
    case 'rate':
      return { max: RATE_COUNT_DEFAULT, allowHalf: false, required: false };
    case 'slider':
      return { min: SLIDER_MIN_DEFAULT, max: SLIDER_MAX_DEFAULT, step: SLIDER_STEP_DEFAULT, isRange: false, required: false };
    case 'date':
      return { type: 'date', format: 'YYYY-MM-DD', placeholder: '', required: false };
    case 'time':
      return { type: 'time', format: 'HH:mm:ss', placeholder: '', required: false };
    case 'switch':
      return { defaultValue: false };
    case 'color':
      return { defaultValue: '' };
    case 'uploader':
      return { multiple: true, required: false };
    case 'blank':
      return { content: '分节标题', contentEn: 'Section label', selectAll: false };
    case 'alert':
      return { content: '段落说明', contentEn: 'Paragraph note', alertType: 'info' };
    case 'richeditor':
      return { content: '', contentEn: '' };
    case 'bullseyeplot':
      return { segments: BULLSEYE_SEGMENTS_DEFAULT, options: bullseyeOptions(), required: false };
    case 'bullseyeDropdown':
      return { placeholder: '', options: bullseyeOptions(), multiple: false, bullsEyePlot: true, dictType: BULLSEYE_DICT_TYPE, required: false };
  }
}

/**
 * A new widget for a palette item (spec 001 §4.1): key and model are its type plus a random number,
 * uppercased and unique among `usedKeys` (which receives the new keys), label column 8 and wrapper 16,
 * the §5.2/§9 option defaults and the rules those imply. A grid is two columns of 12 with gutter 5; a
 * table is the default 1 by 2 table of placeholders.
 */
export function createWidget(item: PaletteWidget, usedKeys: Set<string>): Widget {
  if (item === 'grid') return createGrid([GRID_NEW_LAYOUT_SPAN, GRID_NEW_LAYOUT_SPAN], usedKeys);
  if (item === 'table') return createTable(TABLE_ROWS_DEFAULT, TABLE_COLUMNS_DEFAULT, usedKeys);
  const type = widgetTypeOf(item);
  const key = generateKey(type, usedKeys);
  const widget: Widget = {
    type,
    key,
    model: key,
    ...PALETTE_LABELS[item],
    labelCol: DEFAULT_LABEL_COL,
    wrapperCol: DEFAULT_WRAPPER_COL,
    disabled: false,
    options: defaultOptions(item),
  };
  return { ...widget, rules: generateRules(widget) };
}
