import type { BulkFieldActionRequest, BulkFieldActionResult, FieldActionRequest, FieldActionResponse, FieldState } from '@dcap/core';
import { AppError, evaluateForm, fieldAction, fieldRowsFromValues, indexForm, studyToday, transitionOf, valueChanged, valuesFromFieldRows } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import { projectAuditSteps } from '../projects/process-config-service.js';
import { autoCloseQueries } from '../queries/service.js';
import { panelDefinition, refreshPanelStatus } from '../records/status.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, eventInstanceInScope, panelInstanceInScope, subjectInScope } from '../subjects/scope.js';
import { auditState, refusalError, stateOf, widgetOf, workflowRights } from './fields.js';
import * as repo from './repo.js';
import { breakSignaturesOver } from './service.js';
import { tellIfReadyToSign } from './signature-due.js';

/** The value a recalculation gives a computed field: the panel's formulas run over its stored values. */
async function recalculated(trx: Transaction<Database>, panel: PanelInstanceRow, path: string, now: Date): Promise<unknown> {
  const { panel: definition } = await panelDefinition(trx, panel);
  const rows = await repo.fieldsOfPanels(trx, [panel.id]);
  const evaluation = evaluateForm(definition, valuesFromFieldRows(rows), { today: () => studyToday(now) });
  return fieldRowsFromValues(evaluation.values, new Set(indexForm(definition).tables.keys())).get(path) ?? null;
}

/**
 * One action on one field (spec 002 §4 "Field action rules"; COMPLIANCE WF-1, AT-3): core's table decides
 * whether it is allowed for the caller's rights, the project's process, the widget and the field's state;
 * the change and its audit row (state before and after) commit together, and the panel's status follows.
 * A recalculation or clearing changes the value: queries on it may close and a signature over it breaks.
 */
export async function applyFieldAction(deps: ServiceDeps, caller: ProjectCaller, body: FieldActionRequest): Promise<FieldActionResponse> {
  const row = transitionOf(body.action);
  return projectWrite(deps, caller, { state: 'recordEditable', right: row.right }, async (trx, audit) => {
    const now = deps.clock.now();
    const scope = await dataScope(trx, caller);
    const panel = await panelInstanceInScope(trx, scope, body.panelInstanceId);
    const { panel: definition } = await panelDefinition(trx, panel);
    const widget = widgetOf(definition, body.path);
    if (!widget) throw new AppError('workflow.field_not_found', { path: body.path });
    const stored = await repo.findField(trx, panel.id, body.path);
    const before = stateOf(stored);
    const { steps } = await projectAuditSteps(trx, panel.project_id);
    const changesValue = body.action === 'recalculate' || body.action === 'clear';
    const value = body.action === 'recalculate' ? await recalculated(trx, panel, body.path, now) : body.action === 'clear' ? null : stored?.value;
    const outcome = fieldAction(before, body.action, { rights: workflowRights(caller), steps, ...widget }, { inactiveType: body.inactiveType ?? null, value });
    if (!outcome.ok) throw refusalError(outcome.reason, before);
    const next = outcome.next;
    const valueDiffers = changesValue && valueChanged(stored?.value, value);
    // A recalculation that gives the same value changes nothing, so nothing is written or audited.
    if (body.action === 'recalculate' && !valueDiffers) return present(panel, body.path, before, stored?.value ?? null, await refreshPanelStatus(trx, panel.id, now));

    const set = {
      status: next.status,
      frozen: next.frozen,
      inactive_type: next.inactiveType,
      ...(body.action === 'inactivate' ? { inactive_note: body.note ?? null } : body.action === 'activate' ? { inactive_note: null } : {}),
      ...(changesValue ? { value: value === null || value === undefined ? null : JSON.stringify(value) } : {}),
    };
    if (stored) await repo.updateFieldState(trx, panel.id, body.path, set, caller.actor.userId, now);
    else await repo.insertFieldState(trx, { panel_instance_id: panel.id, path: body.path, ...set, value: set.value ?? null, updated_by: caller.actor.userId, updated_at: now });
    await audit({
      action: `field.${body.action}`,
      entityType: 'field',
      entityId: `${String(panel.id)}:${body.path}`,
      siteId: panel.site_id,
      env: scope.env.key,
      oldValue: auditState(before, changesValue ? (stored?.value ?? null) : undefined),
      newValue: auditState(next, changesValue ? value : undefined),
      reason: body.note ?? null,
    });
    if (valueDiffers) {
      await autoCloseQueries(trx, audit, panel, [body.path], caller.actor.userId, now);
      await breakSignaturesOver(trx, audit, panel, [body.path], caller.actor.userId, now);
    }
    const panelStatus = await refreshPanelStatus(trx, panel.id, now);
    await tellIfReadyToSign(deps, trx, { panel, statusAfter: panelStatus, env: scope.env.key, actorId: caller.actor.userId, steps });
    return present(panel, body.path, next, changesValue ? value : (stored?.value ?? null), panelStatus);
  });
}

function present(panel: PanelInstanceRow, path: string, state: FieldState, value: unknown, panelStatus: string): FieldActionResponse {
  return { panelInstanceId: panel.id, path, status: state.status, frozen: state.frozen, inactiveType: state.inactiveType, value, panelStatus };
}

/** The panel instances a bulk action or a signature covers: one panel, a visit's, or a subject's. */
export async function panelsInScope(trx: Transaction<Database>, scope: DataScope, target: { scope: 'panel' | 'event' | 'subject'; id: number }): Promise<PanelInstanceRow[]> {
  if (target.scope === 'panel') return [await panelInstanceInScope(trx, scope, target.id)];
  if (target.scope === 'event') {
    const event = await eventInstanceInScope(trx, scope, target.id);
    await subjectInScope(trx, scope, event.subject_id);
    return repo.panelsOf(trx, event.subject_id, event.id);
  }
  const subject = await subjectInScope(trx, scope, target.id);
  return repo.panelsOf(trx, subject.id);
}

/**
 * One action on every entered field of a panel, visit or subject (spec 002 §2 header actions): applied
 * where core's table allows it, skipped elsewhere, each applied field audited with its state before and
 * after (COMPLIANCE AT-3). Answers how many were applied and skipped.
 */
export async function applyBulkAction(deps: ServiceDeps, caller: ProjectCaller, body: BulkFieldActionRequest): Promise<BulkFieldActionResult> {
  const row = transitionOf(body.action);
  return projectWrite(deps, caller, { state: 'recordEditable', right: row.right }, async (trx, audit) => {
    const now = deps.clock.now();
    const scope = await dataScope(trx, caller);
    const panels = await panelsInScope(trx, scope, body);
    const { steps } = await projectAuditSteps(trx, scope.projectId);
    const context = { rights: workflowRights(caller), steps, widgetType: '', hasFormula: false };
    const fields = await repo.fieldsOfPanels(
      trx,
      panels.map((panel) => panel.id),
    );
    let applied = 0;
    let skipped = 0;
    const touched = new Set<number>();
    const site = new Map(panels.map((panel) => [panel.id, panel.site_id]));
    for (const field of fields) {
      const before = stateOf(field);
      if (before.status === '' && before.inactiveType === null) continue;
      const outcome = fieldAction(before, body.action, context);
      if (!outcome.ok) {
        skipped += 1;
        continue;
      }
      await repo.updateFieldState(trx, field.panel_instance_id, field.path, { status: outcome.next.status, frozen: outcome.next.frozen }, caller.actor.userId, now);
      await auditFieldAction(audit, scope, site.get(field.panel_instance_id) ?? null, field.panel_instance_id, field.path, body.action, before, outcome.next, body.note);
      touched.add(field.panel_instance_id);
      applied += 1;
    }
    for (const panel of panels) {
      if (!touched.has(panel.id)) continue;
      await tellIfReadyToSign(deps, trx, { panel, statusAfter: await refreshPanelStatus(trx, panel.id, now), env: scope.env.key, actorId: caller.actor.userId, steps });
    }
    return { applied, skipped };
  });
}

export async function auditFieldAction(
  audit: ProjectAuditor,
  scope: DataScope,
  siteId: number | null,
  panelId: number,
  path: string,
  action: string,
  before: FieldState,
  after: FieldState,
  note?: string,
): Promise<void> {
  await audit({
    action: `field.${action}`,
    entityType: 'field',
    entityId: `${String(panelId)}:${path}`,
    siteId,
    env: scope.env.key,
    oldValue: auditState(before),
    newValue: auditState(after),
    reason: note ?? null,
  });
}
