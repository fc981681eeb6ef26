import type {
  FollowUpState,
  AddedLogEntry,
  AddedVisit,
  AddLogEntryRequest,
  AddVisitRequest,
  ScheduleInstrument,
  ScheduleVisit,
  SetActualDateResult,
  SubjectSchedule,
  TaskList,
  TaskSummary,
  AttachmentItem,
  VisitTask,
  setActualDateSchema,
  taskListQuerySchema,
} from '@dcap/core';
import {
  actualOutsideWindow,
  addDays,
  AppError,
  calendarDay,
  planEvent,
  planSchedule,
  scheduleAnchor,
  sortEvents,
  studyToday,
  TASK_CLOSED_SUBJECT_STATUSES,
  subjectFollowUpState,
  taskBounds,
  visitFollowUpState,
  visitWindowStatus,
} from '@dcap/core';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, EventInstanceRow, SubjectRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import { listAttachments } from '../attachments/service.js';
import { designOfEnv, designOfVersion } from '../publishing/service.js';
import type { DesignSnapshot, SnapshotEvent } from '../publishing/snapshot.js';
import { openQueryCounts } from '../queries/service.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, eventInstanceInScope, panelInstanceInScope, requireSiteInScope, subjectInScope } from '../subjects/scope.js';
import { subjectRemindersOf } from '../reminders/service.js';
import * as repo from './repo.js';

/**
 * The follow-up state of each subject (core `subjectFollowUpState`) from its visits' actual dates and panel
 * statuses, for the subject list.
 */
export async function followUpOfSubjects(db: Executor, subjects: readonly { id: number; status: string }[]): Promise<Map<number, FollowUpState>> {
  const visits = await repo.visitProgress(db, subjects.map((subject) => subject.id));
  return new Map(
    subjects.map((subject) => [
      subject.id,
      subjectFollowUpState(
        subject.status,
        visits
          .filter((visit) => visit.subject_id === subject.id)
          .map((visit) => ({ plannedDate: visit.planned_date, state: visitFollowUpState({ actualDate: visit.actual_date, panelStatuses: visit.panel_statuses }) })),
      ),
    ]),
  );
}

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
  const anchor = scheduleAnchor({ consentDate: subject.consent_date, createdDay: calendarDay(subject.created_at) });
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

/** Snapshots of design versions, each read once per call. */
function versionReader(db: Executor): (versionId: number) => Promise<DesignSnapshot> {
  const cache = new Map<number, Promise<DesignSnapshot | null>>();
  return async (versionId) => {
    let entry = cache.get(versionId);
    if (!entry) {
      entry = designOfVersion(db, versionId);
      cache.set(versionId, entry);
    }
    const snapshot = await entry;
    if (!snapshot) throw new AppError('schedule.no_design');
    return snapshot;
  };
}

function eventOf(snapshot: DesignSnapshot, eventId: number): SnapshotEvent {
  const event = snapshot.events.find((candidate) => candidate.id === eventId);
  if (!event) throw new AppError('schedule.event_unknown');
  return event;
}

function presentVisit(row: EventInstanceRow, event: SnapshotEvent, panelStatuses: readonly string[], today: string): ScheduleVisit {
  const hasData = panelStatuses.some((status) => status !== 'EXPIRED');
  const dates = { plannedDate: row.planned_date, windowStart: row.window_start, windowEnd: row.window_end };
  return {
    eventInstanceId: row.id,
    eventId: row.event_id,
    seq: row.seq,
    name: event.name,
    nameEn: event.nameEn,
    type: event.type,
    repeatable: event.repeatable,
    offsetDays: event.offsetDays,
    ...dates,
    actualDate: row.actual_date,
    windowStatus: visitWindowStatus({ ...dates, actualDate: row.actual_date, hasData }, today),
    hasData,
    followUp: visitFollowUpState({ actualDate: row.actual_date, panelStatuses }),
    designVersionId: row.design_version_id,
  };
}

/**
 * GET /dcap/schedule/subject/:subjectId: the subject's event × panel matrix (spec 002 §2 "event-panel
 * matrix", "visit/schedule management"): every visit with planned and actual date and window status, every
 * form instrument, each panel instance with its status and open queries, and the events that may be added.
 */
export async function subjectSchedule(deps: ServiceDeps, caller: ProjectCaller, subjectId: number): Promise<SubjectSchedule> {
  const scope = await dataScope(deps.db, caller);
  const subject = await subjectInScope(deps.db, scope, subjectId);
  const today = studyToday(deps.clock.now());
  const snapshotOf = versionReader(deps.db);
  const instances = await repo.subjectEventInstances(deps.db, subject.id);
  const panels = await repo.subjectPanelInstances(deps.db, subject.id);
  const queries = await openQueryCounts(deps.db, panels.map((panel) => panel.id));
  const statusesOf = (eventInstanceId: number) => panels.filter((panel) => panel.event_instance_id === eventInstanceId).map((panel) => panel.status);

  const visits: (ScheduleVisit & { sort: number })[] = [];
  for (const row of instances) {
    const event = eventOf(await snapshotOf(row.design_version_id), row.event_id);
    visits.push({ ...presentVisit(row, event, statusesOf(row.id), today), sort: event.sort });
  }
  visits.sort((a, b) => a.sort - b.sort || a.eventId - b.eventId || a.seq - b.seq);

  // Rows: the instruments the subject's panels use, named and ordered as the newest version they come from has them.
  const instruments = new Map<number, ScheduleInstrument & { sort: number; version: number }>();
  const versionOfVisit = new Map(instances.map((row) => [row.id, row.design_version_id]));
  for (const panel of panels) {
    const versionId = versionOfVisit.get(panel.event_instance_id) ?? panel.design_version_id;
    const known = instruments.get(panel.instrument_id);
    if (known && known.version >= versionId) continue;
    const instrument = (await snapshotOf(versionId)).instruments.find((candidate) => candidate.id === panel.instrument_id);
    if (!instrument) continue;
    instruments.set(panel.instrument_id, { instrumentId: instrument.id, name: instrument.name, nameEn: instrument.nameEn, nameAbbr: instrument.nameAbbr, sort: instrument.sort, version: versionId });
  }

  const design = await designForEnv(deps.db, subject.env_id);
  const ref = (event: SnapshotEvent) => ({ eventId: event.id, name: event.name, nameEn: event.nameEn });
  const designEvents = design ? sortEvents(design.snapshot.events) : [];
  return {
    subjectId: subject.id,
    siteId: subject.site_id,
    today,
    followUp: subjectFollowUpState(subject.status, visits.map((visit) => ({ plannedDate: visit.plannedDate, state: visit.followUp }))),
    visits: visits.map(({ sort: _sort, ...visit }) => visit),
    instruments: [...instruments.values()].sort((a, b) => a.sort - b.sort || a.instrumentId - b.instrumentId).map(({ sort: _sort, version: _version, ...row }) => row),
    panels: panels.map((panel) => ({
      panelInstanceId: panel.id,
      eventInstanceId: panel.event_instance_id,
      instrumentId: panel.instrument_id,
      seq: panel.seq,
      status: panel.status,
      openQueries: queries.byPanel.get(panel.id) ?? 0,
    })),
    unscheduled: designEvents.filter((event) => event.type === 'UNSCHEDULED').map(ref),
    repeatable: designEvents.filter((event) => event.repeatable && event.type !== 'UNSCHEDULED').map(ref),
  };
}

/**
 * When the baseline visit's actual date changes, the planned days of the visits not yet done move with it
 * (offsets count from baseline, day 0; docs/decisions.md "Visit schedule"). Returns how many moved.
 */
async function replanFromBaseline(trx: Transaction<Database>, audit: ProjectAuditor, subject: SubjectRow, baseline: SnapshotEvent, baselineActual: string | null, env: string): Promise<number> {
  // Day 0 is the baseline's day less its own offset (core allows the baseline no offset but 0).
  const dayZero = baselineActual === null ? null : addDays(baselineActual, -(baseline.offsetDays ?? 0));
  const anchor = scheduleAnchor({ baselineActual: dayZero, consentDate: subject.consent_date, createdDay: calendarDay(subject.created_at) });
  const snapshotOf = versionReader(trx);
  const moved: { eventInstanceId: number; from: string | null; to: string | null }[] = [];
  for (const row of await repo.subjectEventInstances(trx, subject.id)) {
    if (row.actual_date !== null || row.seq !== 1 || row.planned_date === null) continue;
    const event = eventOf(await snapshotOf(row.design_version_id), row.event_id);
    if (event.type === 'BASELINE') continue;
    const plan = planEvent(event, anchor);
    if (plan.plannedDate === row.planned_date && plan.windowStart === row.window_start && plan.windowEnd === row.window_end) continue;
    await repo.setPlan(trx, row.id, { planned_date: plan.plannedDate, window_start: plan.windowStart, window_end: plan.windowEnd });
    moved.push({ eventInstanceId: row.id, from: row.planned_date, to: plan.plannedDate });
  }
  if (moved.length > 0) {
    await audit({ action: 'schedule.replan', entityType: 'subject', entityId: subject.id, siteId: subject.site_id, env, newValue: { anchor, visits: moved } });
  }
  return moved.length;
}

/**
 * POST /dcap/schedule/setActualDate: records (or with null clears) the day a visit took place. A date
 * outside the visit window is saved with a warning (spec 002 §3); changing a saved date needs a reason
 * (spec 002 §5). Setting the baseline's date moves the planned days of the visits not yet done.
 */
export async function setVisitActualDate(deps: ServiceDeps, caller: ProjectCaller, body: SetActualDateBody): Promise<SetActualDateResult> {
  // Another site's visit answers as unknown before the project's status is looked at (and again inside).
  await eventInstanceInScope(deps.db, await dataScope(deps.db, caller), body.eventInstanceId);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const found = await eventInstanceInScope(trx, scope, body.eventInstanceId);
    const subject = await subjectInScope(trx, scope, found.subject_id);
    const before = await repo.lockEventInstance(trx, found.id);
    if (!before) throw new AppError('subject.event_not_found');
    const reason = body.reason?.trim() ?? '';
    if (before.actual_date === body.actualDate) {
      const event = eventOf(await versionReader(trx)(before.design_version_id), before.event_id);
      const statuses = (await repo.subjectPanelInstances(trx, subject.id)).filter((panel) => panel.event_instance_id === before.id).map((panel) => panel.status);
      return { visit: presentVisit(before, event, statuses, studyToday(deps.clock.now())), outOfWindow: body.actualDate !== null && actualOutsideWindow(datesOf(before), body.actualDate), replanned: 0 };
    }
    if (body.actualDate !== null && body.actualDate > studyToday(deps.clock.now())) throw new AppError('schedule.date_future', { date: body.actualDate });
    if (before.actual_date !== null && reason === '') throw new AppError('schedule.reason_required');
    const after = await repo.setActualDate(trx, before.id, body.actualDate);
    const outOfWindow = body.actualDate !== null && actualOutsideWindow(datesOf(after), body.actualDate);
    await audit({
      action: 'schedule.actualDate',
      entityType: 'eventInstance',
      entityId: after.id,
      siteId: after.site_id,
      env: scope.env.key,
      oldValue: { actualDate: before.actual_date },
      newValue: { actualDate: after.actual_date, outOfWindow },
      reason: reason === '' ? null : reason,
    });
    const event = eventOf(await versionReader(trx)(after.design_version_id), after.event_id);
    const replanned = event.type === 'BASELINE' && after.seq === 1 ? await replanFromBaseline(trx, audit, subject, event, after.actual_date, scope.env.key) : 0;
    const statuses = (await repo.subjectPanelInstances(trx, subject.id)).filter((panel) => panel.event_instance_id === after.id).map((panel) => panel.status);
    return { visit: presentVisit(after, event, statuses, studyToday(deps.clock.now())), outOfWindow, replanned };
  });
}

function datesOf(row: EventInstanceRow) {
  return { plannedDate: row.planned_date, windowStart: row.window_start, windowEnd: row.window_end };
}

type SetActualDateBody = z.output<typeof setActualDateSchema>;

/**
 * A new visit of an event of the running design: another unscheduled visit (`kind` unscheduled) or the next
 * instance of a repeatable event (`kind` repeat), with a panel per form instrument of the event. Neither has
 * a planned day: it happens when it happens (docs/decisions.md "Visit schedule").
 */
export async function addVisit(deps: ServiceDeps, caller: ProjectCaller, body: AddVisitRequest, kind: 'unscheduled' | 'repeat'): Promise<AddedVisit> {
  await subjectInScope(deps.db, await dataScope(deps.db, caller), body.subjectId);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const subject = await subjectInScope(trx, scope, body.subjectId);
    const design = await designForEnv(trx, subject.env_id);
    if (!design) throw new AppError('schedule.no_design');
    const event = eventOf(design.snapshot, body.eventId);
    if (kind === 'unscheduled' && event.type !== 'UNSCHEDULED') throw new AppError('schedule.not_unscheduled');
    if (kind === 'repeat' && (!event.repeatable || event.type === 'UNSCHEDULED')) throw new AppError('schedule.not_repeatable');
    await repo.lockSubject(trx, subject.id);
    const seq = await repo.nextEventSeq(trx, subject.id, event.id);
    const instance = await repo.insertEventInstance(trx, {
      project_id: subject.project_id,
      env_id: subject.env_id,
      site_id: subject.site_id,
      subject_id: subject.id,
      design_version_id: design.versionId,
      event_id: event.id,
      seq,
      planned_date: null,
      window_start: null,
      window_end: null,
      created_by: caller.actor.userId,
    });
    const panelInstanceIds = await createPanels(trx, design.snapshot, instance, caller.actor.userId);
    await audit({
      action: kind === 'unscheduled' ? 'schedule.addUnscheduled' : 'schedule.addRepeat',
      entityType: 'eventInstance',
      entityId: instance.id,
      siteId: subject.site_id,
      env: scope.env.key,
      newValue: { subjectId: subject.id, eventId: event.id, seq, designVersionId: design.versionId, panelInstanceIds },
    });
    return { eventInstanceId: instance.id, seq, panelInstanceIds };
  });
}

/** POST /dcap/schedule/addLogEntry: another entry of a panel of a log visit (adverse events, medication). */
export async function addLogEntry(deps: ServiceDeps, caller: ProjectCaller, body: AddLogEntryRequest): Promise<AddedLogEntry> {
  await panelInstanceInScope(deps.db, await dataScope(deps.db, caller), body.panelInstanceId);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const panel = await panelInstanceInScope(trx, scope, body.panelInstanceId);
    const visit = await eventInstanceInScope(trx, scope, panel.event_instance_id);
    await subjectInScope(trx, scope, panel.subject_id);
    const event = eventOf(await versionReader(trx)(visit.design_version_id), visit.event_id);
    if (event.type !== 'LOG') throw new AppError('schedule.panel_not_log');
    await repo.lockSubject(trx, panel.subject_id);
    const seq = await repo.nextPanelSeq(trx, visit.id, panel.instrument_id);
    const [created] = await repo.insertPanelInstances(trx, [
      {
        project_id: panel.project_id,
        env_id: panel.env_id,
        site_id: panel.site_id,
        subject_id: panel.subject_id,
        event_instance_id: visit.id,
        instrument_id: panel.instrument_id,
        design_version_id: visit.design_version_id,
        seq,
        created_by: caller.actor.userId,
        updated_by: caller.actor.userId,
      },
    ]);
    if (!created) throw new AppError('subject.panel_not_found');
    await audit({
      action: 'schedule.addLogEntry',
      entityType: 'panelInstance',
      entityId: created.id,
      siteId: created.site_id,
      env: scope.env.key,
      newValue: { subjectId: created.subject_id, eventInstanceId: visit.id, instrumentId: created.instrument_id, seq },
    });
    return { panelInstanceId: created.id, seq };
  });
}

/** Visit tasks are the project's choice (spec 000 §3 flag `visitTask`; core projects/flags.ts). */
function requireVisitTasks(caller: ProjectCaller): void {
  if (caller.project.project.config.visitTask !== true) throw new AppError('schedule.visit_tasks_off');
}

function taskScope(scope: DataScope): repo.TaskScope {
  return { projectId: scope.projectId, envId: scope.env.id, sites: scope.sites, closedStatuses: TASK_CLOSED_SUBJECT_STATUSES };
}

/**
 * GET /dcap/visitTask/summary: per site of the caller's scope, the open visits due today, due this week,
 * overdue and upcoming (core schedule/plan.ts `taskBucketsOf`), counted in the database.
 */
export async function taskSummary(deps: ServiceDeps, caller: ProjectCaller): Promise<TaskSummary> {
  requireVisitTasks(caller);
  const scope = await dataScope(deps.db, caller);
  const { today, weekEnd } = taskBounds(studyToday(deps.clock.now()));
  const sites = await repo.sitesInScope(deps.db, scope.projectId, scope.sites);
  const counts = new Map((await repo.taskCounts(deps.db, taskScope(scope), today, weekEnd)).map((row) => [row.site_id, row]));
  return {
    today,
    weekEnd,
    sites: sites.map((site) => {
      const row = counts.get(site.id);
      return {
        siteId: site.id,
        code: site.code,
        name: site.name,
        nameEn: site.name_en,
        dueToday: row?.dueToday ?? 0,
        dueThisWeek: row?.dueThisWeek ?? 0,
        overdue: row?.overdue ?? 0,
        upcoming: row?.upcoming ?? 0,
      };
    }),
  };
}

const TASK_PAGE_SIZE = 20;

/** GET /dcap/visitTask/list: the visits of one bucket (optionally of one site of the scope), a page at a time. */
export async function taskList(deps: ServiceDeps, caller: ProjectCaller, query: z.output<typeof taskListQuerySchema>): Promise<TaskList> {
  const scope = await dataScope(deps.db, caller);
  if (query.siteId !== undefined) {
    requireSiteInScope(scope, query.siteId);
    // A site of another project is outside every scope of this one.
    if (!(await repo.sitesInScope(deps.db, scope.projectId, [query.siteId])).length) throw new AppError('subject.site_forbidden');
  }
  requireVisitTasks(caller);
  const bounds = taskBounds(studyToday(deps.clock.now()));
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? TASK_PAGE_SIZE;
  const narrowed = { ...taskScope(scope), ...(query.siteId === undefined ? {} : { sites: [query.siteId] }), ...(query.eventId === undefined ? {} : { eventId: query.eventId }) };
  const { total, rows } = await repo.taskPage(deps.db, narrowed, query.bucket, bounds, { offset: (page - 1) * pageSize, limit: pageSize });
  const snapshotOf = versionReader(deps.db);
  const reminders = await subjectRemindersOf(deps.db, rows.map((row) => row.id));
  const items: VisitTask[] = [];
  for (const row of rows) {
    const event = eventOf(await snapshotOf(row.design_version_id), row.event_id);
    const sent = reminders.get(row.id);
    const dates = { plannedDate: row.planned_date, windowStart: row.window_start, windowEnd: row.window_end };
    items.push({
      eventInstanceId: row.id,
      subjectId: row.subject_id,
      platformNo: row.platform_no,
      subjectCode: row.subject_code,
      siteId: row.site_id,
      eventId: row.event_id,
      seq: row.seq,
      name: event.name,
      nameEn: event.nameEn,
      plannedDate: row.planned_date,
      windowStart: row.window_start,
      windowEnd: row.window_end,
      records: row.records,
      windowStatus: visitWindowStatus({ ...dates, actualDate: row.actual_date, hasData: false }, bounds.today),
      reminders: sent?.count ?? 0,
      lastReminderAt: sent ? sent.last.toISOString() : null,
    });
  }
  return { total, page, pageSize, items };
}

/**
 * GET /dcap/visitTask/visitRecords/:eventInstanceId: the visit records uploaded for a visit task, read through
 * the attachments module (which checks the visit lies in the caller's sites).
 */
export async function visitRecordList(deps: ServiceDeps, caller: ProjectCaller, eventInstanceId: number): Promise<AttachmentItem[]> {
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, (await eventInstanceInScope(deps.db, scope, eventInstanceId)).subject_id);
  requireVisitTasks(caller);
  return listAttachments(deps, caller, { kind: 'visitRecord', eventInsId: eventInstanceId });
}
