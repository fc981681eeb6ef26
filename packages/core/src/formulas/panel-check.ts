import type { PanelIssue } from '../panels/issues.js';
import type { Panel, Widget, WidgetType } from '../panels/schema.js';
import type { WidgetPlace } from '../panels/walk.js';
import { panelFieldsByModel, tableColumns, walkWidgets } from '../panels/walk.js';
import type { KnownFields } from './check.js';
import { checkFormula } from './check.js';
import { buildFormulaGraph } from './graph.js';
import { formulaMessage } from './messages.js';

/**
 * Design-time checks of every formula and condition in a panel (docs/formulas.md, "Design-time checks"): each calculation formula,
 * written condition and show-condition list, and cycles across them. Each issue names the widget and the
 * path of the offending option, such as `list.3.options.expression`, so the designer marks the right field.
 */
export function checkPanelFormulas(panel: Panel): PanelIssue[] {
  const panelFields = new Map<string, { type: WidgetType }>();
  for (const [model, widget] of panelFieldsByModel(panel)) panelFields.set(model, { type: widget.type });
  for (const { widget } of walkWidgets(panel.list)) {
    for (const column of tableColumns(widget)) panelFields.set(`${widget.model}.${column.key}`, { type: column.widget.type });
  }

  const issues: PanelIssue[] = [];
  for (const { widget, path, place } of walkWidgets(panel.list)) {
    const known = fieldsVisibleFrom(place, panelFields);
    const { expression, logicExpression, showOnCondition, showConditions } = widget.options;
    if (expression !== undefined && expression.trim() !== '') {
      issues.push(...formulaIssues(widget, `${path}.options.expression`, expression, known));
    }
    if (logicExpression !== undefined && logicExpression.trim() !== '') {
      issues.push(...formulaIssues(widget, `${path}.options.logicExpression`, logicExpression, known));
    } else if (showOnCondition === true) {
      for (const [index, item] of (showConditions ?? []).entries()) {
        if ('appendix' in item) continue;
        const itemPath = `${path}.options.showConditions.${String(index)}`;
        const model = item.eName.trim().replace(/\(.*\)$/, '');
        if (model === '') {
          issues.push({ widgetKey: widget.key, path: itemPath, ...formulaMessage('condition.missing_field', { index: index + 1 }) });
        } else if (!known.has(model)) {
          issues.push({ widgetKey: widget.key, path: itemPath, ...formulaMessage('condition.unknown_field', { index: index + 1, field: model }) });
        }
      }
    }
  }

  const graph = buildFormulaGraph(panel);
  const widgetsByPath = new Map<string, Widget>();
  if (graph.cycles.length > 0) for (const { widget, path } of walkWidgets(panel.list)) widgetsByPath.set(path, widget);
  for (const cycle of graph.cycles) {
    const chain = cycleText(cycle);
    for (const id of cycle) {
      const node = graph.nodes.get(id);
      if (!node) continue;
      issues.push({ widgetKey: node.widgetKey, path: `${node.path}.options.${cycleOption(node.computed !== null, widgetsByPath.get(node.path))}`, ...formulaMessage('formula.cycle', { chain }) });
    }
  }
  return issues;
}

/** Names shown of a long cycle: the message stays readable, and its size does not grow with the cycle. */
const CYCLE_NAMES_SHOWN = 8;

/** `a → b → c → a`; a long cycle shows its first names, an ellipsis, its last name and the first again. */
function cycleText(cycle: readonly string[]): string {
  const first = cycle[0] ?? '';
  const shown = cycle.length <= CYCLE_NAMES_SHOWN ? cycle : [...cycle.slice(0, CYCLE_NAMES_SHOWN - 1), '…', cycle.at(-1) ?? ''];
  return [...shown, first].join(' → ');
}

/** Inside a table, the same table's column keys name the same row's cells as well as every panel field. */
function fieldsVisibleFrom(place: WidgetPlace, panelFields: KnownFields): KnownFields {
  if (place.kind !== 'table') return panelFields;
  const fields = new Map(panelFields);
  for (const column of tableColumns(place.table)) fields.set(column.key, { type: column.widget.type });
  return fields;
}

function formulaIssues(widget: Widget, path: string, text: string, known: KnownFields): PanelIssue[] {
  return checkFormula(text, known).map((issue) => ({ widgetKey: widget.key, path, code: issue.code, message: issue.message, messageEn: issue.messageEn }));
}

/** The option a cycle member is reported on: its formula, else its written condition, else its condition list. */
function cycleOption(computed: boolean, widget: Widget | undefined): string {
  if (computed) return 'expression';
  const logic = widget?.options.logicExpression;
  return logic !== undefined && logic.trim() !== '' ? 'logicExpression' : 'showConditions';
}
