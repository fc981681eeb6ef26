import type {
  DerivedField,
  DictEntry,
  DictItem,
  Panel,
  StandardDomainSummary,
  StandardFieldSummary,
  SysDerivedField,
  SysDict,
  SysStandardField,
  SysTemplate,
  TemplateSummary,
  Widget,
} from '@dcap/core';
import { isDataWidget, walkWidgets } from '@dcap/core';
import type { DerivedFieldRow, DictRow, StdDomainRow, StdFieldRow, StdTemplateRow } from '../../db/schema.js';

// JSON columns hold only what the save schemas (core panelSchema, widgetSchema, dictItemsSchema) accepted.
export const storedWidget = (row: { widget: unknown }): Widget => row.widget as Widget;
export const storedPanel = (row: { panel: unknown }): Panel => row.panel as Panel;
export const storedItems = (row: { items: unknown }): DictItem[] => row.items as DictItem[];

export function presentDomain(row: StdDomainRow, count: number): StandardDomainSummary {
  return { domain: row.code, description: row.description, descriptionEn: row.description_en, count };
}

export function presentStandardField(row: StdFieldRow): StandardFieldSummary {
  return {
    id: row.id,
    fieldLabel: row.field_label,
    fieldLabelEn: row.field_label_en,
    fieldName: row.field_name,
    fieldAnnotation: row.field_annotation,
    instruction: row.instruction,
    instructionEn: row.instruction_en,
  };
}

export function presentSysStandardField(row: StdFieldRow): SysStandardField {
  return { ...presentStandardField(row), domain: row.domain, sort: row.sort, widget: storedWidget(row), updatedAt: row.updated_at.toISOString() };
}

export function auditedStandardField(row: StdFieldRow): Record<string, unknown> {
  return {
    domain: row.domain,
    fieldName: row.field_name,
    fieldLabel: row.field_label,
    fieldLabelEn: row.field_label_en,
    fieldAnnotation: row.field_annotation,
    instruction: row.instruction,
    instructionEn: row.instruction_en,
    sort: row.sort,
    widget: row.widget,
  };
}

/** Value-holding widgets of a panel, a table column's cell template counted once. */
export function countFields(panel: Panel): number {
  let count = 0;
  for (const visited of walkWidgets(panel.list)) {
    if (isDataWidget(visited.widget) && (visited.place.kind !== 'table' || visited.place.row === null)) count += 1;
  }
  return count;
}

export function presentTemplateSummary(row: StdTemplateRow): TemplateSummary {
  return { id: row.id, name: row.name, nameEn: row.name_en, nameAbbr: row.name_abbr };
}

export function presentSysTemplate(row: StdTemplateRow): SysTemplate {
  return {
    ...presentTemplateSummary(row),
    description: row.description,
    descriptionEn: row.description_en,
    sort: row.sort,
    fieldCount: countFields(storedPanel(row)),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function auditedTemplate(row: StdTemplateRow): Record<string, unknown> {
  return { name: row.name, nameEn: row.name_en, nameAbbr: row.name_abbr, description: row.description, descriptionEn: row.description_en, sort: row.sort, panel: row.panel };
}

export function presentDictEntry(row: DictRow): DictEntry {
  return { key: row.dict_key, value: row.value, valueEn: row.value_en, isSysProjectDict: row.project_id === null, items: storedItems(row) };
}

export function presentSysDict(row: DictRow): SysDict {
  return { id: row.id, key: row.dict_key, value: row.value, valueEn: row.value_en, items: storedItems(row), updatedAt: row.updated_at.toISOString() };
}

export function auditedDict(row: DictRow): Record<string, unknown> {
  return { key: row.dict_key, value: row.value, valueEn: row.value_en, items: row.items };
}

export function presentDerivedField(row: DerivedFieldRow): DerivedField {
  return {
    id: row.id,
    fieldLabel: row.field_label,
    fieldLabelEn: row.field_label_en,
    fieldName: row.field_name,
    expression: row.expression,
    description: row.description,
    descriptionEn: row.description_en,
  };
}

export function presentSysDerivedField(row: DerivedFieldRow): SysDerivedField {
  return { ...presentDerivedField(row), group: row.group_code, sort: row.sort, widget: storedWidget(row), updatedAt: row.updated_at.toISOString() };
}

export function auditedDerivedField(row: DerivedFieldRow): Record<string, unknown> {
  return {
    group: row.group_code,
    fieldName: row.field_name,
    fieldLabel: row.field_label,
    fieldLabelEn: row.field_label_en,
    expression: row.expression,
    description: row.description,
    descriptionEn: row.description_en,
    sort: row.sort,
    widget: row.widget,
  };
}
