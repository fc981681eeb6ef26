import type { EventType } from '../design/events.js';
import { EVENT_NAME_MAX, EVENT_TYPES } from '../design/events.js';
import { INSTRUMENT_ABBR_MAX, INSTRUMENT_NAME_MAX } from '../design/instruments.js';
import { holdsValue } from '../forms/widget-types.js';
import type { PaletteWidget } from '../panels/factory.js';
import { PALETTE_WIDGETS, createWidget } from '../panels/factory.js';
import { createTableShell } from '../panels/factory-layout.js';
import { generateRules } from '../panels/rules.js';
import type { DataType, LabColumnRole, OptionItem, Panel, TableColumn, Widget, WidgetType } from '../panels/schema.js';
import { DATA_TYPES, LAB_COLUMN_ROLES, WIDGET_TYPES } from '../panels/schema.js';
import type { ODM_IMPORT_NOTES } from '../errors/catalogue-odm.js';
import { widgetTypeForDataType } from './datatype.js';
import { DCAP_ALIAS } from './metadata.js';
import type { XmlElement } from './scan.js';
import { childNamed, childrenNamed } from './scan.js';

export type OdmImportNoteCode = keyof typeof ODM_IMPORT_NOTES;

export interface OdmImportNote {
  /** The ODM element and its OID the note is about. */
  element: string;
  oid: string;
  code: OdmImportNoteCode;
  detail: string;
  /** A blocking note stops the import from being applied. */
  blocking: boolean;
}

export interface OdmImportInstrument {
  oid: string;
  name: string;
  nameEn: string | null;
  nameAbbr: string;
  panel: Panel;
}

export interface OdmImportEvent {
  oid: string;
  name: string;
  nameEn: string | null;
  type: EventType;
  repeatable: boolean;
  /** The abbreviations of its panels, in the file's order. */
  forms: string[];
}

export interface OdmImportPlan {
  studyOid: string;
  versionOid: string;
  instruments: OdmImportInstrument[];
  events: OdmImportEvent[];
  notes: OdmImportNote[];
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

function texts(element: XmlElement | undefined): { zh: string | null; en: string | null; any: string | null } {
  if (!element) return { zh: null, en: null, any: null };
  let zh: string | null = null;
  let en: string | null = null;
  let any: string | null = null;
  for (const text of childrenNamed(element, 'TranslatedText')) {
    const lang = (text.attrs['xml:lang'] ?? '').toLowerCase();
    const value = text.text.trim();
    if (value === '') continue;
    any ??= value;
    if (lang.startsWith('zh')) zh ??= value;
    else if (lang.startsWith('en') || lang === '') en ??= value;
  }
  return { zh, en, any };
}

const aliasOf = (element: XmlElement, context: string): string | undefined => childrenNamed(element, 'Alias').find((alias) => alias.attrs.Context === context)?.attrs.Name;

function identifierFrom(value: string, max: number): string {
  let out = value.replace(/[^A-Za-z0-9_]/g, '_').replace(/^[^A-Za-z]+/, '');
  if (out === '') out = 'F';
  return out.slice(0, max);
}

function uniqueName(base: string, used: Set<string>, max: number): string {
  let name = base.slice(0, max);
  for (let n = 2; used.has(name.toUpperCase()); n += 1) name = `${base.slice(0, max - String(n).length - 1)}_${String(n)}`;
  used.add(name.toUpperCase());
  return name;
}

const PALETTE = new Set<string>(PALETTE_WIDGETS);

interface Defs {
  items: Map<string, XmlElement>;
  groups: Map<string, XmlElement>;
  codeLists: Map<string, XmlElement>;
  units: Map<string, string>;
}

function optionsOf(list: XmlElement): OptionItem[] {
  return childrenNamed(list, 'CodeListItem').map((entry) => {
    const decode = texts(childNamed(entry, 'Decode'));
    const value = entry.attrs.CodedValue ?? '';
    return { key: aliasOf(entry, DCAP_ALIAS.optionKey) ?? value, value, label: decode.zh ?? decode.any ?? value, ...(decode.en ? { labelEn: decode.en } : {}) };
  });
}

/** A widget for one ItemDef; `model` is the variable name it is saved under. */
function widgetFor(def: XmlElement, model: string, defs: Defs, note: (code: OdmImportNoteCode, detail: string) => void): Widget {
  const codeListOid = childNamed(def, 'CodeListRef')?.attrs.CodeListOID;
  const codeList = codeListOid ? defs.codeLists.get(codeListOid) : undefined;
  if (codeListOid && !codeList) note('item_missing', `CodeList ${codeListOid}`);
  const length = def.attrs.Length ? Number(def.attrs.Length) : null;
  const dataType = def.attrs.DataType ?? 'text';
  let type: WidgetType;
  const declared = aliasOf(def, DCAP_ALIAS.widget);
  if (declared && (WIDGET_TYPES as readonly string[]).includes(declared) && holdsValue(declared as WidgetType)) {
    type = declared as WidgetType;
  } else {
    if (declared) note('widget_unknown', declared);
    const guess = widgetTypeForDataType(dataType, codeList !== undefined, length);
    if (!guess.exact) note('datatype_approximated', dataType);
    type = guess.type;
  }
  const palette: PaletteWidget = type === 'imgupload' ? 'uploader' : PALETTE.has(type) ? (type as PaletteWidget) : 'input';
  const base = createWidget(palette, new Set());
  const question = texts(childNamed(def, 'Question'));
  const description = texts(childNamed(def, 'Description'));
  const options: Widget['options'] = { ...base.options };
  if (codeList) {
    options.options = optionsOf(codeList);
    const dictType = aliasOf(codeList, DCAP_ALIAS.dictType);
    if (dictType) options.dictType = dictType;
  }
  else if (base.options.options) options.options = [];
  for (const range of childrenNamed(def, 'RangeCheck')) {
    const comparator = range.attrs.Comparator ?? '';
    const bound = Number(childNamed(range, 'CheckValue')?.text.trim() ?? 'NaN');
    if (Number.isFinite(bound) && comparator === 'GE') options.min = bound;
    else if (Number.isFinite(bound) && comparator === 'LE') options.max = bound;
    else note('range_ignored', comparator);
  }
  const unitOid = childNamed(def, 'MeasurementUnitRef')?.attrs.MeasurementUnitOID;
  if (unitOid) {
    const symbol = defs.units.get(unitOid);
    if (symbol === undefined) note('item_missing', `MeasurementUnit ${unitOid}`);
    else options.annotation = symbol;
  }
  const formula = aliasOf(def, DCAP_ALIAS.formula);
  if (formula) options.expression = formula;
  if (aliasOf(def, DCAP_ALIAS.multiple) === 'true') options.multiple = true;
  const declaredType = aliasOf(def, DCAP_ALIAS.dataType);
  if (declaredType && (DATA_TYPES as readonly string[]).includes(declaredType)) options.dataType = declaredType as DataType;
  else if (dataType === 'integer' && (type === 'input' || type === 'number')) options.dataType = 'integer';
  const precision = aliasOf(def, DCAP_ALIAS.precision) ?? def.attrs.SignificantDigits;
  if (precision !== undefined && Number.isInteger(Number(precision)) && (type === 'number' || type === 'input')) options.precision = Number(precision);
  if (length !== null && Number.isInteger(length) && length > 0 && (type === 'input' || type === 'textarea')) options.maxlength = length;
  const name = (question.zh ?? question.any ?? description.zh ?? description.any ?? def.attrs.Name ?? model).slice(0, INSTRUMENT_NAME_MAX);
  const nameEn = question.en ?? description.en ?? undefined;
  return { ...base, key: model, model, name, ...(nameEn ? { nameEn } : { nameEn: undefined }), options };
}

function eventTypeOf(def: XmlElement): EventType {
  const declared = aliasOf(def, DCAP_ALIAS.eventType);
  if (declared && (EVENT_TYPES as readonly string[]).includes(declared)) return declared as EventType;
  if (def.attrs.Type === 'Unscheduled') return 'UNSCHEDULED';
  return def.attrs.Type === 'Common' ? 'LOG' : 'TREATMENT';
}

/**
 * Reads the study design of an ODM 1.3.2 file (already schema-valid) into panels and visits for the
 * development draft (docs/decisions.md, "CDISC ODM"): the last MetaDataVersion of the first Study; each
 * FormDef a panel, a non-repeating group's items its fields, each repeating group a table; each
 * StudyEventDef a visit with its forms. Whatever cannot be carried over is listed as a note per element.
 */
export function planOdmImport(root: XmlElement, takenAbbrs: ReadonlySet<string> = new Set(), takenEvents: ReadonlySet<string> = new Set()): OdmImportPlan {
  const notes: OdmImportNote[] = [];
  const study = childNamed(root, 'Study');
  const versions = study ? childrenNamed(study, 'MetaDataVersion') : [];
  const version = versions.at(-1);
  if (!study || !version) {
    notes.push({ element: 'ODM', oid: root.attrs.FileOID ?? '', code: 'no_study', detail: '', blocking: true });
    return { studyOid: study?.attrs.OID ?? '', versionOid: '', instruments: [], events: [], notes };
  }
  for (const other of versions.slice(0, -1)) notes.push({ element: 'MetaDataVersion', oid: other.attrs.OID ?? '', code: 'other_version', detail: '', blocking: false });
  const units = new Map<string, string>();
  for (const unit of childNamed(study, 'BasicDefinitions')?.children ?? []) {
    if (unit.local !== 'MeasurementUnit') continue;
    const symbol = texts(childNamed(unit, 'Symbol'));
    units.set(unit.attrs.OID ?? '', symbol.en ?? symbol.any ?? unit.attrs.Name ?? '');
  }
  const byOid = (local: string) => new Map(childrenNamed(version, local).map((element) => [element.attrs.OID ?? '', element]));
  const defs: Defs = { items: byOid('ItemDef'), groups: byOid('ItemGroupDef'), codeLists: byOid('CodeList'), units };
  for (const method of childrenNamed(version, 'MethodDef')) notes.push({ element: 'MethodDef', oid: method.attrs.OID ?? '', code: 'method_ignored', detail: '', blocking: false });
  for (const condition of childrenNamed(version, 'ConditionDef')) notes.push({ element: 'ConditionDef', oid: condition.attrs.OID ?? '', code: 'condition_ignored', detail: '', blocking: false });

  const abbrs = new Set([...takenAbbrs].map((abbr) => abbr.toUpperCase()));
  const abbrOfForm = new Map<string, string>();
  const instruments: OdmImportInstrument[] = [];
  for (const form of childrenNamed(version, 'FormDef')) {
    const formOid = form.attrs.OID ?? '';
    const wanted = identifierFrom(aliasOf(form, DCAP_ALIAS.abbr) ?? formOid.replace(/^F\./, ''), INSTRUMENT_ABBR_MAX);
    if (abbrs.has(wanted.toUpperCase())) notes.push({ element: 'FormDef', oid: formOid, code: 'abbr_taken', detail: wanted, blocking: true });
    const abbr = uniqueName(wanted, abbrs, INSTRUMENT_ABBR_MAX);
    abbrOfForm.set(formOid, abbr);
    const names = texts(childNamed(form, 'Description'));
    const used = new Set<string>();
    const list: Widget[] = [];
    const modelFor = (def: XmlElement, element: string, oid: string): string => {
      const raw = def.attrs.Name ?? oid;
      const base = IDENTIFIER.test(raw) ? raw : identifierFrom(raw, 64);
      if (base !== raw) notes.push({ element, oid, code: 'name_renamed', detail: raw, blocking: false });
      return uniqueName(base, used, 64);
    };
    for (const ref of childrenNamed(form, 'ItemGroupRef')) {
      const groupOid = ref.attrs.ItemGroupOID ?? '';
      const group = defs.groups.get(groupOid);
      if (!group) {
        notes.push({ element: 'FormDef', oid: formOid, code: 'item_missing', detail: `ItemGroupDef ${groupOid}`, blocking: false });
        continue;
      }
      const items: { def: XmlElement; mandatory: boolean }[] = [];
      for (const itemRef of childrenNamed(group, 'ItemRef')) {
        const def = defs.items.get(itemRef.attrs.ItemOID ?? '');
        if (!def) notes.push({ element: 'ItemGroupDef', oid: groupOid, code: 'item_missing', detail: `ItemDef ${itemRef.attrs.ItemOID ?? ''}`, blocking: false });
        else items.push({ def, mandatory: itemRef.attrs.Mandatory === 'Yes' });
      }
      const finish = (widget: Widget, mandatory: boolean): Widget => {
        const options = { ...widget.options, required: mandatory };
        const done = { ...widget, options };
        return { ...done, rules: generateRules(done) };
      };
      if (group.attrs.Repeating !== 'Yes') {
        for (const { def, mandatory } of items) {
          const oid = def.attrs.OID ?? '';
          const model = modelFor(def, 'ItemDef', oid);
          list.push(finish(widgetFor(def, model, defs, (code, detail) => notes.push({ element: 'ItemDef', oid, code, detail, blocking: false })), mandatory));
        }
        continue;
      }
      const tableNames = texts(childNamed(group, 'Description'));
      const tableModel = modelFor(group, 'ItemGroupDef', groupOid);
      const shell = createTableShell(new Set(), tableNames.zh ?? tableNames.any ?? tableModel, tableNames.en ?? tableNames.zh ?? tableModel);
      const columnKeys = new Set<string>();
      const columns: TableColumn[] = items.map(({ def, mandatory }) => {
        const oid = def.attrs.OID ?? '';
        const raw = def.attrs.Name ?? oid;
        const columnKey = uniqueName(IDENTIFIER.test(raw) ? raw : identifierFrom(raw, 48), columnKeys, 48);
        const cellModel = uniqueName(`${tableModel}_${columnKey}`, used, 64);
        const widget = finish(widgetFor(def, cellModel, defs, (code, detail) => notes.push({ element: 'ItemDef', oid, code, detail, blocking: false })), mandatory);
        const role = aliasOf(def, DCAP_ALIAS.labRole);
        const refCtrl = role !== undefined && (LAB_COLUMN_ROLES as readonly string[]).includes(role) ? { refCtrl: role as LabColumnRole } : {};
        return { title: widget.name, titleEn: widget.nameEn ?? widget.name, key: columnKey, width: `${String(Math.floor(100 / Math.max(items.length, 1)))}%`, widget: { ...widget, table: tableModel }, ...refCtrl };
      });
      const repeatable = aliasOf(group, DCAP_ALIAS.repeatable) !== 'false';
      list.push({
        ...shell,
        key: tableModel,
        model: tableModel,
        options: { ...shell.options, repeatable, columns, data: [Object.fromEntries(columns.map((column) => [column.key, null]))] },
      });
    }
    instruments.push({
      oid: formOid,
      name: (names.zh ?? names.any ?? form.attrs.Name ?? abbr).slice(0, INSTRUMENT_NAME_MAX),
      nameEn: names.en?.slice(0, INSTRUMENT_NAME_MAX) ?? null,
      nameAbbr: abbr,
      panel: { list, config: { labelWidth: 8, labelPosition: 'right' } },
    });
  }

  // Visit names are unique per project without regard to case (the events table's unique index on lower(name)).
  const eventNames = new Set([...takenEvents].map((name) => name.toLowerCase()));
  const used = new Set<string>();
  const events: OdmImportEvent[] = [];
  for (const def of childrenNamed(version, 'StudyEventDef')) {
    const oid = def.attrs.OID ?? '';
    const names = texts(childNamed(def, 'Description'));
    const name = (names.zh ?? names.any ?? def.attrs.Name ?? oid).slice(0, EVENT_NAME_MAX);
    if (eventNames.has(name.toLowerCase())) notes.push({ element: 'StudyEventDef', oid, code: 'event_taken', detail: name, blocking: true });
    eventNames.add(name.toLowerCase());
    const forms: string[] = [];
    for (const ref of childrenNamed(def, 'FormRef')) {
      const abbr = abbrOfForm.get(ref.attrs.FormOID ?? '');
      if (abbr === undefined) notes.push({ element: 'StudyEventDef', oid, code: 'item_missing', detail: `FormDef ${ref.attrs.FormOID ?? ''}`, blocking: false });
      else {
        forms.push(abbr);
        used.add(abbr);
      }
    }
    const type = eventTypeOf(def);
    events.push({ oid, name, nameEn: names.en?.slice(0, EVENT_NAME_MAX) ?? null, type, repeatable: def.attrs.Repeating === 'Yes' && type !== 'UNSCHEDULED', forms });
  }
  for (const instrument of instruments) {
    if (!used.has(instrument.nameAbbr)) notes.push({ element: 'FormDef', oid: instrument.oid, code: 'form_unused', detail: '', blocking: false });
  }
  return { studyOid: study.attrs.OID ?? '', versionOid: version.attrs.OID ?? '', instruments, events, notes };
}
