import type { CodingState, ExportLayout, Locale, OptionItem, Widget } from '@dcap/core';
import {
  CODING_EXPORT_PARTS,
  CODING_PART_LABELS,
  CODING_STATES,
  DICTIONARY_COLUMNS,
  LONG_CODING_COLUMNS,
  LONG_COLUMNS,
  STATUS_LABELS,
  WIDE_KEY_COLUMNS,
  codingColumnName,
  codingState,
  exportValueText,
  indexForm,
  isDataWidget,
  isoWithOffset,
  parsePath,
  rowKeyNumber,
  termTextIn,
  walkWidgets,
  wideColumnName,
} from '@dcap/core';
import type { DesignSnapshot, SnapshotEvent, SnapshotInstrument } from '../publishing/snapshot.js';
import type { BatchCoding, BatchEvent, BatchPanel, BatchSubject, BatchValue, CodedFieldRow } from './data-repo.js';
import { storedValue } from './data-repo.js';
import type { XlsxCell } from './xlsx.js';

/**
 * The tables of a subject-data export (docs/decisions.md, "Exports"), built from the environment's design
 * version and one batch of subjects at a time.
 *
 * Wide: one row per subject and visit instance; the values of its panels in columns `ABBR.MODEL`, repeats
 * of a repeatable panel as `ABBR[2].MODEL`, and each table row as its own set of columns `ABBR.TABLE[n].COL`,
 * as many as the most rows any panel instance of the export holds. Long: one row per stored value. A coded
 * field's value carries its coding: four columns after its own in the wide layout, five more columns in the
 * long one (docs/decisions.md "Exports", codings).
 */

/** A field (or a table column) of the design as the export writes it. */
interface ExportField {
  instrumentId: number;
  abbr: string;
  /** The model, or for a table cell the table's model. */
  model: string;
  /** For a table cell: its column key. */
  column?: string;
  widget: Widget;
  /** Label of the field in Chinese and English (a table cell: table name / column title). */
  label: string;
  labelEn: string;
  /** For a field chosen for coding: its dictionary's name and version. */
  coding?: string;
}

export interface ExportDesign {
  instruments: SnapshotInstrument[];
  events: Map<number, SnapshotEvent>;
  eventOrder: Map<number, number>;
  /** Fields by instrument id, in panel order. */
  fields: Map<number, ExportField[]>;
  /** `instrumentId|path` of a plain field, `instrumentId|TABLE.COL` of a table column → its field. */
  byPath: Map<string, ExportField>;
  /** Whether any exported field is coded: the long layout then has the coding columns. */
  coded: boolean;
}

/** `ABBR.MODEL` names a field, `ABBR.TABLE` a whole table; `coded` are the project's fields chosen for coding. */
export function designFields(snapshot: DesignSnapshot, instrumentIds: readonly number[] | null, fieldNames: readonly string[] | null, coded: readonly CodedFieldRow[] = []): ExportDesign {
  const codedPaths = new Map(coded.map((field) => [`${String(field.instrumentId)}|${field.path}`, field.dictionary]));
  // Marks a field (or table column, path `TABLE.COL`) the project codes with its dictionary.
  const withCoding = (field: ExportField, path: string): ExportField => {
    const coding = codedPaths.get(`${String(field.instrumentId)}|${path}`);
    return coding === undefined ? field : { ...field, coding };
  };
  const wanted = fieldNames ? new Set(fieldNames) : null;
  const instruments = [...snapshot.instruments].sort((a, b) => a.sort - b.sort || a.id - b.id).filter((item) => !instrumentIds || instrumentIds.includes(item.id));
  const fields = new Map<number, ExportField[]>();
  const byPath = new Map<string, ExportField>();
  for (const instrument of instruments) {
    const index = indexForm(instrument.panel);
    const list: ExportField[] = [];
    // Fields in the order the panel shows them: a plain field, or a table with all its columns.
    for (const { widget, place } of walkWidgets(instrument.panel.list)) {
      if (place.kind === 'table') continue;
      const model = widget.model;
      if (wanted && !wanted.has(`${instrument.nameAbbr}.${model}`)) continue;
      const table = index.tables.get(model);
      if (widget.type === 'table' && table) {
        for (const column of table.columns) {
          const field: ExportField = withCoding({
            instrumentId: instrument.id,
            abbr: instrument.nameAbbr,
            model,
            column: column.key,
            widget: column.widget,
            label: `${table.widget.name} / ${column.title}`,
            labelEn: `${table.widget.nameEn ?? table.widget.name} / ${column.titleEn ?? column.title}`,
          }, `${model}.${column.key}`);
          list.push(field);
          byPath.set(`${String(instrument.id)}|${model}.${column.key}`, field);
        }
        continue;
      }
      if (!isDataWidget(widget) || index.fields.get(model) !== widget) continue;
      const field = withCoding({ instrumentId: instrument.id, abbr: instrument.nameAbbr, model, widget, label: widget.name, labelEn: widget.nameEn ?? widget.name }, model);
      list.push(field);
      byPath.set(`${String(instrument.id)}|${model}`, field);
    }
    fields.set(instrument.id, list);
  }
  const events = [...snapshot.events].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return { instruments, events: new Map(events.map((event) => [event.id, event])), eventOrder: new Map(events.map((event, index) => [event.id, index])), fields, byPath, coded: [...byPath.values()].some((field) => field.coding !== undefined) };
}

/** Every `ABBR.MODEL` the design offers, to check a request's field names. */
export function fieldNamesOf(snapshot: DesignSnapshot): Set<string> {
  const names = new Set<string>();
  for (const instrument of snapshot.instruments) {
    const index = indexForm(instrument.panel);
    for (const model of [...index.fields.keys(), ...index.tables.keys()]) names.add(`${instrument.nameAbbr}.${model}`);
  }
  return names;
}

export interface RepeatCounts {
  panels: Record<string, number>;
  tables: Record<string, number>;
}

/** The wide layout's columns: names, and where each value goes (`instrumentId|repeat|MODEL` or `…|TABLE[n].COL`). */
export interface WideColumns {
  names: string[];
  position: Map<string, number>;
}

export function wideColumns(design: ExportDesign, counts: RepeatCounts): WideColumns {
  const names: string[] = [...WIDE_KEY_COLUMNS];
  const position = new Map<string, number>();
  // A value's column, then for a coded field the columns of its coding, keyed `…:code` and so on.
  const addColumn = (key: string, name: string, field: ExportField) => {
    position.set(key, names.length);
    names.push(name);
    if (field.coding === undefined) return;
    for (const part of CODING_EXPORT_PARTS) {
      position.set(codingColumnName(key, part), names.length);
      names.push(codingColumnName(name, part));
    }
  };
  for (const instrument of design.instruments) {
    const repeats = Math.max(1, counts.panels[String(instrument.id)] ?? 1);
    const fields = design.fields.get(instrument.id) ?? [];
    for (let repeat = 1; repeat <= repeats; repeat += 1) {
      let index = 0;
      while (index < fields.length) {
        const field = fields[index] as ExportField;
        if (field.column === undefined) {
          addColumn(`${String(instrument.id)}|${String(repeat)}|${field.model}`, wideColumnName(instrument.nameAbbr, repeat, field.model), field);
          index += 1;
          continue;
        }
        // A table: all its columns for row 1, then row 2, and so on.
        const columns: ExportField[] = [];
        for (let at = index; at < fields.length; at += 1) {
          const candidate = fields[at] as ExportField;
          if (candidate.model !== field.model || candidate.column === undefined) break;
          columns.push(candidate);
        }
        const rows = Math.max(1, counts.tables[`${String(instrument.id)}|${field.model}`] ?? 1);
        for (let row = 1; row <= rows; row += 1) {
          for (const column of columns) {
            addColumn(`${String(instrument.id)}|${String(repeat)}|${field.model}[${String(row)}].${column.column ?? ''}`, wideColumnName(instrument.nameAbbr, repeat, field.model, row, column.column), column);
          }
        }
        index += columns.length;
      }
    }
  }
  return { names, position };
}

/** The cell of a value: numbers stay numbers (a spreadsheet computes with them), everything else is text. */
function cellOf(value: unknown): XlsxCell {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const text = exportValueText(value);
  return text === '' ? null : text;
}

/** The label of one option code, in the reader's language; empty for a code the field does not offer. */
function labelOfCode(options: readonly OptionItem[], code: unknown, locale: Locale): string {
  const text = String(code);
  for (const option of options) {
    if (option.value === text) return locale === 'en-US' ? (option.labelEn ?? option.label) : option.label;
  }
  return '';
}

/** Labels of the chosen option(s) of a choice field, in the reader's language. */
function optionLabel(widget: Widget, value: unknown, locale: Locale): string {
  const options: OptionItem[] = widget.options.options ?? [];
  if (options.length === 0 || value === null || value === undefined || value === '') return '';
  if (!Array.isArray(value)) return labelOfCode(options, value, locale);
  return value
    .map((code) => labelOfCode(options, code, locale))
    .filter((label) => label !== '')
    .join('; ');
}

export interface BatchData {
  subjects: BatchSubject[];
  events: BatchEvent[];
  panels: BatchPanel[];
  values: BatchValue[];
  /** Login names by user id (the long layout's "changed by"). */
  users: Map<number, string>;
  /** The codings of the batch's values by `panelInstanceId|path`; empty when no exported field is coded. */
  codings: Map<string, BatchCoding>;
}

/**
 * A coded field's value as its coding parts (CODING_EXPORT_PARTS): the term's code, text and hierarchy in the
 * reader's language, and the state computed as the coding screen computes it (core `codingState`); a blank
 * value never coded has no state.
 */
function codingCells(coding: BatchCoding | undefined, valueText: string, locale: Locale): [XlsxCell, XlsxCell, XlsxCell, CodingState | null] {
  const state = coding === undefined && valueText === '' ? null : codingState(valueText, coding ?? null);
  if (!coding) return [null, null, null, state];
  return [coding.term_code, termTextIn(locale, coding.term, coding.term_en), termTextIn(locale, coding.term_path, coding.term_path_en), state];
}

export interface RowContext {
  design: ExportDesign;
  sites: Map<number, string>;
  locale: Locale;
  timeZone: string;
}

const subjectLabel = (subject: BatchSubject): string => subject.subject_code ?? subject.platform_no;
const eventName = (context: RowContext, eventId: number): string => {
  const event = context.design.events.get(eventId);
  return event ? (context.locale === 'en-US' ? (event.nameEn ?? event.name) : event.name) : String(eventId);
};

/** Visits of each subject in design order, then by repeat. */
function groupEvents(context: RowContext, data: BatchData): Map<number, BatchEvent[]> {
  const bySubject = new Map<number, BatchEvent[]>();
  for (const event of data.events) {
    const list = bySubject.get(event.subject_id) ?? [];
    list.push(event);
    bySubject.set(event.subject_id, list);
  }
  const order = (event: BatchEvent) => context.design.eventOrder.get(event.event_id) ?? Number.MAX_SAFE_INTEGER;
  for (const list of bySubject.values()) list.sort((a, b) => order(a) - order(b) || a.event_id - b.event_id || a.seq - b.seq);
  return bySubject;
}

/** Positions of table rows within each panel instance: `panelId|TABLE|rKEY` → 1, 2, … in key order. */
function tableRowOrdinals(values: readonly BatchValue[]): Map<string, number> {
  const keys = new Map<string, Set<string>>();
  for (const value of values) {
    const parsed = parsePath(value.path);
    if (parsed.row === undefined) continue;
    const id = `${String(value.panel_instance_id)}|${parsed.model}`;
    const set = keys.get(id) ?? new Set<string>();
    set.add(parsed.row);
    keys.set(id, set);
  }
  const ordinals = new Map<string, number>();
  for (const [id, set] of keys) {
    [...set].sort((a, b) => rowKeyNumber(a) - rowKeyNumber(b)).forEach((key, index) => ordinals.set(`${id}|${key}`, index + 1));
  }
  return ordinals;
}

export function* wideRows(context: RowContext, columns: WideColumns, data: BatchData): Generator<XlsxCell[]> {
  const panelsByEvent = new Map<number, BatchPanel[]>();
  for (const panel of data.panels) {
    const list = panelsByEvent.get(panel.event_instance_id) ?? [];
    list.push(panel);
    panelsByEvent.set(panel.event_instance_id, list);
  }
  const valuesByPanel = new Map<number, BatchValue[]>();
  for (const value of data.values) {
    const list = valuesByPanel.get(value.panel_instance_id) ?? [];
    list.push(value);
    valuesByPanel.set(value.panel_instance_id, list);
  }
  const ordinals = tableRowOrdinals(data.values);
  const events = groupEvents(context, data);
  for (const subject of data.subjects) {
    const head = [subjectLabel(subject), context.sites.get(subject.site_id) ?? String(subject.site_id), subject.status];
    const visits = events.get(subject.id) ?? [];
    if (visits.length === 0) yield [...head, null, null];
    for (const visit of visits) {
      const row: XlsxCell[] = new Array<XlsxCell>(columns.names.length).fill(null);
      row[0] = head[0] ?? null;
      row[1] = head[1] ?? null;
      row[2] = head[2] ?? null;
      row[3] = eventName(context, visit.event_id);
      row[4] = visit.seq;
      for (const panel of panelsByEvent.get(visit.id) ?? []) {
        const prefix = `${String(panel.instrument_id)}|${String(panel.seq)}|`;
        for (const value of valuesByPanel.get(panel.id) ?? []) {
          const parsed = parsePath(value.path);
          const key =
            parsed.row === undefined
              ? `${prefix}${parsed.model}`
              : `${prefix}${parsed.model}[${String(ordinals.get(`${String(panel.id)}|${parsed.model}|${parsed.row}`) ?? 0)}].${parsed.column ?? ''}`;
          const at = columns.position.get(key);
          if (at === undefined) continue;
          const stored = storedValue(value.value_text);
          row[at] = cellOf(stored);
          // A coded field's columns follow its own: code, term, path, state (looked up only when a field is coded).
          if (context.design.coded && columns.position.get(codingColumnName(key, 'state')) === at + CODING_EXPORT_PARTS.length) {
            codingCells(data.codings.get(`${String(panel.id)}|${value.path}`), exportValueText(stored), context.locale).forEach((cell, part) => (row[at + 1 + part] = cell));
          }
        }
      }
      yield row;
    }
  }
}

export function* longRows(context: RowContext, data: BatchData): Generator<XlsxCell[]> {
  const panelsByEvent = new Map<number, BatchPanel[]>();
  for (const panel of data.panels) {
    const list = panelsByEvent.get(panel.event_instance_id) ?? [];
    list.push(panel);
    panelsByEvent.set(panel.event_instance_id, list);
  }
  const instruments = new Map(context.design.instruments.map((instrument, index) => [instrument.id, { instrument, order: index }]));
  const valuesByPanel = new Map<number, BatchValue[]>();
  for (const value of data.values) {
    const list = valuesByPanel.get(value.panel_instance_id) ?? [];
    list.push(value);
    valuesByPanel.set(value.panel_instance_id, list);
  }
  const events = groupEvents(context, data);
  // Values saved together share their time: each second is formatted once per batch.
  const stamps = new Map<number, string>();
  const stamp = (second: number | undefined) => {
    if (second === undefined) return '';
    let text = stamps.get(second);
    if (text === undefined) {
      text = isoWithOffset(new Date(second * 1000), context.timeZone);
      stamps.set(second, text);
    }
    return text;
  };
  // Every panel instance of an instrument stores the same few paths: each is matched to its field once.
  const fieldsByPath = new Map<number, Map<string, ExportField | null>>();
  const fieldOf = (instrumentId: number, path: string): ExportField | null => {
    let known = fieldsByPath.get(instrumentId);
    if (!known) {
      known = new Map();
      fieldsByPath.set(instrumentId, known);
    }
    let field = known.get(path);
    if (field === undefined) {
      const parsed = parsePath(path);
      field = context.design.byPath.get(`${String(instrumentId)}|${parsed.row === undefined ? parsed.model : `${parsed.model}.${parsed.column ?? ''}`}`) ?? null;
      known.set(path, field);
    }
    return field;
  };
  const order = (panel: BatchPanel) => instruments.get(panel.instrument_id)?.order ?? 0;
  for (const subject of data.subjects) {
    const label = subjectLabel(subject);
    const site = context.sites.get(subject.site_id) ?? String(subject.site_id);
    for (const visit of events.get(subject.id) ?? []) {
      const visitName = eventName(context, visit.event_id);
      const panels = (panelsByEvent.get(visit.id) ?? []).sort((a, b) => order(a) - order(b) || a.seq - b.seq);
      for (const panel of panels) {
        const instrument = instruments.get(panel.instrument_id)?.instrument;
        if (!instrument) continue;
        const values = (valuesByPanel.get(panel.id) ?? []).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        for (const value of values) {
          const field = fieldOf(panel.instrument_id, value.path);
          if (!field) continue;
          const stored = storedValue(value.value_text);
          const cells: XlsxCell[] = [
            label,
            site,
            visitName,
            visit.seq,
            instrument.nameAbbr,
            panel.seq,
            value.path,
            cellOf(stored),
            optionLabel(field.widget, stored, context.locale),
            value.status ?? '',
            value.frozen ? 'Y' : 'N',
            value.inactive_type ?? null,
            value.updated_by === undefined || value.updated_by === null ? null : (data.users.get(value.updated_by) ?? null),
            stamp(value.updated_epoch),
          ];
          if (context.design.coded) {
            if (field.coding === undefined) cells.push(null, null, null, null, null);
            else {
              const coding = data.codings.get(`${String(panel.id)}|${value.path}`);
              const dictionary = coding ? `${coding.dictionary_name} ${coding.dictionary_version}` : field.coding;
              cells.push(dictionary, ...codingCells(coding, exportValueText(stored), context.locale));
            }
          }
          yield cells;
        }
      }
    }
  }
}

export function headerOf(layout: ExportLayout, columns: WideColumns | null, design: ExportDesign): string[] {
  if (layout === 'long') return design.coded ? [...LONG_COLUMNS, ...LONG_CODING_COLUMNS] : [...LONG_COLUMNS];
  return columns?.names ?? [...WIDE_KEY_COLUMNS];
}

/** The coding states as the dictionary's options name them, in both languages (core status labels). */
const CODING_STATE_OPTIONS = CODING_STATES.map((state) => `${state}=${STATUS_LABELS['zh-CN'].coding[state]} / ${STATUS_LABELS['en-US'].coding[state]}`).join('; ');

/** The data dictionary: one row per field (a table: per column), with labels in both languages, options, unit and formula. */
export function dictionaryRows(design: ExportDesign): XlsxCell[][] {
  const rows: XlsxCell[][] = [[...DICTIONARY_COLUMNS]];
  for (const instrument of design.instruments) {
    for (const field of design.fields.get(instrument.id) ?? []) {
      const options = (field.widget.options.options ?? []).map((option) => `${option.value}=${option.label}${option.labelEn ? ` / ${option.labelEn}` : ''}`).join('; ');
      const dataType = field.widget.options.dataType;
      const column = field.column === undefined ? wideColumnName(field.abbr, 1, field.model) : wideColumnName(field.abbr, 1, field.model, 1, field.column).replace('[1]', '[n]');
      const name = field.column === undefined ? field.model : `${field.model}.${field.column}`;
      rows.push([
        column,
        field.abbr,
        name,
        field.label,
        field.labelEn,
        dataType ? `${field.widget.type}:${dataType}` : field.widget.type,
        options,
        field.widget.options.annotation ?? '',
        field.widget.options.expression ?? '',
      ]);
      if (field.coding === undefined) continue;
      // A coded field's coding columns, each described with the dictionary it is coded to.
      for (const part of CODING_EXPORT_PARTS) {
        const zh = `${field.label}：${CODING_PART_LABELS['zh-CN'][part]}（${field.coding}）`;
        const en = `${field.labelEn}: ${CODING_PART_LABELS['en-US'][part]} (${field.coding})`;
        const states = part === 'state' ? CODING_STATE_OPTIONS : '';
        rows.push([codingColumnName(column, part), field.abbr, codingColumnName(name, part), zh, en, `coding:${part}`, states, '', '']);
      }
    }
  }
  return rows;
}
