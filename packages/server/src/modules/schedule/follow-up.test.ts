import type { QcList, QcSummary, SubjectListPage, SubjectSchedule, TaskList } from '@dcap/core';
import { addDays, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';

/**
 * Follow-up states (spec 002 §4: not started, in progress, finished) on the subject's schedule and the
 * subject list, and the coordinator's task lists (spec 000 §3 "visit task statuses, QC task statuses"):
 * visits due and overdue with their window status and reminders, panels waiting for verification, review
 * and signature, always within the caller's sites.
 */
let rs: RecordsStudy;
let untouched: AddedSubject;
let started: AddedSubject;
let siteB: AddedSubject;

const db = () => rs.study.t.database.db;
const get = async <T>(who: Persona, url: string) => ok(await rs.study.t.call('GET', url, { token: who.token })) as T;

async function setPanel(panelInstanceId: number | undefined, status: string): Promise<void> {
  await db().updateTable('panel_instances').set({ status }).where('id', '=', panelInstanceId ?? 0).execute();
}

beforeAll(async () => {
  rs = await openRecordsStudy('FUP');
  const row = await db().selectFrom('projects').select('config').where('id', '=', rs.projectId).executeTakeFirstOrThrow();
  await db()
    .updateTable('projects')
    .set({ config: JSON.stringify({ ...(row.config as object), visitTask: true }) })
    .where('id', '=', rs.projectId)
    .execute();
  // Visit 2 (day 14, window ±3) of these subjects closed its window four days ago.
  const consentDate = addDays(studyToday(rs.study.t.clock.now()), -21);
  untouched = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { consentDate });
  started = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { consentDate });
  siteB = await addSubject(rs, rs.people.siteBUser, rs.siteB.id, { consentDate });
  // The panel statuses the records save and the workflow keep: screening finished and signed off at
  // different steps, baseline started.
  const screening = started.panelInstances.screening ?? {};
  await setPanel(screening.DM, 'COMPLETED');
  await setPanel(screening.VS, 'VERIFIED');
  await setPanel(screening.LB, 'REVIEWED');
  await setPanel(started.panelInstances.baseline?.VS, 'INCOMPLETE');
  await setPanel(siteB.panelInstances.screening?.DM, 'COMPLETED');
});

afterAll(() => rs.study.t.close());

describe('follow-up states', () => {
  it('show on the subject’s schedule per visit and for the subject', async () => {
    const fresh = await get<SubjectSchedule>(rs.people.coordinator, `/dcap/schedule/subject/${String(untouched.id)}`);
    expect(fresh.followUp).toBe('NOT_STARTED');
    expect(new Set(fresh.visits.map((visit) => visit.followUp))).toEqual(new Set(['NOT_STARTED']));
    const progressing = await get<SubjectSchedule>(rs.people.coordinator, `/dcap/schedule/subject/${String(started.id)}`);
    expect(progressing.followUp).toBe('IN_PROGRESS');
    const byEvent = new Map(progressing.visits.map((visit) => [visit.eventId, visit.followUp]));
    expect(byEvent.get(rs.events.screening)).toBe('FINISHED');
    expect(byEvent.get(rs.events.baseline)).toBe('IN_PROGRESS');
    expect(byEvent.get(rs.events.visit2)).toBe('NOT_STARTED');
  });

  it('show on the subject list, and a subject who quit is finished', async () => {
    await db().updateTable('subjects').set({ status: 'TEST_EXIT', status_reason: 'moved away' }).where('id', '=', untouched.id).execute();
    const page = ok(await rs.study.t.call('POST', '/dcap/subject/list', { token: rs.people.coordinator.token, body: {} })) as SubjectListPage;
    const states = new Map(page.list.map((item) => [item.id, item.followUp]));
    expect(states.get(untouched.id)).toBe('FINISHED');
    expect(states.get(started.id)).toBe('IN_PROGRESS');
    expect(states.has(siteB.id)).toBe(false);
    await db().updateTable('subjects').set({ status: 'RECORD_STATUS_SCREENING', status_reason: null }).where('id', '=', untouched.id).execute();
  });
});

describe('visit task list', () => {
  it('lists overdue visits of one visit with their window status and reminders sent, within the caller’s sites', async () => {
    const visit2 = untouched.eventInstances.visit2 ?? 0;
    await db()
      .insertInto('visit_reminders')
      .values({
        project_id: rs.projectId,
        env_id: rs.env.id,
        site_id: rs.siteA.id,
        subject_id: untouched.id,
        event_instance_id: visit2,
        audience: 'subject',
        sequence: 1,
        due_day: addDays(studyToday(rs.study.t.clock.now()), -9),
        outcome: 'sent',
        slot: rs.study.t.clock.now(),
      })
      .execute();
    const list = await get<TaskList>(rs.people.coordinator, `/dcap/visitTask/list?bucket=overdue&eventId=${String(rs.events.visit2)}`);
    expect(list.items.map((item) => [item.subjectId, item.windowStatus, item.reminders])).toEqual([
      [untouched.id, 'OVERDUE', 1],
      [started.id, 'OVERDUE', 0],
    ]);
    expect(list.items[0]?.lastReminderAt).not.toBeNull();
    const all = await get<TaskList>(rs.people.monitor, `/dcap/visitTask/list?bucket=overdue&eventId=${String(rs.events.visit2)}`);
    expect(all.items.map((item) => item.subjectId).sort()).toEqual([untouched.id, started.id, siteB.id].sort());
    const baseline = await get<TaskList>(rs.people.coordinator, `/dcap/visitTask/list?bucket=overdue&eventId=${String(rs.events.baseline)}`);
    expect(baseline.items.map((item) => item.subjectId)).toEqual([untouched.id]);
  });
});

describe('QC task list', () => {
  it('counts panels waiting for verification, review and signature per site of the caller', async () => {
    const coordinator = await get<QcSummary>(rs.people.coordinator, '/dcap/qcTask/summary');
    expect(coordinator.sites.map((site) => [site.siteId, site.verify, site.review, site.sign])).toEqual([[rs.siteA.id, 1, 1, 1]]);
    const monitor = await get<QcSummary>(rs.people.monitor, '/dcap/qcTask/summary');
    expect(monitor.sites.map((site) => [site.siteId, site.verify, site.review, site.sign])).toEqual([
      [rs.siteA.id, 1, 1, 1],
      [rs.siteB.id, 1, 0, 0],
    ]);
  });

  it('lists one stage’s panels with visit and form names, filtered by site and visit, and refuses another site', async () => {
    const verify = await get<QcList>(rs.people.monitor, '/dcap/qcTask/list?stage=verify');
    expect(verify.items.map((item) => [item.subjectId, item.visitNameEn, item.instrumentId, item.status])).toEqual(
      expect.arrayContaining([
        [started.id, 'Screening', rs.instruments.DM, 'COMPLETED'],
        [siteB.id, 'Screening', rs.instruments.DM, 'COMPLETED'],
      ]) as unknown,
    );
    expect(verify.total).toBe(2);
    const siteOnly = await get<QcList>(rs.people.monitor, `/dcap/qcTask/list?stage=verify&siteId=${String(rs.siteB.id)}`);
    expect(siteOnly.items.map((item) => item.subjectId)).toEqual([siteB.id]);
    const sign = await get<QcList>(rs.people.coordinator, `/dcap/qcTask/list?stage=sign&eventId=${String(rs.events.screening)}`);
    expect(sign.items.map((item) => [item.subjectId, item.instrumentId])).toEqual([[started.id, rs.instruments.LB]]);
    expect((await get<QcList>(rs.people.coordinator, `/dcap/qcTask/list?stage=sign&eventId=${String(rs.events.visit2)}`)).items).toEqual([]);
    const own = await get<QcList>(rs.people.coordinator, '/dcap/qcTask/list?stage=verify');
    expect(own.items.map((item) => item.subjectId)).toEqual([started.id]);
    refused(await rs.study.t.call('GET', `/dcap/qcTask/list?stage=verify&siteId=${String(rs.siteB.id)}`, { token: rs.people.coordinator.token }), 403, 'subject.site_forbidden');
  });
});
