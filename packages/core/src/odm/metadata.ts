import type { EventType } from '../design/events.js';
import type { OdmDesignModel, OdmForm, OdmGroup, OdmItem } from './design.js';
import { odmOid } from './oid.js';
import { closeTag, emptyTag, openTag, textElement, translatedText } from './xml.js';

/** Platform details ODM has no element for travel as aliases in this context (docs/decisions.md, "CDISC ODM"). */
export const DCAP_ALIAS = {
  widget: 'DCAP:widget',
  formula: 'DCAP:formula',
  optionKey: 'DCAP:optionKey',
  multiple: 'DCAP:multiple',
  precision: 'DCAP:precision',
  dataType: 'DCAP:dataType',
  repeatable: 'DCAP:repeatable',
  abbr: 'DCAP:abbr',
  eventType: 'DCAP:eventType',
  labRole: 'DCAP:labRole',
  dictType: 'DCAP:dictType',
} as const;

const alias = (context: string, name: string): string => emptyTag('Alias', { Context: context, Name: name });
const yesNo = (value: boolean): 'Yes' | 'No' => (value ? 'Yes' : 'No');

/** ODM's StudyEventDef/@Type of an event type: the visits of the schedule, unscheduled visits, and logs. */
export function odmEventType(type: EventType): 'Scheduled' | 'Unscheduled' | 'Common' {
  if (type === 'UNSCHEDULED') return 'Unscheduled';
  return type === 'LOG' ? 'Common' : 'Scheduled';
}

export interface OdmVersionMetadata {
  oid: string;
  name: string;
  description: string | null;
  model: OdmDesignModel;
  /** Adds the code lists query annotations flag (files with clinical data). */
  queryLists?: boolean;
}

function itemDef(item: OdmItem): string {
  const options = item.widget.options;
  let out = openTag('ItemDef', { OID: item.oid, Name: item.key, DataType: item.dataType, Length: options.maxlength, SignificantDigits: item.dataType === 'float' ? options.precision : undefined });
  out += `${openTag('Question')}${translatedText(item.name, item.nameEn)}${closeTag('Question')}`;
  if (item.unit) out += emptyTag('MeasurementUnitRef', { MeasurementUnitOID: item.unit.oid });
  const ranged = item.dataType === 'integer' || item.dataType === 'float';
  for (const [comparator, bound] of [
    ['GE', options.min],
    ['LE', options.max],
  ] as const) {
    if (!ranged || bound === undefined) continue;
    out += `${openTag('RangeCheck', { Comparator: comparator, SoftHard: 'Hard' })}${textElement('CheckValue', String(bound))}${closeTag('RangeCheck')}`;
  }
  if (item.codeList) out += emptyTag('CodeListRef', { CodeListOID: item.codeList.oid });
  out += alias(DCAP_ALIAS.widget, item.widget.type);
  if (options.expression) out += alias(DCAP_ALIAS.formula, options.expression);
  if (options.multiple === true) out += alias(DCAP_ALIAS.multiple, 'true');
  if (options.precision !== undefined && item.dataType !== 'float') out += alias(DCAP_ALIAS.precision, String(options.precision));
  if (options.dataType !== undefined) out += alias(DCAP_ALIAS.dataType, options.dataType);
  if (item.labRole) out += alias(DCAP_ALIAS.labRole, item.labRole);
  return out + closeTag('ItemDef');
}

function codeList(item: OdmItem): string {
  if (!item.codeList) return '';
  let out = openTag('CodeList', { OID: item.codeList.oid, Name: item.key, DataType: 'text' });
  for (const [index, option] of item.codeList.options.entries()) {
    out += openTag('CodeListItem', { CodedValue: option.value, OrderNumber: index + 1 });
    out += `${openTag('Decode')}${translatedText(option.label, option.labelEn)}${closeTag('Decode')}`;
    if (option.key !== option.value) out += alias(DCAP_ALIAS.optionKey, option.key);
    out += closeTag('CodeListItem');
  }
  if (item.widget.options.dictType) out += alias(DCAP_ALIAS.dictType, item.widget.options.dictType);
  return out + closeTag('CodeList');
}

function groupDef(form: OdmForm, group: OdmGroup): string {
  const table = group.table;
  let out = openTag('ItemGroupDef', { OID: group.oid, Name: table ? table.model : form.abbr, Repeating: yesNo(table !== null) });
  if (table) out += `${openTag('Description')}${translatedText(table.name, table.nameEn)}${closeTag('Description')}`;
  for (const [index, item] of group.items.entries()) out += emptyTag('ItemRef', { ItemOID: item.oid, OrderNumber: index + 1, Mandatory: yesNo(item.mandatory) });
  if (table) out += alias(DCAP_ALIAS.repeatable, String(table.options.repeatable === true));
  return out + closeTag('ItemGroupDef');
}

/** A form's groups; a panel whose fields are all in tables has no group of plain fields. */
const groupsOf = (form: OdmForm): OdmGroup[] => [...(form.fields.items.length > 0 ? [form.fields] : []), ...form.tables.values()];

/** One MetaDataVersion: the protocol's events in order, the forms, groups, items and code lists. */
export function metaDataVersionXml(version: OdmVersionMetadata): string {
  const { model } = version;
  let out = openTag('MetaDataVersion', { OID: version.oid, Name: version.name, Description: version.description });
  if (model.events.length > 0) {
    out += openTag('Protocol');
    for (const [index, event] of model.events.entries()) out += emptyTag('StudyEventRef', { StudyEventOID: event.oid, OrderNumber: index + 1, Mandatory: 'No' });
    out += closeTag('Protocol');
  }
  for (const event of model.events) {
    out += openTag('StudyEventDef', { OID: event.oid, Name: event.nameEn || event.name, Repeating: yesNo(event.repeating), Type: odmEventType(event.type), Category: event.type });
    out += `${openTag('Description')}${translatedText(event.name, event.nameEn)}${closeTag('Description')}`;
    for (const [index, form] of event.forms.entries()) out += emptyTag('FormRef', { FormOID: form.oid, OrderNumber: index + 1, Mandatory: 'No' });
    out += alias(DCAP_ALIAS.eventType, event.type);
    out += closeTag('StudyEventDef');
  }
  for (const form of model.forms) {
    out += openTag('FormDef', { OID: form.oid, Name: form.nameEn || form.name, Repeating: yesNo(form.repeating) });
    out += `${openTag('Description')}${translatedText(form.name, form.nameEn)}${closeTag('Description')}`;
    for (const [index, group] of groupsOf(form).entries()) out += emptyTag('ItemGroupRef', { ItemGroupOID: group.oid, OrderNumber: index + 1, Mandatory: 'No' });
    out += alias(DCAP_ALIAS.abbr, form.abbr);
    out += closeTag('FormDef');
  }
  for (const form of model.forms) for (const group of groupsOf(form)) out += groupDef(form, group);
  for (const form of model.forms) for (const group of groupsOf(form)) for (const item of group.items) out += itemDef(item);
  for (const form of model.forms) for (const group of groupsOf(form)) for (const item of group.items) out += codeList(item);
  if (version.queryLists === true) out += queryCodeListsXml();
  return out + closeTag('MetaDataVersion');
}

/** The code lists the query annotations flag (statuses) in every version that carries clinical data. */
export function queryCodeListsXml(): string {
  const list = (oid: string, name: string, values: [string, string, string][]) =>
    openTag('CodeList', { OID: oid, Name: name, DataType: 'text' }) +
    values.map(([value, zh, en], index) => `${openTag('CodeListItem', { CodedValue: value, OrderNumber: index + 1 })}${openTag('Decode')}${translatedText(zh, en)}${closeTag('Decode')}${closeTag('CodeListItem')}`).join('') +
    closeTag('CodeList');
  return (
    list(odmOid.queryStatusList, 'QueryStatus', [
      ['OPEN', '未回复', 'Open'],
      ['ANSWERED', '已回复', 'Answered'],
      ['CLOSED', '已关闭', 'Closed'],
      ['AUTO_CLOSED', '自动关闭', 'Closed automatically'],
      ['CANCELED', '已取消', 'Canceled'],
    ]) + list(odmOid.queryFlagTypeList, 'FlagType', [['QUERY_STATUS', '质疑状态', 'Query status']])
  );
}

/** The Study element's opening: global variables and the measurement units every version uses. */
export function studyOpenXml(study: { oid: string; name: string; description: string; protocol: string }, units: ReadonlyMap<string, string>): string {
  let out = openTag('Study', { OID: study.oid });
  out += `${openTag('GlobalVariables')}${textElement('StudyName', study.name)}${textElement('StudyDescription', study.description)}${textElement('ProtocolName', study.protocol)}${closeTag('GlobalVariables')}`;
  if (units.size > 0) {
    out += openTag('BasicDefinitions');
    for (const [oid, symbol] of units) out += `${openTag('MeasurementUnit', { OID: oid, Name: symbol })}${openTag('Symbol')}${translatedText(null, symbol)}${closeTag('Symbol')}${closeTag('MeasurementUnit')}`;
    out += closeTag('BasicDefinitions');
  }
  return out;
}
