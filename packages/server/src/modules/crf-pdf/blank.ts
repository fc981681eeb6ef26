import type { Writable } from 'node:stream';
import type { CrfText, Locale, TableColumn, Widget } from '@dcap/core';
import { CRF_TEXT, crfFormat, fieldAnnotation } from '@dcap/core';
import type { BlankCtx } from './blank-fields.js';
import { annotationLines, drawField, drawGridRow } from './blank-fields.js';
import type { DesignSnapshot, SnapshotEvent, SnapshotInstrument } from '../publishing/snapshot.js';
import type { CrfFonts } from './font.js';
import type { PrintItem } from './items.js';
import { columnTitle, isRequired, localName, printItems, widgetLabel } from './items.js';
import { COLOURS, CrfWriter } from './writer.js';

/** What a blank annotated CRF is made of (spec 002 §3 export module "CRF report"). */
export interface BlankCrfInput {
  design: DesignSnapshot;
  /** One panel only; the whole design in schedule order when absent. */
  instrumentId?: number | undefined;
  locale: Locale;
  study: { code: string; name: string; nameEn: string | null };
  /** The environment and version the design runs there, or the development draft. */
  source: { kind: 'env'; envKey: string; version: number } | { kind: 'draft' };
  /** The generation time as printed (ISO 8601 with the zone's offset) and the zone's name. */
  generatedAt: string;
  timeZone: string;
}

const LINE = 16;

type Ctx = BlankCtx;

/** Events in schedule order and the panels of each, as the matrix places them. */
export function scheduleOf(design: DesignSnapshot): { event: SnapshotEvent; instruments: SnapshotInstrument[] }[] {
  const instruments = [...design.instruments].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return [...design.events]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((event) => ({ event, instruments: instruments.filter((instrument) => design.matrix.some((cell) => cell.eventId === event.id && cell.instrumentId === instrument.id)) }));
}

/** Column widths of a table: its declared percentages, else equal shares, scaled to the page. */
export function columnWidths(columns: readonly TableColumn[], total: number): number[] {
  const declared = columns.map((column) => Number.parseFloat(column.width ?? ''));
  const known = declared.every((value) => Number.isFinite(value) && value > 0);
  const shares = known ? declared : columns.map(() => 1);
  const sum = shares.reduce((a, b) => a + b, 0) || 1;
  return shares.map((share) => (share / sum) * total);
}

function drawTableHeader(ctx: Ctx, columns: readonly TableColumn[], widths: number[]): void {
  const { w } = ctx;
  const titles = columns.map((column) => `${isRequired(column.widget) ? '* ' : ''}${columnTitle(column, ctx.english)}`);
  const height = Math.max(...titles.map((title, index) => w.measure(title, (widths[index] ?? 40) - 4, { bold: true, size: 8 })), 10) + 6;
  w.ensure(height + LINE + 4);
  const top = w.y;
  let x = w.left;
  for (const [index, title] of titles.entries()) {
    const width = widths[index] ?? 40;
    w.shade(x, top, width, height);
    w.box(x, top, width, height, COLOURS.text);
    w.textAt(title, x + 2, top + 3, width - 4, { bold: true, size: 8 });
    x += width;
  }
  w.y = top + height;
}

function drawTable(ctx: Ctx, table: Widget, columns: readonly TableColumn[]): void {
  const { w } = ctx;
  w.ensure(40);
  w.para(`${isRequired(table) ? '* ' : ''}${widgetLabel(table, ctx.english)}`, { bold: true });
  if (columns.length === 0) return;
  const widths = columnWidths(columns, w.width);
  drawTableHeader(ctx, columns, widths);
  const preset = table.options.data ?? [];
  const rows = Math.max(preset.length, table.options.repeatable === true ? 3 : 1);
  for (let row = 0; row < rows; row += 1) {
    const cells = columns.map((column) => {
      const value = preset[row]?.[column.key];
      return value === null || value === undefined ? '' : String(value);
    });
    const height = Math.max(LINE + 2, ...cells.map((cell, index) => w.measure(cell, (widths[index] ?? 40) - 4, { size: 8 }) + 6));
    if (w.ensure(height)) drawTableHeader(ctx, columns, widths);
    const top = w.y;
    let x = w.left;
    for (const [index, cell] of cells.entries()) {
      const width = widths[index] ?? 40;
      w.box(x, top, width, height, COLOURS.text);
      w.textAt(cell, x + 2, top + 3, width - 4, { size: 8 });
      x += width;
    }
    w.y = top + height;
  }
  w.y += 3;
  const notes = columns.map((column) => `${columnTitle(column, ctx.english)} — ${annotationLines(ctx, column.widget, { table, column }).replaceAll('\n', ' · ')}`);
  const condition = fieldAnnotation(ctx.abbr, table, ctx.english).condition;
  if (condition) notes.push(`${ctx.t.condition}: ${condition}`);
  w.para(notes.join('\n'), { size: 7, colour: COLOURS.annotation });
}

function drawItem(ctx: Ctx, item: PrintItem): void {
  if (item.kind === 'field') drawField(ctx, item.widget);
  else if (item.kind === 'grid') {
    if (!drawGridRow(ctx, item.columns)) for (const column of item.columns) for (const cell of column.items) drawItem(ctx, cell);
  }
  else if (item.kind === 'table') drawTable(ctx, item.widget, item.columns);
  else if (item.heading) {
    ctx.w.y += 4;
    ctx.w.para(item.text, { bold: true, size: 10 });
  } else ctx.w.para(item.text, { size: 8, colour: COLOURS.muted });
}

function drawPanel(w: CrfWriter, t: CrfText, english: boolean, instrument: SnapshotInstrument, event: SnapshotEvent | null): void {
  const title = `${localName(english, instrument.name, instrument.nameEn)} (${instrument.nameAbbr})`;
  w.heading(event ? `${localName(english, event.name, event.nameEn)} · ${title}` : title, 12);
  const ctx: Ctx = { w, t, english, abbr: instrument.nameAbbr };
  const items = printItems(instrument.panel.list, english, true);
  if (items.length === 0) w.para(t.emptyPanel, { colour: COLOURS.muted });
  for (const item of items) drawItem(ctx, item);
}

function drawTitlePage(w: CrfWriter, t: CrfText, input: BlankCrfInput, english: boolean): void {
  w.y = 150;
  w.para(t.blankTitle, { size: 20, bold: true, align: 'center' }, 0, 16);
  w.para(`${t.project}: ${localName(english, input.study.name, input.study.nameEn)} (${input.study.code})`, { size: 12, align: 'center' }, 0, 8);
  const source = input.source.kind === 'env' ? `${t.environment}: ${input.source.envKey} · ${t.designVersion}: v${String(input.source.version)}` : `${t.designVersion}: ${t.draft}`;
  w.para(source, { size: 11, align: 'center' }, 0, 8);
  w.para(`${t.generatedAt}: ${input.generatedAt} (${input.timeZone})`, { size: 10, align: 'center', colour: COLOURS.muted }, 0, 30);
  w.para(`${t.required}    ${t.variable} · ${t.dataType} · ${t.codes} · ${t.formula} · ${t.condition}`, { size: 9, align: 'center', colour: COLOURS.annotation });
}

/** The visit × panel matrix, split into slices of visits that fit across the page. */
function drawContents(w: CrfWriter, t: CrfText, english: boolean, schedule: ReturnType<typeof scheduleOf>, instruments: SnapshotInstrument[]): void {
  w.heading(t.contents, 13, 0);
  const nameWidth = 150;
  const cell = 46;
  const perSlice = Math.max(1, Math.floor((w.width - nameWidth) / cell));
  for (let start = 0; start < schedule.length; start += perSlice) {
    const slice = schedule.slice(start, start + perSlice);
    const heads = slice.map(({ event }) => localName(english, event.name, event.nameEn));
    const headHeight = Math.max(...heads.map((head) => w.measure(head, cell - 4, { size: 7, bold: true })), 10) + 6;
    w.ensure(headHeight + 20);
    let top = w.y;
    w.shade(w.left, top, nameWidth + cell * slice.length, headHeight);
    w.textAt(`${t.panel} \\ ${t.visit}`, w.left + 2, top + 3, nameWidth - 4, { size: 7, bold: true });
    heads.forEach((head, index) => w.textAt(head, w.left + nameWidth + index * cell + 2, top + 3, cell - 4, { size: 7, bold: true, align: 'center' }));
    w.y = top + headHeight;
    for (const instrument of instruments) {
      const name = `${localName(english, instrument.name, instrument.nameEn)} (${instrument.nameAbbr})`;
      const height = w.measure(name, nameWidth - 4, { size: 8 }) + 4;
      w.ensure(height);
      top = w.y;
      w.box(w.left, top, nameWidth + cell * slice.length, height);
      w.textAt(name, w.left + 2, top + 2, nameWidth - 4, { size: 8 });
      slice.forEach(({ instruments: scheduled }, index) => {
        if (scheduled.some((candidate) => candidate.id === instrument.id)) w.textAt('●', w.left + nameWidth + index * cell, top + 2, cell, { size: 8, align: 'center' });
      });
      w.y = top + height;
    }
    w.y += 10;
  }
}

/**
 * Writes the blank annotated CRF of a design (or of one of its panels) to `sink`: a title page, the visit ×
 * panel matrix, then every visit's panels in schedule order with their fields as the entry page shows them
 * and, in blue beside each, what a data manager needs to map them (spec 002 §3 export module "CRF report").
 */
export async function renderBlankCrf(fonts: CrfFonts, input: BlankCrfInput, sink: Writable): Promise<void> {
  const t = CRF_TEXT[input.locale];
  const english = input.locale === 'en-US';
  const w = new CrfWriter(fonts, { title: t.blankTitle, subject: input.study.code }, sink);
  drawTitlePage(w, t, input, english);
  const schedule = scheduleOf(input.design);
  const one = input.instrumentId === undefined ? undefined : input.design.instruments.find((instrument) => instrument.id === input.instrumentId);
  if (one) {
    w.newPage();
    drawPanel(w, t, english, one, null);
  } else if (schedule.every(({ instruments }) => instruments.length === 0)) {
    w.y += 20;
    w.para(t.emptyDesign, { align: 'center', colour: COLOURS.muted });
  } else {
    w.newPage();
    const used = [...input.design.instruments].sort((a, b) => a.sort - b.sort || a.id - b.id).filter((instrument) => schedule.some(({ instruments }) => instruments.includes(instrument)));
    drawContents(w, t, english, schedule, used);
    for (const { event, instruments } of schedule) {
      for (const instrument of instruments) {
        w.newPage();
        drawPanel(w, t, english, instrument, event);
      }
    }
  }
  const study = input.study.code;
  await w.finish((n, m) => `${study} · ${t.blankTitle} · ${crfFormat(t.pageOf, { n, m })} · ${t.generatedAt} ${input.generatedAt}`);
}
