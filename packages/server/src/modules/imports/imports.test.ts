import type { ImportTaskDetail, ImportTaskPage, RecordPanel } from '@dcap/core';
import { sql } from 'kysely';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy, useDesignVariant } from '../../test/records.fixture.js';
import { changedTables, tableChecksums } from '../../test/checksum.js';
import { PNG } from '../attachments/attachments.fixture.js';
import { csv, detail, importer, uploadSheet } from './imports.fixture.js';

let rs: RecordsStudy;
let importerA: Persona;
let importerB: Persona;
let subjects: AddedSubject[];
let subjectB: AddedSubject;

const db = () => rs.study.t.database.db;
const drain = () => rs.study.t.app.jobs.drain();
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, ...(lang ? { lang } : {}) });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const dm = (s: AddedSubject) => s.panelInstances.screening?.DM ?? 0;
const vs = (s: AddedSubject) => s.panelInstances.screening?.VS ?? 0;
const no = (index: number) => subjects[index]?.platformNo ?? '';
/** The tables of study data an import writes; a dry run or a refused apply must leave every one unchanged. */
const DATA_TABLES = ['field_values', 'panel_instances', 'subjects', 'event_instances', 'signatures', 'queries', 'attachments'];
const dataChanged = (before: Record<string, string>, after: Record<string, string>) => changedTables(before, after).filter((name) => DATA_TABLES.includes(name));

async function panel(id: number): Promise<RecordPanel> {
  return ok(await get(rs.people.projectAdmin, `/dcap/project/recordDataManage/panel/${String(id)}`)) as RecordPanel;
}

async function save(who: Persona, panelInstanceId: number, values: Record<string, unknown>): Promise<void> {
  const current = await panel(panelInstanceId);
  ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId, version: current.version, values: { ...current.values, ...values }, reasons: {} }));
}

const setField = (panelInstanceId: number, path: string, change: { status?: 'LOCKED' | 'SIGNED'; frozen?: boolean }) =>
  db().updateTable('field_values').set(change).where('panel_instance_id', '=', panelInstanceId).where('path', '=', path).execute();

const valueAudits = (panelInstanceId: number) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', 'record.value').where('entity_id', 'like', `${String(panelInstanceId)}:%`).orderBy('id').execute();

const problemsOf = (task: ImportTaskDetail) => Object.fromEntries(task.rows.map((row) => [row.row, row.errors.map((error) => `${error.column ?? '-'}:${error.code}`)]));

async function checked(who: Persona, instrumentId: number, rows: (string | number)[][], name = 'data.csv'): Promise<ImportTaskDetail> {
  return ok(await uploadSheet(rs, who, instrumentId, csv(rows), name)) as ImportTaskDetail;
}

const DM_HEADER = ['受试者编号', '访视', 'INITIALS', '出生日期', 'Sex'];
const REASON = { code: 'TRANSCRIPTION_ERROR' };

beforeAll(async () => {
  rs = await openRecordsStudy('IMP');
  importerA = await importer(rs, 'impa', [rs.siteA.id]);
  importerB = await importer(rs, 'impb', [rs.siteB.id]);
  subjects = [];
  for (let index = 0; index < 5; index += 1) subjects.push(await addSubject(rs, rs.people.coordinator, rs.siteA.id));
  subjectB = await addSubject(rs, rs.people.siteBUser, rs.siteB.id);
  const [s0, , s2, s3] = subjects as [AddedSubject, AddedSubject, AddedSubject, AddedSubject];
  await save(rs.people.coordinator, dm(s0), { INITIALS: 'AB', SEX: '1' });
  await save(rs.people.coordinator, dm(s2), { INITIALS: 'CD', BRTHDAT: '1970-01-01' });
  await setField(dm(s2), 'INITIALS', { status: 'LOCKED' });
  await setField(dm(s2), 'BRTHDAT', { frozen: true });
  await save(rs.people.coordinator, dm(s3), { SEX: '1' });
  await setField(dm(s3), 'SEX', { status: 'SIGNED' });
}, 240_000);
afterAll(() => rs.study.t.close());

describe('the dry run', () => {
  it('reports every problem on its row and column and changes no study data', async () => {
    const before = await tableChecksums(rs.study.t.database);
    const task = await checked(importerA, rs.instruments.DM, [
      [...DM_HEADER, 'COLOUR'],
      ['subject', 'visit', 'INITIALS', 'BRTHDAT', 'SEX', 'COLOUR'],
      [no(0), '筛选期', 'XY', '1980/1/2', 'Female', ''],
      ['NOPE-1', 'Screening', 'AA', '', '', ''],
      [subjectB.platformNo, 'Screening', 'BB', '', '', ''],
      [no(1), 'Visit 9', 'CC', '', '', ''],
      [no(1), 'Baseline', 'CC', '', '', ''],
      [no(1), 'Screening', 'DD', 'abc', '3', ''],
      [no(2), 'Screening', 'EE', '1990-01-01', '', ''],
      [no(3), 'Screening', '', '', '2', 'red'],
      [no(0), 'screening', 'XY', '', '', ''],
      ['', 'Screening', 'x', '', '', ''],
    ]);
    expect(problemsOf(task)).toEqual({
      3: [],
      4: ['subject:import.unknown_subject'],
      // Another site's subject is as unknown as one that does not exist (COMPLIANCE WF-3).
      5: ['subject:import.unknown_subject'],
      6: ['visit:import.unknown_visit'],
      7: ['visit:import.unknown_visit'],
      8: ['BRTHDAT:import.date_invalid', 'SEX:import.value_not_allowed'],
      9: ['INITIALS:import.target_locked', 'BRTHDAT:import.target_frozen'],
      10: ['COLOUR:import.unknown_field', 'SEX:import.target_signed'],
      11: ['-:import.duplicate_row'],
      12: ['subject:import.subject_blank'],
    });
    expect(task.task).toMatchObject({ status: 'checked', rowsTotal: 10, rowsOk: 1, rowsWithErrors: 9, format: 'csv', fileName: 'data.csv', canApply: false });
    expect(task.rows[0]).toMatchObject({ outcome: 'ok', changes: 3, changesOfSaved: 2, cells: { INITIALS: 'XY', BRTHDAT: '1980/1/2', SEX: 'Female' } });
    expect(task.columns).toEqual([
      { model: 'INITIALS', title: '姓名缩写' },
      { model: 'BRTHDAT', title: '出生日期' },
      { model: 'SEX', title: '性别' },
    ]);
    const after = await tableChecksums(rs.study.t.database);
    expect(dataChanged(before, after)).toEqual([]);
    expect(changedTables(before, after).sort()).toEqual(expect.arrayContaining(['audit_log', 'record_import_rows', 'record_imports']));
    // The messages follow the reader's language.
    const english = await detail(rs, importerA, task.task.id, 'en-US');
    expect(english.rows.find((row) => row.row === 8)?.errors.map((error) => error.message)).toEqual(['“abc” is not a valid date', '“3” is not one of the options']);
    expect(english.columns[2]).toEqual({ model: 'SEX', title: 'Sex' });
    refused(await post(importerA, '/dcap/platformDataImport/record/apply', { id: task.task.id, reason: REASON }), 409, 'import.has_errors');
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'import.check').where('entity_id', '=', String(task.task.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: importerA.id, env: 'uat', project_id: rs.projectId });
  });

  it('refuses a file it cannot read, a sheet without rows and a header without fields, writing nothing', async () => {
    const before = await tableChecksums(rs.study.t.database);
    refused(await uploadSheet(rs, importerA, rs.instruments.DM, PNG, 'photo.png'), 400, 'import.file_unreadable');
    refused(await uploadSheet(rs, importerA, rs.instruments.DM, csv([DM_HEADER, ['subject', 'visit', 'INITIALS', 'BRTHDAT', 'SEX']])), 400, 'import.sheet_empty');
    refused(await uploadSheet(rs, importerA, rs.instruments.DM, csv([['a', 'b', 'c'], ['x', 'y', 'z']])), 400, 'import.no_field_columns');
    refused(await uploadSheet(rs, importerA, 999_999, csv([DM_HEADER, [no(0), 'Screening', 'A', '', '']])), 404, 'import.instrument_not_found');
    refused(await uploadSheet(rs, importerA, rs.instruments.DM, Buffer.from('a,"b\n1,2'), 'broken.csv', 'en-US'), 400, 'import.file_unreadable');
    expect(changedTables(before, await tableChecksums(rs.study.t.database)).filter((name) => name !== 'sessions')).toEqual([]);
  });

  it('reads an xlsx filled in from the template, dates and numbers as cells', async () => {
    const reply = await rs.study.t.request({ method: 'GET', url: `/dcap/platformDataImport/record/template/${String(rs.instruments.DM)}`, headers: { token: importerA.token, 'accept-language': 'en-US' } });
    expect(reply.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(reply.rawPayload);
    expect(sheet?.data[0]).toEqual(['Subject', 'Visit', 'Initials', 'Date of birth', 'Sex']);
    expect(sheet?.data[1]).toEqual(['subject', 'visit', 'INITIALS', 'BRTHDAT', 'SEX']);
    const rows = [...(sheet?.data ?? []).map((row) => row.map((value) => ({ value: String(value) }))), [{ value: no(4) }, { value: 'Screening' }, { value: 'QR' }, { value: new Date(Date.UTC(1985, 5, 7)), type: Date, format: 'yyyy-mm-dd' }, { value: 2, type: Number }]];
    const bytes = await writeXlsxFile(rows as never, {}).toBuffer();
    const task = ok(await uploadSheet(rs, importerA, rs.instruments.DM, bytes, 'filled.xlsx')) as ImportTaskDetail;
    expect(task.task).toMatchObject({ format: 'xlsx', rowsTotal: 1, rowsWithErrors: 0, changes: 3, changesOfSaved: 0, canApply: true });
    const stored = await db().selectFrom('record_import_rows').select('field_values').where('import_id', '=', task.task.id).executeTakeFirstOrThrow();
    expect(stored.field_values).toEqual({ INITIALS: 'QR', BRTHDAT: '1985-06-07', SEX: '2' });
  });
});

describe('applying', () => {
  it('wants a reason when saved values change, then writes every row through the panel save with audit rows and statuses', async () => {
    const [s0, s1] = subjects as [AddedSubject, AddedSubject];
    const task = await checked(importerA, rs.instruments.DM, [DM_HEADER, [no(0), '筛选期', 'XY', '1980/1/2', 'Female'], [no(1), 'Screening', 'GH', '1975-05-06', 'Male']]);
    expect(task.task).toMatchObject({ rowsWithErrors: 0, changes: 6, changesOfSaved: 2, canApply: true });
    const before = await tableChecksums(rs.study.t.database);
    refused(await post(importerA, '/dcap/platformDataImport/record/apply', { id: task.task.id }), 400, 'import.reason_required');
    refused(await post(importerA, '/dcap/platformDataImport/record/apply', { id: task.task.id, reason: { code: 'OTHER' } }), 400, 'import.reason_required');
    expect(dataChanged(before, await tableChecksums(rs.study.t.database))).toEqual([]);
    const statusBefore = (await panel(dm(s1))).status;

    const queued = ok(await post(importerA, '/dcap/platformDataImport/record/apply', { id: task.task.id, reason: REASON })) as ImportTaskDetail;
    expect(queued.task).toMatchObject({ status: 'queued', canApply: false });
    expect(await drain()).toBe(1);
    const done = await detail(rs, importerA, task.task.id);
    expect(done.task).toMatchObject({ status: 'applied', rowsWritten: 2, valuesChanged: 6, progress: { done: 2, total: 2 }, appliedBy: importerA.username, failure: null });
    expect(done.rows.map((row) => [row.row, row.outcome, row.changes])).toEqual([
      [2, 'written', 3],
      [3, 'written', 3],
    ]);
    expect((await panel(dm(s0))).values).toMatchObject({ INITIALS: 'XY', BRTHDAT: '1980-01-02', SEX: '2' });
    const second = await panel(dm(s1));
    expect(second.values).toMatchObject({ INITIALS: 'GH', BRTHDAT: '1975-05-06', SEX: '1' });
    expect(second.status).not.toBe(statusBefore);
    const audits = await valueAudits(dm(s0));
    const changed = audits.filter((row) => row.reason?.includes('TRANSCRIPTION_ERROR'));
    expect(changed.map((row) => row.entity_id).sort()).toEqual([`${String(dm(s0))}:BRTHDAT`, `${String(dm(s0))}:INITIALS`, `${String(dm(s0))}:SEX`]);
    for (const row of changed) expect(row).toMatchObject({ actor_id: importerA.id, site_id: rs.siteA.id, env: 'uat' });
    expect((await db().selectFrom('audit_log').selectAll().where('action', '=', 'import.apply').where('entity_id', '=', String(task.task.id)).execute()).length).toBe(1);
    refused(await post(importerA, '/dcap/platformDataImport/record/apply', { id: task.task.id, reason: REASON }), 409, 'import.not_applicable');
  });

  it('recomputes formulas and refuses a computed column until the sheet leaves it out', async () => {
    const [s0, s1] = subjects as [AddedSubject, AddedSubject];
    const header = ['Subject', 'Visit', 'HEIGHT', 'WEIGHT', 'BMI'];
    const wrong = await checked(importerA, rs.instruments.VS, [header, [no(0), 'Screening', 170, 65, ''], [no(1), 'Screening', 180, 81, 99]]);
    expect(problemsOf(wrong)).toEqual({ 2: [], 3: ['BMI:import.formula_field'] });
    const fixed = await checked(importerA, rs.instruments.VS, [header, [no(0), 'Screening', 170, 65, ''], [no(1), 'Screening', 180, 81, '']]);
    expect(fixed.task.rowsWithErrors).toBe(0);
    ok(await post(importerA, '/dcap/platformDataImport/record/apply', { id: fixed.task.id }));
    await drain();
    expect((await detail(rs, importerA, fixed.task.id)).task.status).toBe('applied');
    expect((await panel(vs(s0))).values).toMatchObject({ HEIGHT: 170, WEIGHT: 65, BMI: 22.5 });
    expect((await panel(vs(s1))).values).toMatchObject({ HEIGHT: 180, WEIGHT: 81, BMI: 25 });
  });

  it('refuses what the save of entry refuses, by the panel’s own design version', async () => {
    const s4 = subjects[4] as AddedSubject;
    // This subject's vital signs run a design version whose weight may not pass 100 kg (spec 001 §3.3 max).
    await useDesignVariant(rs, vs(s4), rs.instruments.VS, (design) => {
      const weight = design.list.find((widget) => widget.model === 'WEIGHT');
      if (weight) weight.options = { ...weight.options, max: 100 };
    });
    const task = await checked(importerA, rs.instruments.VS, [['Subject', 'Visit', 'HEIGHT', 'WEIGHT'], [no(4), 'Screening', 170, 150]]);
    expect(problemsOf(task)).toEqual({ 2: ['WEIGHT:import.save_refused'] });
    const english = await detail(rs, importerA, task.task.id, 'en-US');
    expect(english.rows[0]?.errors[0]?.message).toContain('100');
  });

  it('writes nothing when one row fails at apply time, and the task says which and why', async () => {
    const [s0, s1] = subjects as [AddedSubject, AddedSubject];
    const task = await checked(importerA, rs.instruments.DM, [DM_HEADER, [no(0), 'Screening', 'ZZ', '', ''], [no(1), 'Screening', 'YY', '', '']]);
    expect(task.task.rowsWithErrors).toBe(0);
    ok(await post(importerA, '/dcap/platformDataImport/record/apply', { id: task.task.id, reason: REASON }));
    // Between the dry run and the job, the second subject's initials are locked.
    await setField(dm(s1), 'INITIALS', { status: 'LOCKED' });
    const before = await tableChecksums(rs.study.t.database);
    const auditsBefore = (await valueAudits(dm(s0))).length;
    await drain();
    expect(dataChanged(before, await tableChecksums(rs.study.t.database))).toEqual([]);
    expect((await valueAudits(dm(s0))).length).toBe(auditsBefore);
    expect((await panel(dm(s0))).values).toMatchObject({ INITIALS: 'XY' });
    const failed = await detail(rs, importerA, task.task.id, 'en-US');
    expect(failed.task.status).toBe('failed');
    expect(failed.task.failure).toBe('Row 3 could not be written, so nothing was imported: The field is locked and cannot change');
    expect(problemsOf(failed)).toEqual({ 2: [], 3: ['INITIALS:import.target_locked'] });
    const job = await db().selectFrom('jobs').selectAll().where('kind', '=', 'record.import').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    await db().updateTable('field_values').set({ status: 'ENTERING' }).where('panel_instance_id', '=', dm(s1)).where('path', '=', 'INITIALS').execute();
  });

  it('is safe to run again: a job restarted before its write writes once, one restarted after it writes nothing more', async () => {
    const s1 = subjects[1] as AddedSubject;
    const task = await checked(importerA, rs.instruments.DM, [DM_HEADER, [no(1), 'Screening', 'RS', '', '']]);
    ok(await post(importerA, '/dcap/platformDataImport/record/apply', { id: task.task.id, reason: REASON }));
    // A worker that died while checking left the task applying, part checked; the job is queued again.
    await db().updateTable('record_imports').set({ status: 'applying', rows_checked: 1 }).where('id', '=', task.task.id).execute();
    expect(await drain()).toBe(1);
    expect((await detail(rs, importerA, task.task.id)).task).toMatchObject({ status: 'applied', rowsWritten: 1 });
    const audits = (await valueAudits(dm(s1))).length;
    // The worker dies after the write committed, before the job was marked ended: another worker reclaims it.
    const job = await db().selectFrom('jobs').selectAll().where('kind', '=', 'record.import').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db()
      .updateTable('jobs')
      .set({ status: 'running', finished_at: null, heartbeat_at: sql<Date>`now() - interval '1 hour'` })
      .where('id', '=', job.id)
      .execute();
    expect(await rs.study.t.app.jobs.reclaimStale()).toBe(1);
    expect(await drain()).toBe(1);
    expect((await valueAudits(dm(s1))).length).toBe(audits);
    expect((await panel(dm(s1))).values).toMatchObject({ INITIALS: 'RS' });
    expect((await db().selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status).toBe('succeeded');
  });
});

describe('rights and sites', () => {
  it('needs the import right, and shows a caller limited to sites only their own tasks', async () => {
    refused(await uploadSheet(rs, rs.people.coordinator, rs.instruments.DM, csv([DM_HEADER, [no(0), 'Screening', 'A', '', '']])), 403, 'permission.project_forbidden');
    refused(await post(rs.people.coordinator, '/dcap/platformDataImport/record/list', {}), 403, 'permission.project_forbidden');
    const mine = (ok(await post(importerA, '/dcap/platformDataImport/record/list', {})) as ImportTaskPage).records;
    expect(mine.length).toBeGreaterThan(3);
    const theirs = ok(await post(importerB, '/dcap/platformDataImport/record/list', {})) as ImportTaskPage;
    expect(theirs.total).toBe(0);
    refused(await post(importerB, '/dcap/platformDataImport/record/detail', { id: mine[0]?.id }), 404, 'import.task_not_found');
    refused(await post(importerB, '/dcap/platformDataImport/record/apply', { id: mine[0]?.id, reason: REASON }), 404, 'import.task_not_found');
    const all = ok(await post(rs.people.projectAdmin, '/dcap/platformDataImport/record/list', { pageSize: 100 })) as ImportTaskPage;
    expect(all.total).toBe(mine.length);
    expect(all.records[0]).toMatchObject({ instrumentName: expect.any(String) as string, createdBy: importerA.username });
    const own = ok(await uploadSheet(rs, importerB, rs.instruments.DM, csv([DM_HEADER, [subjectB.platformNo, 'Screening', 'BB', '', ''], [no(0), 'Screening', 'AA', '', '']]))) as ImportTaskDetail;
    expect(problemsOf(own)).toEqual({ 2: [], 3: ['subject:import.unknown_subject'] });
    const instruments = ok(await get(importerB, '/dcap/platformDataImport/record/instruments')) as { nameAbbr: string; fields: number }[];
    expect(instruments.map((item) => item.nameAbbr)).toEqual(['DM', 'VS', 'LB']);
  });
});
