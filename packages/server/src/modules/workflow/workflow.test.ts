import type { BulkFieldActionResult, FieldActionResponse, RecordPanel } from '@dcap/core';
import { evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';

let rs: RecordsStudy;
let subject: AddedSubject;
beforeAll(async () => {
  rs = await openRecordsStudy('WFL');
  subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
/** The browser's today(): the study's day at the test clock's now, as the renderer computes it. */
const today = () => studyToday(rs.study.t.clock.now());
const pid = (event: 'screening' | 'baseline', abbr: 'DM' | 'VS' | 'CM', of: AddedSubject = subject) => {
  const id = of.panelInstances[event]?.[abbr];
  if (id === undefined) throw new Error(`no ${event} ${abbr}`);
  return id;
};
const read = async (who: Persona, id: number) => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(id)}`, { token: who.token })) as RecordPanel;
const save = async (who: Persona, id: number, typed: Record<string, unknown>, reasons: Record<string, unknown> = {}) => {
  const panel = await read(who, id);
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, ...typed }, { today }).values;
  return post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: panel.version, values, reasons });
};
const act = (who: Persona, panelInstanceId: number, path: string, action: string, extra: Record<string, unknown> = {}) =>
  post(who, '/dcap/project/recordData/workflow/field', { panelInstanceId, path, action, ...extra }, 'en-US');
const stored = (panelId: number, path: string) =>
  db().selectFrom('field_values').select(['status', 'frozen', 'inactive_type', 'value']).where('panel_instance_id', '=', panelId).where('path', '=', path).executeTakeFirstOrThrow();
const fieldAudit = (panelId: number, path: string) =>
  db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'field').where('entity_id', '=', `${String(panelId)}:${path}`).where('action', 'like', 'field.%').orderBy('id').execute();

describe('field actions through the API (spec 002 §4)', () => {
  beforeAll(async () => {
    ok(await save(rs.people.coordinator, pid('screening', 'DM'), { INITIALS: 'ZS', SEX: '1', BRTHDAT: '1980-01-02' }));
  });

  type Who = 'coordinator' | 'investigator' | 'monitor' | 'dataManager';
  /**
   * One study day on one field, in order: who does what, and what the server answers: the resulting status
   * (and flags), or the refusal. Every row the table refuses must leave the field as it was.
   */
  const DAY: [Who, string, Record<string, unknown>, { status?: string; frozen?: boolean; inactiveType?: string | null } | [number, string]][] = [
    ['coordinator', 'verify', {}, [403, 'permission.project_forbidden']],
    ['monitor', 'unverify', {}, [409, 'workflow.status']],
    ['monitor', 'review', {}, [403, 'permission.project_forbidden']],
    ['dataManager', 'review', {}, [409, 'workflow.status']],
    ['monitor', 'verify', {}, { status: 'VERIFIED' }],
    ['monitor', 'verify', {}, [409, 'workflow.status']],
    ['monitor', 'unverify', {}, { status: 'COMPLETED' }],
    ['monitor', 'verify', {}, { status: 'VERIFIED' }],
    ['dataManager', 'lock', {}, [409, 'workflow.status']],
    ['dataManager', 'review', {}, { status: 'REVIEWED' }],
    ['monitor', 'freeze', {}, [403, 'permission.project_forbidden']],
    ['dataManager', 'freeze', {}, { status: 'REVIEWED', frozen: true }],
    ['dataManager', 'freeze', {}, [409, 'workflow.frozen']],
    ['coordinator', 'inactivate', { inactiveType: 'ND' }, [409, 'workflow.frozen']],
    ['dataManager', 'unreview', {}, { status: 'VERIFIED', frozen: true }],
    ['dataManager', 'review', {}, { status: 'REVIEWED', frozen: true }],
    ['dataManager', 'unfreeze', {}, { frozen: false }],
    ['coordinator', 'recalculate', {}, [422, 'workflow.widget']],
    ['coordinator', 'clear', {}, [422, 'workflow.widget']],
    ['coordinator', 'activate', {}, [409, 'workflow.not_inactive']],
    ['coordinator', 'inactivate', { inactiveType: 'NA', note: 'not asked' }, { status: 'REVIEWED', inactiveType: 'NA' }],
    ['coordinator', 'inactivate', { inactiveType: 'ND' }, [409, 'workflow.inactive']],
    ['coordinator', 'activate', {}, { status: 'REVIEWED', inactiveType: null }],
    ['dataManager', 'unlock', {}, [409, 'workflow.status']],
  ];

  it('WF-1 AT-3 allows exactly what core’s table allows, with the action’s right, and audits each applied action with its state before and after', async () => {
    const panelId = pid('screening', 'DM');
    for (const [who, action, extra, expected] of DAY) {
      const before = await stored(panelId, 'INITIALS');
      const audits = (await fieldAudit(panelId, 'INITIALS')).length;
      const reply = await act(rs.people[who], panelId, 'INITIALS', action, extra);
      if (Array.isArray(expected)) {
        refused(reply, expected[0], expected[1]);
        expect(await stored(panelId, 'INITIALS'), `${who} ${action}`).toEqual(before);
        expect(await fieldAudit(panelId, 'INITIALS')).toHaveLength(audits);
        continue;
      }
      const data = ok(reply) as FieldActionResponse;
      expect(data, `${who} ${action}`).toMatchObject(expected);
      const rows = await fieldAudit(panelId, 'INITIALS');
      expect(rows).toHaveLength(audits + 1);
      expect(rows.at(-1)).toMatchObject({ action: `field.${action}`, actor_username: rs.people[who].username, site_id: rs.siteA.id, env: rs.env.key });
      expect(rows.at(-1)?.old_value).toMatchObject({ status: before.status, frozen: before.frozen, inactiveType: before.inactive_type });
      expect(rows.at(-1)?.new_value).toMatchObject(expected);
    }
  });

  it('WF-1 refuses an inactivation without its type as bad input, and an unknown field', async () => {
    refused(await act(rs.people.coordinator, pid('screening', 'DM'), 'SEX', 'inactivate'), 400, 'request.invalid');
    refused(await act(rs.people.coordinator, pid('screening', 'DM'), 'NOPE', 'inactivate', { inactiveType: 'ND' }), 404, 'workflow.field_not_found');
  });

  it('WF-1 clears a radio field and recalculates a formula field, audited with the values', async () => {
    const dm = pid('screening', 'DM');
    const cleared = ok(await act(rs.people.coordinator, dm, 'SEX', 'clear')) as FieldActionResponse;
    expect(cleared).toMatchObject({ status: '', value: null });
    expect((await fieldAudit(dm, 'SEX')).at(-1)).toMatchObject({ action: 'field.clear', old_value: { value: '1', status: 'COMPLETED' }, new_value: { value: null, status: '' } });

    const vs = pid('screening', 'VS');
    ok(await save(rs.people.coordinator, vs, { HEIGHT: 180, WEIGHT: 81 }));
    expect((await stored(vs, 'BMI')).value).toBe(25);
    // The stored value drifts (an older formula, an import); recalculation restores what the formula gives.
    await db().updateTable('field_values').set({ value: JSON.stringify(1) }).where('panel_instance_id', '=', vs).where('path', '=', 'BMI').execute();
    const recalculated = ok(await act(rs.people.coordinator, vs, 'BMI', 'recalculate')) as FieldActionResponse;
    expect(recalculated).toMatchObject({ status: 'COMPLETED', value: 25 });
    expect((await fieldAudit(vs, 'BMI')).at(-1)).toMatchObject({ action: 'field.recalculate', old_value: { value: 1 }, new_value: { value: 25 } });
  });

  it('WF-3 answers another site’s field as a form that does not exist, and writes nothing', async () => {
    const panelId = pid('screening', 'DM');
    const before = await stored(panelId, 'INITIALS');
    refused(await act(rs.people.siteBUser, panelId, 'INITIALS', 'freeze'), 404, 'subject.panel_not_found');
    expect(await stored(panelId, 'INITIALS')).toEqual(before);
  });
});

describe('bulk actions on a panel, a visit and a subject', () => {
  it('AT-3 applies an action to every entered field the table allows, skips the others and counts both', async () => {
    const other = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const dm = pid('screening', 'DM', other);
    const vs = pid('screening', 'VS', other);
    ok(await save(rs.people.coordinator, dm, { INITIALS: 'AB', SEX: '2' }));
    ok(await save(rs.people.coordinator, vs, { HEIGHT: 170, WEIGHT: 70 }));
    ok(await act(rs.people.monitor, dm, 'SEX', 'verify'));

    const panel = ok(await post(rs.people.monitor, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: dm, action: 'verify' })) as BulkFieldActionResult;
    expect(panel).toEqual({ applied: 1, skipped: 1 });
    const visit = ok(await post(rs.people.monitor, '/dcap/project/recordData/workflow/bulk', { scope: 'event', id: other.eventInstances.screening, action: 'verify' })) as BulkFieldActionResult;
    expect(visit).toEqual({ applied: 3, skipped: 2 });
    expect((await stored(vs, 'BMI')).status).toBe('VERIFIED');
    expect((await fieldAudit(vs, 'HEIGHT')).at(-1)).toMatchObject({ action: 'field.verify', old_value: { status: 'COMPLETED' }, new_value: { status: 'VERIFIED' } });
    const subjectWide = ok(await post(rs.people.dataManager, '/dcap/project/recordData/workflow/bulk', { scope: 'subject', id: other.id, action: 'review' })) as BulkFieldActionResult;
    expect(subjectWide).toEqual({ applied: 5, skipped: 0 });
    const read1 = await read(rs.people.dataManager, vs);
    expect(read1.status).toBe('REVIEWED');

    refused(await post(rs.people.coordinator, '/dcap/project/recordData/workflow/bulk', { scope: 'subject', id: other.id, action: 'verify' }), 403, 'permission.project_forbidden');
    refused(await post(rs.people.siteBUser, '/dcap/project/recordData/workflow/bulk', { scope: 'subject', id: other.id, action: 'freeze' }), 404, 'subject.not_found');
    refused(await post(rs.people.siteBUser, '/dcap/project/recordData/workflow/bulk', { scope: 'event', id: other.eventInstances.screening, action: 'freeze' }), 404, 'subject.event_not_found');
  });
});
