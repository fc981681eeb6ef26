import type { Panel, RecordPanel } from '@dcap/core';
import { evaluateForm, studyToday } from '@dcap/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../modules/roles/study.fixture.js';
import { ok } from '../modules/roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from './records.fixture.js';
import { addSubject, openRecordsStudy } from './records.fixture.js';

/**
 * COMPLIANCE items about study data that no single module owns: a change and its audit rows commit together or
 * not at all (AT-5), and no call edits or removes audit rows while deleting study data keeps the old value
 * (IM-2). The module tests cover the rest (records: AT-1, AT-2, AT-6; workflow: WF-1, WF-2, ES-*; queries:
 * AT-3, AT-7, TS-*).
 */
let rs: RecordsStudy;
let subject: AddedSubject;
beforeAll(async () => {
  rs = await openRecordsStudy('CMPL');
  subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const panelId = () => {
  const id = subject.panelInstances.screening?.VS;
  if (id === undefined) throw new Error('no screening vital signs');
  return id;
};
const read = async (who: Persona) => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(panelId())}`, { token: who.token })) as RecordPanel;
/** The browser's today(): the study's day at the test clock's now, as the renderer computes it. */
const today = () => studyToday(rs.study.t.clock.now());
const browser = (panel: Panel, typed: Record<string, unknown>) => evaluateForm(panel, typed, { today }).values;
const save = (who: Persona, panel: RecordPanel, typed: Record<string, unknown>, reasons?: Record<string, unknown>) =>
  rs.study.t.call('POST', '/dcap/project/recordDataManage/save', {
    token: who.token,
    body: { panelInstanceId: panel.panelInstanceId, version: panel.version, values: browser(panel.instrument.panel, { ...panel.values, ...typed }), ...(reasons ? { reasons } : {}) },
  });
const fieldRows = () => db().selectFrom('field_values').select(['path', 'value', 'status']).where('panel_instance_id', '=', panelId()).orderBy('path').execute();
const auditCount = async () => Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('study data and its audit trail (COMPLIANCE AT-5, IM-2)', () => {
  it('AT-5 a fault while the audit rows are written leaves neither the change nor any audit row', async () => {
    const { coordinator } = rs.people;
    const before = await read(coordinator);
    const fieldsBefore = await fieldRows();
    const auditBefore = await auditCount();
    // A fault injected into the audit table for value changes only: the save's earlier statements succeed.
    await sql`
      CREATE FUNCTION compliance_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'record.value' THEN RAISE EXCEPTION 'injected fault'; END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER compliance_fault BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION compliance_fault()`.execute(db());
    try {
      const reply = await save(coordinator, before, { HEIGHT: 171, WEIGHT: 70 });
      expect(reply.status).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`DROP TRIGGER compliance_fault ON audit_log`.execute(db());
      await sql`DROP FUNCTION compliance_fault()`.execute(db());
    }
    expect(await fieldRows()).toEqual(fieldsBefore);
    expect((await read(coordinator)).version).toBe(before.version);
    expect(await auditCount()).toBe(auditBefore);

    // Without the fault the same save goes through with its audit rows.
    const saved = ok(await save(coordinator, before, { HEIGHT: 171, WEIGHT: 70 })) as RecordPanel;
    expect(saved.version).toBe(before.version + 1);
    expect(await auditCount()).toBeGreaterThan(auditBefore);
  });

  it('IM-2 no call changes or removes audit rows: the database refuses it, and a changed value keeps the old one in the trail', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator);
    const oldHeight = panel.values.HEIGHT;
    ok(await save(coordinator, panel, { HEIGHT: 180 }, { HEIGHT: { code: 'TRANSCRIPTION_ERROR' } }));
    const rows = await db()
      .selectFrom('audit_log')
      .select(['id', 'old_value', 'new_value'])
      .where('entity_type', '=', 'field')
      .where('entity_id', '=', `${String(panelId())}:HEIGHT`)
      .orderBy('id', 'desc')
      .execute();
    const last = rows[0];
    expect(last?.new_value).toMatchObject({ value: 180 });
    expect(last?.old_value).toMatchObject({ value: oldHeight });
    // Even the application's own connection cannot rewrite or delete the row (COMPLIANCE IM-1 underneath IM-2).
    await expect(sql`UPDATE audit_log SET new_value = '1' WHERE id = ${last?.id ?? 0}`.execute(db())).rejects.toThrow();
    await expect(sql`DELETE FROM audit_log WHERE id = ${last?.id ?? 0}`.execute(db())).rejects.toThrow();
    // And the audit trail's own calls only read (or export what they read).
    const trail = rs.study.t.app.routes.routes.filter((route) => route.url.startsWith('/dcap/audit/'));
    expect(trail.length).toBeGreaterThan(0);
    expect(trail.filter((route) => route.method === 'POST' && !/export|list|search|verify/i.test(route.url)).map((route) => route.url)).toEqual([]);
  });
});
