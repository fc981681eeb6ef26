import type { WidgetType } from '../panels/schema.js';

/**
 * What each widget type is, in one table (spec 001 §3.2), so the renderer, the designer, the form engine and
 * the panel rules ask it rather than each keeping a `switch (widget.type)` of its own:
 * - `kind`: `field` holds a value a user enters; `container` holds other widgets (grid, table); `decoration`
 *   is static content without a label (section label, paragraph note, rich text); `placeholder` marks a cell
 *   still to be configured.
 * - `options`: the user picks among `options.options`.
 * - `unit`: shows `options.annotation` as its unit beside the control.
 * - `textLength`: the text length limit applies (spec 002 §5: input 64, textarea 1024 unless `maxlength`).
 * - `numericRange`: `options.min` and `options.max` bound the value (spec 002 §5); for `rate` `max` is the
 *   number of stars instead.
 * - `numeric`: an unset data type means a number.
 */
export interface WidgetTypeFacts {
  kind: 'field' | 'container' | 'decoration' | 'placeholder';
  options: boolean;
  unit: boolean;
  textLength: boolean;
  numericRange: boolean;
  numeric: boolean;
}

const field = { kind: 'field', options: false, unit: false, textLength: false, numericRange: false, numeric: false } as const;
const other = { options: false, unit: false, textLength: false, numericRange: false, numeric: false } as const;

export const WIDGET_TYPE_FACTS = {
  input: { ...field, unit: true, textLength: true },
  textarea: { ...field, textLength: true },
  number: { ...field, unit: true, numericRange: true, numeric: true },
  radio: { ...field, options: true },
  checkbox: { ...field, options: true },
  select: { ...field, options: true },
  time: field,
  date: field,
  rate: field,
  switch: field,
  slider: { ...field, numericRange: true },
  color: field,
  uploader: field,
  imgupload: field,
  bullseyeplot: { ...field, options: true },
  richeditor: { ...other, kind: 'decoration' },
  alert: { ...other, kind: 'decoration' },
  blank: { ...other, kind: 'decoration' },
  grid: { ...other, kind: 'container' },
  table: { ...other, kind: 'container' },
  placeholder: { ...other, kind: 'placeholder' },
} as const satisfies Record<WidgetType, WidgetTypeFacts>;

type Facts = typeof WIDGET_TYPE_FACTS;

/** Widget types that hold a value a user enters, as a type. */
export type ValueWidgetType = { [Type in WidgetType]: Facts[Type]['kind'] extends 'field' ? Type : never }[WidgetType];

/** Static content without a label: section label, paragraph note, rich text. */
export type DecorationWidgetType = { [Type in WidgetType]: Facts[Type]['kind'] extends 'decoration' ? Type : never }[WidgetType];

export function widgetTypeFacts(type: WidgetType): WidgetTypeFacts {
  return WIDGET_TYPE_FACTS[type];
}

/** The widget types whose facts pass `test`, in the table's order. */
export function widgetTypesWhere(test: (facts: WidgetTypeFacts) => boolean): WidgetType[] {
  return (Object.keys(WIDGET_TYPE_FACTS) as WidgetType[]).filter((type) => test(WIDGET_TYPE_FACTS[type]));
}

export const holdsValue = (type: WidgetType): type is ValueWidgetType => WIDGET_TYPE_FACTS[type].kind === 'field';
export const isContainerType = (type: WidgetType): boolean => WIDGET_TYPE_FACTS[type].kind === 'container';
export const isDecorationType = (type: WidgetType): type is DecorationWidgetType => WIDGET_TYPE_FACTS[type].kind === 'decoration';
