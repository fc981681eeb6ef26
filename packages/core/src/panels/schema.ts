import { z } from 'zod';
import { cleanRichTextWidget } from './rich-text.js';
import {
  CALCULATION_FORMULA_MAX,
  COLUMN_FIELD_NAME_MAX,
  COLUMN_LABEL_MAX,
  FIELD_NAME_MAX,
  GRID_SPAN_TOTAL,
  LABEL_MAX,
  PATTERN_MAX,
  TABLE_CARDS_PER_ROW_MAX,
  TABLE_CARDS_PER_ROW_MIN,
  TABLE_NAME_MAX,
} from './constants.js';
import { dbInt, multilineText, safeText } from '../validation/text.js';

/**
 * The panel JSON of spec 001 §3: the contract between designer, renderer, server validation, import and
 * export. Field names are the spec's. Types are written out by hand because widgets nest (grids and tables
 * hold widgets) and because the designer, renderer and server all read these names.
 */

/** Spec 001 §3.2. `uploader` and `imgupload` are the same image uploader under its two names. */
export const WIDGET_TYPES = [
  'input',
  'textarea',
  'number',
  'radio',
  'checkbox',
  'select',
  'time',
  'date',
  'rate',
  'switch',
  'slider',
  'color',
  'uploader',
  'imgupload',
  'bullseyeplot',
  'richeditor',
  'alert',
  'blank',
  'grid',
  'table',
  'placeholder',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Spec 001 §3.3 dataType; `text` is spec 002's name for `string`, `url` is seen in spec 001. */
export const DATA_TYPES = ['string', 'text', 'number', 'integer', 'float', 'url'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Spec 001 §9 condition operators: greater, less, equal, not less, not greater, not equal. */
export const CONDITION_OPERATORS = ['gt', 'lt', 'eq', 'ge', 'le', 'ne'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Spec 001 §3.3 importantInformation: 1 required field, 2 important item, 3 general variable, 4 optional. */
export const IMPORTANCE_LEVELS = [1, 2, 3, 4] as const;

/** Which part of a lab row a table column plays (spec 002 §3 refSubject … refLabTestOccurDate). */
export const LAB_COLUMN_ROLES = ['subject', 'result', 'low', 'up', 'unit', 'clinicalSig', 'range', 'uul', 'occurDate'] as const;
export type LabColumnRole = (typeof LAB_COLUMN_ROLES)[number];

/** An option of a choice widget; bullseye options also carry `freeze` and a colour (spec 001 §3.3, §3.7). */
export interface OptionItem {
  key: string;
  value: string;
  label: string;
  labelEn?: string | undefined;
  freeze?: boolean | undefined;
  color?: string | undefined;
  disabled?: boolean | undefined;
}

/** Spec 001 §3.4: a show condition is a comparison or a connector between two comparisons. */
export type ShowCondition =
  | { cName: string; eName: string; evalType: ConditionOperator; value: string }
  | { appendix: '&&' | '||' };

/** A validation rule generated from the widget's options (spec 001 §5.2), in both languages. */
export interface WidgetRule {
  required?: boolean | undefined;
  type?: 'string' | 'number' | 'integer' | 'float' | 'url' | undefined;
  pattern?: string | undefined;
  message: string;
  messageEn: string;
}

/** Spec 001 §3.5: a grid column with its span of 24 and the widgets in it. */
export interface GridColumn {
  span: number;
  list: Widget[];
}

/** Spec 001 §3.6: a table column; `widget` is the cell template, `widgetMap` overrides it for a row index. */
export interface TableColumn {
  title: string;
  titleEn?: string | undefined;
  key: string;
  newKey?: string | undefined;
  /** A percentage of the table width such as "20%". */
  width?: string | undefined;
  widget: Widget;
  widgetMap?: Record<string, Widget> | undefined;
  refCtrl?: LabColumnRole | undefined;
}

/** A table row's initial cell values by column key, and the title its card shows. */
export type TableRow = { CARD_TITLE?: string | undefined } & Record<string, string | number | null | undefined>;

export interface WidgetOptions {
  placeholder?: string | undefined;
  defaultValue?: unknown;
  dataType?: DataType | undefined;
  textValidationType?: string | undefined;
  pattern?: string | undefined;
  required?: boolean | undefined;
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
  precision?: number | undefined;
  maxlength?: number | undefined;
  /** Textarea height in rows (spec 001 §5.2: 5 by default). */
  rows?: number | undefined;
  allowClear?: boolean | undefined;
  width?: string | number | undefined;
  multiple?: boolean | undefined;
  /** The unit; a caret followed by digits renders as a superscript (10^9/L). */
  annotation?: string | undefined;
  format?: string | undefined;
  type?: 'date' | 'time' | undefined;
  allowHalf?: boolean | undefined;
  isRange?: boolean | undefined;
  options?: OptionItem[] | undefined;
  ref?: string | undefined;
  props?: { value: string; label: string } | undefined;
  tableRefOptions?: OptionItem[] | undefined;
  dictType?: string | undefined;
  bullsEyePlot?: boolean | undefined;
  /** Calculation formula (docs/formulas.md); the field becomes read-only and computed. */
  expression?: string | undefined;
  /** A show condition written in the formula language; wins over `showConditions` when both are set. */
  logicExpression?: string | undefined;
  showOnCondition?: boolean | undefined;
  showConditions?: ShowCondition[] | undefined;
  arm?: boolean | undefined;
  strataFactors?: boolean | undefined;
  sensitiveInformation?: boolean | undefined;
  enroll?: boolean | undefined;
  importantInformation?: (typeof IMPORTANCE_LEVELS)[number] | undefined;
  domain?: string | undefined;
  subType?: string | undefined;
  /** Text of a section label or alert, or the HTML of a rich-text note (sanitised on parse: rich-text.ts). */
  content?: string | undefined;
  contentEn?: string | undefined;
  /** Alert style. */
  alertType?: 'info' | 'success' | 'warning' | 'error' | undefined;
  /** A divider heading offers a select-all checkbox over the fields below it (spec 002 §2). */
  selectAll?: boolean | undefined;
  /** Bullseye plot: 16 or 17 segments (spec 001 §9). */
  segments?: 16 | 17 | undefined;
  // Grid (spec 001 §3.5) and table (§3.6) layout.
  gutter?: number | undefined;
  justify?: 'start' | 'end' | 'center' | 'space-around' | 'space-between' | undefined;
  align?: 'top' | 'middle' | 'bottom' | undefined;
  columns?: GridColumn[] | TableColumn[] | undefined;
  repeatable?: boolean | undefined;
  tableMode?: 'table' | 'card' | undefined;
  cardsPerRow?: number | undefined;
  data?: TableRow[] | undefined;
}

/** Spec 001 §3.2. */
export interface Widget {
  type: WidgetType;
  key: string;
  model: string;
  vmodel?: string | undefined;
  name: string;
  nameEn?: string | undefined;
  sort?: number | undefined;
  disabled?: boolean | undefined;
  labelCol?: number | undefined;
  wrapperCol?: number | undefined;
  rules?: WidgetRule[] | undefined;
  isEdit?: boolean | undefined;
  /** Name of the owning table, for a table cell's widget. */
  table?: string | undefined;
  options: WidgetOptions;
  id?: string | number | undefined;
  defaultValue?: unknown;
  required?: boolean | undefined;
}

export interface PanelConfig {
  labelWidth: number;
  labelPosition: 'left' | 'right';
}

/** Spec 001 §3.1. */
export interface Panel {
  list: Widget[];
  config: PanelConfig;
  instrumentId?: string | number | undefined;
  changeFlag?: boolean | undefined;
}

const optionItemSchema: z.ZodType<OptionItem> = z.object({
  key: multilineText().max(64),
  value: multilineText().max(LABEL_MAX),
  label: multilineText().max(LABEL_MAX),
  labelEn: multilineText().max(LABEL_MAX).optional(),
  freeze: z.boolean().optional(),
  color: multilineText().max(32).optional(),
  disabled: z.boolean().optional(),
});

export const showConditionSchema: z.ZodType<ShowCondition> = z.union([
  z.object({ cName: multilineText().max(LABEL_MAX), eName: multilineText().max(FIELD_NAME_MAX), evalType: z.enum(CONDITION_OPERATORS), value: multilineText().max(LABEL_MAX) }),
  z.object({ appendix: z.enum(['&&', '||']) }),
]);

const widgetRuleSchema: z.ZodType<WidgetRule> = z.object({
  required: z.boolean().optional(),
  type: z.enum(['string', 'number', 'integer', 'float', 'url']).optional(),
  pattern: multilineText().max(PATTERN_MAX).optional(),
  message: multilineText().max(LABEL_MAX + 64),
  messageEn: multilineText().max(LABEL_MAX + 64),
});

/** Keys and model names are identifiers: letters, digits and underscores, starting with a letter. */
const identifier = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z][A-Za-z0-9_]*$/);

const gridColumnSchema: z.ZodType<GridColumn> = z.object({
  span: dbInt().min(1).max(GRID_SPAN_TOTAL),
  get list() {
    return z.array(widgetSchema);
  },
});

const tableColumnSchema: z.ZodType<TableColumn> = z.object({
  title: multilineText().max(COLUMN_LABEL_MAX),
  titleEn: multilineText().max(COLUMN_LABEL_MAX).optional(),
  key: identifier(COLUMN_FIELD_NAME_MAX),
  newKey: multilineText().max(COLUMN_FIELD_NAME_MAX).optional(),
  width: z.string().regex(/^\d{1,3}(\.\d+)?%$/).optional(),
  get widget() {
    return widgetSchema;
  },
  get widgetMap() {
    return z.record(z.string().regex(/^\d+$/), widgetSchema).optional();
  },
  refCtrl: z.enum(LAB_COLUMN_ROLES).optional(),
});

const tableRowSchema: z.ZodType<TableRow> = z.record(safeText().max(64), z.union([multilineText().max(4096), z.number(), z.null(), z.undefined()]));

const widgetOptionsSchema: z.ZodType<WidgetOptions> = z.object({
  placeholder: multilineText().max(LABEL_MAX).optional(),
  defaultValue: z.unknown().optional(),
  dataType: z.enum(DATA_TYPES).optional(),
  textValidationType: multilineText().max(32).optional(),
  pattern: multilineText().max(PATTERN_MAX).optional(),
  required: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  precision: dbInt().min(0).max(10).optional(),
  maxlength: dbInt().min(1).max(100_000).optional(),
  rows: dbInt().min(1).max(50).optional(),
  allowClear: z.boolean().optional(),
  width: z.union([multilineText().max(16), z.number()]).optional(),
  multiple: z.boolean().optional(),
  annotation: multilineText().max(64).optional(),
  format: multilineText().max(32).optional(),
  type: z.enum(['date', 'time']).optional(),
  allowHalf: z.boolean().optional(),
  isRange: z.boolean().optional(),
  options: z.array(optionItemSchema).max(1000).optional(),
  ref: multilineText().max(FIELD_NAME_MAX).optional(),
  props: z.object({ value: safeText().max(64), label: safeText().max(64) }).optional(),
  tableRefOptions: z.array(optionItemSchema).max(1000).optional(),
  dictType: multilineText().max(64).optional(),
  bullsEyePlot: z.boolean().optional(),
  expression: multilineText().max(CALCULATION_FORMULA_MAX).optional(),
  logicExpression: multilineText().max(CALCULATION_FORMULA_MAX).optional(),
  showOnCondition: z.boolean().optional(),
  showConditions: z.array(showConditionSchema).max(50).optional(),
  arm: z.boolean().optional(),
  strataFactors: z.boolean().optional(),
  sensitiveInformation: z.boolean().optional(),
  enroll: z.boolean().optional(),
  importantInformation: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  domain: multilineText().max(16).optional(),
  subType: multilineText().max(64).optional(),
  content: multilineText().max(20_000).optional(),
  contentEn: multilineText().max(20_000).optional(),
  alertType: z.enum(['info', 'success', 'warning', 'error']).optional(),
  selectAll: z.boolean().optional(),
  segments: z.union([z.literal(16), z.literal(17)]).optional(),
  gutter: dbInt().min(0).max(64).optional(),
  justify: z.enum(['start', 'end', 'center', 'space-around', 'space-between']).optional(),
  align: z.enum(['top', 'middle', 'bottom']).optional(),
  get columns() {
    return z.union([z.array(gridColumnSchema), z.array(tableColumnSchema)]).optional();
  },
  repeatable: z.boolean().optional(),
  tableMode: z.enum(['table', 'card']).optional(),
  cardsPerRow: dbInt().min(TABLE_CARDS_PER_ROW_MIN).max(TABLE_CARDS_PER_ROW_MAX).optional(),
  data: z.array(tableRowSchema).max(10_000).optional(),
});

export const widgetSchema: z.ZodType<Widget> = z.object({
  type: z.enum(WIDGET_TYPES),
  key: identifier(FIELD_NAME_MAX),
  model: identifier(FIELD_NAME_MAX),
  vmodel: multilineText().max(FIELD_NAME_MAX).optional(),
  name: multilineText().max(Math.max(LABEL_MAX, TABLE_NAME_MAX)),
  nameEn: multilineText().max(LABEL_MAX).optional(),
  sort: dbInt().optional(),
  disabled: z.boolean().optional(),
  labelCol: dbInt().min(0).max(GRID_SPAN_TOTAL).optional(),
  wrapperCol: dbInt().min(0).max(GRID_SPAN_TOTAL).optional(),
  rules: z.array(widgetRuleSchema).max(10).optional(),
  isEdit: z.boolean().optional(),
  table: multilineText().max(TABLE_NAME_MAX).optional(),
  options: widgetOptionsSchema,
  id: z.union([multilineText().max(64), z.number()]).optional(),
  defaultValue: z.unknown().optional(),
  required: z.boolean().optional(),
})
  // Rich text is cleaned on every parse, so no write can store script (docs/decisions.md, "Rich text").
  .overwrite(cleanRichTextWidget);

export const panelConfigSchema: z.ZodType<PanelConfig> = z.object({
  labelWidth: dbInt().min(0).max(GRID_SPAN_TOTAL),
  labelPosition: z.enum(['left', 'right']),
});

/**
 * The shape of a panel. Cross-field rules (unique keys, nesting, label plus control width, table width,
 * formulas) are checked by `validatePanel`, which reports every problem with its path.
 */
export const panelSchema: z.ZodType<Panel> = z.object({
  list: z.array(widgetSchema).max(5000),
  config: panelConfigSchema,
  instrumentId: z.union([multilineText().max(64), z.number()]).optional(),
  changeFlag: z.boolean().optional(),
});


