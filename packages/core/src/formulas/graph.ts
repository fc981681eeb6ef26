import type { Panel, Widget } from '../panels/schema.js';
import type { WidgetPlace } from '../panels/walk.js';
import { isDataWidget, tableColumns, walkWidgets } from '../panels/walk.js';
import type { FormulaNode } from './ast.js';
import { compileFormula } from './compile.js';
import { widgetCondition } from './conditions.js';
import { formulaReferences } from './evaluate.js';

/**
 * Which formulas and conditions read which fields, so the renderer recomputes only what depends on a change
 * (docs/formulas.md). Nodes are named by model; a table column's cell is `TABLE.column`, and inside a
 * table column's formula a bare `[column]` means the same row's cell of that table.
 */
export interface FormulaGraphNode {
  /** `model`, or `TABLE.column` for a table cell. */
  id: string;
  widgetKey: string;
  /** Path of the widget in the panel JSON (`list.3`, `list.2.options.columns.0.widget`). */
  path: string;
  /** The calculation formula, when the widget is computed and its formula reads. */
  computed: FormulaNode | null;
  /** The effective show condition, when there is one and it reads. */
  condition: FormulaNode | null;
  /** Every node name the formula and the condition read, table-row references resolved. */
  references: string[];
}

export interface FormulaGraph {
  /** Computed fields in an order where each comes after everything it reads. */
  order: string[];
  /** Computed fields and conditional widgets affected, directly or through others, by a change of `model`. */
  dependents(model: string): string[];
  /** Each cycle of formulas and conditions reading one another, as the chain of names. */
  cycles: string[][];
  nodes: ReadonlyMap<string, FormulaGraphNode>;
}

/** How a reference inside a widget is named in the graph: a bare column key inside a table names that column. */
export function resolveReference(name: string, place: WidgetPlace): string {
  if (place.kind !== 'table' || name.includes('.')) return name;
  const isColumn = tableColumns(place.table).some((column) => column.key === name);
  return isColumn ? `${place.table.model}.${name}` : name;
}

export function graphNodeId(widget: Widget, place: WidgetPlace): string {
  return place.kind === 'table' ? `${place.table.model}.${place.column.key}` : widget.model;
}

export function buildFormulaGraph(panel: Pick<Panel, 'list'>): FormulaGraph {
  const nodes = new Map<string, FormulaGraphNode>();
  /** What each name reads: formula references, and a conditional container for the fields inside it. */
  const reads = new Map<string, Set<string>>();
  const addRead = (id: string, name: string) => {
    const set = reads.get(id) ?? new Set<string>();
    set.add(name);
    reads.set(id, set);
  };
  const conditionalContainers = new Set<string>();

  for (const { widget, path, place } of walkWidgets(panel.list)) {
    const id = graphNodeId(widget, place);
    // A field inside a hidden grid or table is cleared with it (spec 002 §4), so it changes with the condition.
    const container = place.kind === 'grid' ? place.grid.model : place.kind === 'table' ? place.table.model : null;
    if (container !== null && conditionalContainers.has(container) && isDataWidget(widget)) addRead(id, container);

    const expression = widget.options.expression;
    const compiled = expression !== undefined && expression.trim() !== '' ? compileFormula(expression) : null;
    const computed = compiled?.ok ? compiled.ast : null;
    const conditionResult = widgetCondition(widget);
    const condition = conditionResult?.ok ? conditionResult.ast : null;
    if (condition !== null && (widget.type === 'grid' || widget.type === 'table')) conditionalContainers.add(widget.model);
    if (computed === null && condition === null) continue;

    const references = [computed, condition]
      .flatMap((ast) => (ast === null ? [] : formulaReferences(ast)))
      .map((name) => resolveReference(name, place));
    // A node reading nothing (a formula that is just `today()`) is a name of the graph all the same, so the
    // order holds it and it is computed (spec 002 §8).
    if (!reads.has(id)) reads.set(id, new Set());
    for (const name of references) addRead(id, name);
    const existing = nodes.get(id);
    if (existing) {
      existing.computed ??= computed;
      existing.condition ??= condition;
      existing.references = [...new Set([...existing.references, ...references])];
    } else {
      nodes.set(id, { id, widgetKey: widget.key, path, computed, condition, references: [...new Set(references)] });
    }
  }

  const readers = new Map<string, Set<string>>();
  for (const [id, names] of reads) {
    for (const name of names) {
      const set = readers.get(name) ?? new Set<string>();
      set.add(id);
      readers.set(name, set);
    }
  }

  const topological = topologicalOrder(reads);
  const rank = new Map(topological.map((id, index) => [id, index]));
  const order = topological.filter((id) => nodes.get(id)?.computed != null);
  const cycles = findCycles(reads);
  const memo = new Map<string, string[]>();

  const dependents = (model: string): string[] => {
    const cached = memo.get(model);
    if (cached) return [...cached];
    // A table as a whole (a row added or removed) changes each of its columns, and a new row's computed cells
    // are computed whatever they read: the same row's cells, a field outside the table, or nothing at all.
    const columns = [...new Set([...readers.keys(), ...nodes.keys()])].filter((name) => name.startsWith(`${model}.`));
    const seeds = [model, ...columns];
    const reached = new Set(columns.filter((id) => nodes.get(id)?.computed != null));
    const queue = [...seeds];
    for (let head = 0; head < queue.length; head += 1) {
      const name = queue[head] ?? '';
      for (const reader of readers.get(name) ?? []) {
        if (reached.has(reader)) continue;
        reached.add(reader);
        queue.push(reader);
      }
    }
    const result = [...reached].filter((id) => nodes.has(id)).sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    memo.set(model, result);
    return [...result];
  };

  return { order, dependents, cycles, nodes };
}

/**
 * Depth-first: each name after what it reads. Names in a cycle keep their first-seen order. The walk keeps
 * its own stack, so a chain of thousands of formulas reading one another cannot overflow the call stack.
 */
function topologicalOrder(reads: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const result: string[] = [];
  const seen = new Set<string>();
  for (const root of reads.keys()) {
    if (seen.has(root)) continue;
    seen.add(root);
    // Each frame is a name and what it still has to read, in the order the names were written.
    const stack: { id: string; pending: Iterator<string> }[] = [{ id: root, pending: (reads.get(root) ?? EMPTY).values() }];
    for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
      const next = frame.pending.next();
      if (next.done) {
        stack.pop();
        result.push(frame.id);
      } else if (!seen.has(next.value)) {
        seen.add(next.value);
        stack.push({ id: next.value, pending: (reads.get(next.value) ?? EMPTY).values() });
      }
    }
  }
  return result;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Tarjan's strongly connected components; a component of two or more, or one that reads itself, is a cycle.
 * Iterative, with its own stack of frames, for the same reason as topologicalOrder.
 */
function findCycles(reads: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const enter = (id: string) => {
    index.set(id, counter);
    low.set(id, counter);
    counter += 1;
    stack.push(id);
    onStack.add(id);
    return { id, pending: (reads.get(id) ?? EMPTY).values() };
  };

  /** After all of `id`'s reads are explored: when it is the root of a component, pop the component. */
  const leave = (id: string) => {
    if (low.get(id) !== index.get(id)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
      if (member === id) break;
    }
    if (component.length > 1 || reads.get(id)?.has(id)) cycles.push(cycleChain(component, reads));
  };

  for (const root of reads.keys()) {
    if (index.has(root)) continue;
    const frames = [enter(root)];
    for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
      const next = frame.pending.next();
      if (!next.done) {
        if (!index.has(next.value)) frames.push(enter(next.value));
        else if (onStack.has(next.value)) low.set(frame.id, Math.min(low.get(frame.id) ?? 0, index.get(next.value) ?? 0));
        continue;
      }
      frames.pop();
      leave(frame.id);
      // Back in the caller: what the finished name reaches, the caller reaches too.
      const caller = frames.at(-1);
      if (caller) low.set(caller.id, Math.min(low.get(caller.id) ?? 0, low.get(frame.id) ?? 0));
    }
  }
  return cycles;
}

/** The members of a cycle in reading order, starting from the first in the panel: A reads B reads … reads A. */
function cycleChain(component: string[], reads: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const members = new Set(component);
  const start = [...reads.keys()].find((id) => members.has(id)) ?? component[0] ?? '';
  const chain = [start];
  const visited = new Set(chain);
  let current = start;
  for (;;) {
    const next = [...(reads.get(current) ?? [])].find((name) => members.has(name) && !visited.has(name));
    if (next === undefined) break;
    chain.push(next);
    visited.add(next);
    current = next;
  }
  return chain;
}
