import { CRF_TEXT } from '../crf/text.js';
import { crfValueText } from '../crf/values.js';
import type { Locale } from '../i18n/locale.js';
import type { Panel, Widget } from '../panels/schema.js';
import { holdsValue } from '../forms/widget-types.js';
import { tableColumns } from '../panels/walk.js';

/**
 * The lines of a panel's values as the record mail reads (spec 002 §2 "send the record by mail"): each field
 * as `label: value`, each table row as `table n: column: value; …`. Fields hidden by the form rules, arm
 * fields (blinded treatment) and fields marked sensitive are left out, whatever the reader may see in the
 * platform: the mail leaves it.
 */
export function panelMailLines(panel: Pick<Panel, 'list'>, values: Readonly<Record<string, unknown>>, hiddenModels: ReadonlySet<string>, locale: Locale, blank: string): string[] {
  const english = locale === 'en-US';
  const text = CRF_TEXT[locale];
  const label = (widget: Widget) => (english ? widget.nameEn || widget.name : widget.name);
  const excluded = (widget: Widget) => hiddenModels.has(widget.model) || widget.options.arm === true || widget.options.sensitiveInformation === true;
  const lines: string[] = [];
  const visit = (list: readonly Widget[]) => {
    for (const widget of list) {
      if (widget.type === 'grid') {
        for (const column of (widget.options.columns ?? []) as { list: Widget[] }[]) visit(column.list);
        continue;
      }
      if (excluded(widget)) continue;
      if (widget.type === 'table') {
        const rows = Array.isArray(values[widget.model]) ? (values[widget.model] as Record<string, unknown>[]) : [];
        const columns = tableColumns(widget).filter((column) => !excluded(column.widget));
        rows.forEach((row, position) => {
          const cells = columns.map((column) => `${english ? column.titleEn || column.title : column.title}: ${crfValueText(column.widget, row[column.key], text, english) || blank}`);
          lines.push(`${label(widget)} ${String(position + 1)}: ${cells.join('; ')}`);
        });
        continue;
      }
      if (!holdsValue(widget.type)) continue;
      lines.push(`${label(widget)}: ${crfValueText(widget, values[widget.model], text, english) || blank}`);
    }
  };
  visit(panel.list);
  return lines;
}
