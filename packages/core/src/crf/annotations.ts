import type { OptionItem, ShowCondition, TableColumn, Widget } from '../panels/schema.js';

/**
 * What an annotated CRF prints beside each field (the export module "CRF report", spec 002 §3; docs/crf-pdf.md):
 * the variable name `PANEL.field`, the data type, the code list, the formula and the show condition. The
 * blank CRF of the server and any preview in the browser take them from here, so both annotate alike.
 */
export const CRF_DATA_TYPES = ['text', 'integer', 'float', 'number', 'date', 'time', 'code', 'codes', 'boolean', 'file', 'score', 'colour', 'table'] as const;
export type CrfDataType = (typeof CRF_DATA_TYPES)[number];

export interface FieldAnnotation {
  /** `DM.SEX`; a table cell `CM.CMTAB.CMTRT`. */
  variable: string;
  dataType: CrfDataType;
  /** `code=label` of each option, in the given language. */
  codes: string[];
  formula: string | null;
  condition: string | null;
}

/** The data type a field stores, as a data manager reads it from the annotated CRF. */
export function crfDataType(widget: Widget): CrfDataType {
  switch (widget.type) {
    case 'radio':
    case 'select':
      return widget.options.multiple === true ? 'codes' : 'code';
    case 'checkbox':
      return 'codes';
    case 'date':
      return 'date';
    case 'time':
      return 'time';
    case 'switch':
      return 'boolean';
    case 'uploader':
    case 'imgupload':
      return 'file';
    case 'rate':
    case 'slider':
    case 'bullseyeplot':
      return 'score';
    case 'color':
      return 'colour';
    case 'table':
    case 'grid':
      return 'table';
    case 'number': {
      const type = widget.options.dataType;
      if (type === 'integer') return 'integer';
      if (type === 'float' || (widget.options.precision ?? 0) > 0) return 'float';
      return 'number';
    }
    case 'input':
    case 'textarea':
    case 'alert':
    case 'blank':
    case 'placeholder':
    case 'richeditor': {
      const type = widget.options.dataType;
      if (type === 'integer') return 'integer';
      if (type === 'float') return 'float';
      if (type === 'number') return 'number';
      return 'text';
    }
  }
}

/** An option's label in the given language (the English label falls back to the Chinese one). */
export function optionLabel(option: Pick<OptionItem, 'label' | 'labelEn'>, english: boolean): string {
  return english ? option.labelEn?.trim() || option.label : option.label;
}

const OPERATOR_TEXT: Record<string, string> = { gt: '>', lt: '<', eq: '=', ge: '>=', le: '<=', ne: '<>' };

/** A show condition as one line in the formula language's notation (docs/formulas.md). */
export function conditionText(widget: Pick<Widget, 'options'>): string | null {
  const { logicExpression, showOnCondition, showConditions } = widget.options;
  if (logicExpression !== undefined && logicExpression.trim() !== '') return logicExpression.trim();
  if (showOnCondition !== true || !showConditions || showConditions.length === 0) return null;
  const parts = showConditions.map((item: ShowCondition) =>
    'appendix' in item ? (item.appendix === '&&' ? 'and' : 'or') : `[${item.eName}] ${OPERATOR_TEXT[item.evalType] ?? item.evalType} '${item.value}'`,
  );
  return parts.join(' ');
}

/**
 * The annotation of a field: `panelAbbr` is the instrument's abbreviation; `column` is given for a table
 * cell, whose variable is named by table and column.
 */
export function fieldAnnotation(panelAbbr: string, widget: Widget, english: boolean, column?: { table: Widget; column: TableColumn }): FieldAnnotation {
  const variable = column ? `${panelAbbr}.${column.table.model}.${column.column.key}` : `${panelAbbr}.${widget.model}`;
  const codes = (widget.options.options ?? []).map((option) => `${option.value}=${optionLabel(option, english)}`);
  const formula = widget.options.expression?.trim() || null;
  return { variable, dataType: crfDataType(widget), codes, formula, condition: conditionText(widget) };
}
