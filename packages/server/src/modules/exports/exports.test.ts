import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CodingSetup, CodingValuePage, ExportTask, ExportTaskPage, Panel, RecordPanel } from '@dcap/core';
import { evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ADMIN } from '../../test/harness.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, refused, role } from '../roles/study.fixture.js';
import { multipartForm } from '../attachments/attachments.fixture.js';
import { loadSealKey } from '../audit/seal-key.js';
import { sealVerifies } from '../audit/seal.js';
import { JobWorker } from '../jobs/worker.js';
import { expireExports } from './expiry.js';
import { exportJobHandler } from './handler.js';
import { elements, expectValidOdm, memorySink, widgetOf } from '../odm/odm.fixture.js';
import { writeOdm } from '../odm/writer.js';
import { pdfText } from '../crf-pdf/pdf-text.fixture.js';
import { byHeader, parseCsv, readWorkbook, unzip } from './exports.fixture.js';

let rs: RecordsStudy;
let dataDir: string;
/** Site A only, with the export right. */
let exporterA: Persona;
/** Every site, with the export right. */
let exporterAll: Persona;
let a1: AddedSubject;
let a2: AddedSubject;
let a3: AddedSubject;
let b1: AddedSubject;

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, ...(lang ? { lang } : {}) });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const today = () => studyToday(rs.study.t.clock.now());
const pid = (s: AddedSubject, event: 'screening' | 'baseline', abbr: 'DM' | 'VS' | 'CM') => s.panelInstances[event]?.[abbr] ?? 0;

async function save(who: Persona, panelInstanceId: number, typed: Record<string, unknown>): Promise<void> {
  const panel = ok(await get(who, `/dcap/project/recordDataManage/panel/${String(panelInstanceId)}`)) as RecordPanel;
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, ...typed }, { today }).values;
  ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId, version: panel.version, values }));
}

async function createTask(who: Persona, body: Record<string, unknown>): Promise<ExportTask> {
  return ok(await post(who, '/dcap/export/task/create', body)) as ExportTask;
}

async function download(who: Persona, id: number): Promise<Buffer> {
  const reply = await rs.study.t.request({ method: 'GET', url: `/dcap/export/task/download?id=${String(id)}`, headers: { token: who.token } });
  expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
  return reply.rawPayload;
}

/** Creates the task, runs the job to its end and downloads the file. */
async function exportFile(who: Persona, body: Record<string, unknown>): Promise<{ task: ExportTask; file: Buffer }> {
  const created = await createTask(who, body);
  await rs.study.t.app.jobs.drain();
  const task = ok(await get(who, `/dcap/export/task/detail?id=${String(created.id)}`)) as ExportTask;
  expect(task.status, JSON.stringify(task.error)).toBe('finished');
  return { task, file: await download(who, task.id) };
}

const csvRows = (file: Buffer) => byHeader(parseCsv(file.toString('utf8')));

/** A task's progress as the database holds it, `done/total`. */
async function progressOf(taskId: number): Promise<string> {
  const row = await db().selectFrom('export_tasks').select(['progress_done', 'progress_total']).where('id', '=', taskId).executeTakeFirstOrThrow();
  return `${String(row.progress_done)}/${String(row.progress_total)}`;
}

/** The job row behind a task. */
function jobOf(taskId: number) {
  return db()
    .selectFrom('export_tasks')
    .innerJoin('jobs', 'jobs.id', 'export_tasks.job_id')
    .select(['jobs.status', 'jobs.attempts', 'jobs.result', 'jobs.params'])
    .where('export_tasks.id', '=', taskId)
    .executeTakeFirstOrThrow();
}

/**
 * Runs the next queued job on a worker of its own, calling `watch` after each of its steps (run or replayed)
 * with the step's name and a way to stop the worker there, as a server shutting down would.
 */
async function runWatched(watch: (name: string, stop: () => void) => Promise<void>): Promise<void> {
  const worker = new JobWorker(rs.study.t.deps, { warn: () => undefined });
  const handler = exportJobHandler(() => 7);
  const stop = () => void worker.stop();
  worker.register({
    kind: handler.kind,
    run: (context) =>
      handler.run({
        ...context,
        step: async (name, work) => {
          const value = await context.step(name, work);
          await watch(name, stop);
          return value;
        },
      }),
  });
  expect(await worker.runOnce()).toBe(true);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-export-'));
  // Two subjects per job step, so a few subjects already take several steps.
  const t = await createTestContext({ DATA_DIR: dataDir, EXPORT_BATCH_SUBJECTS: '2' });
  const token = await t.signIn(ADMIN.username, ADMIN.password);
  rs = await openRecordsStudy('EXP', { t, admin: { id: 1, username: ADMIN.username, token } });
  const { projectAdmin } = rs.people;
  const member = async (name: string, sites: number[] | 'all') => {
    const created = await role(rs.study, projectAdmin, { projectId: rs.projectId, alias: `EXP-${name}`, institutionIds: sites, export: true });
    const p = await person(rs.study, `EXP.${name}`);
    await grant(rs.study, projectAdmin, rs.projectId, { roleId: created.id, userIds: [p.id] });
    await enter(rs.study, p, rs.projectId, created.id);
    ok(await get(p, '/dcap/projectEnv/selectEnv/uat'));
    return p;
  };
  exporterA = await member('a', [rs.siteA.id]);
  exporterAll = await member('all', 'all');

  const { coordinator, siteBUser } = rs.people;
  a1 = await addSubject(rs, coordinator, rs.siteA.id);
  a2 = await addSubject(rs, coordinator, rs.siteA.id);
  a3 = await addSubject(rs, coordinator, rs.siteA.id);
  b1 = await addSubject(rs, siteBUser, rs.siteB.id);
  await save(coordinator, pid(a1, 'screening', 'DM'), { INITIALS: '=1+1', BRTHDAT: '1980-01-02', SEX: '1' });
  await save(coordinator, pid(a1, 'screening', 'VS'), { VSDAT: '2024-01-03', HEIGHT: 170.5, WEIGHT: 65 });
  await save(coordinator, pid(a1, 'baseline', 'CM'), {
    [rs.cm.table]: [
      { [rs.cm.drug]: 'Aspirin, 100mg', [rs.cm.dose]: 1.5 },
      { [rs.cm.drug]: '他汀"X"\n每日', [rs.cm.dose]: -2 },
    ],
  });
  await save(coordinator, pid(a2, 'screening', 'DM'), { INITIALS: 'CD', SEX: '2' });
  await save(siteBUser, pid(b1, 'screening', 'DM'), { INITIALS: 'EF', SEX: '1' });
}, 240_000);
afterAll(async () => {
  await rs.study.t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('subject data, wide layout', () => {
  it('writes one row per subject and visit instance with every entered value in its column, CSV-quoted and formula-guarded', async () => {
    const { task, file } = await exportFile(exporterA, { module: 'subjectData', format: 'csv', layout: 'wide', dictionary: false });
    expect(task).toMatchObject({ status: 'finished', progress: { done: 3, total: 3 }, sizeBytes: file.length, filters: { siteIds: [rs.siteA.id] } });
    expect(task.fileName).toMatch(/^EXP-uat-subjectData-wide-\d{8}-\d+\.csv$/);
    const rows = csvRows(file);
    const header = parseCsv(file.toString('utf8'))[0] ?? [];
    expect(header.slice(0, 5)).toEqual(['subject', 'site', 'status', 'visit', 'visitRepeat']);
    expect(header).toEqual(expect.arrayContaining(['DM.INITIALS', 'VS.BMI', 'CM.CMTAB[1].CMTRT', 'CM.CMTAB[2].CMDOSE']));
    expect(header).not.toContain('CM.CMTAB[3].CMTRT');
    // Site A's subjects only, each with a row per visit instance it has.
    const visits = await db().selectFrom('event_instances').select(['subject_id']).where('subject_id', 'in', [a1.id, a2.id, a3.id]).execute();
    expect(rows).toHaveLength(visits.length);
    expect(new Set(rows.map((row) => row.subject))).toEqual(new Set([a1.platformNo, a2.platformNo, a3.platformNo]));
    expect(rows.every((row) => row.site === 'A01')).toBe(true);
    const screening = rows.find((row) => row.subject === a1.platformNo && row.visit === '筛选期');
    expect(screening).toMatchObject({ 'DM.INITIALS': "'=1+1", 'DM.BRTHDAT': '1980-01-02', 'DM.SEX': '1', 'VS.HEIGHT': '170.5', 'VS.WEIGHT': '65', 'VS.BMI': '22.4', visitRepeat: '1' });
    const baseline = rows.find((row) => row.subject === a1.platformNo && row.visit === '基线');
    expect(baseline).toMatchObject({ 'CM.CMTAB[1].CMTRT': 'Aspirin, 100mg', 'CM.CMTAB[1].CMDOSE': '1.5', 'CM.CMTAB[2].CMTRT': '他汀"X"\n每日', 'CM.CMTAB[2].CMDOSE': '-2' });
    expect(rows.find((row) => row.subject === a2.platformNo && row.visit === '筛选期')).toMatchObject({ 'DM.INITIALS': 'CD', 'DM.SEX': '2', 'VS.HEIGHT': '' });
  });

  it('gives the same cells in xlsx, numbers as numbers, with the data dictionary as a second sheet', async () => {
    const csv = csvRows((await exportFile(exporterAll, { module: 'subjectData', format: 'csv', layout: 'wide', dictionary: false })).file);
    const { task, file } = await exportFile(exporterAll, { module: 'subjectData', format: 'xlsx', layout: 'wide', dictionary: true });
    expect(task.fileName).toMatch(/\.xlsx$/);
    const book = await readWorkbook(file);
    expect(Object.keys(book)).toEqual(['data', 'dictionary']);
    const sheet = book.data ?? [];
    const xlsx = byHeader(sheet);
    expect(xlsx).toHaveLength(csv.length);
    expect(new Set(csv.map((row) => row.subject))).toEqual(new Set([a1.platformNo, a2.platformNo, a3.platformNo, b1.platformNo]));
    csv.forEach((row, index) => {
      for (const [column, text] of Object.entries(row)) {
        const cell = xlsx[index]?.[column];
        // CSV guards a leading = with a quote; the sheet holds the text itself, as an inline string.
        const expected = text.startsWith("'=") ? text.slice(1) : text;
        expect(cell === null || cell === undefined ? '' : String(cell), `${column} of row ${String(index)}`).toBe(expected);
      }
    });
    const screening = xlsx.find((row) => row.subject === a1.platformNo && row.visit === '筛选期');
    expect(screening?.['VS.HEIGHT']).toBe(170.5);
    expect(screening?.['DM.INITIALS']).toBe('=1+1');
    const dictionary = byHeader(book.dictionary ?? []);
    expect(dictionary.find((row) => row.column === 'DM.SEX')).toMatchObject({ label: '性别', labelEn: 'Sex', type: 'radio', options: '1=男 / Male; 2=女 / Female' });
    expect(dictionary.find((row) => row.column === 'VS.BMI')?.formula).toBe('round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)');
    expect(dictionary.find((row) => row.column === 'CM.CMTAB[n].CMDOSE')).toMatchObject({ panel: 'CM', field: 'CMTAB.CMDOSE', label: '合并用药 / 剂量', labelEn: 'Concomitant medication / Dose' });
  });
});

describe('subject data, long layout', () => {
  it('writes every stored value once with its option label, status, who and when; a zip holds the data and its dictionary', async () => {
    const { task, file } = await exportFile(exporterAll, { module: 'subjectData', format: 'csv', layout: 'long', dictionary: true, timeZone: 'Asia/Shanghai' });
    expect(task.fileName).toMatch(/\.zip$/);
    const files = unzip(file);
    expect(Object.keys(files).sort()).toEqual(['data.csv', 'dictionary.csv']);
    const rows = csvRows(files['data.csv'] ?? Buffer.alloc(0));
    const stored = await db()
      .selectFrom('field_values')
      .innerJoin('panel_instances', 'panel_instances.id', 'field_values.panel_instance_id')
      .innerJoin('subjects', 'subjects.id', 'panel_instances.subject_id')
      .leftJoin('users', 'users.id', 'field_values.updated_by')
      .select(['subjects.platform_no', 'field_values.path', 'field_values.value', 'field_values.status', 'users.username', 'panel_instances.instrument_id'])
      .where('subjects.env_id', '=', rs.env.id)
      .execute();
    expect(rows).toHaveLength(stored.length);
    for (const value of stored) {
      const abbr = Object.entries(rs.instruments).find(([, id]) => id === value.instrument_id)?.[0];
      const found = rows.filter((row) => row.subject === value.platform_no && row.path === value.path && row.panel === abbr);
      expect(found, `${value.platform_no} ${value.path}`).toHaveLength(1);
      const text = value.value === null ? '' : typeof value.value === 'string' ? value.value : JSON.stringify(value.value);
      expect(found[0]?.value).toBe(/^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text);
      expect(found[0]?.status).toBe(value.status);
      expect(found[0]?.changedBy).toBe(value.username ?? '');
    }
    const sex = rows.find((row) => row.subject === a1.platformNo && row.path === 'SEX');
    expect(sex).toMatchObject({ value: '1', label: '男', site: 'A01', visit: '筛选期', visitRepeat: '1', panel: 'DM', panelRepeat: '1', frozen: 'N', inactiveType: '' });
    expect(sex?.changedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+08:00$/);
    expect(rows.find((row) => row.subject === a1.platformNo && row.path === `${rs.cm.table}#r2.${rs.cm.drug}`)?.value).toBe('他汀"X"\n每日');
    const dictionary = csvRows(files['dictionary.csv'] ?? Buffer.alloc(0));
    expect(dictionary.map((row) => row.column)).toEqual(expect.arrayContaining(['DM.INITIALS', 'VS.BMI', 'CM.CMTAB[n].CMTRT']));
  });

  it('reads back the same values from xlsx', async () => {
    const csv = csvRows((await exportFile(exporterAll, { module: 'subjectData', format: 'csv', layout: 'long', dictionary: false })).file);
    const book = await readWorkbook((await exportFile(exporterAll, { module: 'subjectData', format: 'xlsx', layout: 'long', dictionary: false })).file);
    expect(Object.keys(book)).toEqual(['data']);
    const xlsx = byHeader(book.data ?? []);
    expect(xlsx).toHaveLength(csv.length);
    csv.forEach((row, index) => {
      for (const column of ['subject', 'path', 'value', 'label', 'status', 'changedBy']) {
        const cell = xlsx[index]?.[column];
        const text = row[column] ?? '';
        expect(cell === null || cell === undefined ? '' : String(cell)).toBe(text.startsWith("'=") ? text.slice(1) : text);
      }
    });
  });

  it('exports only subjects of the statuses asked for', async () => {
    await db().updateTable('subjects').set({ status: 'SCREEN_FAILURE' }).where('id', '=', a2.id).execute();
    const { task, file } = await exportFile(exporterAll, { module: 'subjectData', format: 'csv', layout: 'long', dictionary: false, statuses: ['SCREEN_FAILURE'] });
    await db().updateTable('subjects').set({ status: 'RECORD_STATUS_SCREENING' }).where('id', '=', a2.id).execute();
    expect(task.progress).toEqual({ done: 1, total: 1 });
    expect(new Set(csvRows(file).map((row) => row.subject))).toEqual(new Set([a2.platformNo]));
  });

  it('narrows to the visits, panels and fields asked for', async () => {
    const { file } = await exportFile(exporterAll, { module: 'subjectData', format: 'csv', layout: 'long', dictionary: false, eventIds: [rs.events.screening], fields: ['DM.SEX', 'VS.HEIGHT'] });
    const rows = csvRows(file);
    expect(new Set(rows.map((row) => row.path))).toEqual(new Set(['SEX', 'HEIGHT']));
    expect(rows.every((row) => row.visit === '筛选期')).toBe(true);
    expect(rows.filter((row) => row.path === 'SEX').map((row) => row.subject).sort()).toEqual([a1.platformNo, a2.platformNo, b1.platformNo].sort());
  });
});

describe('who may export what', () => {
  it('refuses a caller without the export right, and writes nothing', async () => {
    const before = await db().selectFrom('export_tasks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    refused(await post(rs.people.dataManager, '/dcap/export/task/create', { module: 'subjectData' }), 403, 'permission.project_forbidden');
    refused(await get(rs.people.dataManager, '/dcap/export/task/list'), 403, 'permission.project_forbidden');
    const after = await db().selectFrom('export_tasks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a site outside the caller’s sites as not found, and gives a site-limited role only its sites’ rows', async () => {
    refused(await post(exporterA, '/dcap/export/task/create', { module: 'subjectData', siteIds: [rs.siteB.id] }), 404, 'export.site_not_found');
    refused(await post(exporterA, '/dcap/export/task/create', { module: 'subjectData', siteIds: [rs.siteA.id, rs.siteB.id] }), 404, 'export.site_not_found');
    const { file } = await exportFile(exporterA, { module: 'subjectData', format: 'csv', layout: 'long', dictionary: false });
    const subjects = new Set(csvRows(file).map((row) => row.subject));
    expect(subjects.has(b1.platformNo)).toBe(false);
    expect(subjects.has(a1.platformNo)).toBe(true);
  });

  it('shows a member their own tasks only and managers everyone’s; another’s task answers as not found', async () => {
    const mine = await createTask(exporterAll, { module: 'subjectData' });
    await rs.study.t.app.jobs.drain();
    const listA = ok(await get(exporterA, '/dcap/export/task/list?pageSize=100')) as ExportTaskPage;
    expect(listA.records.every((task) => task.createdBy?.username === 'EXP.a')).toBe(true);
    refused(await get(exporterA, `/dcap/export/task/detail?id=${String(mine.id)}`), 404, 'export.task_not_found');
    refused(await get(exporterA, `/dcap/export/task/download?id=${String(mine.id)}`), 404, 'export.task_not_found');
    const all = ok(await get(rs.people.projectAdmin, '/dcap/export/task/list?pageSize=100')) as ExportTaskPage;
    expect(all.records.map((task) => task.id)).toContain(mine.id);
    expect(all.records.some((task) => task.createdBy?.username === 'EXP.a')).toBe(true);
  });

  it('refuses unknown visits, panels, fields, modules and another environment with a clear message', async () => {
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', eventIds: [999_999] }), 422, 'export.event_unknown');
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', instrumentIds: [999_999] }), 422, 'export.instrument_unknown');
    const reply = await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', fields: ['DM.NOPE'] }, 'en-US');
    refused(reply, 422, 'export.field_unknown');
    expect(reply.body.msg).toBe('The design has no field DM.NOPE');
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'crfReport', format: 'csv' }), 422, 'export.unsupported');
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'queryReport', format: 'odm' }), 422, 'export.unsupported');
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', format: 'pdf' }), 422, 'export.unsupported');
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', format: 'odm', fields: ['DM.INITIALS'] }), 422, 'export.odm_fields');
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', env: 'prd' }), 409, 'export.env_not_current');
    refused(await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', format: 'docx' }), 400, 'request.invalid');
  });
});

describe('the export job', () => {
  // A zip's entries carry the time the task was asked for, so two tasks' zips are compared entry by entry.
  const sameContent = (a: Buffer, b: Buffer, zipped: boolean) => (zipped ? expect(unzip(a)).toEqual(unzip(b)) : expect(a.equals(b)).toBe(true));
  it.each([
    ['CSV, long', { module: 'subjectData', format: 'csv', layout: 'long', dictionary: false }, false],
    ['xlsx, wide, with the dictionary', { module: 'subjectData', format: 'xlsx', layout: 'wide', dictionary: true }, true],
  ] as const)('continues an interrupted export (%s) from its last committed batch and writes the same file', async (_name, body, zipped) => {
    const whole = await exportFile(exporterAll, body);
    const created = await createTask(exporterAll, body);
    const job = await db().selectFrom('export_tasks').select('job_id').where('id', '=', created.id).executeTakeFirstOrThrow();
    // The first attempt: the plan and one batch commit, then the worker is stopped (the server shut down).
    await runWatched((name, stop) => {
      if (name === 'batch:0') stop();
      return Promise.resolve();
    });
    const paused = await db().selectFrom('jobs').selectAll().where('id', '=', job.job_id ?? 0).executeTakeFirstOrThrow();
    expect(paused.status).toBe('queued');
    expect(Object.keys(paused.result as object).sort()).toEqual(['batch:0', 'plan']);
    const midway = ok(await get(exporterAll, `/dcap/export/task/detail?id=${String(created.id)}`)) as ExportTask;
    expect(midway).toMatchObject({ status: 'running', progress: { done: 2, total: 4 } });
    refused(await get(exporterAll, `/dcap/export/task/download?id=${String(created.id)}`), 409, 'export.not_ready');
    // Another worker takes it up and finishes it.
    await rs.study.t.app.jobs.drain();
    const finished = await db().selectFrom('jobs').select(['status', 'attempts']).where('id', '=', job.job_id ?? 0).executeTakeFirstOrThrow();
    expect(finished).toEqual({ status: 'succeeded', attempts: 2 });
    sameContent(await download(exporterAll, created.id), whole.file, zipped);
  });

  it('records the sealed head of the audit chain as it stood when the export was asked for', async () => {
    const head = await db().selectFrom('audit_log').select(['id', 'hash']).where('chain', '=', rs.projectId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const task = await createTask(exporterAll, { module: 'subjectData' });
    expect(task.sealedHead).toMatchObject({ chain: rs.projectId, lastId: head.id, lastHash: head.hash });
    const count = await db().selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('chain', '=', rs.projectId).where('id', '<=', head.id).executeTakeFirstOrThrow();
    expect(task.sealedHead?.rowCount).toBe(count.n);
    const key = loadSealKey({ key: undefined, dataDir, create: false });
    expect(key && task.sealedHead ? sealVerifies(key, task.sealedHead) : false).toBe(true);
    const request = await db().selectFrom('audit_log').selectAll().where('action', '=', 'export.request').where('entity_id', '=', String(task.id)).executeTakeFirstOrThrow();
    expect(request.id).toBeGreaterThan(head.id);
    expect(request.new_value).toMatchObject({ module: 'subjectData', sealedHead: { lastId: head.id } });
    await rs.study.t.app.jobs.drain();
    await download(exporterAll, task.id);
    const downloads = await db().selectFrom('audit_log').select('actor_username').where('action', '=', 'export.download').where('entity_id', '=', String(task.id)).execute();
    expect(downloads).toEqual([{ actor_username: 'EXP.all' }]);
  });

  it('cancels a queued export, deletes an ended one and refuses to cancel a finished one', async () => {
    const queued = await createTask(exporterAll, { module: 'subjectData' });
    expect((ok(await post(exporterAll, '/dcap/export/task/cancel', { id: queued.id })) as ExportTask).status).toBe('cancelled');
    await rs.study.t.app.jobs.drain();
    expect((ok(await get(exporterAll, `/dcap/export/task/detail?id=${String(queued.id)}`)) as ExportTask).status).toBe('cancelled');
    const done = (await exportFile(exporterAll, { module: 'subjectData' })).task;
    refused(await post(exporterAll, '/dcap/export/task/cancel', { id: done.id }), 409, 'export.task_ended');
    ok(await post(exporterAll, '/dcap/export/task/delete', { id: done.id }));
    refused(await get(exporterAll, `/dcap/export/task/detail?id=${String(done.id)}`), 404, 'export.task_not_found');
    const chunks = await db().selectFrom('export_file_chunks').select('seq').where('task_id', '=', done.id).execute();
    expect(chunks).toEqual([]);
    const audit = await db().selectFrom('audit_log').select('action').where('entity_type', '=', 'export_task').where('entity_id', 'in', [String(queued.id), String(done.id)]).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['export.request', 'export.cancel', 'export.request', 'export.download', 'export.delete']);
  });

  it('deletes files past the retention period and keeps the task as expired', async () => {
    const { task } = await exportFile(exporterAll, { module: 'subjectData' });
    expect(new Date(task.expiresAt ?? 0).getTime() - new Date(task.finishedAt ?? 0).getTime()).toBe(7 * 86_400_000);
    expect(await expireExports(rs.study.t.deps)).toBe(0);
    // Seven days and a second later: the file's age is moved back rather than the clock forward, which would
    // also end every session.
    const aged = (at: string | null) => new Date(new Date(at ?? 0).getTime() - 7 * 86_400_000 - 1000);
    await db().updateTable('export_tasks').set({ finished_at: aged(task.finishedAt), expires_at: aged(task.expiresAt) }).where('id', '=', task.id).execute();
    refused(await get(exporterAll, `/dcap/export/task/download?id=${String(task.id)}`), 410, 'export.expired');
    expect(await expireExports(rs.study.t.deps)).toBeGreaterThanOrEqual(1);
    const expired = ok(await get(exporterAll, `/dcap/export/task/detail?id=${String(task.id)}`)) as ExportTask;
    expect(expired.status).toBe('expired');
    expect(await db().selectFrom('export_file_chunks').select('seq').where('task_id', '=', task.id).execute()).toEqual([]);
    refused(await get(exporterAll, `/dcap/export/task/download?id=${String(task.id)}`), 410, 'export.expired');
    const row = await db().selectFrom('audit_log').selectAll().where('action', '=', 'export.expire').where('entity_id', '=', String(task.id)).executeTakeFirstOrThrow();
    expect(row.project_id).toBe(rs.projectId);
  });
});

describe('query and audit reports as tasks', () => {
  it('writes the query report of the caller’s sites, and refuses another site’s', async () => {
    const raised = ok(await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: pid(a1, 'screening', 'DM'), path: 'SEX', content: '请核实性别, "原始"记录' })) as { id: number };
    ok(await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: pid(b1, 'screening', 'DM'), path: 'SEX', content: '中心B质疑' }));
    const { task, file } = await exportFile(exporterA, { module: 'queryReport', format: 'csv', timeZone: 'Asia/Shanghai' });
    expect(task.fileName).toMatch(/^EXP-uat-queryReport-\d{8}-\d+\.csv$/);
    const rows = parseCsv(file.toString('utf8'));
    expect(rows[0]?.slice(0, 3)).toEqual(['编号', '中心', '受试者']);
    expect(rows.slice(1).map((row) => row[7])).toEqual(['请核实性别, "原始"记录']);
    expect(rows[1]?.[0]).toBe(String(raised.id));
    expect(rows[1]?.[11]).toMatch(/\+08:00$/);
    refused(await post(exporterA, '/dcap/export/task/create', { module: 'queryReport', queryFilters: { siteId: rs.siteB.id } }), 404, 'export.site_not_found');
    const siteB = csvRows((await exportFile(exporterAll, { module: 'queryReport', format: 'csv', queryFilters: { siteId: rs.siteB.id } })).file);
    expect(siteB.map((row) => row['质疑内容'])).toEqual(['中心B质疑']);
  });

  it('writes the audit report as xlsx with the saves of the caller’s sites', async () => {
    const { file } = await exportFile(exporterA, { module: 'auditReport', format: 'xlsx', auditFilters: { subjectId: a1.id } });
    const book = await readWorkbook(file);
    const rows = byHeader(Object.values(book)[0] ?? []);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row['受试者'] === a1.platformNo)).toBe(true);
    // The value is written as entered: an xlsx inline string is never evaluated.
    expect(rows.find((row) => row['字段'] === 'INITIALS' && row['操作'] === 'record.value')?.['新值']).toBe(JSON.stringify({ value: '=1+1', status: 'COMPLETED' }));
  });

  it('fails the task when the requester lost the export right before the job ran', async () => {
    const created = await createTask(exporterA, { module: 'auditReport' });
    const role = await db().selectFrom('project_roles').select(['id', 'rights']).where('alias', '=', 'EXP-a').executeTakeFirstOrThrow();
    await db().updateTable('project_roles').set({ rights: [] }).where('id', '=', role.id).execute();
    await rs.study.t.app.jobs.drain();
    await db().updateTable('project_roles').set({ rights: role.rights }).where('id', '=', role.id).execute();
    const task = ok(await get(exporterA, `/dcap/export/task/detail?id=${String(created.id)}`)) as ExportTask;
    expect(task.status).toBe('failed');
    expect(task.error?.code).toBe('permission.project_forbidden');
    // The clean-up marks the task itself failed and deletes whatever pieces the job left.
    await expireExports(rs.study.t.deps);
    const row = await db().selectFrom('export_tasks').select('status').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(await db().selectFrom('export_file_chunks').select('seq').where('task_id', '=', created.id).execute()).toEqual([]);
    const after = ok(await get(exporterA, `/dcap/export/task/detail?id=${String(created.id)}`)) as ExportTask;
    expect(after).toMatchObject({ status: 'failed', error: { code: 'permission.project_forbidden' } });
  });
});

describe('CDISC ODM and the CRF report as tasks', () => {
  it('writes the subject data as an ODM 1.3.2 snapshot of the caller’s sites that the official schema and the OID check accept, with the sealed head', async () => {
    const { task, file } = await exportFile(exporterA, { module: 'subjectData', format: 'odm' });
    expect(task.fileName).toMatch(/^EXP-uat-subjectData-odm-\d{8}-\d+\.xml$/);
    expect(task.filters.odmMode).toBe('snapshot');
    const root = expectValidOdm(file.toString('utf8'));
    expect(root.attrs.FileType).toBe('Snapshot');
    expect(root.attrs.Description).toContain(`head: row ${String(task.sealedHead?.lastId)}`);
    const keys = elements(root, 'SubjectData').map((subject) => subject.attrs.SubjectKey);
    expect(keys.sort()).toEqual([a1.platformNo, a2.platformNo, a3.platformNo].sort());
    const initials = elements(elements(root, 'SubjectData').find((subject) => subject.attrs.SubjectKey === a1.platformNo) ?? root, 'ItemData').find((item) => item.attrs.ItemOID === 'IT.DM.INITIALS');
    expect(initials?.attrs.Value).toBe('=1+1');
  });

  it('writes a transactional ODM file with audit records when asked', async () => {
    const { task, file } = await exportFile(exporterAll, { module: 'subjectData', format: 'odm', odmMode: 'transactional', instrumentIds: [] });
    expect(task.filters.odmMode).toBe('transactional');
    const root = expectValidOdm(file.toString('utf8'));
    expect(root.attrs.FileType).toBe('Transactional');
    expect(elements(root, 'SubjectData').map((subject) => subject.attrs.SubjectKey)).toContain(b1.platformNo);
    expect(elements(root, 'AuditRecord').length).toBeGreaterThan(0);
  });

  const stepsOf = async (id: number) => {
    const job = await jobOf(id);
    return { status: job.status, attempts: job.attempts, steps: Object.keys(job.result as object).sort() };
  };
  /** An ODM file without what names the task it was written for: its FileOID, CreationDateTime and sealed head. */
  const withoutIdentity = (file: Buffer) => file.toString('utf8').replace(/<ODM [^>]*>/, (tag) => tag.replace(/ (FileOID|CreationDateTime|Description)="[^"]*"/g, ''));

  it.each(['snapshot', 'transactional'] as const)('writes an ODM file (%s) a batch of subjects per job step, its progress moving with each', async (odmMode) => {
    const created = await createTask(exporterAll, { module: 'subjectData', format: 'odm', odmMode });
    const seen: string[] = [];
    await runWatched(async (name) => {
      seen.push(`${name} ${await progressOf(created.id)}`);
    });
    // Four subjects of one design version, two per step: the last batch finds none and closes the ClinicalData.
    expect(seen).toEqual(['plan 0/4', 'batch:0 2/4', 'batch:1 4/4', 'batch:2 4/4', 'finish 4/4']);
    expect(await stepsOf(created.id)).toEqual({ status: 'succeeded', attempts: 1, steps: ['batch:0', 'batch:1', 'batch:2', 'finish', 'plan'] });
    const chunks = await db().selectFrom('export_file_chunks').select('seq').where('task_id', '=', created.id).orderBy('seq').execute();
    expect(chunks.map((chunk) => chunk.seq)).toEqual([0, 1, 2, 3, 4]);
    const task = ok(await get(exporterAll, `/dcap/export/task/detail?id=${String(created.id)}`)) as ExportTask;
    expect(task).toMatchObject({ status: 'finished', progress: { done: 4, total: 4 } });
    const file = await download(exporterAll, created.id);
    expect(task.sizeBytes).toBe(file.length);
    const root = expectValidOdm(file.toString('utf8'));
    expect(root.attrs.FileOID).toMatch(new RegExp(`\\.${String(created.id)}$`));
    expect(elements(root, 'SubjectData').map((subject) => subject.attrs.SubjectKey)).toEqual([a1, a2, a3, b1].map((subject) => subject.platformNo));
  });

  it.each(['snapshot', 'transactional'] as const)('continues an interrupted ODM export (%s) from its last committed batch and writes the same file', async (odmMode) => {
    const body = { module: 'subjectData', format: 'odm', odmMode };
    const whole = await exportFile(exporterAll, body);
    const created = await createTask(exporterAll, body);
    await runWatched((name, stop) => {
      if (name === 'batch:0') stop();
      return Promise.resolve();
    });
    expect(await stepsOf(created.id)).toEqual({ status: 'queued', attempts: 1, steps: ['batch:0', 'plan'] });
    expect(await progressOf(created.id)).toBe('2/4');
    refused(await get(exporterAll, `/dcap/export/task/download?id=${String(created.id)}`), 409, 'export.not_ready');
    // Another worker takes it up and finishes it.
    await rs.study.t.app.jobs.drain();
    expect(await stepsOf(created.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    const file = await download(exporterAll, created.id);
    const root = expectValidOdm(file.toString('utf8'));
    expect(root.attrs.FileOID).toMatch(new RegExp(`\\.${String(created.id)}$`));
    expect(withoutIdentity(file)).toBe(withoutIdentity(whole.file));
  });

  it('names in a resumed ODM file only the people its AdminData lists, even when someone new changed data while it paused', async () => {
    const body = { module: 'subjectData', format: 'odm', odmMode: 'transactional' };
    const created = await createTask(exporterAll, body);
    await runWatched((name, stop) => {
      if (name === 'batch:0') stop();
      return Promise.resolve();
    });
    // The investigator has changed nothing in this study before; a3 is read by the next batch.
    const { investigator } = rs.people;
    await save(investigator, pid(a3, 'screening', 'DM'), { INITIALS: 'GH' });
    await rs.study.t.app.jobs.drain();
    const root = expectValidOdm((await download(exporterAll, created.id)).toString('utf8'));
    expect(elements(root, 'User').map((user) => user.attrs.OID)).not.toContain(`USR.${String(investigator.id)}`);
    const subject = elements(root, 'SubjectData').find((data) => data.attrs.SubjectKey === a3.platformNo) ?? root;
    const initials = elements(subject, 'ItemData').filter((data) => data.attrs.ItemOID === 'IT.DM.INITIALS');
    expect(initials.map((data) => [data.attrs.TransactionType, data.attrs.Value, elements(data, 'AuditRecord').length])).toEqual([['Upsert', 'GH', 0]]);
  });

  it('writes the CRF report as a zip of the blank CRF and one casebook per subject of the caller’s sites', async () => {
    const { task, file } = await exportFile(exporterA, { module: 'crfReport', timeZone: 'Asia/Shanghai' });
    expect(task).toMatchObject({ format: 'pdf', progress: { done: 3, total: 3 } });
    expect(task.fileName).toMatch(/^EXP-uat-crfReport-\d{8}-\d+\.zip$/);
    const entries = unzip(file);
    expect(Object.keys(entries).sort()).toEqual(['blank-crf.pdf', ...[a1, a2, a3].map((subject) => `casebooks/${subject.platformNo}.pdf`)].sort());
    const casebook = await pdfText(entries[`casebooks/${a2.platformNo}.pdf`] ?? Buffer.alloc(0));
    expect(casebook.text).toContain(a2.platformNo);
    expect(casebook.text).toContain('CD');
    const blank = await pdfText(entries['blank-crf.pdf'] ?? Buffer.alloc(0));
    expect(blank.text).toContain('DM.INITIALS');
  });
});

describe('codings in the subject data (docs/decisions.md "Exports", codings)', () => {
  const DRUGS_CSV = ['code,term,term_en,level,parent_code', 'N02,镇痛药,Analgesics,ATC,', 'D001,阿司匹林,Aspirin,DRUG,N02', 'D002,他汀,Statin,DRUG,'].join('\n');

  it('writes a coded field’s code, term, hierarchy and state beside its value, in the requester’s language, and describes them', async () => {
    const { projectAdmin, coordinator } = rs.people;
    ok(await get(projectAdmin, `/dcap/project/store/${String(rs.projectId)}`));
    ok(await get(projectAdmin, '/dcap/projectEnv/selectEnv/uat'));
    const form = multipartForm({ name: 'DrugDict', kind: 'other', version: '1' }, { name: 'drugs.csv', bytes: Buffer.from(DRUGS_CSV), type: 'text/csv' });
    const uploaded = await rs.study.t.request({ method: 'POST', url: '/dcap/sys/coding/upload', headers: { token: rs.study.admin.token, 'content-type': form.contentType }, payload: form.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const dictionaryId = uploaded.json<{ data: { id: number } }>().data.id;
    await rs.study.t.app.jobs.drain();
    const setup = ok(await post(projectAdmin, '/dcap/coding/field/save', { instrumentId: rs.instruments.CM, path: `${rs.cm.table}.${rs.cm.drug}`, dictionaryId })) as CodingSetup;
    const fieldId = setup.fields[0]?.id ?? 0;
    const values = (ok(await get(projectAdmin, `/dcap/coding/values?fieldId=${String(fieldId)}`)) as CodingValuePage).values;
    const aspirin = values.find((value) => value.value === 'Aspirin, 100mg');
    const statin = values.find((value) => value.value.startsWith('他汀'));
    if (!aspirin || !statin) throw new Error('no medication values');
    ok(await post(projectAdmin, '/dcap/coding/code', { panelInstanceId: aspirin.panelInstanceId, path: aspirin.path, termCode: 'D001' }));
    ok(await post(projectAdmin, '/dcap/coding/code', { panelInstanceId: statin.panelInstanceId, path: statin.path, termCode: 'D002' }));
    // The second drug is changed after it was coded: its coding stays, marked as needing recoding.
    const panel = ok(await get(coordinator, `/dcap/project/recordDataManage/panel/${String(pid(a1, 'baseline', 'CM'))}`)) as RecordPanel;
    const rows = (panel.values[rs.cm.table] as Record<string, unknown>[]).map((row, index) => (index === 1 ? { ...row, [rs.cm.drug]: '阿托伐他汀' } : row));
    const changed = evaluateForm(panel.instrument.panel, { ...panel.values, [rs.cm.table]: rows }, { today }).values;
    ok(await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: panel.panelInstanceId, version: panel.version, values: changed, reasons: { [statin.path]: { code: 'TRANSCRIPTION_ERROR' } } }));

    const wide = await exportFile(exporterAll, { module: 'subjectData', format: 'xlsx', layout: 'wide', dictionary: true });
    const book = await readWorkbook(wide.file);
    const header = book.data?.[0] ?? [];
    const drug = 'CM.CMTAB[1].CMTRT';
    // The coding columns follow the value's own; an uncoded text field (initials) has none.
    expect(header.slice(header.indexOf(drug), header.indexOf(drug) + 6)).toEqual([drug, `${drug}:code`, `${drug}:term`, `${drug}:path`, `${drug}:state`, 'CM.CMTAB[1].CMDOSE']);
    expect(header).not.toContain('DM.INITIALS:code');
    const baseline = byHeader(book.data ?? []).find((row) => row.subject === a1.platformNo && row.visit === '基线');
    expect(baseline).toMatchObject({
      [drug]: 'Aspirin, 100mg',
      [`${drug}:code`]: 'D001',
      [`${drug}:term`]: '阿司匹林',
      [`${drug}:path`]: '镇痛药 > 阿司匹林',
      [`${drug}:state`]: 'coded',
      'CM.CMTAB[2].CMTRT': '阿托伐他汀',
      'CM.CMTAB[2].CMTRT:code': 'D002',
      'CM.CMTAB[2].CMTRT:state': 'needsRecoding',
    });
    const described = byHeader(book.dictionary ?? []).find((row) => row.column === 'CM.CMTAB[n].CMTRT:state');
    expect(described).toMatchObject({ field: 'CMTAB.CMTRT:state', type: 'coding:state', labelEn: 'Concomitant medication / Drug: coding state (DrugDict 1)' });
    expect(String(described?.options)).toContain('needsRecoding=需重新编码 / Needs recoding');

    // The long layout in English: five more columns, filled for the coded field's values only.
    const created = ok(await post(exporterAll, '/dcap/export/task/create', { module: 'subjectData', format: 'csv', layout: 'long', dictionary: false }, 'en-US')) as ExportTask;
    await rs.study.t.app.jobs.drain();
    const long = csvRows(await download(exporterAll, created.id));
    const coded = long.find((row) => row.subject === a1.platformNo && row.path === aspirin.path);
    expect(coded).toMatchObject({ value: 'Aspirin, 100mg', codingDictionary: 'DrugDict 1', codedCode: 'D001', codedTerm: 'Aspirin', codedPath: 'Analgesics > Aspirin', codingState: 'coded' });
    expect(long.find((row) => row.subject === a1.platformNo && row.path === statin.path)).toMatchObject({ value: '阿托伐他汀', codedCode: 'D002', codedTerm: 'Statin', codingState: 'needsRecoding' });
    expect(long.find((row) => row.subject === a1.platformNo && row.path === 'SEX')).toMatchObject({ codingDictionary: '', codedCode: '', codingState: '' });
  });
});

describe('an ODM export after the design was republished', () => {
  it('writes each version’s ClinicalData in steps, counting every subject once per version, with the bytes writeOdm writes', async () => {
    const { projectAdmin } = rs.people;
    ok(await get(projectAdmin, `/dcap/project/store/${String(rs.projectId)}`));
    ok(await get(projectAdmin, '/dcap/projectEnv/selectEnv/dev'));
    const draft = await db().selectFrom('instruments').select('panel').where('id', '=', rs.instruments.DM).executeTakeFirstOrThrow();
    const panel = draft.panel as Panel;
    ok(await post(projectAdmin, '/dcap/project/field/saveAllCfg', { instrumentId: rs.instruments.DM, list: [...panel.list, widgetOf('input', 'NICK', '昵称', 'Nickname')], config: panel.config }));
    ok(await post(projectAdmin, '/dcap/project/design/publish', { projectId: rs.projectId, target: 'uat', note: 'v2' }));
    ok(await get(projectAdmin, '/dcap/projectEnv/selectEnv/uat'));

    const created = await createTask(exporterAll, { module: 'subjectData', format: 'odm' });
    const seen: string[] = [];
    await runWatched(async (name) => {
      seen.push(`${name} ${await progressOf(created.id)}`);
    });
    // Version 1's ClinicalData, then version 2's (the one the environment now runs), four subjects each.
    expect(seen).toEqual(['plan 0/8', 'batch:0 2/8', 'batch:1 4/8', 'batch:2 4/8', 'batch:3 6/8', 'batch:4 8/8', 'batch:5 8/8', 'finish 8/8']);
    const file = (await download(exporterAll, created.id)).toString('utf8');
    const root = expectValidOdm(file);
    expect(elements(root, 'ClinicalData').map((block) => block.attrs.MetaDataVersionOID)).toEqual(['MDV.1', 'MDV.2']);

    const job = await jobOf(created.id);
    const sink = memorySink();
    await writeOdm(
      db(),
      {
        projectId: rs.projectId,
        envId: rs.env.id,
        siteIds: created.filters.siteIds,
        eventIds: created.filters.eventIds,
        instrumentIds: created.filters.instrumentIds,
        statuses: created.filters.statuses,
        mode: 'snapshot',
        locale: (job.params as { locale: 'zh-CN' | 'en-US' }).locale,
        description: root.attrs.Description ?? null,
        fileOid: root.attrs.FileOID ?? '',
        createdAt: new Date(root.attrs.CreationDateTime ?? 0),
      },
      sink,
      { batchSize: 2 },
    );
    expect(file).toBe(sink.text());
  });
});
