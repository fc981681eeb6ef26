import type { FieldActionRefusal, FieldState, Panel, ProjectAction } from '@dcap/core';
import { AppError, canInProject, FIELD_TRANSITIONS, indexForm, parsePath } from '@dcap/core';
import type { FieldValueRow } from '../../db/schema.js';
import type { ProjectCaller } from '../../http/context.js';

/** A stored field's workflow state (core records/field-state.ts). */
export function stateOf(row: Pick<FieldValueRow, 'status' | 'frozen' | 'inactive_type'> | undefined): FieldState {
  if (!row) return { status: '', frozen: false, inactiveType: null };
  return { status: row.status, frozen: row.frozen, inactiveType: row.inactive_type };
}

/** The workflow rights the caller holds in the project (core permissions; spec 002 §6). */
export function workflowRights(caller: ProjectCaller): ProjectAction[] {
  const rights = new Set(FIELD_TRANSITIONS.map((row) => row.right));
  return [...rights].filter((right) => canInProject(caller.project.access, right));
}

/**
 * What the table needs to know of a field's widget: its type and whether it has a formula (a computed field,
 * or a computed table column). Null when the panel has no such field.
 */
export function widgetOf(panel: Pick<Panel, 'list'>, path: string): { widgetType: string; hasFormula: boolean } | null {
  const index = indexForm(panel);
  const parsed = parsePath(path);
  if (parsed.row === undefined) {
    const widget = index.fields.get(parsed.model);
    return widget ? { widgetType: widget.type, hasFormula: index.formulas.has(parsed.model) } : null;
  }
  const column = index.tables.get(parsed.model)?.columns.find((candidate) => candidate.key === parsed.column);
  return column ? { widgetType: column.widget.type, hasFormula: index.formulas.has(`${parsed.model}.${parsed.column ?? ''}`) } : null;
}

/** The catalogue error of a refusal by core's table (COMPLIANCE WF-1). */
export function refusalError(reason: FieldActionRefusal, state: FieldState): AppError {
  if (reason === 'status') return new AppError('workflow.status', { status: state.status === '' ? '-' : state.status });
  return new AppError(`workflow.${reason}`);
}

/** The audit image of a field's state. */
export const auditState = (state: FieldState, value?: unknown): Record<string, unknown> => ({
  status: state.status,
  frozen: state.frozen,
  inactiveType: state.inactiveType,
  ...(value === undefined ? {} : { value }),
});
