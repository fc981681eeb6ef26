import type { SubjectSchedule, TaskList, TaskSummary } from '@dcap/core';
import { addDays, calendarDay, taskBucketsOf } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectRow } from '../../db/schema.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { insertAuditRow } from '../audit/repo.js';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { openRecordsStudy } from '../../test/records.fixture.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import { instantiateSchedule } from './service.js';

/**
 * The visit schedule (spec 002 §2 "visit/schedule management", "event-panel matrix", "task summary"; §3
 * "Schedule fields"): a subject's visits from the published design, the matrix, visit dates with the window
 * warning, added visits and log entries, and the task summary per site, always within the caller's sites.
 */
let rs: RecordsStudy;
let counter = 0;

const db = () => rs.study.t.database.db;
const today = () => calendarDay(rs.study.t.clock.now());

/** A subject written straight to the database, its schedule made by `instantiateSchedule` as the add-subject call does. */
async function newSubject(siteId: number, consentDate: string | null, status = 'RECORD_STATUS_SCREENING'): Promise<SubjectRow> {
  counter += 1;
  const subject = await db()
    .insertInto('subjects')
    .values({
      project_id: rs.projectId,
      env_id: rs.env.id,
      site_id: siteId,
      platform_no: `SCH-${String(counter).padStart(4, '0')}`,
      name: `受试者${String(counter)}`,
      consent_date: consentDate,
      status,
      ...(['ARMED', 'TESTING', 'TEST_FIX'].includes(status) ? { random_no: 'R1', treatment_phase: 'P1', first_drug_no: 'D1' } : {}),
      created_by: rs.people.projectAdmin.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db()
    .transaction()
    .execute(async (trx) => {
      const audit = Object.assign(
        (entry: Parameters<ProjectAuditor>[0]) => insertAuditRow(trx, { ...entry, actorId: rs.people.projectAdmin.id, actorUsername: rs.people.projectAdmin.username, projectId: rs.projectId, ip: null }),
        { change: () => Promise.resolve() },
      ) as ProjectAuditor;
      await instantiateSchedule(trx, subject, audit, rs.people.projectAdmin.id);
    });
  return subject;
}

function call(who: Persona, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) {
  return rs.study.t.call(method, url, { token: who.token, ...(body === undefined ? {} : { body }), ...(lang ? { lang } : {}) });
}

async function schedule(who: Persona, subjectId: number): Promise<SubjectSchedule> {
  return ok(await call(who, 'GET', `/dcap/schedule/subject/${String(subjectId)}`)) as SubjectSchedule;
}

async function visitOf(subjectId: number, eventId: number, seq = 1) {
  return db().selectFrom('event_instances').selectAll().where('subject_id', '=', subjectId).where('event_id', '=', eventId).where('seq', '=', seq).executeTakeFirstOrThrow();
}

async function setVisitTasks(on: boolean): Promise<void> {
  const row = await db().selectFrom('projects').select('config').where('id', '=', rs.projectId).executeTakeFirstOrThrow();
  await db()
    .updateTable('projects')
    .set({ config: JSON.stringify({ ...(row.config as object), visitTask: on }) })
    .where('id', '=', rs.projectId)
    .execute();
}

beforeAll(async () => {
  rs = await openRecordsStudy('SCH');
});

afterAll(async () => {
  await rs.study.t.close();
});

describe('instantiating a schedule from the published design', () => {
  it('creates every event but unscheduled visits in design order, planned from the consent date, with a panel per form of the matrix', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const visits = await db().selectFrom('event_instances').selectAll().where('subject_id', '=', subject.id).orderBy('id').execute();
    expect(visits.map((visit) => visit.event_id)).toEqual([rs.events.screening, rs.events.baseline, rs.events.visit2, rs.events.log]);
    expect(visits.every((visit) => visit.seq === 1 && visit.design_version_id === rs.designVersionId && visit.site_id === rs.siteA.id && visit.actual_date === null)).toBe(true);
    const byEvent = new Map(visits.map((visit) => [visit.event_id, visit]));
    expect(byEvent.get(rs.events.screening)).toMatchObject({ planned_date: '2024-02-20', window_start: '2024-02-20', window_end: '2024-02-20' });
    // Day 14 of a leap February: 2024-03-05, window ±3.
    expect(byEvent.get(rs.events.visit2)).toMatchObject({ planned_date: '2024-03-05', window_start: '2024-03-02', window_end: '2024-03-08' });
    expect(byEvent.get(rs.events.log)).toMatchObject({ planned_date: null, window_start: null, window_end: null });

    const panels = await db().selectFrom('panel_instances').selectAll().where('subject_id', '=', subject.id).execute();
    const cells = panels.map((panel) => `${String(visits.find((visit) => visit.id === panel.event_instance_id)?.event_id)}:${String(panel.instrument_id)}`).sort();
    const { DM, VS, LB, CM, AE } = rs.instruments;
    const { screening, baseline, visit2, log } = rs.events;
    expect(cells).toEqual(
      [
        [screening, DM],
        [screening, VS],
        [screening, LB],
        [baseline, VS],
        [baseline, CM],
        [visit2, VS],
        [visit2, LB],
        [log, AE],
      ]
        .map(([e, i]) => `${String(e)}:${String(i)}`)
        .sort(),
    );
    expect(panels.every((panel) => panel.status === 'EXPIRED' && panel.seq === 1 && panel.design_version_id === rs.designVersionId)).toBe(true);
  });

  it('AT-1 audits the schedule made, with site and environment', async () => {
    const subject = await newSubject(rs.siteB.id, '2024-05-01');
    const rows = await db().selectFrom('audit_log').selectAll().where('action', '=', 'schedule.instantiate').where('entity_id', '=', String(subject.id)).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_type: 'subject', site_id: rs.siteB.id, env: 'uat', project_id: rs.projectId });
    const value = rows[0]?.new_value as { designVersionId: number; anchor: string; events: unknown[] };
    expect(value.designVersionId).toBe(rs.designVersionId);
    expect(value.anchor).toBe('2024-05-01');
    expect(value.events).toHaveLength(4);
  });

  it('counts from the day the subject was added when there is no consent date', async () => {
    const subject = await newSubject(rs.siteA.id, null);
    const visit2 = await visitOf(subject.id, rs.events.visit2);
    expect(visit2.planned_date).toBe(addDays(calendarDay(subject.created_at), 14));
  });

  it('leaves a subject’s existing visits alone when run again', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const before = await db().selectFrom('event_instances').select('id').where('subject_id', '=', subject.id).execute();
    await db()
      .transaction()
      .execute(async (trx) => {
        const audit = Object.assign(() => Promise.resolve(), { change: () => Promise.resolve() }) as unknown as ProjectAuditor;
        await instantiateSchedule(trx, subject, audit, rs.people.projectAdmin.id);
      });
    const after = await db().selectFrom('event_instances').select('id').where('subject_id', '=', subject.id).execute();
    expect(after).toEqual(before);
  });
});

describe('the event × panel matrix', () => {
  it('shows visits in design order with window status, instruments as rows, and each panel’s status and open queries', async () => {
    const subject = await newSubject(rs.siteA.id, addDays(today(), -30));
    const vs2 = await db()
      .selectFrom('panel_instances as p')
      .innerJoin('event_instances as e', 'e.id', 'p.event_instance_id')
      .select(['p.id', 'p.event_instance_id'])
      .where('p.subject_id', '=', subject.id)
      .where('e.event_id', '=', rs.events.visit2)
      .where('p.instrument_id', '=', rs.instruments.VS)
      .executeTakeFirstOrThrow();
    await db().updateTable('panel_instances').set({ status: 'COMPLETED' }).where('id', '=', vs2.id).execute();
    const query = (status: 'OPEN' | 'ANSWERED' | 'CLOSED') => ({
      project_id: rs.projectId,
      env_id: rs.env.id,
      site_id: rs.siteA.id,
      subject_id: subject.id,
      event_instance_id: vs2.event_instance_id,
      panel_instance_id: vs2.id,
      path: 'WEIGHT',
      status,
      content: '请核实',
      raised_by: rs.people.monitor.id,
    });
    await db().insertInto('queries').values([query('OPEN'), query('ANSWERED'), query('CLOSED')]).execute();

    const matrix = await schedule(rs.people.coordinator, subject.id);
    expect(matrix.today).toBe(today());
    expect(matrix.visits.map((visit) => visit.name)).toEqual(['筛选期', '基线', '访视2', '不良事件记录']);
    expect(matrix.visits.map((visit) => visit.windowStatus)).toEqual(['OVERDUE', 'OVERDUE', 'STARTED', 'UNPLANNED']);
    expect(matrix.instruments.map((row) => row.nameAbbr)).toEqual(['DM', 'VS', 'LB', 'CM', 'AE']);
    const cell = matrix.panels.find((panel) => panel.panelInstanceId === vs2.id);
    expect(cell).toMatchObject({ status: 'COMPLETED', openQueries: 2, eventInstanceId: vs2.event_instance_id });
    expect(matrix.panels.filter((panel) => panel.panelInstanceId !== vs2.id).every((panel) => panel.openQueries === 0 && panel.status === 'EXPIRED')).toBe(true);
    expect(matrix.unscheduled).toEqual([{ eventId: rs.events.unscheduled, name: '计划外访视', nameEn: 'Unscheduled visit' }]);
    expect(matrix.repeatable).toEqual([]);
  });

  it('tells a visit not yet due from one due now', async () => {
    const subject = await newSubject(rs.siteA.id, addDays(today(), -12));
    const matrix = await schedule(rs.people.coordinator, subject.id);
    expect(matrix.visits.find((visit) => visit.eventId === rs.events.visit2)?.windowStatus).toBe('DUE');
    const later = await newSubject(rs.siteA.id, today());
    expect((await schedule(rs.people.coordinator, later.id)).visits.find((visit) => visit.eventId === rs.events.visit2)?.windowStatus).toBe('NOT_DUE');
  });
});

describe('the actual date of a visit', () => {
  it('saves a date outside the window with a warning, audited with old and new value', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const visit2 = await visitOf(subject.id, rs.events.visit2);
    const result = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: '2024-03-09' })) as {
      outOfWindow: boolean;
      visit: { windowStatus: string; actualDate: string };
    };
    expect(result.outOfWindow).toBe(true);
    expect(result.visit).toMatchObject({ actualDate: '2024-03-09', windowStatus: 'OUT_OF_WINDOW' });
    expect((await visitOf(subject.id, rs.events.visit2)).actual_date).toBe('2024-03-09');
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'schedule.actualDate').where('entity_id', '=', String(visit2.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ site_id: rs.siteA.id, env: 'uat', old_value: { actualDate: null }, new_value: { actualDate: '2024-03-09', outOfWindow: true }, reason: null });

    const inside = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: '2024-03-08', reason: '录入错误' })) as { outOfWindow: boolean };
    expect(inside.outOfWindow).toBe(false);
  });

  it('AT-2 refuses to change a saved date without a reason and writes nothing', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const visit2 = await visitOf(subject.id, rs.events.visit2);
    ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: '2024-03-05' }));
    const auditBefore = await db().selectFrom('audit_log').select('id').where('entity_id', '=', String(visit2.id)).execute();
    const reply = await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: '2024-03-06' }, 'en-US');
    refused(reply, 400, 'schedule.reason_required');
    expect(reply.body.msg).toBe('Give a reason for changing a saved actual visit date');
    refused(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: null, reason: '  ' }), 400, 'schedule.reason_required');
    expect((await visitOf(subject.id, rs.events.visit2)).actual_date).toBe('2024-03-05');
    expect(await db().selectFrom('audit_log').select('id').where('entity_id', '=', String(visit2.id)).execute()).toEqual(auditBefore);

    ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: null, reason: '访视未发生' }));
    const last = await db().selectFrom('audit_log').selectAll().where('entity_id', '=', String(visit2.id)).where('action', '=', 'schedule.actualDate').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toMatchObject({ old_value: { actualDate: '2024-03-05' }, new_value: { actualDate: null, outOfWindow: false }, reason: '访视未发生' });
  });

  it('refuses a day that does not exist and a day after today', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const visit2 = await visitOf(subject.id, rs.events.visit2);
    refused(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: '2025-02-29' }), 400, 'request.invalid');
    refused(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: addDays(today(), 2) }), 400, 'schedule.date_future');
    expect((await visitOf(subject.id, rs.events.visit2)).actual_date).toBeNull();
    ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: today() }));
  });

  it('moves the planned days of visits not yet done when the baseline’s actual date is set', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const baseline = await visitOf(subject.id, rs.events.baseline);
    const result = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: baseline.id, actualDate: '2024-02-25' })) as { replanned: number };
    expect(result.replanned).toBe(2);
    expect(await visitOf(subject.id, rs.events.visit2)).toMatchObject({ planned_date: '2024-03-10', window_start: '2024-03-07', window_end: '2024-03-13' });
    // The screening visit (day 0) moves too, the baseline keeps its plan.
    expect((await visitOf(subject.id, rs.events.screening)).planned_date).toBe('2024-02-25');
    expect((await visitOf(subject.id, rs.events.baseline)).planned_date).toBe('2024-02-20');
    const replan = await db().selectFrom('audit_log').selectAll().where('action', '=', 'schedule.replan').where('entity_id', '=', String(subject.id)).executeTakeFirstOrThrow();
    expect(replan).toMatchObject({ site_id: rs.siteA.id, env: 'uat' });
  });
});

describe('unscheduled visits, repeats and log entries', () => {
  it('adds unscheduled visits numbered in turn, each with its panels, audited', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const first = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addUnscheduled', { subjectId: subject.id, eventId: rs.events.unscheduled })) as {
      eventInstanceId: number;
      seq: number;
      panelInstanceIds: number[];
    };
    const second = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addUnscheduled', { subjectId: subject.id, eventId: rs.events.unscheduled })) as { seq: number };
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(first.panelInstanceIds).toHaveLength(1);
    const panel = await db().selectFrom('panel_instances').selectAll().where('id', '=', first.panelInstanceIds[0] ?? 0).executeTakeFirstOrThrow();
    expect(panel).toMatchObject({ instrument_id: rs.instruments.VS, event_instance_id: first.eventInstanceId, status: 'EXPIRED' });
    const matrix = await schedule(rs.people.coordinator, subject.id);
    expect(matrix.visits.filter((visit) => visit.type === 'UNSCHEDULED').map((visit) => [visit.seq, visit.plannedDate, visit.windowStatus])).toEqual([
      [1, null, 'UNPLANNED'],
      [2, null, 'UNPLANNED'],
    ]);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'schedule.addUnscheduled').where('entity_id', '=', String(first.eventInstanceId)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ site_id: rs.siteA.id, env: 'uat' });
  });

  it('refuses an unscheduled visit of a scheduled event and a repeat of an event that is not repeatable', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const before = await db().selectFrom('event_instances').select('id').where('subject_id', '=', subject.id).execute();
    refused(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addUnscheduled', { subjectId: subject.id, eventId: rs.events.baseline }), 422, 'schedule.not_unscheduled');
    refused(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addRepeat', { subjectId: subject.id, eventId: rs.events.visit2 }), 422, 'schedule.not_repeatable');
    refused(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addRepeat', { subjectId: subject.id, eventId: 999_999 }), 404, 'schedule.event_unknown');
    expect(await db().selectFrom('event_instances').select('id').where('subject_id', '=', subject.id).execute()).toEqual(before);
  });

  it('adds the next instance of a repeatable event of the running design', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    // A later version where visit 2 repeats, run by test (versions are never changed, so a new one is made).
    const current = await db().selectFrom('design_versions').selectAll().where('id', '=', rs.designVersionId).executeTakeFirstOrThrow();
    const snapshot = current.snapshot as DesignSnapshot;
    const repeating = { ...snapshot, events: snapshot.events.map((event) => (event.id === rs.events.visit2 ? { ...event, repeatable: true } : event)) };
    const next = await db()
      .insertInto('design_versions')
      .values({ project_id: rs.projectId, version: 99, snapshot: JSON.stringify(repeating), note: 'repeat', published_at: new Date(), published_by: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('env_designs').set({ design_version_id: next.id }).where('env_id', '=', rs.env.id).execute();
    try {
      expect((await schedule(rs.people.coordinator, subject.id)).repeatable).toEqual([{ eventId: rs.events.visit2, name: '访视2', nameEn: 'Visit 2' }]);
      const added = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addRepeat', { subjectId: subject.id, eventId: rs.events.visit2 })) as { eventInstanceId: number; seq: number; panelInstanceIds: number[] };
      expect(added.seq).toBe(2);
      expect(added.panelInstanceIds).toHaveLength(2);
      const row = await visitOf(subject.id, rs.events.visit2, 2);
      expect(row).toMatchObject({ design_version_id: next.id, planned_date: null });
    } finally {
      await db().updateTable('env_designs').set({ design_version_id: rs.designVersionId }).where('env_id', '=', rs.env.id).execute();
    }
  });

  it('adds another entry of a log panel, and none of a scheduled visit’s panel', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const panels = await db()
      .selectFrom('panel_instances as p')
      .innerJoin('event_instances as e', 'e.id', 'p.event_instance_id')
      .select(['p.id', 'e.event_id', 'p.instrument_id', 'p.event_instance_id'])
      .where('p.subject_id', '=', subject.id)
      .execute();
    const ae = panels.find((panel) => panel.event_id === rs.events.log);
    const vs = panels.find((panel) => panel.event_id === rs.events.visit2 && panel.instrument_id === rs.instruments.VS);
    const added = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addLogEntry', { panelInstanceId: ae?.id })) as { panelInstanceId: number; seq: number };
    expect(added.seq).toBe(2);
    const again = ok(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addLogEntry', { panelInstanceId: added.panelInstanceId })) as { seq: number };
    expect(again.seq).toBe(3);
    const row = await db().selectFrom('panel_instances').selectAll().where('id', '=', added.panelInstanceId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event_instance_id: ae?.event_instance_id, instrument_id: rs.instruments.AE, status: 'EXPIRED' });
    expect((await schedule(rs.people.coordinator, subject.id)).panels.filter((panel) => panel.instrumentId === rs.instruments.AE).map((panel) => panel.seq)).toEqual([1, 2, 3]);
    refused(await call(rs.people.coordinator, 'POST', '/dcap/schedule/addLogEntry', { panelInstanceId: vs?.id }), 422, 'schedule.panel_not_log');
  });

  it('needs the data-entry right: a monitor may look but not add', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    await schedule(rs.people.monitor, subject.id);
    refused(await call(rs.people.monitor, 'POST', '/dcap/schedule/addUnscheduled', { subjectId: subject.id, eventId: rs.events.unscheduled }), 403, 'permission.project_forbidden');
  });
});

describe('site scope (COMPLIANCE WF-3)', () => {
  it('answers another site’s subject, visit and panel exactly as ids that do not exist', async () => {
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const visit2 = await visitOf(subject.id, rs.events.visit2);
    const log = await visitOf(subject.id, rs.events.log);
    const panel = await db().selectFrom('panel_instances').select('id').where('event_instance_id', '=', log.id).executeTakeFirstOrThrow();
    const b = rs.people.siteBUser;
    refused(await call(b, 'GET', `/dcap/schedule/subject/${String(subject.id)}`), 404, 'subject.not_found');
    refused(await call(b, 'GET', '/dcap/schedule/subject/99999999'), 404, 'subject.not_found');
    refused(await call(b, 'POST', '/dcap/schedule/setActualDate', { eventInstanceId: visit2.id, actualDate: '2024-03-05' }), 404, 'subject.event_not_found');
    refused(await call(b, 'POST', '/dcap/schedule/addUnscheduled', { subjectId: subject.id, eventId: rs.events.unscheduled }), 404, 'subject.not_found');
    refused(await call(b, 'POST', '/dcap/schedule/addLogEntry', { panelInstanceId: panel.id }), 404, 'subject.panel_not_found');
    await setVisitTasks(true);
    refused(await call(b, 'GET', `/dcap/visitTask/visitRecords/${String(visit2.id)}`), 404, 'subject.event_not_found');
    refused(await call(b, 'GET', `/dcap/visitTask/list?bucket=overdue&siteId=${String(rs.siteA.id)}`), 403, 'subject.site_forbidden');
    expect((await visitOf(subject.id, rs.events.visit2)).actual_date).toBeNull();
  });
});

describe('the task summary', () => {
  it('answers only when the project uses visit tasks', async () => {
    await setVisitTasks(false);
    refused(await call(rs.people.projectAdmin, 'GET', '/dcap/visitTask/summary'), 409, 'schedule.visit_tasks_off');
    await setVisitTasks(true);
    ok(await call(rs.people.projectAdmin, 'GET', '/dcap/visitTask/summary'));
  });

  it('counts each site’s due, overdue and upcoming visits as an independent count of the same visits does', async () => {
    await setVisitTasks(true);
    const t = today();
    // Site A: visit 2 in its window today; overdue screening/baseline; one started (data), one done (actual date).
    await newSubject(rs.siteA.id, addDays(t, -14));
    const started = await newSubject(rs.siteA.id, addDays(t, -40));
    await db().updateTable('panel_instances').set({ status: 'INCOMPLETE' }).where('subject_id', '=', started.id).execute();
    const done = await newSubject(rs.siteA.id, addDays(t, -40));
    await db().updateTable('event_instances').set({ actual_date: addDays(t, -40) }).where('subject_id', '=', done.id).execute();
    // Site B: a subject starting in 5 days, one starting in 30 days, one who quit (not counted).
    await newSubject(rs.siteB.id, addDays(t, 5));
    await newSubject(rs.siteB.id, addDays(t, 30));
    await newSubject(rs.siteB.id, addDays(t, -40), 'TEST_EXIT');

    const summary = ok(await call(rs.people.projectAdmin, 'GET', '/dcap/visitTask/summary')) as TaskSummary;
    expect(summary.today).toBe(t);
    expect(summary.weekEnd).toBe(addDays(t, 6));

    // The independent count: every visit of the environment, judged one by one by core's rule.
    const visits = await db()
      .selectFrom('event_instances as e')
      .innerJoin('subjects as s', 's.id', 'e.subject_id')
      .select(['e.id', 'e.site_id', 'e.planned_date', 'e.window_start', 'e.window_end', 'e.actual_date', 's.status'])
      .where('e.env_id', '=', rs.env.id)
      .execute();
    const withData = new Set((await db().selectFrom('panel_instances').select('event_instance_id').where('status', '<>', 'EXPIRED').execute()).map((row) => row.event_instance_id));
    const expected = new Map<number, Record<string, number>>();
    for (const visit of visits) {
      if (['SCREEN_FAILURE', 'TEST_FIX', 'TEST_EXIT', 'DEL'].includes(visit.status)) continue;
      const counts = expected.get(visit.site_id) ?? { dueToday: 0, dueThisWeek: 0, overdue: 0, upcoming: 0 };
      const buckets = taskBucketsOf(
        { plannedDate: visit.planned_date, windowStart: visit.window_start, windowEnd: visit.window_end, actualDate: visit.actual_date, hasData: withData.has(visit.id) },
        t,
      );
      for (const bucket of buckets) counts[bucket] = (counts[bucket] ?? 0) + 1;
      expected.set(visit.site_id, counts);
    }
    for (const site of summary.sites) {
      expect({ dueToday: site.dueToday, dueThisWeek: site.dueThisWeek, overdue: site.overdue, upcoming: site.upcoming }, site.code).toEqual(
        expected.get(site.siteId) ?? { dueToday: 0, dueThisWeek: 0, overdue: 0, upcoming: 0 },
      );
    }
    const siteA = summary.sites.find((site) => site.siteId === rs.siteA.id);
    const siteB = summary.sites.find((site) => site.siteId === rs.siteB.id);
    expect(siteA?.dueToday).toBeGreaterThanOrEqual(1);
    expect(siteA?.overdue).toBeGreaterThanOrEqual(2);
    expect(siteB?.dueThisWeek).toBeGreaterThanOrEqual(2);
    expect(siteB?.upcoming).toBeGreaterThanOrEqual(3);

    // The drill-down lists as many visits as the summary counts, and a site's staff see only their site.
    const list = ok(await call(rs.people.projectAdmin, 'GET', `/dcap/visitTask/list?bucket=overdue&siteId=${String(rs.siteA.id)}&pageSize=200`)) as TaskList;
    expect(list.total).toBe(siteA?.overdue);
    expect(list.items.every((item) => item.siteId === rs.siteA.id && item.windowEnd !== null && item.windowEnd < t)).toBe(true);
    const mine = ok(await call(rs.people.coordinator, 'GET', '/dcap/visitTask/summary')) as TaskSummary;
    expect(mine.sites.map((site) => site.siteId)).toEqual([rs.siteA.id]);
    const mineList = ok(await call(rs.people.coordinator, 'GET', '/dcap/visitTask/list?bucket=upcoming')) as TaskList;
    expect(mineList.items.every((item) => item.siteId === rs.siteA.id)).toBe(true);
  });

  it('lists the visit records of a visit task, leaving deleted ones out', async () => {
    await setVisitTasks(true);
    const subject = await newSubject(rs.siteA.id, '2024-02-20');
    const visit2 = await visitOf(subject.id, rs.events.visit2);
    const file = (name: string, deleted: boolean) => ({
      project_id: rs.projectId,
      env_id: rs.env.id,
      site_id: rs.siteA.id,
      subject_id: subject.id,
      kind: 'visitRecord' as const,
      event_instance_id: visit2.id,
      name,
      content_type: 'image/png',
      size: 3,
      sha256: 'x',
      content: Buffer.from('abc'),
      created_by: rs.people.coordinator.id,
      ...(deleted ? { deleted_at: new Date(), deleted_by: rs.people.coordinator.id } : {}),
    });
    await db().insertInto('attachments').values([file('访视记录.png', false), file('old.png', true)]).execute();
    const records = ok(await call(rs.people.coordinator, 'GET', `/dcap/visitTask/visitRecords/${String(visit2.id)}`)) as { name: string; size: number }[];
    expect(records.map((record) => [record.name, record.size])).toEqual([['访视记录.png', 3]]);
  });
});
