import type { DesignEvent, EventMatrix, EventType, MatrixCell, SaveEventRequest } from '@dcap/core';
import { AppError, eventHasSchedule, eventScheduleProblem, patched } from '@dcap/core';
import type { EventRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import { DESIGN_CHANGE, projectWrite } from '../../http/project-write.js';
import { lockInstrumentIds, presentAll } from '../instruments/service.js';
import { listRoles } from '../roles/service.js';
import type { ProjectContext } from '../projects/access.js';
import type { ProjectCaller } from '../../http/context.js';
import { eventSettings as audited, presentEvent } from './presenter.js';
import * as repo from './repo.js';

function refuseScheduleProblem(problem: ReturnType<typeof eventScheduleProblem>, type: EventType): void {
  if (problem === 'unscheduled') throw new AppError('event.schedule_not_allowed', { type });
  if (problem === 'baseline') throw new AppError('event.baseline_offset');
  if (problem === 'reminders') throw new AppError('event.reminders_unplanned');
}

async function presentEvents(db: Executor, projectId: number): Promise<DesignEvent[]> {
  const cells = await repo.listCells(db, projectId);
  return (await repo.listEvents(db, projectId)).map((row) => presentEvent(row, cells));
}

async function eventIn(db: Executor, context: ProjectContext, id: number): Promise<EventRow> {
  const row = await repo.findEvent(db, id, true);
  if (!row || row.project_id !== context.project.id) throw new AppError('event.not_found');
  return row;
}

export function listEvents(deps: ServiceDeps, context: ProjectContext): Promise<DesignEvent[]> {
  return presentEvents(deps.db, context.project.id);
}

/**
 * POST /dcap/project/event/save: creates or updates a visit. Unscheduled visits and logs have no planned
 * day or window; the baseline visit is day 0 (core `eventScheduleProblem`).
 */
export async function saveEvent(deps: ServiceDeps, caller: ProjectCaller, body: SaveEventRequest): Promise<DesignEvent> {
  refuseScheduleProblem(eventScheduleProblem(body), body.type);
  if (body.reminders && body.reminders.notify.roleIds.length > 0) {
    const known = new Set((await listRoles(deps, caller.project, 'en-US')).map((role) => role.id));
    const unknown = body.reminders.notify.roleIds.find((roleId) => !known.has(roleId));
    if (unknown !== undefined) throw new AppError('event.reminder_role_unknown', { roleId: unknown });
  }
  const projectId = caller.project.project.id;
  const values = {
    name: body.name,
    name_en: body.nameEn ?? null,
    type: body.type,
    offset_days: body.offsetDays ?? null,
    window_before: body.windowBefore ?? 0,
    window_after: body.windowAfter ?? 0,
    repeatable: body.repeatable ?? false,
    reminders: body.reminders ? JSON.stringify(body.reminders) : null,
    updated_at: deps.clock.now(),
  };
  /**
   * Partial update (core patched): a field left out keeps the stored value, null clears it. A type without
   * a schedule keeps none, so its planned day and window are not carried over from the former type.
   */
  const patchedValues = (before: EventRow) => {
    const scheduled = eventHasSchedule(body.type);
    return {
      ...values,
      name_en: patched(before.name_en, body.nameEn),
      offset_days: patched(scheduled ? before.offset_days : null, body.offsetDays),
      window_before: patched(scheduled ? before.window_before : 0, body.windowBefore),
      window_after: patched(scheduled ? before.window_after : 0, body.windowAfter),
      repeatable: patched(before.repeatable, body.repeatable),
      // A type without a planned day keeps no reminders either (core eventScheduleProblem).
      reminders: body.reminders === undefined ? (scheduled && before.reminders !== null ? JSON.stringify(before.reminders) : null) : values.reminders,
    };
  };
  return projectWrite(
    deps,
    caller,
    { ...DESIGN_CHANGE, errorContext: { name: body.name } },
    async (trx, audit) => {
      if (body.id === undefined) {
        const row = await repo.insertEvent(trx, { ...values, project_id: projectId, sort: await repo.nextEventSort(trx, projectId) });
        await audit({ action: 'event.create', entityType: 'event', entityId: row.id, newValue: audited(row) });
        return presentEvent(row, []);
      }
      const before = await eventIn(trx, caller.project, body.id);
      const next = patchedValues(before);
      refuseScheduleProblem(
        eventScheduleProblem({ type: next.type, offsetDays: next.offset_days, windowBefore: next.window_before, windowAfter: next.window_after, reminders: next.reminders }),
        next.type,
      );
      const after = await repo.updateEvent(trx, before.id, next);
      await audit.change('event', after.id, { kind: 'update', before: audited(before), after: audited(after) });
      return presentEvent(after, await repo.listCells(trx, projectId));
    },
  );
}

/** POST /dcap/project/event/delete: removes a visit and its matrix cells from the draft. */
export async function deleteEvent(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<{ id: number }> {
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const row = await eventIn(trx, caller.project, id);
    const instrumentIds = (await repo.listCells(trx, row.project_id)).filter((cell) => cell.eventId === id).map((cell) => cell.instrumentId);
    await repo.deleteEvent(trx, id);
    await audit({ action: 'event.delete', entityType: 'event', entityId: id, oldValue: { ...audited(row), instrumentIds } });
    return { id };
  });
}

/** POST /dcap/project/event/sort: every event id of the project in the new order. */
export async function sortEvents(deps: ServiceDeps, caller: ProjectCaller, ids: readonly number[]): Promise<DesignEvent[]> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const rows = await repo.listEvents(trx, projectId);
    const current = rows.map((row) => row.id);
    const complete = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
    if (!complete) throw new AppError('design.incomplete_order');
    for (const [index, id] of ids.entries()) {
      if (rows.find((row) => row.id === id)?.sort !== index + 1) await repo.updateEvent(trx, id, { sort: index + 1 });
    }
    if (current.some((id, index) => ids[index] !== id)) {
      await audit({ action: 'event.sort', entityType: 'project', entityId: projectId, oldValue: { order: current }, newValue: { order: ids } });
    }
    return presentEvents(trx, projectId);
  });
}

async function matrixOf(db: Executor, projectId: number): Promise<EventMatrix> {
  return { events: await presentEvents(db, projectId), instruments: await presentAll(db, projectId), cells: await repo.listCells(db, projectId) };
}

export function getMatrix(deps: ServiceDeps, context: ProjectContext): Promise<EventMatrix> {
  return matrixOf(deps.db, context.project.id);
}

const cellKey = (cell: MatrixCell) => `${String(cell.eventId)}:${String(cell.instrumentId)}`;

/**
 * POST /dcap/project/eventInstrument/saveMatrix: the complete set of ticked cells. Every cell must name an
 * event and an instrument of this project; the audit row lists the cells added and removed.
 */
export async function saveMatrix(deps: ServiceDeps, caller: ProjectCaller, cells: readonly MatrixCell[]): Promise<EventMatrix> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const events = new Set((await repo.listEvents(trx, projectId)).map((row) => row.id));
    const instruments = new Set(await lockInstrumentIds(trx, projectId));
    if (cells.some((cell) => !events.has(cell.eventId) || !instruments.has(cell.instrumentId))) throw new AppError('event.unknown_cell');
    const wanted = [...new Map(cells.map((cell) => [cellKey(cell), cell])).values()];
    const before = await repo.listCells(trx, projectId);
    const beforeKeys = new Set(before.map(cellKey));
    const wantedKeys = new Set(wanted.map(cellKey));
    const added = wanted.filter((cell) => !beforeKeys.has(cellKey(cell)));
    const removed = before.filter((cell) => !wantedKeys.has(cellKey(cell)));
    if (added.length > 0 || removed.length > 0) {
      await repo.replaceCells(trx, projectId, wanted);
      await audit({ action: 'event.matrix.save', entityType: 'project', entityId: projectId, oldValue: { removed }, newValue: { added } });
    }
    return matrixOf(trx, projectId);
  });
}
