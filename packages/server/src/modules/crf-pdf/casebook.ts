import type { Writable } from 'node:stream';
import type { CrfFieldState, CrfText, Locale, TableColumn, Widget } from '@dcap/core';
import { AppError, CRF_TEXT, crfFieldStateText, crfFormat, crfValueText, fieldPathLabel, isoWithOffset, ROW_KEY_FIELD, SIGNATURE_MEANING_LABELS, valuesFromFieldRows } from '@dcap/core';
import type { Kysely } from 'kysely';
import type { Database, FieldValueRow, PanelInstanceRow } from '../../db/schema.js';
import { designOf } from '../records/design.js';
import type { DataScope } from '../subjects/scope.js';
import { subjectInScope } from '../subjects/scope.js';
import { columnWidths } from './blank.js';
import type { CrfFonts } from './font.js';
import type { PrintItem } from './items.js';
import { columnTitle, localName, printItems, widgetLabel } from './items.js';
import type { CommentRow, QueryRow, SignatureRow } from './repo.js';
import * as repo from './repo.js';
import { COLOURS, CrfWriter } from './writer.js';
import { pngDataInflates } from '../users/png-check.js';

/** Who asks for a casebook and how it is printed; the scope decides which subject may be read. */
export interface CasebookRequest {
  scope: DataScope;
  subjectId: number;
  locale: Locale;
  timeZone: string;
  now: Date;
  study: { code: string; name: string; nameEn: string | null };
  fonts: CrfFonts;
}

export interface CasebookSummary {
  subjectId: number;
  siteId: number;
  visits: number;
  panels: number;
  fields: number;
}

const LABEL_W = 165;
const VALUE_X = 218;
const VALUE_W = 200;
const STATE_X = 424;

interface Ctx {
  w: CrfWriter;
  t: CrfText;
  english: boolean;
  zone: string;
}

/** A label by a stored code; undefined for a code the list does not know (a row written by an older version). */
function labelIn<V>(labels: Readonly<Record<string, V>>, code: string): V | undefined {
  return Object.hasOwn(labels, code) ? labels[code] : undefined;
}

const stateOf = (row: FieldValueRow | undefined): CrfFieldState | undefined =>
  row ? { status: row.status, frozen: row.frozen, inactiveType: row.inactive_type, inactiveNote: row.inactive_note } : undefined;

function drawRow(ctx: Ctx, label: string, value: string, state: string): void {
  const { w } = ctx;
  const stateStyle = { size: 7.5, colour: COLOURS.muted };
  const height = Math.max(w.measure(label, LABEL_W), w.measure(value || '—', VALUE_W), w.measure(state, w.left + w.width - STATE_X, stateStyle)) + 5;
  w.ensure(height);
  const top = w.y;
  w.textAt(label, w.left, top, LABEL_W);
  w.textAt(value || '—', VALUE_X, top, VALUE_W, { colour: value ? COLOURS.text : COLOURS.muted });
  w.textAt(state, STATE_X, top + 1, w.left + w.width - STATE_X, stateStyle);
  w.doc.moveTo(w.left, top + height - 2).lineTo(w.left + w.width, top + height - 2).lineWidth(0.3).strokeColor(COLOURS.shade).stroke();
  w.y = top + height;
}

function drawTable(ctx: Ctx, table: Widget, columns: readonly TableColumn[], value: unknown, fields: Map<string, FieldValueRow>): void {
  const { w, t, english } = ctx;
  w.ensure(40);
  w.para(widgetLabel(table, english), { bold: true });
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  if (rows.length === 0 || columns.length === 0) {
    w.para(t.noData, { colour: COLOURS.muted, size: 8 });
    return;
  }
  const all = [{ title: '#', key: '' } as TableColumn, ...columns];
  const widths = columnWidths(all, w.width).map((width, index) => (index === 0 ? 22 : width));
  const scale = (w.width - 22) / widths.slice(1).reduce((a, b) => a + b, 0);
  const fitted = widths.map((width, index) => (index === 0 ? width : width * scale));
  const header = (): void => {
    const titles = all.map((column, index) => (index === 0 ? '#' : columnTitle(column, english)));
    const height = Math.max(...titles.map((title, index) => w.measure(title, (fitted[index] ?? 30) - 4, { size: 8, bold: true }))) + 6;
    w.ensure(height + 20);
    const top = w.y;
    let x = w.left;
    titles.forEach((title, index) => {
      const width = fitted[index] ?? 30;
      w.shade(x, top, width, height);
      w.box(x, top, width, height);
      w.textAt(title, x + 2, top + 3, width - 4, { size: 8, bold: true });
      x += width;
    });
    w.y = top + height;
  };
  header();
  rows.forEach((row, position) => {
    const rowKey = typeof row[ROW_KEY_FIELD] === 'string' ? row[ROW_KEY_FIELD] : '';
    const cells = all.map((column, index) => {
      if (index === 0) return { value: String(position + 1), state: '' };
      const stored = fields.get(`${table.model}#${rowKey}.${column.key}`);
      return { value: crfValueText(column.widget, row[column.key], t, english), state: stored ? crfFieldStateText(stateOf(stored), t) : '' };
    });
    const height =
      Math.max(...cells.map((cell, index) => w.measure(cell.value || '—', (fitted[index] ?? 30) - 4, { size: 8 }) + w.measure(cell.state, (fitted[index] ?? 30) - 4, { size: 6.5 }))) + 6;
    if (w.ensure(height)) header();
    const top = w.y;
    let x = w.left;
    cells.forEach((cell, index) => {
      const width = fitted[index] ?? 30;
      w.box(x, top, width, height);
      const used = w.textAt(cell.value || '—', x + 2, top + 3, width - 4, { size: 8, colour: cell.value ? COLOURS.text : COLOURS.muted });
      w.textAt(cell.state, x + 2, top + 3 + used, width - 4, { size: 6.5, colour: COLOURS.muted });
      x += width;
    });
    w.y = top + height;
  });
  w.y += 4;
}

function drawItem(ctx: Ctx, item: PrintItem, values: Record<string, unknown>, fields: Map<string, FieldValueRow>): number {
  if (item.kind === 'note') {
    if (item.heading) ctx.w.para(item.text, { bold: true, size: 10 });
    return 0;
  }
  if (item.kind === 'grid') return item.columns.reduce((sum, column) => sum + column.items.reduce((inner, cell) => inner + drawItem(ctx, cell, values, fields), 0), 0);
  if (item.kind === 'table') {
    drawTable(ctx, item.widget, item.columns, values[item.widget.model], fields);
    return Array.isArray(values[item.widget.model]) ? 1 : 0;
  }
  const stored = fields.get(item.widget.model);
  drawRow(ctx, widgetLabel(item.widget, ctx.english), crfValueText(item.widget, values[item.widget.model], ctx.t, ctx.english), crfFieldStateText(stateOf(stored), ctx.t));
  return stored ? 1 : 0;
}

function drawSignatures(ctx: Ctx, list: readonly SignatureRow[]): void {
  if (list.length === 0) return;
  const { w, t } = ctx;
  w.ensure(30);
  w.para(t.signatures, { bold: true, size: 9 }, 0, 2);
  for (const signature of list) {
    const meaning = labelIn(SIGNATURE_MEANING_LABELS, signature.meaning)?.[ctx.english ? 'en-US' : 'zh-CN'] ?? signature.meaning;
    const reason = signature.reason ? ` · ${t.reason}: ${signature.reason}` : '';
    w.para(
      `${t.signatureScope[signature.scope]} · ${t.signer}: ${signature.signer_name} · ${t.signedAt}: ${isoWithOffset(signature.signed_at, ctx.zone)} · ${t.meaning}: ${meaning}${reason}`,
      { size: 8 },
      8,
    );
    const image = signature.signature_image ? Buffer.from(signature.signature_image, 'base64') : null;
    // Checked again here: a PNG whose data does not inflate would fail inside the PDF library, past any catch.
    if (image && pngDataInflates(image)) w.image(image, 8, 120, 40);
  }
}

function drawQueries(ctx: Ctx, list: readonly QueryRow[], comments: Map<number, CommentRow[]>, label: (path: string) => string): void {
  if (list.length === 0) return;
  const { w, t } = ctx;
  w.ensure(30);
  w.para(t.queries, { bold: true, size: 9, colour: COLOURS.query }, 0, 2);
  for (const query of list) {
    const text = ctx.english ? query.content_en?.trim() || query.content : query.content;
    w.para(`#${String(query.id)} ${label(query.path)} · ${t.queryStatuses[query.status]} · ${t.queryRaisedBy}: ${query.raiser ?? ''} · ${isoWithOffset(query.raised_at, ctx.zone)}\n${text}`, { size: 8, colour: COLOURS.query }, 8);
    for (const comment of comments.get(query.id) ?? []) {
      if (comment.action === 'raise') continue;
      const body = comment.content?.trim() ? `: ${comment.content.trim()}` : '';
      w.para(`${t.queryActions[comment.action]} · ${comment.author ?? ''} · ${isoWithOffset(comment.created_at, ctx.zone)}${body}`, { size: 7.5, colour: COLOURS.muted }, 20, 1);
    }
  }
}

/**
 * Writes one subject's casebook to `sink` (spec 002 §3 export module "CRF report"): a cover with the subject's
 * identifiers, site and status, then every visit and panel with its values, each field's status, the panel's
 * signatures and its queries with their threads; every page names study and subject and counts pages. A
 * subject outside the scope answers as one that does not exist.
 */
export async function renderCasebook(db: Kysely<Database>, request: CasebookRequest, sink: Writable): Promise<CasebookSummary> {
  const subject = await subjectInScope(db, request.scope, request.subjectId);
  const [siteRow, events, panels, signatures, queries] = await Promise.all([
    repo.site(db, subject.site_id),
    repo.eventInstances(db, subject.id),
    repo.panelInstances(db, subject.id),
    repo.signatures(db, subject.id),
    repo.queries(db, subject.id),
  ]);
  const [fieldRows, commentRows] = await Promise.all([repo.fieldValues(db, panels.map((panel) => panel.id)), repo.queryComments(db, queries.map((query) => query.id))]);
  const t = CRF_TEXT[request.locale];
  const english = request.locale === 'en-US';
  const zone = request.timeZone;
  const generatedAt = isoWithOffset(request.now, zone);
  const subjectName = subject.subject_code ?? subject.platform_no;
  const w = new CrfWriter(request.fonts, { title: `${t.casebookTitle} ${subjectName}`, subject: request.study.code }, sink);
  const ctx: Ctx = { w, t, english, zone };

  // Cover.
  w.y = 120;
  w.para(t.casebookTitle, { size: 20, bold: true, align: 'center' }, 0, 14);
  w.para(`${t.project}: ${localName(english, request.study.name, request.study.nameEn)} (${request.study.code})`, { size: 12, align: 'center' }, 0, 24);
  const siteName = siteRow ? `${siteRow.code} ${localName(english, siteRow.name, siteRow.name_en)}` : '';
  const identity: [string, string][] = [
    [t.platformNo, subject.platform_no],
    [t.subjectCode, subject.subject_code ?? ''],
    [t.initials, subject.initials ?? ''],
    [t.site, siteName],
    [t.status, labelIn(t.subjectStatuses, subject.status) ?? subject.status],
    [t.screeningNo, subject.screening_no ?? ''],
    [t.randomNo, subject.random_no ?? ''],
    [t.consentDate, subject.consent_date ?? ''],
    [t.enrolledAt, subject.enrolled_at ? isoWithOffset(subject.enrolled_at, zone) : ''],
    [t.environment, request.scope.env.key],
    [t.generatedAt, `${generatedAt} (${zone})`],
  ];
  for (const [label, value] of identity) drawRow(ctx, label, value, '');
  w.y += 16;
  w.para(t.confidential, { size: 8, colour: COLOURS.muted, align: 'center' });

  // Visits in schedule order: by the design's event order, then by the visit's number.
  const designs = new Map<number, Awaited<ReturnType<typeof designOf>>>();
  const design = async (versionId: number) => {
    let found = designs.get(versionId);
    if (!found) {
      found = await designOf(db, { design_version_id: versionId });
      designs.set(versionId, found);
    }
    return found;
  };
  const eventOrder = async (eventId: number, versionId: number) => {
    const event = (await design(versionId)).snapshot.events.find((candidate) => candidate.id === eventId);
    return { event, order: (event?.sort ?? 1e6) * 1e6 + eventId };
  };
  const visits = await Promise.all(events.map(async (instance) => ({ instance, ...(await eventOrder(instance.event_id, instance.design_version_id)) })));
  visits.sort((a, b) => a.order - b.order || a.instance.seq - b.instance.seq);
  const fieldsByPanel = new Map<number, FieldValueRow[]>();
  for (const row of fieldRows) fieldsByPanel.set(row.panel_instance_id, [...(fieldsByPanel.get(row.panel_instance_id) ?? []), row]);
  const commentsByQuery = new Map<number, CommentRow[]>();
  for (const row of commentRows) commentsByQuery.set(row.query_id, [...(commentsByQuery.get(row.query_id) ?? []), row]);

  let printedPanels = 0;
  let printedFields = 0;
  if (visits.length === 0) {
    w.newPage();
    w.para(t.noVisits, { colour: COLOURS.muted });
  }
  for (const { instance, event } of visits) {
    w.newPage();
    const seq = instance.seq > 1 ? ` (${String(instance.seq)})` : '';
    const visitName = `${event ? localName(english, event.name, event.nameEn) : `#${String(instance.event_id)}`}${seq}`;
    w.heading(`${t.visit}: ${visitName}${instance.actual_date ? ` · ${instance.actual_date}` : ''}`, 14, 0);
    const ofVisit: PanelInstanceRow[] = [];
    for (const panel of panels) if (panel.event_instance_id === instance.id) ofVisit.push(panel);
    const instrumentSort = async (panel: PanelInstanceRow) => ((await design(panel.design_version_id)).instrument(panel.instrument_id)?.sort ?? 1e6) * 1e6 + panel.instrument_id;
    const sorted = await Promise.all(ofVisit.map(async (panel) => ({ panel, order: await instrumentSort(panel) })));
    sorted.sort((a, b) => a.order - b.order || a.panel.seq - b.panel.seq);
    for (const { panel } of sorted) {
      const panelDesign = await design(panel.design_version_id);
      const instrument = panelDesign.instrument(panel.instrument_id);
      if (!instrument) throw new AppError('record.design_missing');
      const rows = fieldsByPanel.get(panel.id) ?? [];
      const values = valuesFromFieldRows(rows);
      const fields = new Map(rows.map((row) => [row.path, row]));
      const panelSeq = panel.seq > 1 ? ` (${String(panel.seq)})` : '';
      w.y += 6;
      w.ensure(60);
      w.para(`${t.panel}: ${localName(english, instrument.name, instrument.nameEn)} (${instrument.nameAbbr})${panelSeq} · ${t.status}: ${labelIn(t.panelStatuses, panel.status) ?? panel.status}`, { bold: true, size: 11 }, 0, 2);
      w.rule();
      if (rows.length === 0) w.para(t.noData, { colour: COLOURS.muted, size: 8 });
      for (const item of printItems(instrument.panel.list, english)) printedFields += drawItem(ctx, item, values, fields);
      drawSignatures(ctx, signatures.filter((signature) => signature.scope === 'panel' && signature.panel_instance_id === panel.id));
      const index = panelDesign.index(panel.instrument_id);
      const label = (path: string) => {
        const names = fieldPathLabel(instrument.panel, path, values, index);
        return english ? names.labelEn : names.label;
      };
      drawQueries(ctx, queries.filter((query) => query.panel_instance_id === panel.id), commentsByQuery, label);
      printedPanels += 1;
    }
    drawSignatures(ctx, signatures.filter((signature) => signature.scope === 'event' && signature.event_instance_id === instance.id));
  }
  const subjectSignatures = signatures.filter((signature) => signature.scope === 'subject');
  if (subjectSignatures.length > 0) {
    w.y += 10;
    drawSignatures(ctx, subjectSignatures);
  }
  await w.finish((n, m) => `${request.study.code} · ${t.subject} ${subjectName} · ${crfFormat(t.pageOf, { n, m })} · ${t.generatedAt} ${generatedAt} (${zone})`);
  return { subjectId: subject.id, siteId: subject.site_id, visits: visits.length, panels: printedPanels, fields: printedFields };
}
