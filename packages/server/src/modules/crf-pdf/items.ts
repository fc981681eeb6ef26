import type { TableColumn, Widget } from '@dcap/core';
import { gridColumns, isDataWidget, tableColumns } from '@dcap/core';

/**
 * What a CRF page prints for one widget of a panel. A grid of two or more columns holding fields and notes
 * stays a grid when the layout asks for it (the blank CRF); otherwise its columns print one after another.
 */
export type PrintItem =
  | { kind: 'field'; widget: Widget }
  | { kind: 'table'; widget: Widget; columns: TableColumn[] }
  | { kind: 'note'; text: string; heading: boolean }
  | { kind: 'grid'; columns: { span: number; items: Extract<PrintItem, { kind: 'field' | 'note' }>[] }[] };

export const localName = (english: boolean, name: string, nameEn: string | null | undefined): string => (english ? nameEn?.trim() || name : name);
export const widgetLabel = (widget: Widget, english: boolean): string => localName(english, widget.name, widget.nameEn);
export const columnTitle = (column: TableColumn, english: boolean): string => localName(english, column.title, column.titleEn);

export function isRequired(widget: Widget): boolean {
  return widget.required === true || widget.options.required === true || (widget.rules ?? []).some((rule) => rule.required === true);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Rich text as plain lines: a PDF page prints the words of a note, not its markup. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_whole, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

type Cell = Extract<PrintItem, { kind: 'field' | 'note' }>;
const isCell = (item: PrintItem): item is Cell => item.kind === 'field' || item.kind === 'note';

export function printItems(list: readonly Widget[], english: boolean, keepGrids = false): PrintItem[] {
  const items: PrintItem[] = [];
  for (const widget of list) {
    if (widget.type === 'grid') {
      const columns = gridColumns(widget).map((column) => ({ span: column.span, items: printItems(column.list, english) }));
      const cells = columns.every((column) => column.items.every(isCell));
      if (keepGrids && columns.length > 1 && cells) items.push({ kind: 'grid', columns: columns.map((column) => ({ span: column.span, items: column.items.filter(isCell) })) });
      else for (const column of columns) items.push(...column.items);
    } else if (widget.type === 'table') {
      items.push({ kind: 'table', widget, columns: tableColumns(widget) });
    } else if (isDataWidget(widget)) {
      items.push({ kind: 'field', widget });
    } else if (widget.type === 'richeditor' || widget.type === 'alert') {
      const content = english ? widget.options.contentEn?.trim() || widget.options.content : widget.options.content;
      const text = plainText(content ?? '');
      if (text !== '') items.push({ kind: 'note', text, heading: false });
    } else {
      // A section label (placeholder or blank) prints its name as a heading when it has one.
      const text = widgetLabel(widget, english).trim();
      if (text !== '') items.push({ kind: 'note', text, heading: true });
    }
  }
  return items;
}
