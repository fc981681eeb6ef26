import { BULLSEYE_DICT_TYPE } from './bullseye.js';
import { renewWidgetKeys } from './designer-clone.js';
import type { WidgetLocation, WidgetSlot } from './designer-locate.js';
import {
  copyJson,
  findSlot,
  findWidget,
  notFoundIssue,
  resolveLocation,
  rowOverrideMoveIssue,
  tableCellCloneIssue,
  targetNotFoundIssue,
} from './designer-locate.js';
import { createPlaceholder } from './factory-layout.js';
import { tableCellKey } from './keys.js';
import type { PanelIssue } from './issues.js';
import { nestingRefusal } from './nesting.js';
import { generateRules } from './rules.js';
import type { Panel, PanelConfig, TableColumn, Widget, WidgetOptions } from './schema.js';
import { panelKeys, tableColumns, walkWidgets } from './walk.js';

/**
 * The designer's operations on a panel (spec 001 §4.1). Each is pure: it returns a new panel and the
 * widget to select next, or the issue that refused it, and never changes its input.
 */
export type DesignerResult = { ok: true; panel: Panel; selectedKey: string | null } | { ok: false; issue: PanelIssue };

/** Fields a configuration tab may change; the type is fixed once a widget exists. */
export type WidgetPatch = Partial<Omit<Widget, 'type' | 'options'>> & { options?: Partial<WidgetOptions> };

function done(panel: Panel, selectedKey: string | null): DesignerResult {
  return { ok: true, panel, selectedKey };
}

function refused(issue: PanelIssue): DesignerResult {
  return { ok: false, issue };
}

/** Spec 001 §4.1: add, delete, clone, move or drag set changeFlag; it is cleared after a successful save. */
export function setChangeFlag(panel: Panel, changeFlag: boolean): Panel {
  return { ...panel, changeFlag };
}

/** The panel's keys without those of one cell's current widgets, which the caller is about to replace. */
function keysWithoutCell(panel: Panel, column: TableColumn): Set<string> {
  const used = panelKeys(panel);
  for (const cell of [column.widget, ...Object.values(column.widgetMap ?? {})]) {
    used.delete(cell.key);
    used.delete(cell.model);
  }
  return used;
}

/** A placeholder for an emptied cell, keyed after its table and column (keys.ts tableCellKey). */
function cellPlaceholder(panel: Panel, table: Widget, column: TableColumn): Widget {
  return createPlaceholder(keysWithoutCell(panel, column), table.model, { tableKey: table.key, columnKey: column.key });
}

/**
 * Places a widget; returns the key it got there or the issue refusing it. A new widget dropped on a table
 * cell takes the cell's readable key (table, column); a moved one keeps its key, which data may use already.
 */
function placeInto(panel: Panel, widget: Widget, location: WidgetLocation, fresh: boolean): PanelIssue | string {
  const refusal = nestingRefusal(widget.type, location.container);
  if (refusal) return { widgetKey: widget.key, path: '', ...refusal };
  const target = resolveLocation(panel, location);
  if (!target) return targetNotFoundIssue(location);
  if (target.kind === 'list') {
    const { table: _ownerTable, ...placed } = widget;
    const index = 'index' in location ? Math.max(0, Math.min(location.index, target.list.length)) : target.list.length;
    target.list.splice(index, 0, placed);
    return placed.key;
  }
  const placed = { ...widget, table: target.table.model };
  if (fresh) {
    const key = tableCellKey(target.table.key, target.column.key, null, keysWithoutCell(panel, target.column));
    if (placed.model === placed.key) placed.model = key;
    placed.key = key;
  }
  target.column.widget = placed;
  return placed.key;
}

/**
 * Spec 001 §4.1: a dropped widget is placed and becomes selected. Placement that breaks the nesting rules
 * of §5.3 is refused with the §8 warning. Dropping on a table cell replaces what the cell held.
 */
export function insertWidget(panel: Panel, widget: Widget, location: WidgetLocation): DesignerResult {
  const next = copyJson(panel);
  const placed = placeInto(next, copyJson(widget), location, true);
  if (typeof placed !== 'string') return refused(placed);
  return done(setChangeFlag(next, true), placed);
}

function takeOut(panel: Panel, slot: WidgetSlot): void {
  if (slot.kind === 'list') {
    slot.list.splice(slot.index, 1);
    return;
  }
  // Spec 001 §4.1: a table cell emptied by delete or drag turns back into a placeholder.
  slot.column.widget = cellPlaceholder(panel, slot.table, slot.column);
  delete slot.column.widgetMap;
}

/**
 * Spec 001 §4.1 move or drag. `to.index` is the position in the target list once the widget has been taken
 * out of its old place (as a sortable list reports it).
 */
export function moveWidget(panel: Panel, key: string, to: WidgetLocation): DesignerResult {
  const next = copyJson(panel);
  const slot = findSlot(next, key);
  const widget = findWidget(next, key);
  if (!slot || !widget) return refused(notFoundIssue(key));
  if (slot.kind === 'cell' && slot.row !== null) return refused(rowOverrideMoveIssue(key));
  const refusal = nestingRefusal(widget.type, to.container);
  if (refusal) return refused({ widgetKey: key, path: '', ...refusal });
  takeOut(next, slot);
  const placed = placeInto(next, widget, to, false);
  if (typeof placed !== 'string') return refused(placed);
  return done(setChangeFlag(next, true), key);
}

/** Spec 001 §4.1 clone: a copy with fresh keys (nested widgets too) right after the original, selected. */
export function cloneWidget(panel: Panel, key: string): DesignerResult {
  const next = copyJson(panel);
  const slot = findSlot(next, key);
  if (!slot) return refused(notFoundIssue(key));
  if (slot.kind === 'cell') return refused(tableCellCloneIssue(key));
  const original = slot.list[slot.index];
  if (!original) return refused(notFoundIssue(key));
  const copy = renewWidgetKeys(original, panelKeys(next));
  slot.list.splice(slot.index + 1, 0, copy);
  return done(setChangeFlag(next, true), copy.key);
}

/**
 * Spec 001 §4.1 delete: the next widget of the same list becomes selected, else the previous one, else
 * none. Deleting a table cell's widget turns the cell back into a placeholder and selects the table.
 */
export function deleteWidget(panel: Panel, key: string): DesignerResult {
  const next = copyJson(panel);
  const slot = findSlot(next, key);
  if (!slot) return refused(notFoundIssue(key));
  if (slot.kind === 'cell') {
    if (slot.row === null) {
      takeOut(next, slot);
    } else {
      delete slot.column.widgetMap?.[String(slot.row)];
    }
    return done(setChangeFlag(next, true), slot.table.key);
  }
  slot.list.splice(slot.index, 1);
  const selected = slot.list[slot.index] ?? slot.list[slot.index - 1] ?? null;
  return done(setChangeFlag(next, true), selected?.key ?? null);
}

function applyPatch(widget: Widget, patch: WidgetPatch): Widget {
  const { options, ...fields } = patch;
  const patched: Widget = { ...widget, ...fields, options: { ...widget.options, ...options }, isEdit: true };
  // A renamed field keeps its model in step when the model was the key, as new widgets have it (§4.1).
  if (patch.key !== undefined && patch.model === undefined && widget.model === widget.key) patched.model = patch.key;
  return patch.rules === undefined ? { ...patched, rules: generateRules(patched) } : patched;
}

function replaceWidget(panel: Panel, key: string, change: (widget: Widget) => Widget): DesignerResult {
  const next = copyJson(panel);
  const slot = findSlot(next, key);
  const widget = findWidget(next, key);
  if (!slot || !widget) return refused(notFoundIssue(key));
  const changed = change(widget);
  if (slot.kind === 'list') {
    slot.list[slot.index] = changed;
  } else if (slot.row === null) {
    slot.column.widget = changed;
  } else {
    slot.column.widgetMap = { ...slot.column.widgetMap, [String(slot.row)]: changed };
  }
  return done(next, changed.key);
}

/**
 * Spec 001 §4.1: editing any field sets the widget's isEdit flag (changeFlag is for structural changes).
 * Options are merged; the rules are regenerated from the result (§5.2) unless the patch sets them.
 */
export function updateWidget(panel: Panel, key: string, patch: WidgetPatch): DesignerResult {
  return replaceWidget(panel, key, (widget) => applyPatch(widget, patch));
}

/** Spec 001 §4.1: switching a table to repeatable cuts its rows down to one (and drops later row overrides). */
export function setTableRepeatable(panel: Panel, tableKey: string, repeatable: boolean): DesignerResult {
  return replaceWidget(panel, tableKey, (table) => {
    if (!repeatable) return applyPatch(table, { options: { repeatable } });
    const columns = tableColumns(table).map((column) => {
      const { widgetMap, ...rest } = column;
      const firstRow = widgetMap?.['0'];
      return firstRow ? { ...rest, widgetMap: { '0': firstRow } } : rest;
    });
    return applyPatch(table, { options: { repeatable, columns, data: (table.options.data ?? []).slice(0, 1) } });
  });
}

/** Spec 001 §4.1: deleting a table cell turns it back into an empty placeholder. */
export function clearTableCell(panel: Panel, tableKey: string, columnIndex: number): DesignerResult {
  const next = copyJson(panel);
  const table = findWidget(next, tableKey);
  const column = table ? tableColumns(table)[columnIndex] : undefined;
  if (!table || !column) return refused(notFoundIssue(tableKey));
  column.widget = cellPlaceholder(next, table, column);
  delete column.widgetMap;
  return done(setChangeFlag(next, true), tableKey);
}

function rowCellIssue(tableKey: string, row: number): PanelIssue {
  return {
    widgetKey: tableKey,
    path: '',
    code: 'panel.table_row_cell_invalid',
    message: `表格 ${tableKey} 没有第 ${String(row + 1)} 行，或表格可重复（可重复表格不能按行设置单元格）`,
    messageEn: `Table ${tableKey} has no row ${String(row + 1)}, or is repeatable (a repeatable table has no per-row cells)`,
  };
}

/**
 * Spec 001 §3.6 widgetMap: one row's cell of a non-repeatable table gets its own widget instead of the
 * column's, or (widget null) goes back to the column's widget. The widget keeps the §5.3 nesting rules and
 * is keyed after its table, column and row; it is selected, a reset selects the table.
 */
export function setTableRowCell(panel: Panel, tableKey: string, columnIndex: number, row: number, widget: Widget | null): DesignerResult {
  const next = copyJson(panel);
  const table = findWidget(next, tableKey);
  const column = table ? tableColumns(table)[columnIndex] : undefined;
  if (!table || !column) return refused(notFoundIssue(tableKey));
  const rows = table.options.data?.length ?? 0;
  if (table.options.repeatable === true || !Number.isInteger(row) || row < 0 || row >= rows) return refused(rowCellIssue(tableKey, row));
  if (widget === null) {
    const { [String(row)]: _dropped, ...kept } = column.widgetMap ?? {};
    if (Object.keys(kept).length === 0) delete column.widgetMap;
    else column.widgetMap = kept;
    return done(setChangeFlag(next, true), tableKey);
  }
  const refusal = nestingRefusal(widget.type, 'table');
  if (refusal) return refused({ widgetKey: widget.key, path: '', ...refusal });
  const used = panelKeys(next);
  const previous = column.widgetMap?.[String(row)];
  if (previous) {
    used.delete(previous.key);
    used.delete(previous.model);
  }
  const { table: _ownerTable, ...own } = widget;
  // The row's cell is keyed after its table, column and row (keys.ts tableCellKey: TABLE1_COL1_R2).
  const key = tableCellKey(table.key, column.key, row, used);
  const placed: Widget = { ...copyJson(own), key, model: key, ...(own.vmodel === undefined ? {} : { vmodel: key }), table: table.model };
  column.widgetMap = { ...column.widgetMap, [String(row)]: placed };
  return done(setChangeFlag(next, true), placed.key);
}

/**
 * Spec 001 §4.1: ticking the bullseye option on a select clears its options, sets multiple to false and
 * sets the dictionary type to the bullseye plot; unticking it drops that dictionary type.
 */
export function setBullseye(panel: Panel, key: string, bullsEyePlot: boolean): DesignerResult {
  return replaceWidget(panel, key, (widget) =>
    bullsEyePlot
      ? applyPatch(widget, { options: { bullsEyePlot, options: [], multiple: false, dictType: BULLSEYE_DICT_TYPE } })
      : applyPatch(widget, { options: { bullsEyePlot, dictType: widget.options.dictType === BULLSEYE_DICT_TYPE ? undefined : widget.options.dictType } }),
  );
}

/** Spec 001 §4.1: unticking show-on-condition clears the conditions. */
export function setShowOnCondition(panel: Panel, key: string, showOnCondition: boolean): DesignerResult {
  return updateWidget(
    panel,
    key,
    showOnCondition ? { options: { showOnCondition } } : { options: { showOnCondition, showConditions: [], logicExpression: undefined } },
  );
}

/** Spec 001 §4.1: choosing a different domain clears the sub type (sub types are filtered by domain). */
export function setDomain(panel: Panel, key: string, domain: string | undefined): DesignerResult {
  return replaceWidget(panel, key, (widget) =>
    applyPatch(widget, widget.options.domain === domain ? { options: { domain } } : { options: { domain, subType: undefined } }),
  );
}

export interface UnconfiguredCell {
  tableKey: string;
  tableName: string;
  columnIndex: number;
  columnTitle: string;
  /** Null for the column's cell template, else the row of a per-row override. */
  row: number | null;
  path: string;
}

/** Spec 001 §5.4: every table cell still an unconfigured placeholder; saving is blocked while any is left. */
export function findUnconfiguredTableCells(panel: Pick<Panel, 'list'>): UnconfiguredCell[] {
  const cells: UnconfiguredCell[] = [];
  for (const { widget, path, place } of walkWidgets(panel.list)) {
    if (place.kind === 'table' && widget.type === 'placeholder') {
      cells.push({ tableKey: place.table.key, tableName: place.table.name, columnIndex: place.columnIndex, columnTitle: place.column.title, row: place.row, path });
    }
  }
  return cells;
}

/** Spec 001 §4.1 clear (after the user confirms): the canvas is emptied. */
export function clearPanel(panel: Panel): Panel {
  return { ...panel, list: [], changeFlag: true };
}

/** Spec 001 §2.1 label-alignment toggle. */
export function setLabelPosition(panel: Panel, labelPosition: PanelConfig['labelPosition']): Panel {
  return { ...panel, config: { ...panel.config, labelPosition } };
}

/**
 * Spec 001 §4.1: a template, domain or domain field replaces or appends to the canvas. Incoming widgets keep
 * their keys unless a key is already taken, in which case they get fresh ones.
 */
export function addWidgets(panel: Panel, widgets: readonly Widget[], mode: 'append' | 'replace'): DesignerResult {
  const next = copyJson(panel);
  if (mode === 'replace') next.list = [];
  const used = panelKeys(next);
  for (const widget of widgets) {
    const clashes = [...panelKeys({ list: [widget] })].some((key) => used.has(key));
    const incoming = clashes ? renewWidgetKeys(widget, used) : copyJson(widget);
    for (const key of panelKeys({ list: [incoming] })) used.add(key);
    const refusal = nestingRefusal(incoming.type, 'panel');
    if (refusal) return refused({ widgetKey: incoming.key, path: '', ...refusal });
    next.list.push(incoming);
  }
  return done(setChangeFlag(next, true), next.list.at(-1)?.key ?? null);
}
