import type { Query, RecordPanel } from '@dcap/core';
import { evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../modules/roles/study.fixture.js';
import { ok } from '../modules/roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from './records.fixture.js';
import { addSubject, openRecordsStudy } from './records.fixture.js';

/**
 * COMPLIANCE TS-1: the times a write stores come from the server's clock, the one the application is built
 * with, never from anywhere else. The test's clock is moved three days back (backwards, so the sessions stay
 * alive), so a time stamped from the machine's own clock is three days off and the test sees it.
 */
const PASSWORD = 'Passw0rd!x';
const DAY = 86_400_000;
/** A stamp and the clock agree within the few seconds a call takes. */
const CLOSE = 5_000;

let rs: RecordsStudy;
beforeAll(async () => {
  rs = await openRecordsStudy('TIME');
  rs.study.t.clock.advance(-3 * DAY);
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
const read = async (who: Persona, id: number) => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(id)}`, { token: who.token })) as RecordPanel;
const save = async (who: Persona, id: number, typed: Record<string, unknown>, reasons: Record<string, unknown> = {}) => {
  const panel = await read(who, id);
  const today = () => studyToday(rs.study.t.clock.now());
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, ...typed }, { today }).values;
  return ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: panel.version, values, reasons })) as RecordPanel;
};
const reason = { code: 'TRANSCRIPTION_ERROR' };

/** The stamp follows the test's clock, not the machine's. */
function followsClock(stamp: Date | null | undefined): void {
  expect(stamp).toBeInstanceOf(Date);
  const clock = rs.study.t.clock.now().getTime();
  expect(Math.abs((stamp as Date).getTime() - clock)).toBeLessThan(CLOSE);
  expect(Date.now() - (stamp as Date).getTime()).toBeGreaterThan(2 * DAY);
}

function panelOf(subject: AddedSubject, abbr: 'DM' | 'VS'): number {
  const id = subject.panelInstances.screening?.[abbr];
  if (id === undefined) throw new Error(`no screening ${abbr}`);
  return id;
}

describe('TS-1 time stamps of study data come from the server clock', () => {
  it('TS-1 stamps a screening result and an enrolment with the server clock', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    ok(await post(coordinator, '/dcap/subject/screening', { id: subject.id, version: 1, result: 'success' }));
    const screened = await db().selectFrom('subjects').selectAll().where('id', '=', subject.id).executeTakeFirstOrThrow();
    followsClock(screened.status_changed_at);
    followsClock(screened.updated_at);

    ok(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: screened.version, randomNo: 'R-T1', treatmentPhase: 'A', firstDrugNo: 'D-T1' }));
    const enrolled = await db().selectFrom('subjects').selectAll().where('id', '=', subject.id).executeTakeFirstOrThrow();
    expect(enrolled.status).toBe('ARMED');
    followsClock(enrolled.enrolled_at);
    followsClock(enrolled.status_changed_at);
  });

  it('TS-1 stamps a saved panel, its fields and the query the change closes with the server clock', async () => {
    const { coordinator, monitor } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    const dm = panelOf(subject, 'DM');
    await save(coordinator, dm, { INITIALS: 'ZS', SEX: '1' });
    const panel = await db().selectFrom('panel_instances').selectAll().where('id', '=', dm).executeTakeFirstOrThrow();
    followsClock(panel.first_saved_at);
    followsClock(panel.updated_at);
    for (const field of await db().selectFrom('field_values').select('updated_at').where('panel_instance_id', '=', dm).execute()) followsClock(field.updated_at);

    const query = ok(await post(monitor, '/dcap/query/raise', { panelInstanceId: dm, path: 'INITIALS', content: '请核实' })) as Query;
    // Changing the value closes the open query over it (spec 002 §6 auto-close).
    await save(coordinator, dm, { INITIALS: 'LS' }, { INITIALS: reason });
    const closed = await db().selectFrom('queries').selectAll().where('id', '=', query.id).executeTakeFirstOrThrow();
    expect(closed.status).toBe('AUTO_CLOSED');
    followsClock(closed.closed_at);
    followsClock(closed.updated_at);
    const comment = await db().selectFrom('query_comments').selectAll().where('query_id', '=', query.id).where('action', '=', 'autoClose').executeTakeFirstOrThrow();
    followsClock(comment.created_at);
  });

  it('TS-1 stamps a signature broken by a change with the server clock', async () => {
    const { coordinator, monitor, dataManager, investigator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    const dm = panelOf(subject, 'DM');
    await save(coordinator, dm, { INITIALS: 'ZS', SEX: '1' });
    ok(await post(monitor, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm, action: 'verify' }));
    ok(await post(dataManager, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm, action: 'review' }));
    ok(await post(investigator, '/dcap/project/recordData/signature/sign', { scope: 'panel', id: dm, username: investigator.username, password: PASSWORD, meaning: 'approval', attested: true }));
    const signature = await db().selectFrom('signatures').selectAll().where('panel_instance_id', '=', dm).executeTakeFirstOrThrow();
    followsClock(signature.signed_at);
    expect(signature.broken_at).toBeNull();

    await save(coordinator, dm, { SEX: '2' }, { SEX: reason });
    const broken = await db().selectFrom('signatures').selectAll().where('id', '=', signature.id).executeTakeFirstOrThrow();
    followsClock(broken.broken_at);
  });
});
