import { buildFormulaGraph, compileFormula, formulaReferences, isDataWidget, tableColumns, walkWidgets, widgetCondition } from '@dcap/core';
import type { FormulaNode, LabColumnRole, Panel, TableColumn, Widget } from '@dcap/core';

/** A table of the panel with its columns and, for lab tables, which column plays which role (spec 002 §3). */
export interface TableEntry {
  widget: Widget;
  columns: TableColumn[];
  roles: Partial<Record<LabColumnRole, string>>;
}

/**
 * What the renderer needs to know about a panel, computed once per panel: the fields, the tables, the
 * compiled formulas and show conditions, and who depends on whom, so a change touches only its dependents.
 */
export interface PanelIndex {
  /** Value-holding widgets outside tables, by model. */
  fields: Map<string, Widget>;
  tables: Map<string, TableEntry>;
  /** Computed fields by model, and computed table columns by `TABLE.column`. */
  formulas: Map<string, FormulaNode>;
  /** Formula models in evaluation order. */
  formulaOrder: string[];
  /** Formula models to recompute, in order, when the given model changes (transitively). */
  formulaDependents(model: string): string[];
  /** Widgets with a readable show condition, by key. */
  conditions: Map<string, Widget>;
  /** Widget keys whose condition names the given model. */
  conditionDependents: Map<string, string[]>;
  /** The models a widget's hiding clears (spec 002 §4): itself, or everything inside a grid or table. */
  clearedOnHide: Map<string, string[]>;
}

function modelsInside(widget: Widget): string[] {
  const models: string[] = [];
  for (const { widget: inner, place } of walkWidgets([widget])) {
    if (inner.type === 'table') models.push(inner.model);
    else if (place.kind !== 'table' && isDataWidget(inner)) models.push(inner.model);
  }
  return models;
}

export function indexPanel(panel: Panel): PanelIndex {
  const fields = new Map<string, Widget>();
  const tables = new Map<string, TableEntry>();
  const formulas = new Map<string, FormulaNode>();
  const conditions = new Map<string, Widget>();
  const conditionDependents = new Map<string, string[]>();
  const clearedOnHide = new Map<string, string[]>();

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
    }
    const condition = widgetCondition(widget);
    if (condition?.ok) {
      conditions.set(widget.key, widget);
      clearedOnHide.set(widget.key, modelsInside(widget));
      for (const model of formulaReferences(condition.ast)) {
        const list = conditionDependents.get(model) ?? [];
        list.push(widget.key);
        conditionDependents.set(model, list);
      }
    }
  }

  const graph = buildFormulaGraph(panel);
  const formulaOrder = graph.order.filter((model) => formulas.has(model));
  const position = new Map(formulaOrder.map((model, index) => [model, index]));
  const dependentsCache = new Map<string, string[]>();

  function formulaDependents(model: string): string[] {
    const cached = dependentsCache.get(model);
    if (cached) return cached;
    const found = new Set<string>();
    const pending = [model];
    for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
      for (const dependent of graph.dependents(current)) {
        if (found.has(dependent)) continue;
        found.add(dependent);
        pending.push(dependent);
      }
    }
    for (const dependent of found) if (!formulas.has(dependent)) found.delete(dependent);
    const ordered = [...found].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    dependentsCache.set(model, ordered);
    return ordered;
  }

  return { fields, tables, formulas, formulaOrder, formulaDependents, conditions, conditionDependents, clearedOnHide };
}
