import type { EventType } from '../design/events.js';
import type { LabColumnRole, OptionItem, Panel, Widget } from '../panels/schema.js';
import { isDataWidget, tableColumns, walkWidgets } from '../panels/walk.js';
import { odmDataType } from './datatype.js';
import type { OdmDataType } from './datatype.js';
import { odmOid } from './oid.js';

/** What the ODM metadata is made from: a published design version (server publishing/snapshot.ts). */
export interface OdmDesignInput {
  instruments: readonly { id: number; name: string; nameEn: string | null; nameAbbr: string; description: string | null; panel: Panel }[];
  events: readonly { id: number; name: string; nameEn: string | null; type: EventType; sort: number; repeatable: boolean }[];
  matrix: readonly { eventId: number; instrumentId: number }[];
}

export interface OdmItem {
  oid: string;
  /** The field's model, or for a table cell the column's key. */
  key: string;
  widget: Widget;
  name: string;
  nameEn: string | null;
  dataType: OdmDataType;
  mandatory: boolean;
  codeList: { oid: string; options: OptionItem[] } | null;
  unit: { oid: string; symbol: string } | null;
  /** The part of a lab row a table column plays (spec 002 §3). */
  labRole: LabColumnRole | null;
}

export interface OdmGroup {
  oid: string;
  /** The table widget for a table's group; null for the panel's plain fields. */
  table: Widget | null;
  items: OdmItem[];
  byKey: Map<string, OdmItem>;
}

export interface OdmForm {
  oid: string;
  instrumentId: number;
  abbr: string;
  name: string;
  nameEn: string | null;
  description: string | null;
  repeating: boolean;
  fields: OdmGroup;
  tables: Map<string, OdmGroup>;
}

export interface OdmEvent {
  oid: string;
  eventId: number;
  name: string;
  nameEn: string | null;
  type: EventType;
  repeating: boolean;
  forms: OdmForm[];
}

export interface OdmDesignModel {
  events: OdmEvent[];
  forms: OdmForm[];
  formsByInstrument: Map<number, OdmForm>;
  eventsById: Map<number, OdmEvent>;
  units: Map<string, string>;
}

function itemOf(widget: Widget, oid: string, key: string, name: string, nameEn: string | null | undefined, units: Map<string, string>, labRole: LabColumnRole | null = null): OdmItem {
  const options = widget.options.options ?? [];
  const symbol = widget.options.annotation?.trim() ?? '';
  let unit: OdmItem['unit'] = null;
  if (symbol !== '') {
    const unitOid = odmOid.unit(symbol);
    units.set(unitOid, symbol);
    unit = { oid: unitOid, symbol };
  }
  return {
    oid,
    key,
    widget,
    name,
    nameEn: nameEn ?? null,
    dataType: odmDataType(widget),
    mandatory: widget.required === true || widget.options.required === true,
    codeList: options.length > 0 ? { oid: odmOid.codeList(oid), options } : null,
    unit,
    labRole,
  };
}

function group(oid: string, table: Widget | null, items: OdmItem[]): OdmGroup {
  return { oid, table, items, byKey: new Map(items.map((item) => [item.key, item])) };
}

/**
 * The ODM shape of a design (docs/decisions.md, "CDISC ODM"): each instrument a FormDef with one group of
 * its plain fields (grids are flattened) and a repeating group per table, each table column an item;
 * decorations hold no value and are left out. Events keep their order; a form used in a log event, or in
 * an event that repeats, repeats.
 */
export function odmDesignModel(design: OdmDesignInput): OdmDesignModel {
  const units = new Map<string, string>();
  const forms: OdmForm[] = [];
  for (const instrument of [...design.instruments]) {
    const abbr = instrument.nameAbbr;
    const plain: OdmItem[] = [];
    const tables = new Map<string, OdmGroup>();
    for (const { widget, place } of walkWidgets(instrument.panel.list)) {
      if (widget.type === 'table') {
        const cells = tableColumns(widget)
          .filter((column) => isDataWidget(column.widget))
          .map((column) => itemOf(column.widget, odmOid.cell(abbr, widget.model, column.key), column.key, column.title, column.titleEn, units, column.refCtrl ?? null));
        tables.set(widget.model, group(odmOid.tableGroup(abbr, widget.model), widget, cells));
      } else if (place.kind !== 'table' && isDataWidget(widget)) {
        plain.push(itemOf(widget, odmOid.item(abbr, widget.model), widget.model, widget.name, widget.nameEn, units));
      }
    }
    forms.push({
      oid: odmOid.form(abbr),
      instrumentId: instrument.id,
      abbr,
      name: instrument.name,
      nameEn: instrument.nameEn,
      description: instrument.description,
      repeating: false,
      fields: group(odmOid.fieldGroup(abbr), null, plain),
      tables,
    });
  }
  const formsByInstrument = new Map(forms.map((form) => [form.instrumentId, form]));
  const events = [...design.events]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((event): OdmEvent => {
      const eventForms = design.matrix
        .filter((cell) => cell.eventId === event.id)
        .map((cell) => formsByInstrument.get(cell.instrumentId))
        .filter((form): form is OdmForm => form !== undefined);
      const repeating = event.repeatable || event.type === 'UNSCHEDULED';
      if (event.type === 'LOG') for (const form of eventForms) form.repeating = true;
      return { oid: odmOid.event(event.id), eventId: event.id, name: event.name, nameEn: event.nameEn, type: event.type, repeating, forms: eventForms };
    });
  return { events, forms, formsByInstrument, eventsById: new Map(events.map((event) => [event.eventId, event])), units };
}
