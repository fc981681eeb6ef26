import {
  addWidgets,
  clearPanel,
  clearTableCell,
  cloneWidget,
  DEFAULT_LABEL_COL,
  DEFAULT_LABEL_POSITION,
  deleteWidget,
  findWidget,
  insertWidget,
  moveWidget,
  setBullseye,
  setChangeFlag,
  setDomain,
  setLabelPosition,
  setShowOnCondition,
  setTableRepeatable,
  setTableRowCell,
  updateWidget,
} from '@dcap/core';
import type { DesignerResult, Panel, PanelConfig, PanelIssue, Widget, WidgetLocation, WidgetPatch } from '@dcap/core';

/**
 * The designer's state: the panel being edited, the selected widget, the unsaved-changes mark, the issues
 * of the last refused save, and the last refused operation (shown once as a warning). Every change of the
 * panel goes through core's designer operations (spec 001 §4.1); the reducer only keeps the results.
 */
export interface DesignerState {
  panel: Panel;
  selectedKey: string | null;
  dirty: boolean;
  serverIssues: PanelIssue[];
  refusal: { issue: PanelIssue; seq: number } | null;
}

export type DesignerAction =
  | { type: 'load'; panel: Panel }
  | { type: 'insert'; widgets: Widget[]; location?: WidgetLocation | undefined }
  | { type: 'addWidgets'; widgets: Widget[]; mode: 'append' | 'replace' }
  | { type: 'move'; key: string; to: WidgetLocation }
  | { type: 'select'; key: string | null }
  | { type: 'clone'; key: string }
  | { type: 'delete'; key: string }
  | { type: 'update'; key: string; patch: WidgetPatch }
  | { type: 'repeatable'; key: string; repeatable: boolean }
  | { type: 'clearCell'; tableKey: string; columnIndex: number }
  | { type: 'rowCell'; tableKey: string; columnIndex: number; row: number; widget: Widget | null }
  | { type: 'bullseye'; key: string; on: boolean }
  | { type: 'showOnCondition'; key: string; on: boolean }
  | { type: 'domain'; key: string; domain: string | undefined }
  | { type: 'clear' }
  | { type: 'labelPosition'; position: PanelConfig['labelPosition'] }
  | { type: 'saved' }
  | { type: 'serverIssues'; issues: PanelIssue[] };

export const EMPTY_PANEL: Panel = { list: [], config: { labelWidth: DEFAULT_LABEL_COL, labelPosition: DEFAULT_LABEL_POSITION } };

export function initialDesignerState(panel: Panel = EMPTY_PANEL): DesignerState {
  return { panel, selectedKey: null, dirty: false, serverIssues: [], refusal: null };
}

function apply(state: DesignerState, result: DesignerResult): DesignerState {
  if (!result.ok) return { ...state, refusal: { issue: result.issue, seq: (state.refusal?.seq ?? 0) + 1 } };
  return { ...state, panel: result.panel, selectedKey: result.selectedKey, dirty: true };
}

/** The place after a location, so several inserted widgets keep their order. */
function shifted(location: WidgetLocation, by: number): WidgetLocation {
  return location.container === 'table' ? location : { ...location, index: location.index + by };
}

/**
 * Where a widget picked from the palette (click, Enter or Space) goes: on the panel, right after the
 * selected widget or after the grid or table holding it, else at the end. A pick never lands inside a grid
 * column or a table by itself; dragging does that.
 */
function pickLocation(state: DesignerState): WidgetLocation {
  const { list } = state.panel;
  const key = state.selectedKey;
  const holder = key === null ? -1 : list.findIndex((widget) => findWidget({ list: [widget] }, key) !== null);
  return { container: 'panel', index: holder === -1 ? list.length : holder + 1 };
}

/** Inserts widgets one after another; the first refusal stops and nothing changes. The last one is selected. */
function insertAll(state: DesignerState, widgets: Widget[], location: WidgetLocation | undefined): DesignerState {
  const start: WidgetLocation = location ?? pickLocation(state);
  let panel = state.panel;
  let selectedKey = state.selectedKey;
  // A table cell holds one widget; the others of a composite go nowhere.
  const placed = start.container === 'table' ? widgets.slice(0, 1) : widgets;
  for (const [offset, widget] of placed.entries()) {
    const result = insertWidget(panel, widget, shifted(start, offset));
    if (!result.ok) return apply(state, result);
    panel = result.panel;
    selectedKey = result.selectedKey;
  }
  return { ...state, panel, selectedKey, dirty: true };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'load':
      return initialDesignerState(action.panel);
    case 'insert':
      return insertAll(state, action.widgets, action.location);
    case 'addWidgets':
      return apply(state, addWidgets(state.panel, action.widgets, action.mode));
    case 'move':
      return apply(state, moveWidget(state.panel, action.key, action.to));
    case 'select':
      return { ...state, selectedKey: action.key };
    case 'clone':
      return apply(state, cloneWidget(state.panel, action.key));
    case 'delete':
      return apply(state, deleteWidget(state.panel, action.key));
    case 'update':
      return apply(state, updateWidget(state.panel, action.key, action.patch));
    case 'repeatable':
      return apply(state, setTableRepeatable(state.panel, action.key, action.repeatable));
    case 'clearCell': {
      const result = clearTableCell(state.panel, action.tableKey, action.columnIndex);
      return apply(state, result);
    }
    case 'rowCell':
      return apply(state, setTableRowCell(state.panel, action.tableKey, action.columnIndex, action.row, action.widget));
    case 'bullseye':
      return apply(state, setBullseye(state.panel, action.key, action.on));
    case 'showOnCondition':
      return apply(state, setShowOnCondition(state.panel, action.key, action.on));
    case 'domain':
      return apply(state, setDomain(state.panel, action.key, action.domain));
    case 'clear':
      return { ...state, panel: clearPanel(state.panel), selectedKey: null, dirty: true, serverIssues: [] };
    case 'labelPosition':
      return { ...state, panel: setLabelPosition(state.panel, action.position), dirty: true };
    case 'saved':
      return { ...state, panel: setChangeFlag(state.panel, false), dirty: false, serverIssues: [] };
    case 'serverIssues':
      return { ...state, serverIssues: action.issues };
  }
}
