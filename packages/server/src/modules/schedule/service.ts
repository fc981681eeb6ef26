import { AppError, localDay, planSchedule, scheduleAnchor } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, EventInstanceRow, SubjectRow } from '../../db/schema.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import { designOfEnv } from '../publishing/service.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import * as repo from './repo.js';

/** The design an environment runs (its published version), or null while nothing was published there. */
export function designForEnv(db: Executor, envId: number): Promise<{ versionId: number; snapshot: DesignSnapshot } | null> {
  return designOfEnv(db, envId);
}

/** The instruments of an event that take data entry, in instrument order (derived and external ones are computed or imported). */
export function formInstrumentsOf(snapshot: DesignSnapshot, eventId: number): number[] {
  const assigned = new Set(snapshot.matrix.filter((cell) => cell.eventId === eventId).map((cell) => cell.instrumentId));
  return snapshot.instruments
    .filter((instrument) => instrument.kind === 'form' && assigned.has(instrument.id))
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((instrument) => instrument.id);
}

/** Creates the panel instances of an event instance: one per form instrument of the event in the matrix. */
export async function createPanels(trx: Executor, snapshot: DesignSnapshot, instance: EventInstanceRow, userId: number): Promise<number[]> {
  const rows = await repo.insertPanelInstances(
    trx,
    formInstrumentsOf(snapshot, instance.event_id).map((instrumentId) => ({
      project_id: instance.project_id,
      env_id: instance.env_id,
      site_id: instance.site_id,
      subject_id: instance.subject_id,
      event_instance_id: instance.id,
      instrument_id: instrumentId,
      design_version_id: instance.design_version_id,
      created_by: userId,
      updated_by: userId,
    })),
  );
  return rows.map((row) => row.id);
}

/**
 * A new subject's schedule (spec 002 §3 "Schedule fields"; docs/decisions.md "Visit schedule"): an instance
 * of every event of the environment's published design but unscheduled visits, in design order, with planned
 * day and window counted from the consent date (else the day the subject was added), and a panel instance
 * per form instrument of each event in the matrix. Events the subject already has are left as they are.
 * One audit row records the schedule made.
 */
export async function instantiateSchedule(trx: Transaction<Database>, subject: SubjectRow, audit: ProjectAuditor, userId: number): Promise<void> {
  const design = await designForEnv(trx, subject.env_id);
  if (!design) throw new AppError('schedule.no_design');
  const anchor = scheduleAnchor({ consentDate: subject.consent_date, createdDay: localDay(subject.created_at) });
  const existing = new Set((await repo.subjectEventInstances(trx, subject.id)).map((row) => row.event_id));
  const created: { eventId: number; eventInstanceId: number; plannedDate: string | null; panelInstanceIds: number[] }[] = [];
  for (const planned of planSchedule(design.snapshot.events, anchor)) {
    if (existing.has(planned.event.id)) continue;
    const instance = await repo.insertEventInstance(trx, {
      project_id: subject.project_id,
      env_id: subject.env_id,
      site_id: subject.site_id,
      subject_id: subject.id,
      design_version_id: design.versionId,
      event_id: planned.event.id,
      seq: 1,
      planned_date: planned.plannedDate,
      window_start: planned.windowStart,
      window_end: planned.windowEnd,
      created_by: userId,
    });
    const panelInstanceIds = await createPanels(trx, design.snapshot, instance, userId);
    created.push({ eventId: planned.event.id, eventInstanceId: instance.id, plannedDate: planned.plannedDate, panelInstanceIds });
  }
  if (created.length === 0) return;
  await audit({
    action: 'schedule.instantiate',
    entityType: 'subject',
    entityId: subject.id,
    siteId: subject.site_id,
    env: await repo.envKey(trx, subject.env_id),
    newValue: { designVersionId: design.versionId, anchor, events: created },
  });
}
