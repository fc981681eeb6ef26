import type { DataType, DictEntry, Widget, WidgetOptions } from '@dcap/core';
import { DEFAULT_LABEL_COL, DEFAULT_WRAPPER_COL, TEXTAREA_MAXLENGTH_DEFAULT, TEXT_MAXLENGTH_DEFAULT } from '@dcap/core';

/** The widget types a library variable may take: the value-holding ones of spec 001 §2.1 fill-in and choice. */
export const LIBRARY_WIDGET_TYPES = ['input', 'textarea', 'number', 'radio', 'checkbox', 'select', 'date', 'time'] as const;
export type LibraryWidgetType = (typeof LIBRARY_WIDGET_TYPES)[number];
export const CHOICE_TYPES: readonly LibraryWidgetType[] = ['radio', 'checkbox', 'select'];
export const LIBRARY_DATA_TYPES = ['string', 'number', 'integer', 'float'] as const satisfies readonly DataType[];

export interface WidgetChoice {
  type: LibraryWidgetType;
  dataType?: DataType | undefined;
  unit?: string | undefined;
  dictKey?: string | undefined;
}

export function isLibraryWidgetType(type: string): type is LibraryWidgetType {
  return (LIBRARY_WIDGET_TYPES as readonly string[]).includes(type);
}

/** The form's view of a stored widget. */
export function widgetChoice(widget: Widget | undefined): Partial<WidgetChoice> {
  if (!widget || !isLibraryWidgetType(widget.type)) return {};
  return { type: widget.type, dataType: widget.options.dataType, unit: widget.options.annotation, dictKey: widget.options.dictType };
}

/** Options a type does not use are dropped, so switching a radio to a date leaves no stale option list. */
function typeOptions(choice: WidgetChoice, dicts: readonly DictEntry[]): WidgetOptions {
  const unit = choice.unit?.trim();
  switch (choice.type) {
    case 'input':
      return { dataType: choice.dataType ?? 'string', maxlength: TEXT_MAXLENGTH_DEFAULT, ...(unit ? { annotation: unit } : {}) };
    case 'textarea':
      return { dataType: 'string', maxlength: TEXTAREA_MAXLENGTH_DEFAULT };
    case 'number':
      return { dataType: choice.dataType && choice.dataType !== 'string' ? choice.dataType : 'float', ...(unit ? { annotation: unit } : {}) };
    case 'radio':
    case 'checkbox':
    case 'select': {
      const dict = dicts.find((entry) => entry.key === choice.dictKey);
      return { dataType: 'string', ...(dict ? { dictType: dict.key, options: dict.items.map((item) => ({ ...item })) } : {}) };
    }
    case 'date':
      return { type: 'date', format: 'YYYY-MM-DD' };
    case 'time':
      return { type: 'time', format: 'HH:mm' };
  }
}

const KEPT_OPTIONS = ['required', 'placeholder', 'min', 'max', 'precision', 'importantInformation', 'sensitiveInformation'] as const;

/**
 * The widget a library entry stores. The server names it (key, model, labels) after the entry; here the
 * type and its options are set, keeping general options (required, limits) of the widget being edited.
 */
export function buildLibraryWidget(choice: WidgetChoice, dicts: readonly DictEntry[], previous?: Widget): Widget {
  const kept: WidgetOptions = {};
  if (previous) {
    for (const name of KEPT_OPTIONS) {
      if (previous.options[name] !== undefined) Object.assign(kept, { [name]: previous.options[name] });
    }
  }
  const sameType = previous?.type === choice.type;
  const format = sameType ? previous.options.format : undefined;
  return {
    type: choice.type,
    key: previous?.key ?? 'FIELD',
    model: previous?.model ?? 'FIELD',
    name: previous?.name ?? '',
    labelCol: previous?.labelCol ?? DEFAULT_LABEL_COL,
    wrapperCol: previous?.wrapperCol ?? DEFAULT_WRAPPER_COL,
    options: { ...kept, ...typeOptions(choice, dicts), ...(format ? { format } : {}) },
  };
}
