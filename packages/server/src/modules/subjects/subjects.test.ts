import type { Subject, SubjectListPage, SubjectRequest, SubjectRequestPage } from '@dcap/core';
import { calendarDay, identityCheckCharacter } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused, setStatus } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';

let rs: RecordsStudy;
beforeAll(async () => {
  rs = await openRecordsStudy('SUBJ');
});
afterAll(() => rs.study.t.close());

const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const info = async (who: Persona, id: number) => ok(await get(who, `/dcap/subject/info/${id}`)) as Subject;
const list = async (who: Persona, body: Record<string, unknown> = {}) => ok(await post(who, '/dcap/subject/list', body)) as SubjectListPage;
const db = () => rs.study.t.database.db;
const subjectCount = async () => Number((await db().selectFrom('subjects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const auditRows = (entityId: number, action: string) =>
  db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'subject').where('entity_id', '=', String(entityId)).where('action', '=', action).execute();
const enrolment = { randomNo: 'R-001', treatmentPhase: 'Phase A', firstDrugNo: 'D-001' };
const setConfig = (config: Record<string, unknown>) => db().updateTable('projects').set({ config: JSON.stringify(config) }).where('id', '=', rs.projectId).execute();

describe('adding a subject', () => {
  it('AT-1 adds a subject at the site with a platform number, in screening, with the published schedule and an audit row carrying site and environment', async () => {
    const { coordinator } = rs.people;
    const added = await addSubject(rs, coordinator, rs.siteA.id, { name: '张三', initials: 'zs', subjectCode: 'S-001', consentDate: '2024-05-01' });
    expect(added.body).toMatchObject({ platformNo: 'A01-0001', status: 'RECORD_STATUS_SCREENING', initials: 'ZS', siteId: rs.siteA.id, version: 1, designVersionId: rs.designVersionId });
    expect(Object.keys(added.eventInstances).sort()).toEqual(['baseline', 'log', 'screening', 'visit2']);
    expect(Object.keys(added.panelInstances.screening ?? {}).sort()).toEqual(['DM', 'LB', 'VS']);
    expect(added.panelInstances.log?.AE).toBeGreaterThan(0);
    const [row] = await auditRows(added.id, 'subject.create');
    expect(row).toMatchObject({ site_id: rs.siteA.id, env: 'uat', actor_username: coordinator.username, project_id: rs.projectId });
    expect(row?.new_value).toMatchObject({ platformNo: 'A01-0001', name: '张三', status: 'RECORD_STATUS_SCREENING' });
    const second = await addSubject(rs, coordinator, rs.siteA.id);
    expect(second.platformNo).toBe('A01-0002');
    expect((await addSubject(rs, rs.people.siteBUser, rs.siteB.id)).platformNo).toBe('B01-0001');
  });

  it('warns of a duplicate name at the same site and writes nothing until the user confirms (spec 002 §5)', async () => {
    const { coordinator, siteBUser } = rs.people;
    await addSubject(rs, coordinator, rs.siteA.id, { name: '李四' });
    const before = await subjectCount();
    const warned = await post(coordinator, '/dcap/subject/save', { siteId: rs.siteA.id, name: ' 李四 ' }, 'en-US');
    refused(warned, 409, 'subject.duplicate_name');
    expect(warned.body.msg).toBe('A subject named "李四" already exists at this site. Add anyway?');
    expect(await subjectCount()).toBe(before);
    // Another site may hold the same name without a warning.
    ok(await post(siteBUser, '/dcap/subject/save', { siteId: rs.siteB.id, name: '李四' }));
    const confirmed = ok(await post(coordinator, '/dcap/subject/save', { siteId: rs.siteA.id, name: '李四', confirmDuplicate: true })) as Subject;
    expect(confirmed.name).toBe('李四');
    expect(await subjectCount()).toBe(before + 2);
  });

  it('refuses a subject code already in use in the environment', async () => {
    refused(await post(rs.people.coordinator, '/dcap/subject/save', { siteId: rs.siteA.id, subjectCode: 's-001' }), 409, 'subject.code_taken');
  });

  it('refuses a site outside the caller’s scope, and an environment without a published design', async () => {
    refused(await post(rs.people.coordinator, '/dcap/subject/save', { siteId: rs.siteB.id }), 403, 'subject.site_forbidden');
    const { projectAdmin } = rs.people;
    ok(await get(projectAdmin, '/dcap/projectEnv/selectEnv/prd'));
    try {
      const before = await subjectCount();
      refused(await post(projectAdmin, '/dcap/subject/save', { siteId: rs.siteA.id }), 409, 'subject.no_design');
      expect(await subjectCount()).toBe(before);
      expect((ok(await get(projectAdmin, '/dcap/subject/options')) as { hasDesign: boolean }).hasDesign).toBe(false);
    } finally {
      ok(await get(projectAdmin, '/dcap/projectEnv/selectEnv/uat'));
    }
  });

  it('refuses adding while recruitment is paused, but the information stays editable', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await setStatus(rs.study, rs.projectId, 'RECORD_FREEZED');
    try {
      refused(await post(rs.people.coordinator, '/dcap/subject/save', { siteId: rs.siteA.id }), 422, 'project.status_forbids');
      ok(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: subject.version, phone: '13800000000' }));
    } finally {
      await setStatus(rs.study, rs.projectId, 'TEST');
    }
  });
});

describe('site scope (COMPLIANCE WF-3)', () => {
  it('WF-3 answers a site-A subject to a site-B user exactly as a missing one, for every read and write', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const { siteBUser } = rs.people;
    refused(await get(siteBUser, `/dcap/subject/info/${subject.id}`), 404, 'subject.not_found');
    refused(await get(siteBUser, '/dcap/subject/info/999999'), 404, 'subject.not_found');
    refused(await post(siteBUser, '/dcap/subject/update', { id: subject.id, version: 1, phone: '1' }), 404, 'subject.not_found');
    refused(await post(siteBUser, '/dcap/subject/status', { id: subject.id, version: 1, status: 'DEL', reason: 'x' }), 404, 'subject.not_found');
    refused(await post(siteBUser, '/dcap/subject/enrol', { id: subject.id, version: 1, ...enrolment }), 404, 'subject.not_found');
    refused(await post(siteBUser, '/dcap/subject/screening', { id: subject.id, version: 1, result: 'success' }), 404, 'subject.not_found');
    refused(await post(siteBUser, '/dcap/subject/request/rollback', { subjectId: subject.id, reason: 'x' }), 404, 'subject.not_found');
    expect((await info(rs.people.coordinator, subject.id)).version).toBe(1);
    const seen = await list(siteBUser, { pageSize: 200 });
    expect(seen.list.every((row) => row.siteId === rs.siteB.id)).toBe(true);
    expect(seen.list.some((row) => row.id === subject.id)).toBe(false);
    refused(await post(siteBUser, '/dcap/subject/list', { siteId: rs.siteA.id }), 403, 'subject.site_forbidden');
  });

  it('lets an all-sites role read subjects of both sites', async () => {
    const page = await list(rs.people.monitor, { pageSize: 200 });
    expect(new Set(page.list.map((row) => row.siteId))).toEqual(new Set([rs.siteA.id, rs.siteB.id]));
  });

  it('refuses writes without the data-entry right', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    refused(await post(rs.people.monitor, '/dcap/subject/update', { id: subject.id, version: 1, phone: '1' }), 403, 'permission.project_forbidden');
  });
});

describe('subject information', () => {
  it('derives sex and birth date from an 18-character identity number and refuses a wrong check character', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const base = '11010519491231002';
    const updated = ok(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 1, idNumber: `${base}x` })) as Subject;
    expect(updated).toMatchObject({ idNumber: `${base}X`, gender: 'F', birthDate: '1949-12-31', version: 2 });
    refused(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 2, idNumber: '110105194912310021' }), 400, 'subject.id_number_checksum');
    refused(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 2, gender: 'M' }), 422, 'subject.id_number_conflict');
    refused(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 2, idNumber: '12345' }), 400, 'subject.id_number_length');
    const male = '44030819900101001';
    const again = ok(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 2, idNumber: `${male}${identityCheckCharacter(male)}` })) as Subject;
    expect(again).toMatchObject({ gender: 'M', birthDate: '1990-01-01', version: 3 });
    const [row] = (await auditRows(subject.id, 'subject.update')).slice(-1);
    expect(row?.old_value).toMatchObject({ gender: 'F', birthDate: '1949-12-31' });
    expect(row?.new_value).toMatchObject({ gender: 'M', birthDate: '1990-01-01' });
    expect(row).toMatchObject({ site_id: rs.siteA.id, env: 'uat' });
  });

  it('keeps fields left out, clears an explicit null and refuses a stale version', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { phone: '13800000000', nation: '汉族' });
    const updated = ok(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 1, phone: null })) as Subject;
    expect(updated).toMatchObject({ phone: null, nation: '汉族' });
    refused(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 1, nation: '回族' }), 409, 'conflict.stale');
    expect((await info(rs.people.coordinator, subject.id)).nation).toBe('汉族');
  });

  it('refuses a birth date in the future', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    refused(await post(rs.people.coordinator, '/dcap/subject/update', { id: subject.id, version: 1, birthDate: '2999-01-01' }), 400, 'subject.birth_date_future');
  });
});

describe('the subject list', () => {
  it('filters by status, code, initials, screening number and dates, pages, and counts per status under the other filters', async () => {
    const { investigator } = rs.people;
    const a = await addSubject(rs, investigator, rs.siteA.id, { subjectCode: 'LIST-1', initials: 'QX', screeningNo: 'SCR-77' });
    const b = await addSubject(rs, investigator, rs.siteA.id, { subjectCode: 'LIST-2', initials: 'QX' });
    ok(await post(investigator, '/dcap/subject/screening', { id: b.id, version: 1, result: 'failure', reason: '不符合入选标准' }));
    const byInitials = await list(investigator, { initials: 'qx' });
    expect(byInitials.list.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    expect(byInitials.counts).toEqual({ RECORD_STATUS_SCREENING: 1, SCREEN_FAILURE: 1 });
    const failed = await list(investigator, { initials: 'QX', status: 'SCREEN_FAILURE' });
    expect(failed.list.map((row) => [row.id, row.statusReason])).toEqual([[b.id, '不符合入选标准']]);
    expect(failed.total).toBe(1);
    expect(failed.counts).toEqual(byInitials.counts);
    expect((await list(investigator, { subjectCode: 'list-1' })).list.map((row) => row.id)).toEqual([a.id]);
    expect((await list(investigator, { screeningNo: 'SCR-7' })).list.map((row) => row.id)).toEqual([a.id]);
    expect((await list(investigator, { subjectCode: 'A01-' })).total).toBeGreaterThan(2);
    const today = calendarDay(new Date());
    expect((await list(investigator, { initials: 'QX', createdFrom: today, createdTo: today })).total).toBe(2);
    expect((await list(investigator, { initials: 'QX', createdTo: '2000-01-01' })).total).toBe(0);
    expect((await list(investigator, { initials: 'QX', enrolledFrom: '2000-01-01' })).total).toBe(0);
    const paged = await list(investigator, { pageSize: 1, pageNo: 2 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(2);
    refused(await post(investigator, '/dcap/subject/list', { createdFrom: '2024-02-30' }), 400, 'request.invalid');
  });

  it('never lists a deleted subject', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { subjectCode: 'GONE-1' });
    ok(await post(rs.people.coordinator, '/dcap/subject/status', { id: subject.id, version: 1, status: 'DEL', reason: '重复录入' }));
    expect((await list(rs.people.coordinator, { subjectCode: 'GONE-1' })).total).toBe(0);
    refused(await get(rs.people.coordinator, `/dcap/subject/info/${subject.id}`), 404, 'subject.not_found');
    // The code is free again once its subject is deleted.
    await addSubject(rs, rs.people.coordinator, rs.siteA.id, { subjectCode: 'GONE-1' });
  });
});

describe('statuses and enrolment (spec 002 §4)', () => {
  it('WF-1 enrols only with random number, treatment phase and first drug number, and never undoes it', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    refused(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 1, ...enrolment, firstDrugNo: '' }), 400, 'request.invalid');
    refused(await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 1, status: 'ARMED' }), 422, 'subject.transition_forbidden');
    const enrolled = ok(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 1, ...enrolment })) as Subject;
    expect(enrolled).toMatchObject({ status: 'ARMED', randomNo: 'R-001', treatmentPhase: 'Phase A', firstDrugNo: 'D-001', enrolledBy: coordinator.username, version: 2 });
    expect(enrolled.enrolledAt).not.toBeNull();
    const [row] = await auditRows(subject.id, 'subject.status');
    expect(row).toMatchObject({ site_id: rs.siteA.id, env: 'uat', old_value: { status: 'RECORD_STATUS_SCREENING' } });
    expect(row?.new_value).toMatchObject({ status: 'ARMED', randomNo: 'R-001', source: 'manual' });
    for (const status of ['RECORD_STATUS_SCREENING', 'SCREEN_SUCCESS', 'SCREEN_FAILURE', 'DEL']) {
      refused(await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 2, status, reason: '撤销' }), 422, 'subject.transition_forbidden');
    }
    refused(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 2, ...enrolment }), 409, 'subject.same_status');
    expect((await info(coordinator, subject.id)).status).toBe('ARMED');
  });

  it('refuses enrolment after a screening failure, and needs a reason for the failure', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    refused(await post(coordinator, '/dcap/subject/screening', { id: subject.id, version: 1, result: 'failure' }), 400, 'subject.reason_required');
    expect(await auditRows(subject.id, 'subject.status')).toEqual([]);
    ok(await post(coordinator, '/dcap/subject/screening', { id: subject.id, version: 1, result: 'failure', reason: '肝功能异常' }));
    const [row] = await auditRows(subject.id, 'subject.status');
    expect(row).toMatchObject({ reason: '肝功能异常', site_id: rs.siteA.id, env: 'uat', old_value: { status: 'RECORD_STATUS_SCREENING' }, new_value: { status: 'SCREEN_FAILURE', statusReason: '肝功能异常' } });
    refused(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 2, ...enrolment }), 422, 'subject.transition_forbidden');
    refused(await post(coordinator, '/dcap/subject/screening', { id: subject.id, version: 2, result: 'success' }), 422, 'subject.transition_forbidden');
  });

  it('refuses completion while a panel is unsigned, frozen or locked, and allows it once every panel with data is signed', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    ok(await post(coordinator, '/dcap/subject/screening', { id: subject.id, version: 1, result: 'success' }));
    ok(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 2, ...enrolment }));
    ok(await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 3, status: 'TESTING' }));
    const panel = subject.panelInstances.screening?.DM ?? 0;
    for (const status of ['COMPLETED', 'FROZEN', 'LOCKED']) {
      await db().updateTable('panel_instances').set({ status }).where('id', '=', panel).execute();
      const reply = await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 4, status: 'TEST_FIX' }, 'en-US');
      refused(reply, 422, 'subject.panels_not_signed');
      expect(reply.body.msg).toContain('1 forms');
    }
    await db().updateTable('panel_instances').set({ status: 'SIGNED' }).where('id', '=', panel).execute();
    expect((ok(await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 4, status: 'TEST_FIX' })) as Subject).status).toBe('TEST_FIX');
    refused(await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 5, status: 'TEST_EXIT', reason: 'x' }), 422, 'subject.transition_forbidden');
  });

  it('needs a reason to quit, and ends there', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    ok(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 1, ...enrolment }));
    refused(await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 2, status: 'TEST_EXIT' }), 400, 'subject.reason_required');
    const quit = ok(await post(coordinator, '/dcap/subject/status', { id: subject.id, version: 2, status: 'TEST_EXIT', reason: '撤回知情同意' })) as Subject;
    expect(quit).toMatchObject({ status: 'TEST_EXIT', statusReason: '撤回知情同意' });
  });

  it('asks for the clinical number and the subject information before enrolment when the project says so', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id, { initials: null });
    await setConfig({ clinicalNumber: true, clinicalNumberMust: true, varsRequeredOnRecruit: true });
    try {
      refused(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 1, ...enrolment }), 422, 'subject.clinical_number_required');
      ok(await post(coordinator, '/dcap/subject/update', { id: subject.id, version: 1, screeningNo: 'H-1' }));
      refused(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 2, ...enrolment }), 422, 'subject.enrolment_vars_missing');
      ok(await post(coordinator, '/dcap/subject/update', { id: subject.id, version: 2, initials: 'WW', idNumber: '11010519491231002X', consentDate: '2024-01-02' }));
      expect((ok(await post(coordinator, '/dcap/subject/enrol', { id: subject.id, version: 3, ...enrolment })) as Subject).status).toBe('ARMED');
    } finally {
      await setConfig({});
    }
  });
});

describe('pre-screening (project flag preScreen)', () => {
  it('refuses a pre-screening candidate unless the project pre-screens and has not suspended it', async () => {
    const { coordinator } = rs.people;
    refused(await post(coordinator, '/dcap/subject/save', { siteId: rs.siteA.id, preScreen: true }), 422, 'subject.pre_screen_off');
    await setConfig({ preScreen: true, preScreenSuspend: true });
    refused(await post(coordinator, '/dcap/subject/save', { siteId: rs.siteA.id, preScreen: true }), 422, 'subject.pre_screen_off');
    await setConfig({ preScreen: true });
    try {
      const candidate = ok(await post(coordinator, '/dcap/subject/save', { siteId: rs.siteA.id, preScreen: true })) as Subject;
      expect(candidate.status).toBe('RECORD_STATUS_PRESCREEN');
      expect((ok(await get(coordinator, '/dcap/subject/options')) as { preScreen: boolean }).preScreen).toBe(true);
      refused(await post(coordinator, '/dcap/subject/enrol', { id: candidate.id, version: 1, ...enrolment }), 422, 'subject.transition_forbidden');
      const screening = ok(await post(coordinator, '/dcap/subject/status', { id: candidate.id, version: 1, status: 'RECORD_STATUS_SCREENING' })) as Subject;
      expect(screening.status).toBe('RECORD_STATUS_SCREENING');
    } finally {
      await setConfig({});
    }
  });
});

describe('screening-plan rollback requests (spec 002 §4)', () => {
  it('WF-1 lets a coordinator ask, refuses a second request and the requester’s own decision, and approval returns the subject to screening', async () => {
    const { coordinator, projectAdmin } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    refused(await post(coordinator, '/dcap/subject/request/rollback', { subjectId: subject.id, reason: '误判' }), 422, 'subject.rollback_not_allowed');
    ok(await post(coordinator, '/dcap/subject/screening', { id: subject.id, version: 1, result: 'failure', reason: '血常规异常' }));
    const screening = subject.eventInstances.screening ?? 0;
    await db().updateTable('event_instances').set({ planned_date: '2020-01-01', window_start: '2020-01-01', window_end: '2020-01-01', actual_date: '2020-01-02' }).where('id', '=', screening).execute();
    const request = ok(await post(coordinator, '/dcap/subject/request/rollback', { subjectId: subject.id, reason: '化验单录入错误' })) as SubjectRequest;
    expect(request).toMatchObject({ state: 'pending', reason: '化验单录入错误', requestedBy: coordinator.username, subjectStatus: 'SCREEN_FAILURE' });
    expect((await info(coordinator, subject.id)).pendingRollback).toBe(true);
    refused(await post(coordinator, '/dcap/subject/request/rollback', { subjectId: subject.id, reason: '再次' }), 409, 'subject.request_pending');
    refused(await post(coordinator, '/dcap/subject/request/decide', { id: request.id, approve: true }), 403, 'permission.project_forbidden');
    refused(await post(rs.people.siteBUser, '/dcap/subject/request/decide', { id: request.id, approve: true }), 403, 'permission.project_forbidden');

    const decided = ok(await post(projectAdmin, '/dcap/subject/request/decide', { id: request.id, approve: true })) as SubjectRequest;
    expect(decided).toMatchObject({ state: 'approved', decidedBy: projectAdmin.username, subjectStatus: 'RECORD_STATUS_SCREENING' });
    const after = await info(coordinator, subject.id);
    expect(after).toMatchObject({ status: 'RECORD_STATUS_SCREENING', statusReason: null, pendingRollback: false });
    const today = calendarDay(new Date());
    const visit = await db().selectFrom('event_instances').selectAll().where('id', '=', screening).executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ planned_date: today, window_start: today, window_end: today, actual_date: null });
    const [row] = (await auditRows(subject.id, 'subject.status')).slice(-1);
    expect(row).toMatchObject({ reason: '化验单录入错误', site_id: rs.siteA.id, env: 'uat', old_value: { status: 'SCREEN_FAILURE' } });
    refused(await post(projectAdmin, '/dcap/subject/request/decide', { id: request.id, approve: false, comment: 'x' }), 409, 'subject.request_decided');
    const requestRows = await db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'subject_request').where('entity_id', '=', String(request.id)).orderBy('id').execute();
    expect(requestRows.map((one) => [one.action, one.actor_username, one.site_id, one.env])).toEqual([
      ['subject_request.create', coordinator.username, rs.siteA.id, 'uat'],
      ['subject_request.decide', projectAdmin.username, rs.siteA.id, 'uat'],
    ]);
    expect(requestRows[1]).toMatchObject({ old_value: { state: 'pending' }, new_value: { state: 'approved', subjectId: subject.id } });
  });

  it('never lets the requester decide, and a rejection needs a comment and leaves the subject as it was', async () => {
    const { coordinator, projectAdmin } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    ok(await post(coordinator, '/dcap/subject/screening', { id: subject.id, version: 1, result: 'success' }));
    const own = ok(await post(projectAdmin, '/dcap/subject/request/rollback', { subjectId: subject.id, reason: '需要重新筛选' })) as SubjectRequest;
    refused(await post(projectAdmin, '/dcap/subject/request/decide', { id: own.id, approve: true }), 403, 'subject.request_own');
    const admin = { id: rs.study.admin.id, username: rs.study.admin.username, token: rs.study.admin.token };
    ok(await get(admin, `/dcap/project/store/${rs.projectId}`));
    ok(await get(admin, '/dcap/projectEnv/selectEnv/uat'));
    refused(await post(admin, '/dcap/subject/request/decide', { id: own.id, approve: false }), 400, 'subject.comment_required');
    const rejected = ok(await post(admin, '/dcap/subject/request/decide', { id: own.id, approve: false, comment: '理由不充分' })) as SubjectRequest;
    expect(rejected).toMatchObject({ state: 'rejected', decisionComment: '理由不充分', subjectStatus: 'SCREEN_SUCCESS' });
    expect((await info(coordinator, subject.id)).status).toBe('SCREEN_SUCCESS');
    const pending = ok(await post(coordinator, '/dcap/subject/request/list', { state: 'rejected', subjectId: subject.id })) as SubjectRequestPage;
    expect(pending.list.map((row) => row.id)).toEqual([own.id]);
    const siteB = ok(await post(rs.people.siteBUser, '/dcap/subject/request/list', {})) as SubjectRequestPage;
    expect(siteB.list.every((row) => row.siteId === rs.siteB.id)).toBe(true);
    expect(siteB.total).toBe(0);
  });
});
