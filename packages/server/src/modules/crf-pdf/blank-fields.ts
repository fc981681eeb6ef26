import type { CrfText, TableColumn, Widget } from '@dcap/core';
import { fieldAnnotation } from '@dcap/core';
import type { PrintItem } from './items.js';
import { isRequired, localName, widgetLabel } from './items.js';
import type { CrfWriter } from './writer.js';
import { COLOURS } from './writer.js';

/** What drawing a blank CRF's fields needs: the writer, the words, the language and the panel's abbreviation. */
export interface BlankCtx {
  w: CrfWriter;
  t: CrfText;
  english: boolean;
  abbr: string;
}

/** A horizontal band of the page: the whole width, or a grid column's share of it. */
export interface Frame {
  x: number;
  width: number;
}

const LINE = 16;
const MIN_GRID_COLUMN = 140;
const NOTE_STYLE = { size: 7, colour: COLOURS.annotation } as const;

/** Label, input and annotation side by side, in proportions that keep a narrow grid column readable. */
function columnsOf(frame: Frame): { labelW: number; inputX: number; inputW: number; noteX: number; noteW: number } {
  const labelW = frame.width * 0.3;
  const inputX = frame.x + labelW + 5;
  const inputW = frame.width * 0.345;
  const noteX = inputX + inputW + 8;
  return { labelW, inputX, inputW, noteX, noteW: frame.x + frame.width - noteX };
}

export function annotationLines(ctx: BlankCtx, widget: Widget, column?: { table: Widget; column: TableColumn }): string {
  const note = fieldAnnotation(ctx.abbr, widget, ctx.english, column);
  const lines = [`${note.variable} · ${ctx.t.dataTypes[note.dataType]}`];
  if (note.codes.length > 0) lines.push(`${ctx.t.codes}: ${note.codes.join('; ')}`);
  if (note.formula) lines.push(`${ctx.t.formula}: ${note.formula}`);
  if (note.condition) lines.push(`${ctx.t.condition}: ${note.condition}`);
  return lines.join('\n');
}

/** The hint printed by an input box: unit, range, date format. */
function inputHint(ctx: BlankCtx, widget: Widget): string {
  const parts: string[] = [];
  const unit = widget.options.annotation?.trim();
  if (unit) parts.push(unit);
  const { min, max } = widget.options;
  if (min !== undefined || max !== undefined) parts.push(`${ctx.t.range} ${min === undefined ? '' : String(min)}–${max === undefined ? '' : String(max)}`);
  if (widget.type === 'date') parts.push(widget.options.format?.trim() || 'YYYY-MM-DD');
  if (widget.type === 'time') parts.push(widget.options.format?.trim() || 'HH:mm');
  return parts.join('  ');
}

const isChoice = (widget: Widget): boolean =>
  (widget.options.options ?? []).length > 0 && (widget.type === 'radio' || widget.type === 'checkbox' || widget.type === 'select' || widget.type === 'bullseyeplot');

/** Draws (or, with `draw` false, only measures) the input part of a field at `top`; answers its height. */
function drawInput(ctx: BlankCtx, widget: Widget, x: number, width: number, top: number, draw: boolean): number {
  const { w } = ctx;
  if (isChoice(widget)) {
    let y = top;
    for (const option of widget.options.options ?? []) {
      const label = `${localName(ctx.english, option.label, option.labelEn)} (${option.value})`;
      const height = Math.max(11, w.measure(label, width - 14));
      if (draw) {
        w.tick(x, y + 1.5);
        w.textAt(label, x + 13, y, width - 14);
      }
      y += height + 2;
    }
    return y - top;
  }
  if (widget.type === 'switch') {
    if (draw) {
      w.tick(x, top + 1.5);
      w.textAt(ctx.t.yes, x + 13, top, 40);
      w.tick(x + 55, top + 1.5);
      w.textAt(ctx.t.no, x + 68, top, 40);
    }
    return 13;
  }
  const boxHeight = widget.type === 'textarea' ? LINE * 3 : LINE;
  const hint = inputHint(ctx, widget);
  const short = widget.type === 'date' || widget.type === 'time' || widget.type === 'number';
  const boxWidth = short ? Math.min(90, width) : width;
  const hintBelow = hint !== '' && width - boxWidth < 50;
  const hintHeight = hintBelow ? w.measure(hint, width, { size: 7.5 }) + 1 : 0;
  if (draw) {
    w.box(x, top, boxWidth, boxHeight, COLOURS.text);
    if (hintBelow) w.textAt(hint, x, top + boxHeight + 1, width, { size: 7.5, colour: COLOURS.muted });
    else if (hint !== '') w.textAt(hint, x + boxWidth + 4, top + 3, width - boxWidth - 4, { size: 7.5, colour: COLOURS.muted });
  }
  return boxHeight + hintHeight;
}

const labelOf = (widget: Widget, english: boolean): string => `${isRequired(widget) ? '* ' : ''}${widgetLabel(widget, english)}`;

function fieldHeight(ctx: BlankCtx, widget: Widget, frame: Frame): number {
  const c = columnsOf(frame);
  return Math.max(ctx.w.measure(labelOf(widget, ctx.english), c.labelW), drawInput(ctx, widget, c.inputX, c.inputW, 0, false), ctx.w.measure(annotationLines(ctx, widget), c.noteW, NOTE_STYLE)) + 6;
}

function drawFieldAt(ctx: BlankCtx, widget: Widget, frame: Frame, top: number): void {
  const c = columnsOf(frame);
  ctx.w.textAt(labelOf(widget, ctx.english), frame.x, top + 2, c.labelW, { colour: isRequired(widget) ? COLOURS.required : COLOURS.text });
  drawInput(ctx, widget, c.inputX, c.inputW, top, true);
  ctx.w.textAt(annotationLines(ctx, widget), c.noteX, top, c.noteW, NOTE_STYLE);
}

/** A field across the page, moved to the next page whole. */
export function drawField(ctx: BlankCtx, widget: Widget): void {
  const frame = { x: ctx.w.left, width: ctx.w.width };
  const height = fieldHeight(ctx, widget, frame);
  ctx.w.ensure(height);
  const top = ctx.w.y;
  drawFieldAt(ctx, widget, frame, top);
  ctx.w.y = top + height;
}

type Cell = Extract<PrintItem, { kind: 'field' | 'note' }>;

function cellHeight(ctx: BlankCtx, item: Cell, frame: Frame): number {
  if (item.kind === 'field') return fieldHeight(ctx, item.widget, frame);
  return ctx.w.measure(item.text, frame.width, item.heading ? { bold: true, size: 10 } : { size: 8 }) + 4;
}

function drawCell(ctx: BlankCtx, item: Cell, frame: Frame, top: number): void {
  if (item.kind === 'field') drawFieldAt(ctx, item.widget, frame, top);
  else ctx.w.textAt(item.text, frame.x, top, frame.width, item.heading ? { bold: true, size: 10 } : { size: 8, colour: COLOURS.muted });
}

/**
 * A grid's columns side by side, as the entry page lays them out (spec 001 §3.5: spans of 24), when the
 * row fits on one page and each column is wide enough; otherwise its columns print one after another, so
 * nothing is cut at a page end or squeezed unreadably.
 * Answers false when it did not draw (the caller then prints the cells one after another).
 */
export function drawGridRow(ctx: BlankCtx, columns: readonly { span: number; items: readonly Cell[] }[]): boolean {
  const { w } = ctx;
  const gap = 10;
  const total = columns.reduce((sum, column) => sum + Math.max(1, column.span), 0);
  const usable = w.width - gap * (columns.length - 1);
  let x = w.left;
  const frames = columns.map((column) => {
    const frame = { x, width: (usable * Math.max(1, column.span)) / total };
    x += frame.width + gap;
    return frame;
  });
  // Below this a column cannot hold label, box and annotation legibly side by side.
  if (frames.some((frame) => frame.width < MIN_GRID_COLUMN)) return false;
  const heights = columns.map((column, index) => column.items.reduce((sum, item) => sum + cellHeight(ctx, item, frames[index] ?? frames[0] ?? { x: w.left, width: w.width }), 0));
  const tallest = Math.max(0, ...heights);
  if (tallest > w.bottom - w.doc.page.margins.top - 20) return false;
  w.ensure(tallest);
  const top = w.y;
  columns.forEach((column, index) => {
    const frame = frames[index] ?? { x: w.left, width: w.width };
    let y = top;
    for (const item of column.items) {
      drawCell(ctx, item, frame, y);
      y += cellHeight(ctx, item, frame);
    }
  });
  w.y = top + tallest;
  return true;
}
