import type { GridColumn, OptionItem, Panel, ShowCondition, TableColumn, Widget } from '@dcap/core';

/**
 * Converts the generated panel to SurveyJS JSON, element for element, so both renderers draw the same form:
 * text and number inputs, comments, radio groups, checkboxes, dropdowns, date and time inputs, booleans,
 * ratings, expressions for formulas, `visibleIf` for show conditions, a panel per grid and a dynamic matrix
 * per table. Only the shapes the generator emits are handled.
 */

type SurveyElement = Record<string, unknown>;

function choices(options: OptionItem[] | undefined): { value: string; text: string }[] {
  return (options ?? []).map((option) => ({ value: option.value, text: option.labelEn ?? option.label }));
}

/** Our formulas reference fields as `[NAME]`; SurveyJS as `{NAME}`. The generated formulas use nothing else that differs. */
export function toSurveyExpression(formula: string): string {
  return formula.replace(/\[([A-Za-z_][A-Za-z0-9_]*)\]/g, '{$1}');
}

const OPERATORS: Record<Extract<ShowCondition, { evalType: string }>['evalType'], string> = {
  gt: '>',
  lt: '<',
  eq: '=',
  ge: '>=',
  le: '<=',
  ne: '<>',
};

/** Spec 001 §3.4: comparisons joined by `&&` / `||` connectors, in order. */
export function toVisibleIf(conditions: ShowCondition[]): string {
  return conditions
    .map((condition) => ('appendix' in condition ? (condition.appendix === '&&' ? 'and' : 'or') : `{${condition.eName}} ${OPERATORS[condition.evalType]} '${condition.value}'`))
    .join(' ');
}

function question(widget: Widget): SurveyElement {
  const { options } = widget;
  const base: SurveyElement = { name: widget.model, title: widget.nameEn ?? widget.name };
  if (options.required) base.isRequired = true;
  if (options.showOnCondition && options.showConditions) base.visibleIf = toVisibleIf(options.showConditions);
  if (options.expression) return { ...base, type: 'expression', expression: toSurveyExpression(options.expression) };
  switch (widget.type) {
    case 'input':
      return { ...base, type: 'text', maxLength: options.maxlength };
    case 'number':
      return { ...base, type: 'text', inputType: 'number', min: options.min, max: options.max };
    case 'textarea':
      return { ...base, type: 'comment', rows: options.rows, maxLength: options.maxlength };
    case 'radio':
      return { ...base, type: 'radiogroup', choices: choices(options.options), colCount: 0 };
    case 'checkbox':
      return { ...base, type: 'checkbox', choices: choices(options.options), colCount: 0 };
    case 'select':
      return { ...base, type: 'dropdown', choices: choices(options.options) };
    case 'date':
      return { ...base, type: 'text', inputType: 'date' };
    case 'time':
      return { ...base, type: 'text', inputType: 'time' };
    case 'switch':
      return { ...base, type: 'boolean' };
    case 'rate':
      return { ...base, type: 'rating', rateCount: options.max ?? 5 };
    case 'grid':
      return grid(widget);
    case 'table':
      return table(widget);
    case 'slider':
    case 'color':
    case 'uploader':
    case 'imgupload':
    case 'bullseyeplot':
    case 'richeditor':
    case 'alert':
    case 'blank':
    case 'placeholder':
      throw new Error(`The benchmark form does not use ${widget.type} widgets`);
  }
}

/** A grid becomes a panel laid out row by row: the n-th widget of each column shares a line. */
function grid(widget: Widget): SurveyElement {
  const columns = (widget.options.columns ?? []) as GridColumn[];
  const depth = Math.max(0, ...columns.map((column) => column.list.length));
  const elements: SurveyElement[] = [];
  for (let row = 0; row < depth; row += 1) {
    columns.forEach((column, index) => {
      const cell = column.list[row];
      if (cell) elements.push({ ...question(cell), startWithNewLine: index === 0 });
    });
  }
  return { type: 'panel', name: widget.model, elements };
}

function cellType(column: TableColumn): SurveyElement {
  const { widget } = column;
  const base: SurveyElement = { name: column.key, title: column.titleEn ?? column.title };
  if (widget.type === 'number') return { ...base, cellType: 'text', inputType: 'number' };
  if (widget.type === 'date') return { ...base, cellType: 'text', inputType: 'date' };
  if (widget.type === 'select') return { ...base, cellType: 'dropdown', choices: choices(widget.options.options) };
  return { ...base, cellType: 'text' };
}

/** A repeatable table becomes a dynamic matrix holding the same rows. */
function table(widget: Widget): SurveyElement {
  const columns = (widget.options.columns ?? []) as TableColumn[];
  const rows = (widget.options.data ?? []).map((row) => {
    const values: Record<string, string | number> = {};
    for (const column of columns) {
      const value = row[column.key];
      if (value !== undefined && value !== null) values[column.key] = value;
    }
    return values;
  });
  return {
    type: 'matrixdynamic',
    name: widget.model,
    title: widget.nameEn ?? widget.name,
    columns: columns.map(cellType),
    rowCount: rows.length,
    defaultValue: rows,
  };
}

/** The whole panel on one page, as our renderer shows it. */
export function toSurveyJson(panel: Panel): SurveyElement {
  return {
    pages: [{ name: 'page1', elements: panel.list.map(question) }],
    showQuestionNumbers: 'off',
    checkErrorsMode: 'onComplete',
  };
}
