import type { CopyRecordPanelRequest, CopySource, PanelStatus, RecordPanel } from '@dcap/core';
import { AppError, ROW_KEY_FIELD, lockedReason, parsePath, valuesFromFieldRows } from '@dcap/core';
import type { FieldValueRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { cachedDesign } from '../publishing/snapshot-cache.js';
import { dataScope, panelInstanceInScope } from '../subjects/scope.js';
import { applyValues, authorOf } from './apply-values.js';
import { designOf } from './design.js';
import { readRecordPanel } from './read.js';
import * as repo from './repo.js';
import { lockForWrite } from './save.js';

/** The other instances of the same instrument of the same subject, to copy data from. */
export async function listCopySources(deps: ServiceDeps, caller: ProjectCaller, panelInstanceId: number): Promise<CopySource[]> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, panelInstanceId);
  const siblings = await repo.siblingPanels(deps.db, panel);
  const events = (await cachedDesign(deps.db, panel.design_version_id, () => repo.findDesignVersion(deps.db, panel.design_version_id)))?.snapshot.events ?? [];
  const eventRows = new Map((await repo.eventInstances(deps.db, [...new Set(siblings.map((row) => row.event_instance_id))])).map((row) => [row.id, row]));
  return siblings
    .filter((row) => row.first_saved_at !== null)
    .map((row) => {
      const eventRow = eventRows.get(row.event_instance_id);
      const event = events.find((candidate) => candidate.id === eventRow?.event_id);
      return {
        panelInstanceId: row.id,
        eventName: event?.name ?? '',
        eventNameEn: event?.nameEn ?? null,
        eventSeq: eventRow?.seq ?? 1,
        seq: row.seq,
        status: row.status as PanelStatus,
        firstSavedAt: row.first_saved_at?.toISOString() ?? null,
      };
    });
}

/**
 * Copies the values of another instance of the same instrument of the same subject into a panel instance, as
 * a save with its audit rows (docs/decisions.md, "Panel entry"). Fields of the target that may not change
 * (frozen, locked, inactive, signed) keep their values, and so does a table any of whose cells may not; the
 * copied rows are new rows of the target. The engine's results are stored, not compared.
 */
export async function copyRecordPanel(deps: ServiceDeps, caller: ProjectCaller, body: CopyRecordPanelRequest): Promise<RecordPanel> {
  const outside = await dataScope(deps.db, caller);
  await panelInstanceInScope(deps.db, outside, body.panelInstanceId);
  await panelInstanceInScope(deps.db, outside, body.sourcePanelInstanceId);
  const panelId = await projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const source = await panelInstanceInScope(trx, scope, body.sourcePanelInstanceId);
    const panel = await lockForWrite(trx, caller, scope, body.panelInstanceId, body.version);
    if (source.id === panel.id || source.subject_id !== panel.subject_id || source.instrument_id !== panel.instrument_id) throw new AppError('record.copy_source_invalid');
    const targetRows = await repo.fieldValues(trx, panel.id);
    const targetValues = valuesFromFieldRows(targetRows);
    const sourceValues = valuesFromFieldRows(await repo.fieldValues(trx, source.id));
    const kept = (row: FieldValueRow) => row.status === 'SIGNED' || lockedReason({ status: row.status, frozen: row.frozen, inactiveType: row.inactive_type }) !== null;
    const keptModels = new Set(targetRows.filter(kept).map((row) => parsePath(row.path).model));
    const values: Record<string, unknown> = {};
    for (const [model, value] of Object.entries(sourceValues)) {
      if (keptModels.has(model)) continue;
      values[model] = Array.isArray(value) ? value.map((row) => Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([key]) => key !== ROW_KEY_FIELD))) : value;
    }
    for (const model of keptModels) values[model] = targetValues[model];
    // Target fields the source never stored keep their values.
    for (const [model, value] of Object.entries(targetValues)) if (!Object.hasOwn(values, model)) values[model] = value;
    await applyValues(deps, trx, audit, authorOf(caller), scope, panel, await designOf(deps.db, panel, trx), values, {
      compareWithEngine: false,
      reasons: {},
      reasonForAll: body.reason,
      action: 'record.copy',
      extraAudit: { sourcePanelInstanceId: source.id },
      now: deps.clock.now(),
    });
    return panel.id;
  });
  return readRecordPanel(deps, caller, panelId);
}
