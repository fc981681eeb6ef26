import { panelSchema, validatePanel } from '@dcap/core';
import type { GridColumn, OptionItem, Panel, ShowCondition, TableColumn, TableRow, Widget, WidgetOptions, WidgetType } from '@dcap/core';
import type { FormProbe } from './pages/contract.js';

/**
 * A generated case report form in the panel JSON of spec 001 §3, the same at every run. One block holds
 * 300 fields of mixed types (part of them in grids), 20 formulas whose longest chain is three levels deep,
 * 30 fields behind one show condition, and a repeatable table of 50 rows by 8 columns. Scaling repeats the
 * block with fresh names; the probe always points at the first block.
 */

export const FIELDS_PER_BLOCK = 300;
export const FORMULAS_PER_BLOCK = 20;
export const CONDITIONAL_PER_BLOCK = 30;
export const TABLE_ROWS = 50;
export const TABLE_COLUMNS = 8;

const GRIDS_PER_BLOCK = 20;
const GRID_COLUMNS = 3;
const WIDGETS_PER_GRID_COLUMN = 2;
/** Fields that feed formulas: the chain's source and five pairs for the other chains. */
const FORMULA_INPUTS = 11;

/** The field types a data manager uses most, in the order plain fields cycle through them. */
const PLAIN_TYPES = ['input', 'number', 'textarea', 'radio', 'checkbox', 'select', 'date', 'time', 'switch', 'rate', 'input', 'number'] as const;
export type PlainType = (typeof PLAIN_TYPES)[number];

export interface GeneratedForm {
  panel: Panel;
  probe: FormProbe;
  /** For the printed summary: fields outside tables (formulas and conditional ones included), and table cells. */
  counts: { fields: number; formulas: number; conditional: number; tableCells: number };
}

const YES_NO: OptionItem[] = [
  { key: '1', value: '1', label: '是', labelEn: 'Yes' },
  { key: '2', value: '2', label: '否', labelEn: 'No' },
];

function choices(count: number): OptionItem[] {
  return Array.from({ length: count }, (_, index) => {
    const code = String(index + 1);
    return { key: code, value: code, label: `选项${code}`, labelEn: `Option ${code}` };
  });
}

/** Spec 001 §5.2 generated rules: required, then the data type's format message. */
function rulesFor(label: string, required: boolean, dataType: 'string' | 'number' | undefined): Widget['rules'] {
  const rules: NonNullable<Widget['rules']> = [];
  if (required) rules.push({ required: true, message: `${label}必须填写`, messageEn: `${label} must be filled in` });
  if (dataType) rules.push({ type: dataType, message: '格式不正确', messageEn: 'format incorrect' });
  return rules.length > 0 ? rules : undefined;
}

function optionsFor(type: PlainType, index: number): WidgetOptions {
  switch (type) {
    case 'input':
      return { placeholder: '', dataType: 'string', maxlength: 64 };
    case 'number':
      return { dataType: 'number', precision: 0, min: 0, max: 10_000 };
    case 'textarea':
      return { rows: 3, maxlength: 1024 };
    case 'radio':
      return { options: choices(2 + (index % 3)) };
    case 'checkbox':
      return { options: choices(4) };
    case 'select':
      return { options: choices(6), allowClear: true };
    case 'date':
      return { type: 'date', format: 'YYYY-MM-DD' };
    case 'time':
      return { type: 'time', format: 'HH:mm' };
    case 'switch':
      return {};
    case 'rate':
      return { max: 5 };
  }
}

/** Builds widgets with names unique across the whole form: `B{block}_{kind}{n}`. */
class WidgetFactory {
  private serial = 0;

  constructor(private readonly block: number) {}

  name(kind: string, index: number): string {
    return `B${this.block}_${kind}${String(index).padStart(3, '0')}`;
  }

  widget(type: WidgetType, model: string, label: string, options: WidgetOptions, rules?: Widget['rules']): Widget {
    this.serial += 1;
    const key = `${type.toUpperCase()}${this.block}${String(this.serial).padStart(4, '0')}`;
    return { type, key, model, name: label, nameEn: label, labelCol: 8, wrapperCol: 16, rules, options };
  }

  plain(type: PlainType, kind: string, index: number): Widget {
    const model = this.name(kind, index);
    const label = `${kind} ${this.block}.${index}`;
    const required = index % 10 === 0;
    const dataType = type === 'number' ? 'number' : type === 'input' ? 'string' : undefined;
    return this.widget(type, model, label, { ...optionsFor(type, index), required }, rulesFor(label, required, dataType));
  }

  number(model: string, label: string): Widget {
    return this.widget('number', model, label, { dataType: 'number', precision: 0 }, rulesFor(label, false, 'number'));
  }

  formula(model: string, label: string, expression: string): Widget {
    return this.widget('number', model, label, { dataType: 'number', precision: 1, expression }, undefined);
  }
}

function plainType(index: number): PlainType {
  return PLAIN_TYPES[index % PLAIN_TYPES.length] ?? 'input';
}

/** Twenty formulas: the measured chain SRC → A1 → A2 → A3, five more chains of three, and two fan-outs. */
function formulaBlock(f: WidgetFactory): { widgets: Widget[]; source: string; chainEnd: string } {
  const source = f.name('SRC', 1);
  const a = [1, 2, 3].map((level) => f.name('CHA', level));
  const [a1 = '', a2 = '', a3 = ''] = a;
  const widgets: Widget[] = [f.number(source, 'Chain source')];
  const inputs: string[] = [];
  for (let pair = 1; pair <= (FORMULA_INPUTS - 1) / 2; pair += 1) {
    const p = f.name('INP', pair * 2 - 1);
    const q = f.name('INP', pair * 2);
    inputs.push(p, q);
    widgets.push(f.number(p, `Input ${pair}a`), f.number(q, `Input ${pair}b`));
  }
  widgets.push(f.formula(a1, 'Chain level 1', `[${source}] + 10`));
  widgets.push(f.formula(a2, 'Chain level 2', `[${a1}] * 2`));
  widgets.push(f.formula(a3, 'Chain level 3', `[${a2}] + 1`));
  for (let chain = 1; chain <= 5; chain += 1) {
    const [c1, c2, c3] = [1, 2, 3].map((level) => f.name(`CH${chain}L`, level));
    const p = inputs[chain * 2 - 2] ?? '';
    const q = inputs[chain * 2 - 1] ?? '';
    widgets.push(f.formula(c1 ?? '', `Chain ${chain} level 1`, `[${p}] + [${q}]`));
    widgets.push(f.formula(c2 ?? '', `Chain ${chain} level 2`, `[${c1 ?? ''}] * 2`));
    widgets.push(f.formula(c3 ?? '', `Chain ${chain} level 3`, `round([${c2 ?? ''}] / 3, 1)`));
  }
  widgets.push(f.formula(f.name('SUM', 1), 'Sum of inputs', `sum([${inputs[0] ?? ''}], [${inputs[2] ?? ''}], [${inputs[4] ?? ''}])`));
  widgets.push(f.formula(f.name('TRI', 1), 'Source tripled', `[${source}] * 3`));
  return { widgets, source, chainEnd: a3 };
}

/** A radio and thirty fields shown only while it is "Yes" (spec 001 §3.4 show conditions). */
function conditionBlock(f: WidgetFactory): { widgets: Widget[]; trigger: string; conditional: string[] } {
  const trigger = f.name('AEYN', 1);
  const triggerLabel = 'Any adverse event';
  const condition: ShowCondition[] = [{ cName: triggerLabel, eName: trigger, evalType: 'eq', value: '1' }];
  const widgets: Widget[] = [f.widget('radio', trigger, triggerLabel, { options: YES_NO })];
  const conditional: string[] = [];
  for (let index = 1; index <= CONDITIONAL_PER_BLOCK; index += 1) {
    const widget = f.plain(plainType(index), 'AE', index);
    widget.options = { ...widget.options, showOnCondition: true, showConditions: condition };
    conditional.push(widget.model);
    widgets.push(widget);
  }
  return { widgets, trigger, conditional };
}

function gridBlock(f: WidgetFactory, first: number): { grids: Widget[]; fields: number } {
  const grids: Widget[] = [];
  let index = first;
  for (let grid = 1; grid <= GRIDS_PER_BLOCK; grid += 1) {
    const columns: GridColumn[] = [];
    for (let column = 0; column < GRID_COLUMNS; column += 1) {
      const list: Widget[] = [];
      for (let row = 0; row < WIDGETS_PER_GRID_COLUMN; row += 1) {
        list.push(f.plain(plainType(index), 'GF', index));
        index += 1;
      }
      columns.push({ span: 8, list });
    }
    grids.push(f.widget('grid', f.name('GRID', grid), '', { gutter: 5, justify: 'start', align: 'top', columns }));
  }
  return { grids, fields: index - first };
}

const TABLE_COLUMN_TYPES: { suffix: string; title: string; type: PlainType }[] = [
  { suffix: 'TEST', title: 'Test', type: 'input' },
  { suffix: 'RES', title: 'Result', type: 'number' },
  { suffix: 'LOW', title: 'Lower limit', type: 'number' },
  { suffix: 'UP', title: 'Upper limit', type: 'number' },
  { suffix: 'UNIT', title: 'Unit', type: 'input' },
  { suffix: 'SIG', title: 'Significance', type: 'select' },
  { suffix: 'DATE', title: 'Date', type: 'date' },
  { suffix: 'NOTE', title: 'Comment', type: 'input' },
];

/** A repeatable table (spec 001 §3.6) whose rows are filled in, as a lab log would be. */
function tableBlock(f: WidgetFactory): Widget {
  const model = f.name('LBTAB', 1);
  const tableName = `Lab log ${model}`;
  const columns: TableColumn[] = TABLE_COLUMN_TYPES.slice(0, TABLE_COLUMNS).map(({ suffix, title, type }) => {
    const key = `${model}_${suffix}`;
    // Column keys and widget models share one namespace (spec 001 §4.1), so the cell template is named apart.
    const widget = f.widget(type, `CELL_${key}`, title, optionsFor(type, 1));
    widget.table = tableName;
    return { title, titleEn: title, key, width: `${(100 / TABLE_COLUMNS).toFixed(1)}%`, widget };
  });
  const data: TableRow[] = Array.from({ length: TABLE_ROWS }, (_, row) => {
    const values: TableRow = { CARD_TITLE: `Row ${row + 1}` };
    for (const [column, { suffix }] of TABLE_COLUMN_TYPES.entries()) {
      const key = `${model}_${suffix}`;
      values[key] = cellValue(suffix, row, column);
    }
    return values;
  });
  return f.widget('table', model, tableName, { repeatable: true, tableMode: 'table', width: 1280, columns, data });
}

function cellValue(suffix: string, row: number, column: number): string | number {
  switch (suffix) {
    case 'RES':
      return 100 + row;
    case 'LOW':
      return 50;
    case 'UP':
      return 150 + column;
    case 'SIG':
      return String((row % 6) + 1);
    case 'DATE':
      return `2026-01-${String((row % 28) + 1).padStart(2, '0')}`;
    default:
      return `${suffix.toLowerCase()} ${row + 1}`;
  }
}

function block(blockNumber: number): { widgets: Widget[]; probe: FormProbe; fields: number } {
  const f = new WidgetFactory(blockNumber);
  const formulas = formulaBlock(f);
  const condition = conditionBlock(f);
  const grids = gridBlock(f, 1);
  const loose = FIELDS_PER_BLOCK - formulas.widgets.length - condition.widgets.length - grids.fields;
  const looseWidgets = Array.from({ length: loose }, (_, index) => f.plain(plainType(index), 'FLD', index + 1));
  const half = Math.floor(looseWidgets.length / 2);
  // The last loose field comes after the table, so seeing it means the whole block has rendered.
  const widgets = [
    ...looseWidgets.slice(0, half),
    ...formulas.widgets,
    ...grids.grids.slice(0, GRIDS_PER_BLOCK / 2),
    ...condition.widgets,
    ...grids.grids.slice(GRIDS_PER_BLOCK / 2),
    ...looseWidgets.slice(half, -1),
    tableBlock(f),
    ...looseWidgets.slice(-1),
  ];
  const last = looseWidgets.at(-1)?.model ?? '';
  const sourceValue = 7;
  const probe: FormProbe = {
    source: formulas.source,
    sourceValue: String(sourceValue),
    chainEnd: formulas.chainEnd,
    chainEndExpected: (sourceValue + 10) * 2 + 1,
    trigger: condition.trigger,
    triggerValue: '1',
    conditional: condition.conditional,
    last,
  };
  return { widgets, probe, fields: formulas.widgets.length + condition.widgets.length + grids.fields + loose };
}

/** The form at `scale` times the base size; the probe's `last` is the last block's last field. */
export function generateForm(scale: number): GeneratedForm {
  const blocks = Array.from({ length: scale }, (_, index) => block(index + 1));
  const first = blocks[0];
  const lastBlock = blocks.at(-1);
  if (!first || !lastBlock) throw new Error(`The scale must be at least 1, not ${scale}`);
  const list = blocks.flatMap((b) => b.widgets).map((widget, sort) => ({ ...widget, sort }));
  const panel: Panel = { list, config: { labelWidth: 8, labelPosition: 'right' }, changeFlag: false };
  return {
    panel,
    probe: { ...first.probe, last: lastBlock.probe.last },
    counts: {
      fields: blocks.reduce((total, b) => total + b.fields, 0),
      formulas: FORMULAS_PER_BLOCK * scale,
      conditional: CONDITIONAL_PER_BLOCK * scale,
      tableCells: TABLE_ROWS * TABLE_COLUMNS * scale,
    },
  };
}

/** The form must be a panel the platform accepts, or the comparison would measure something else. */
export function checkForm(form: GeneratedForm): void {
  const parsed = panelSchema.safeParse(form.panel);
  if (!parsed.success) throw new Error(`The generated panel does not match the panel schema: ${parsed.error.message.slice(0, 2000)}`);
  const issues = validatePanel(form.panel);
  if (issues.length > 0) throw new Error(`The generated panel has issues: ${JSON.stringify(issues.slice(0, 5))}`);
}
