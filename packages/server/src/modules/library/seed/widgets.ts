import type { DictItem, Widget, WidgetOptions, WidgetType } from '@dcap/core';
import { DEFAULT_LABEL_COL, DEFAULT_WRAPPER_COL, TEXTAREA_MAXLENGTH_DEFAULT, TEXT_MAXLENGTH_DEFAULT } from '@dcap/core';

/**
 * Builders for the seeded library widgets (spec 001 §3.2, §3.3). A standard variable's key and model are its
 * CDASH name, so inserting it into a panel keeps the name the data is exported under.
 */

export interface Labels {
  /** Chinese label (the widget `name`). */
  zh: string;
  en: string;
}

function widget(type: WidgetType, key: string, label: Labels, options: WidgetOptions): Widget {
  return {
    type,
    key,
    model: key,
    name: label.zh,
    nameEn: label.en,
    labelCol: DEFAULT_LABEL_COL,
    wrapperCol: DEFAULT_WRAPPER_COL,
    options,
  };
}

export function textWidget(key: string, label: Labels, extra: WidgetOptions = {}): Widget {
  return widget('input', key, label, { dataType: 'string', maxlength: TEXT_MAXLENGTH_DEFAULT, allowClear: true, ...extra });
}

export function textareaWidget(key: string, label: Labels, extra: WidgetOptions = {}): Widget {
  return widget('textarea', key, label, { dataType: 'string', maxlength: TEXTAREA_MAXLENGTH_DEFAULT, rows: 3, ...extra });
}

/** A number with its unit in `annotation` (spec 001 §3.3). */
export function numberWidget(key: string, label: Labels, extra: WidgetOptions = {}): Widget {
  return widget('number', key, label, { dataType: 'float', ...extra });
}

export function dateWidget(key: string, label: Labels, format = 'YYYY-MM-DD'): Widget {
  return widget('date', key, label, { type: 'date', format, allowClear: true });
}

export function timeWidget(key: string, label: Labels): Widget {
  return widget('time', key, label, { type: 'time', format: 'HH:mm', allowClear: true });
}

/** A coded variable: its options come from a platform dictionary, named in `dictType`. */
export function choiceWidget(
  type: 'radio' | 'select' | 'checkbox',
  key: string,
  label: Labels,
  dict: { key: string; items: DictItem[] },
  extra: WidgetOptions = {},
): Widget {
  return widget(type, key, label, {
    dataType: 'string',
    dictType: dict.key,
    options: dict.items.map((item) => ({ ...item })),
    ...(type === 'select' ? { allowClear: true } : {}),
    ...extra,
  });
}

/** A computed widget: read-only, its value the formula in options.expression (docs/formulas.md). */
export function computedWidget(base: Widget, expression: string): Widget {
  return { ...base, disabled: true, options: { ...base.options, expression } };
}

export function alertWidget(key: string, label: Labels, content: Labels): Widget {
  return widget('alert', key, label, { alertType: 'info', content: content.zh, contentEn: content.en });
}

export function gridWidget(key: string, columns: Widget[][]): Widget {
  const span = Math.floor(24 / columns.length);
  return {
    type: 'grid',
    key,
    model: key,
    name: key,
    options: { gutter: 5, justify: 'start', align: 'top', columns: columns.map((list) => ({ span, list })) },
  };
}

/**
 * A repeatable log table (spec 001 §3.6): one column per variable, the variable's widget (keyed by its
 * CDASH name) as the cell. Column keys are the table's own and may not reuse a field name, hence the prefix.
 */
export function tableWidget(key: string, label: Labels, cells: Widget[]): Widget {
  const width = `${String(Math.floor(100 / cells.length))}%`;
  return {
    type: 'table',
    key,
    model: key,
    name: label.zh,
    nameEn: label.en,
    options: {
      repeatable: true,
      tableMode: 'table',
      width: 1280,
      columns: cells.map((cell) => ({
        title: cell.name,
        ...(cell.nameEn === undefined ? {} : { titleEn: cell.nameEn }),
        key: `COL_${cell.key}`,
        width,
        widget: { ...cell, table: key, labelCol: 0, wrapperCol: 24 },
      })),
      data: [Object.fromEntries(cells.map((cell) => [`COL_${cell.key}`, null]))],
    },
  };
}
