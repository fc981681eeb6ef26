import { indexForm } from '../forms/form-index.js';
import type { FormIndex } from '../forms/form-index.js';
import type { Panel } from '../panels/schema.js';
import { parsePath } from '../records/paths.js';

/** A field of a panel as the query and audit screens name it. */
export interface PanelFieldInfo {
  label: string;
  labelEn: string | null;
  /** The formula text when the field is computed (a formula field, or a computed table column). */
  formula: string | null;
  /** The formula's node in core's formula graph (`model`, or `TABLE.column`). */
  formulaNode: string | null;
}

const ROW_KEY = /^r\d+$/;

/**
 * The field a path (core records/paths.ts) names in a panel: a value-holding widget outside tables, or a
 * column of a table with a row key; null when the panel has no such field (a query is raised on fields of
 * the design only).
 */
export function panelFieldInfo(panel: Pick<Panel, 'list'>, path: string, index: FormIndex = indexForm(panel)): PanelFieldInfo | null {
  const parsed = parsePath(path);
  if (parsed.column === undefined) {
    const widget = index.fields.get(parsed.model);
    if (!widget) return null;
    const formula = index.formulas.has(parsed.model) ? (widget.options.expression?.trim() ?? null) : null;
    return { label: widget.name, labelEn: widget.nameEn ?? null, formula, formulaNode: formula === null ? null : parsed.model };
  }
  const table = index.tables.get(parsed.model);
  const column = table?.columns.find((candidate) => candidate.key === parsed.column);
  if (!table || !column || !ROW_KEY.test(parsed.row ?? '')) return null;
  const node = `${parsed.model}.${column.key}`;
  const formula = index.formulas.has(node) ? (column.widget.options.expression?.trim() ?? null) : null;
  const label = `${table.widget.name} · ${column.title}`;
  const labelEn = table.widget.nameEn || column.titleEn ? `${table.widget.nameEn ?? table.widget.name} · ${column.titleEn ?? column.title}` : null;
  return { label, labelEn, formula, formulaNode: formula === null ? null : node };
}

/** A field a formula reads: one path, or every row of a table column (an aggregate over the table). */
export type FormulaInput = { path: string } | { tablePrefix: string; column: string };

/**
 * The fields whose values produced a formula field's value (the derived log): what its formula reads, as
 * paths of the same panel instance. A column read from within the same table is the cell of the same row;
 * a column read from outside the table is that column in every row.
 */
export function formulaInputs(panel: Pick<Panel, 'list'>, path: string, index: FormIndex = indexForm(panel)): FormulaInput[] | null {
  const info = panelFieldInfo(panel, path, index);
  if (info?.formulaNode == null) return null;
  const parsed = parsePath(path);
  const node = index.graph.nodes.get(info.formulaNode);
  const inputs: FormulaInput[] = [];
  for (const name of node?.references ?? []) {
    const dot = name.indexOf('.');
    if (dot < 0) {
      inputs.push({ path: name });
      continue;
    }
    const table = name.slice(0, dot);
    const column = name.slice(dot + 1);
    if (parsed.column !== undefined && parsed.model === table && parsed.row !== undefined) inputs.push({ path: `${table}#${parsed.row}.${column}` });
    else inputs.push({ tablePrefix: `${table}#`, column });
  }
  return inputs;
}
