import { checkPanelFormulas } from '../formulas/panel-check.js';
import { BULLSEYE_DICT_TYPE } from './bullseye.js';
import {
  COLUMN_FIELD_NAME_MAX,
  COLUMN_LABEL_MAX,
  GRID_SPAN_TOTAL,
  PATTERN_MAX,
  TABLE_NAME_MAX,
  TABLE_WIDTH_MAX,
  TABLE_WIDTH_MIN,
} from './constants.js';
import type { PanelIssue } from './issues.js';
import { nestingRefusal } from './nesting.js';
import type { Panel, Widget } from './schema.js';
import type { VisitedWidget, WidgetPlace } from './walk.js';
import { gridColumns, tableColumns, walkWidgets } from './walk.js';

type Issue = Omit<PanelIssue, 'widgetKey' | 'path'>;

function issueAt(widget: Widget | null, path: string, issue: Issue): PanelIssue {
  return { widgetKey: widget?.key ?? null, path, ...issue };
}

/** Spec 001 §5.4: the save-blocking message for a table cell with no variable configured. */
export const TABLE_CELL_UNCONFIGURED: Issue = {
  code: 'panel.table_cell_unconfigured',
  message: '请检查表格，确认每个单元格都已配置变量',
  messageEn: 'Please check the table and make sure every cell has a variable configured',
};

function containerOf(place: WidgetPlace): 'panel' | 'grid' | 'table' {
  return place.kind;
}

/** Spec 001 §4.1: keys and model names are unique in the panel (table column keys included). */
function uniquenessIssues(visited: readonly VisitedWidget[]): PanelIssue[] {
  const issues: PanelIssue[] = [];
  const keys = new Set<string>();
  const models = new Set<string>();
  for (const { widget, path } of visited) {
    if (keys.has(widget.key)) {
      issues.push(issueAt(widget, `${path}.key`, { code: 'panel.duplicate_key', message: `字段名 ${widget.key} 重复`, messageEn: `The key ${widget.key} is used more than once` }));
    }
    keys.add(widget.key);
    if (models.has(widget.model)) {
      issues.push(issueAt(widget, `${path}.model`, { code: 'panel.duplicate_model', message: `变量名 ${widget.model} 重复`, messageEn: `The model ${widget.model} is used more than once` }));
    }
    models.add(widget.model);
  }
  const columnKeys = new Set<string>();
  for (const { widget, path } of visited) {
    for (const [index, column] of tableColumns(widget).entries()) {
      if (columnKeys.has(column.key) || keys.has(column.key) || models.has(column.key)) {
        issues.push(
          issueAt(widget, `${path}.options.columns.${String(index)}.key`, {
            code: 'panel.duplicate_column_key',
            message: `列字段名 ${column.key} 重复`,
            messageEn: `The column key ${column.key} is used more than once`,
          }),
        );
      }
      columnKeys.add(column.key);
    }
  }
  return issues;
}

/** Spec 001 §3.2 and §5.2: label and control widths are integers 0 to 24 whose sum is at most 24. */
function widthIssues(widget: Widget, path: string): PanelIssue[] {
  const labelCol = widget.labelCol ?? 0;
  const wrapperCol = widget.wrapperCol ?? 0;
  const inRange = (value: number) => Number.isInteger(value) && value >= 0 && value <= GRID_SPAN_TOTAL;
  if (inRange(labelCol) && inRange(wrapperCol) && labelCol + wrapperCol <= GRID_SPAN_TOTAL) return [];
  return [
    issueAt(widget, `${path}.wrapperCol`, {
      code: 'panel.label_width',
      message: '标签宽度与控件宽度须为 0 到 24 的整数，且两者之和不超过 24',
      messageEn: 'Label and control widths must be integers from 0 to 24 and add up to at most 24',
    }),
  ];
}

/** Spec 001 §3.5 and §9: each grid column spans an integer from 1 to 24. */
function gridIssues(widget: Widget, path: string): PanelIssue[] {
  return gridColumns(widget).flatMap((column, index) =>
    Number.isInteger(column.span) && column.span >= 1 && column.span <= GRID_SPAN_TOTAL
      ? []
      : [
          issueAt(widget, `${path}.options.columns.${String(index)}.span`, {
            code: 'panel.grid_span',
            message: '栅格列宽须为 1 到 24 的整数',
            messageEn: 'A grid column span must be an integer from 1 to 24',
          }),
        ],
  );
}

/** Spec 001 §5.2 table limits: name, width, column label, column field name and width. */
function tableIssues(widget: Widget, path: string): PanelIssue[] {
  if (widget.type !== 'table') return [];
  const issues: PanelIssue[] = [];
  if (widget.name.length > TABLE_NAME_MAX) {
    issues.push(issueAt(widget, `${path}.name`, { code: 'panel.table_name_too_long', message: `表格名称不能超过 ${String(TABLE_NAME_MAX)} 个字符`, messageEn: `A table name can have at most ${String(TABLE_NAME_MAX)} characters` }));
  }
  const width = widget.options.width;
  const widthValue = typeof width === 'string' ? Number(width) : width;
  if (widthValue !== undefined && !(Number.isFinite(widthValue) && widthValue >= TABLE_WIDTH_MIN && widthValue <= TABLE_WIDTH_MAX)) {
    issues.push(
      issueAt(widget, `${path}.options.width`, {
        code: 'panel.table_width',
        message: `表格宽度须在 ${String(TABLE_WIDTH_MIN)} 到 ${String(TABLE_WIDTH_MAX)} 之间`,
        messageEn: `A table width must be from ${String(TABLE_WIDTH_MIN)} to ${String(TABLE_WIDTH_MAX)}`,
      }),
    );
  }
  for (const [index, column] of tableColumns(widget).entries()) {
    const columnPath = `${path}.options.columns.${String(index)}`;
    if (column.title.length > COLUMN_LABEL_MAX) {
      issues.push(issueAt(widget, `${columnPath}.title`, { code: 'panel.column_title_too_long', message: `列名不能超过 ${String(COLUMN_LABEL_MAX)} 个字符`, messageEn: `A column label can have at most ${String(COLUMN_LABEL_MAX)} characters` }));
    }
    if (column.key.length > COLUMN_FIELD_NAME_MAX) {
      issues.push(issueAt(widget, `${columnPath}.key`, { code: 'panel.column_key_too_long', message: `列字段名不能超过 ${String(COLUMN_FIELD_NAME_MAX)} 个字符`, messageEn: `A column field name can have at most ${String(COLUMN_FIELD_NAME_MAX)} characters` }));
    }
    if (column.width !== undefined && !/^\d{1,3}(\.\d+)?%$/.test(column.width)) {
      issues.push(issueAt(widget, `${columnPath}.width`, { code: 'panel.column_width', message: '列宽须为百分比，如 20%', messageEn: 'A column width must be a percentage such as 20%' }));
    }
  }
  return issues;
}

/**
 * Spec 001 §5.2: option codes are digits only (bullseye codes may be negative) and distinct. Options of a
 * dictionary (other than the bullseye one) carry the dictionary's own codes and are not checked here.
 */
function optionIssues(widget: Widget, path: string): PanelIssue[] {
  const options = widget.options.options ?? [];
  const bullseye = widget.type === 'bullseyeplot' || widget.options.bullsEyePlot === true || widget.options.dictType === BULLSEYE_DICT_TYPE;
  if (widget.options.dictType !== undefined && !bullseye) return [];
  const codePattern = bullseye ? /^-?\d+$/ : /^\d+$/;
  const issues: PanelIssue[] = [];
  const seen = new Set<string>();
  for (const [index, option] of options.entries()) {
    const optionPath = `${path}.options.options.${String(index)}.key`;
    if (!codePattern.test(option.key)) {
      issues.push(issueAt(widget, optionPath, { code: 'panel.option_code_invalid', message: `选项编码 ${option.key} 只能是数字`, messageEn: `The option code ${option.key} must be digits only` }));
    } else if (seen.has(option.key)) {
      issues.push(issueAt(widget, optionPath, { code: 'panel.option_code_duplicate', message: `选项编码 ${option.key} 重复`, messageEn: `The option code ${option.key} is used more than once` }));
    }
    seen.add(option.key);
  }
  return issues;
}

/** Spec 001 §5.2: a pattern is at most 64 characters and must be a valid regular expression. */
function patternIssues(widget: Widget, path: string): PanelIssue[] {
  const pattern = widget.options.pattern;
  if (pattern === undefined || pattern === '') return [];
  let valid = pattern.length <= PATTERN_MAX;
  try {
    new RegExp(pattern, 'u');
  } catch {
    valid = false;
  }
  return valid
    ? []
    : [issueAt(widget, `${path}.options.pattern`, { code: 'panel.pattern_invalid', message: `校验正则无效或超过 ${String(PATTERN_MAX)} 个字符`, messageEn: `The pattern is not a valid regular expression or is longer than ${String(PATTERN_MAX)} characters` })];
}

/**
 * Every rule a panel must meet beyond its shape (spec 001 §3, §5.2 to §5.4), each problem with its path and
 * both languages' messages; an empty list means it may be saved. Formula checks come last.
 */
export function validatePanel(panel: Panel): PanelIssue[] {
  const visited = [...walkWidgets(panel.list)];
  const issues: PanelIssue[] = uniquenessIssues(visited);
  for (const { widget, path, place } of visited) {
    const refusal = nestingRefusal(widget.type, containerOf(place));
    if (refusal) issues.push(issueAt(widget, path, refusal));
    if (place.kind === 'table' && widget.type === 'placeholder') issues.push(issueAt(widget, path, TABLE_CELL_UNCONFIGURED));
    issues.push(...widthIssues(widget, path), ...gridIssues(widget, path), ...tableIssues(widget, path), ...optionIssues(widget, path), ...patternIssues(widget, path));
  }
  return [...issues, ...checkPanelFormulas(panel)];
}
