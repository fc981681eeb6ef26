import type { Panel, RecordPanel, SubjectSchedule } from '@dcap/core';
import { addDays, evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';

/**
 * One "today" for the whole study (docs/decisions.md "The study's day"): the panel save (a formula reading
 * today()) and the schedule (the matrix's today, the latest allowed actual date) agree at moments when the
 * study's day, Asia/Shanghai, and the UTC day differ. The clock is moved back to such a moment (backwards, so
 * the sessions stay alive).
 */
let rs: RecordsStudy;
let subject: AddedSubject;
let vs: number;

/** Points the panel instance at a design version of its own whose instrument `change` altered. */
async function useVariant(panelInstanceId: number, instrumentId: number, change: (panel: Panel) => void): Promise<void> {
  const db = rs.study.t.database.db;
  const version = await db.selectFrom('design_versions').selectAll().where('id', '=', rs.designVersionId).executeTakeFirstOrThrow();
  const snapshot = version.snapshot as { instruments: { id: number; panel: Panel }[] };
  const instrument = snapshot.instruments.find((candidate) => candidate.id === instrumentId);
  if (!instrument) throw new Error(`no instrument ${String(instrumentId)}`);
  change(instrument.panel);
  const top = await db.selectFrom('design_versions').select((eb) => eb.fn.max<number>('version').as('v')).where('project_id', '=', rs.projectId).executeTakeFirstOrThrow();
  const variant = await db
    .insertInto('design_versions')
    .values({ project_id: rs.projectId, version: top.v + 1, snapshot: JSON.stringify(snapshot), note: 'variant', published_at: rs.study.t.clock.now(), published_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('panel_instances').set({ design_version_id: variant.id }).where('id', '=', panelInstanceId).execute();
}

beforeAll(async () => {
  rs = await openRecordsStudy('SDAY');
  subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
  vs = subject.panelInstances.screening?.VS ?? 0;
  // Vital signs with the days from the measurement to today, a formula reading today(), and the day of entry,
  // a formula that is just today() and reads no field.
  await useVariant(vs, rs.instruments.VS, (panel) => {
    const number = panel.list.find((widget) => widget.model === 'HEIGHT');
    if (!number) throw new Error('no HEIGHT');
    panel.list.push({ ...number, key: 'VSAGE', model: 'VSAGE', name: '测量距今天数', nameEn: 'Days since measurement', options: { ...number.options, expression: "datediff([VSDAT], today(), 'd')" } });
    panel.list.push({ ...number, type: 'input', key: 'VSENTRY', model: 'VSENTRY', name: '录入日期', nameEn: 'Day of entry', options: { ...number.options, expression: 'today()' } });
  });
});
afterAll(() => rs.study.t.close());

const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
const read = async (who: Persona) => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(vs)}`, { token: who.token })) as RecordPanel;
const matrix = async (who: Persona) => ok(await rs.study.t.call('GET', `/dcap/schedule/subject/${String(subject.id)}?timeZone=UTC`, { token: who.token })) as SubjectSchedule;

/** Moves the test's clock to `hourUtc` o'clock UTC of a day at least two days back. */
function moveClockTo(hourUtc: number, minuteUtc: number): Date {
  const clock = rs.study.t.clock;
  const now = clock.now();
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 2, hourUtc, minuteUtc);
  clock.advance(target - now.getTime());
  return new Date(target);
}

/** Saves the measurement day as a browser would that counts "today" as `today` (the study's day, or UTC's). */
async function saveMeasuredOn(who: Persona, today: string, measured: string) {
  const panel = await read(who);
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, VSDAT: measured }, { today: () => today }).values;
  const reason = { code: 'TRANSCRIPTION_ERROR' };
  return post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: vs, version: panel.version, values, reasons: { VSDAT: reason, VSAGE: reason, VSENTRY: reason } });
}

describe("the study's today is one day for the panel save and the schedule", () => {
  it('at 20:00 UTC, already tomorrow in Shanghai, both take the Shanghai day', async () => {
    const { coordinator } = rs.people;
    const moment = moveClockTo(20, 0);
    const utcDay = moment.toISOString().slice(0, 10);
    const day = studyToday(moment);
    expect(day).toBe(addDays(utcDay, 1));

    // The save: the engine's today() is the study's day, so a browser counting the UTC day is refused, and a
    // measurement made today is 0 days old.
    refused(await saveMeasuredOn(coordinator, utcDay, day), 422, 'record.mismatch');
    const saved = ok(await saveMeasuredOn(coordinator, day, day)) as RecordPanel;
    expect(saved.values.VSAGE).toBe(0);
    // A formula reading no field, just today(), is computed too, and the study's day is what is stored.
    expect(saved.values.VSENTRY).toBe(day);
    expect((await read(coordinator)).values.VSENTRY).toBe(day);

    // The schedule: the same day is its today, whatever zone the browser names, and is a valid actual date.
    expect((await matrix(coordinator)).today).toBe(day);
    const visit = subject.eventInstances.screening ?? 0;
    ok(await post(coordinator, '/dcap/schedule/setActualDate', { eventInstanceId: visit, actualDate: day }));
    refused(await post(coordinator, '/dcap/schedule/setActualDate', { eventInstanceId: visit, actualDate: addDays(day, 1), reason: '更正' }), 400, 'schedule.date_future');
  });

  it('at 10:30 UTC, when it is already tomorrow east of Shanghai, both still take the Shanghai day', async () => {
    const { coordinator } = rs.people;
    const moment = moveClockTo(10, 30);
    const day = studyToday(moment);
    expect(day).toBe(moment.toISOString().slice(0, 10));

    refused(await saveMeasuredOn(coordinator, addDays(day, 1), addDays(day, -1)), 422, 'record.mismatch');
    const saved = ok(await saveMeasuredOn(coordinator, day, addDays(day, -1))) as RecordPanel;
    expect(saved.values.VSAGE).toBe(1);
    expect((await read(coordinator)).values.VSENTRY).toBe(day);
    expect((await matrix(coordinator)).today).toBe(day);
    // A day that is today somewhere on earth (UTC+14) but not yet in the study is refused, as the save's
    // today() would never give it.
    const visit = subject.eventInstances.baseline ?? 0;
    refused(await post(coordinator, '/dcap/schedule/setActualDate', { eventInstanceId: visit, actualDate: addDays(day, 1) }), 400, 'schedule.date_future');
    ok(await post(coordinator, '/dcap/schedule/setActualDate', { eventInstanceId: visit, actualDate: day }));
  });
});
