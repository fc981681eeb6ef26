import { buildFormulaGraph } from '../formulas/graph.js';
import type { FormulaGraph } from '../formulas/graph.js';
import type { FormulaNode } from '../formulas/ast.js';
import { compileFormula } from '../formulas/compile.js';
import { widgetCondition } from '../formulas/conditions.js';
import { formulaReferences } from '../formulas/evaluate.js';
import type { LabColumnRole, Panel, TableColumn, Widget } from '../panels/schema.js';
import { isDataWidget, tableColumns, walkWidgets } from '../panels/walk.js';
import { isReferenceSelect } from '../panels/rules.js';

/** A table of the panel with its columns and, for lab tables, which column plays which role (spec 002 §3). */
export interface FormTable {
  widget: Widget;
  columns: TableColumn[];
  roles: Partial<Record<LabColumnRole, string>>;
}

/**
 * What the form engine knows about a panel, computed once per panel: the fields, the tables, the compiled
 * formulas and show conditions, and who depends on whom. Who depends on whom comes from core's one formula
 * dependency graph (formulas/graph.ts); nothing here keeps a second index of it.
 */
export interface FormIndex {
  /** Value-holding widgets outside tables, by model. */
  fields: Map<string, Widget>;
  tables: Map<string, FormTable>;
  /** Computed fields by model, and computed table columns by `TABLE.column`. */
  formulas: Map<string, FormulaNode>;
  /** Formula models in evaluation order: each after everything it reads. */
  formulaOrder: string[];
  /** Formula models to recompute, in order, when the given model changes (directly or through others). */
  formulaDependents(model: string): readonly string[];
  /** Widgets with a readable show condition, by key (panel and grid widgets; table cells have none). */
  conditions: Map<string, Widget>;
  /** Widget keys whose own condition names the given model. */
  conditionDependents(model: string): readonly string[];
  /** The models a widget's hiding clears (spec 002 §4): itself, or everything inside a grid or table. */
  clearedOnHide: Map<string, string[]>;
  /** Reference selects (a select whose `options.ref` names a field or `TABLE.column` of this panel), by model. */
  references: Map<string, string>;
  /** Reference selects whose referenced field is the given model (or a column of the given table). */
  referenceDependents(model: string): readonly string[];
  graph: FormulaGraph;
}

function modelsInside(widget: Widget): string[] {
  const models: string[] = [];
  for (const { widget: inner, place } of walkWidgets([widget])) {
    if (inner.type === 'table') models.push(inner.model);
    else if (place.kind !== 'table' && isDataWidget(inner)) models.push(inner.model);
  }
  return models;
}

const NONE: readonly string[] = [];

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(value)) list.push(value);
  map.set(key, list);
}

export function indexForm(panel: Pick<Panel, 'list'>): FormIndex {
  const fields = new Map<string, Widget>();
  const tables = new Map<string, FormTable>();
  const formulas = new Map<string, FormulaNode>();
  const conditions = new Map<string, Widget>();
  const clearedOnHide = new Map<string, string[]>();
  const references = new Map<string, string>();

  for (const { widget, place } of walkWidgets(panel.list)) {
    if (place.kind === 'table') {
      // A computed column (its template cell has a formula) is recomputed row by row, named `TABLE.column`.
      const expression = place.row === null ? widget.options.expression?.trim() : undefined;
      const compiled = expression ? compileFormula(expression) : null;
      if (compiled?.ok) formulas.set(`${place.table.model}.${place.column.key}`, compiled.ast);
      continue;
    }
    if (widget.type === 'table') {
      const columns = tableColumns(widget);
      const roles: Partial<Record<LabColumnRole, string>> = {};
      for (const column of columns) if (column.refCtrl) roles[column.refCtrl] = column.key;
      tables.set(widget.model, { widget, columns, roles });
    } else if (isDataWidget(widget)) {
      fields.set(widget.model, widget);
      const expression = widget.options.expression?.trim();
      const compiled = expression ? compileFormula(expression) : null;
      // Spec 002 §8: a formula that does not compile leaves its field blank; the designer reports it.
      if (compiled?.ok) formulas.set(widget.model, compiled.ast);
      if (isReferenceSelect(widget)) references.set(widget.model, (widget.options.ref ?? '').trim());
    }
    if (widgetCondition(widget)?.ok) {
      conditions.set(widget.key, widget);
      clearedOnHide.set(widget.key, modelsInside(widget));
    }
  }

  // A reference to something that is not on this panel (a dictionary, another panel) is never reset here.
  for (const [model, ref] of references) {
    const dot = ref.indexOf('.');
    const onPanel = dot < 0 ? fields.has(ref) && ref !== model : tables.get(ref.slice(0, dot))?.columns.some((column) => column.key === ref.slice(dot + 1)) === true;
    if (!onPanel) references.delete(model);
  }

  const graph = buildFormulaGraph(panel);
  const conditionReaders = new Map<string, string[]>();
  for (const node of graph.nodes.values()) {
    if (node.condition === null || !conditions.has(node.widgetKey)) continue;
    for (const name of formulaReferences(node.condition)) push(conditionReaders, name, node.widgetKey);
  }
  const referenceReaders = new Map<string, string[]>();
  for (const [model, ref] of references) {
    push(referenceReaders, ref, model);
    const dot = ref.indexOf('.');
    if (dot >= 0) push(referenceReaders, ref.slice(0, dot), model);
  }

  const formulaOrder = graph.order.filter((model) => formulas.has(model));
  const dependentsCache = new Map<string, string[]>();
  const formulaDependents = (model: string): readonly string[] => {
    let cached = dependentsCache.get(model);
    if (!cached) {
      cached = graph.dependents(model).filter((id) => formulas.has(id));
      dependentsCache.set(model, cached);
    }
    return cached;
  };

  return {
    fields,
    tables,
    formulas,
    formulaOrder,
    formulaDependents,
    conditions,
    conditionDependents: (model) => conditionReaders.get(model) ?? NONE,
    clearedOnHide,
    references,
    referenceDependents: (model) => referenceReaders.get(model) ?? NONE,
    graph,
  };
}
