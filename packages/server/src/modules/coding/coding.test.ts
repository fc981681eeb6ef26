import type { CodingDictionary, CodingSetup, CodingTermPage, CodingValuePage, RecordPanel } from '@dcap/core';
import { evaluateForm, ROW_KEY_FIELD, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { multipartForm } from '../attachments/attachments.fixture.js';
import { JobWorker } from '../jobs/worker.js';
import { codingImportJobHandler, TERM_BATCH } from './import-job.js';
import type { Reply } from '../../test/harness.js';
import { changedTables, tableChecksums } from '../../test/checksum.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';

/**
 * The coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding library"): an administrator
 * uploads a licence holder's dictionary, checked row by row; a data manager chooses the adverse-event term
 * column for coding, codes the terms captured at the sites they may see (one value, or every value with the
 * same text), sees a value changed after coding as needing recoding, recodes and uncodes, every step audited.
 */
let rs: RecordsStudy;
let atA: AddedSubject;
let alsoAtA: AddedSubject;
let atB: AddedSubject;

beforeAll(async () => {
  rs = await openRecordsStudy('CODE');
  atA = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
  alsoAtA = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
  atB = await addSubject(rs, rs.people.siteBUser, rs.siteB.id);
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const admin = () => rs.study.admin;
const get = (who: Persona, url: string, lang?: string) => rs.study.t.call('GET', url, { token: who.token, lang });
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });

const MEDDRA_CSV = [
  'code,term,term_en,level,parent_code',
  '10029205,神经系统疾病,Nervous system disorders,SOC,',
  '10019231,头痛,Headaches,HLGT,10029205',
  '10019233,头痛 NEC,Headaches NEC,HLT,10019231',
  '10019211,头痛,Headache,PT,10019233',
  '10019198,头疼,Head pain,LLT,10019211',
  '10027599,偏头痛,Migraine,LLT,10019211',
  '10028813,恶心,Nausea,LLT,10019211',
].join('\n');

async function upload(who: Persona, fields: Record<string, string>, file: { name: string; bytes: Buffer } | null, lang?: string): Promise<Reply> {
  const form = multipartForm(fields, file ? { ...file, type: 'application/octet-stream' } : null);
  const headers: Record<string, string> = { token: who.token, 'content-type': form.contentType };
  if (lang) headers['accept-language'] = lang;
  const response = await rs.study.t.request({ method: 'POST', url: '/dcap/sys/coding/upload', headers, payload: form.payload });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Runs the queued jobs, as the server's worker would. */
const drain = () => rs.study.t.app.jobs.drain();
const info = async (id: number, lang?: string) => ok(await get(admin(), `/dcap/sys/coding/info/${String(id)}`, lang)) as CodingDictionary;

/** Uploads a dictionary, which answers at once while importing, and runs its import job. */
async function imported(fields: Record<string, string>, file: { name: string; bytes: Buffer }): Promise<CodingDictionary> {
  const queued = ok(await upload(admin(), fields, file)) as CodingDictionary;
  expect(queued.status).toBe('importing');
  expect(await drain()).toBe(1);
  return info(queued.id);
}

const termCodes = async (id: number) => (await db().selectFrom('coding_terms').select('code').where('dictionary_id', '=', id).execute()).map((row) => row.code);

const codingAudit = () => db().selectFrom('audit_log').selectAll().where('action', 'like', 'coding.%').orderBy('id').execute();

/** Saves adverse-event rows the way the entry page does. */
async function saveAe(who: Persona, subject: AddedSubject, terms: string[]): Promise<void> {
  const id = subject.panelInstances.log?.AE;
  if (id === undefined) throw new Error('no AE panel');
  const panel = ok(await get(who, `/dcap/project/recordDataManage/panel/${String(id)}`)) as RecordPanel;
  const existing = (panel.values[rs.ae.table] as Record<string, unknown>[] | undefined) ?? [];
  const rows = terms.map((term, index) => ({ ...(existing[index] ?? {}), [rs.ae.term]: term }));
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, [rs.ae.table]: rows }, { today: () => studyToday(rs.study.t.clock.now()) }).values;
  const reasons = Object.fromEntries(existing.map((row) => [`${rs.ae.table}#${String(row[ROW_KEY_FIELD])}.${rs.ae.term}`, { code: 'TRANSCRIPTION_ERROR' }]));
  ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: panel.version, values, ...(existing.length > 0 ? { reasons } : {}) }));
}

describe('the coding library on the platform', () => {
  it('refuses in the request a missing file, one it cannot read, one without the header, and a caller without the right, storing nothing', async () => {
    const before = await tableChecksums(rs.study.t.database);
    refused(await upload(admin(), { name: 'MedDRA', kind: 'MedDRA', version: '26.0' }, null), 422, 'coding.file_missing');
    refused(await upload(admin(), { name: 'MedDRA', kind: 'MedDRA', version: '26.0' }, { name: 'x.pdf', bytes: Buffer.from('%PDF-1.4\n') }), 422, 'coding.file_unreadable');
    const noHeader = await upload(admin(), { name: 'MedDRA', kind: 'MedDRA', version: '26.0' }, { name: 'x.csv', bytes: Buffer.from('10019211,Headache\n') }, 'en-US');
    refused(noHeader, 422, 'coding.header_missing');
    expect(noHeader.body.msg).toBe('The first row must name the columns, at least code and term (columns: code, term, term_en, level, parent_code)');
    refused(await upload(rs.people.dataManager, { name: 'MedDRA', kind: 'MedDRA', version: '26.0' }, { name: 'm.csv', bytes: Buffer.from(MEDDRA_CSV) }), 403, 'permission.platform_admin_required');
    expect(changedTables(before, await tableChecksums(rs.study.t.database))).toEqual([]);
  });

  it('marks an upload with bad rows failed once its job has checked them, listing each row’s problem in the reader’s language, with no term stored', async () => {
    const bad = ['code,term,level,parent_code', 'S1,Soc,SOC,', 'P1,Pt,PT,S1', 'P1,Again,LLT,P1', 'L2,Orphan,LLT,NOPE', ',No code,LLT,P1'].join('\n');
    const queued = ok(await upload(admin(), { name: 'MedDRA', kind: 'MedDRA', version: '26.0' }, { name: 'bad.csv', bytes: Buffer.from(bad) }, 'en-US')) as CodingDictionary;
    expect(queued).toMatchObject({ status: 'importing', fileName: 'bad.csv', termCount: 0, enabled: false, progress: { done: 0, total: 0 }, failure: null, problems: [] });
    expect(await drain()).toBe(1);
    const en = await info(queued.id, 'en-US');
    expect(en).toMatchObject({ status: 'failed', termCount: 0, enabled: false, progress: null, problemCount: 5 });
    expect(en.failure).toBe('Problems found in the dictionary: 5; no term was imported. First: row 3: Parent S1 is on level SOC, not the level above');
    expect(en.problems.map((e) => `row ${String(e.row)} ${e.column ?? ''}: ${e.message}`)).toEqual([
      'row 3 parent_code: Parent S1 is on level SOC, not the level above',
      'row 4 code: Code P1 repeats row 3',
      'row 4 parent_code: The parents of code P1 form a loop',
      'row 5 parent_code: Parent code NOPE is not in the dictionary',
      'row 6 code: A required value is missing',
    ]);
    const zh = await info(queued.id, 'zh-CN');
    expect(zh.failure).toContain('词典有 5 处问题');
    expect(zh.problems[0]?.message).toBe('上级 S1 的层级 SOC 不是本层级的上一级');
    expect(await termCodes(queued.id)).toEqual([]);
    expect((await db().selectFrom('coding_dictionaries').select('file_bytes').where('id', '=', queued.id).executeTakeFirstOrThrow()).file_bytes).toBeNull();
    const job = await db().selectFrom('jobs').selectAll().where('kind', '=', 'coding.import').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    expect((await codingAudit()).map((row) => row.action)).toEqual(['coding.dictionary_upload', 'coding.dictionary_import_fail']);
    expect((await codingAudit()).at(-1)).toMatchObject({ entity_id: String(queued.id), actor_username: 'admin', new_value: expect.objectContaining({ problemCount: 5, failure: 'coding.rows_invalid' }) as unknown });
    // A failed upload is refused for use; uploading its name and version again replaces it (next test).
    refused(await post(admin(), '/dcap/sys/coding/enable', { id: queued.id, enabled: true }), 409, 'coding.dictionary_not_ready');
    failedUpload = queued.id;
  });

  let failedUpload = 0;

  let meddra: CodingDictionary;

  it('imports a CSV dictionary with its hierarchy by its job, replacing a failed upload of its name and version, refuses the same name and version again, and audits the upload and its outcome', async () => {
    const auditBefore = (await codingAudit()).length;
    meddra = await imported({ name: 'MedDRA', kind: 'MedDRA', version: '26.0', language: 'zh', licenceNote: 'Licence 123' }, { name: 'meddra.csv', bytes: Buffer.from(MEDDRA_CSV) });
    // The failed upload of MedDRA 26.0 was deleted in the new upload's transaction, audited before it.
    expect(await db().selectFrom('coding_dictionaries').select('id').where('id', '=', failedUpload).executeTakeFirst()).toBeUndefined();
    const replaced = (await codingAudit()).slice(auditBefore).shift();
    expect(replaced).toMatchObject({ action: 'coding.dictionary_delete', entity_id: String(failedUpload), actor_username: 'admin' });
    expect(meddra).toMatchObject({ name: 'MedDRA', kind: 'MedDRA', version: '26.0', language: 'zh', licenceNote: 'Licence 123', termCount: 7, enabled: true, codingCount: 0, uploadedBy: 'admin', status: 'ready', progress: null, failure: null });
    expect((await termCodes(meddra.id)).sort()).toEqual(['10019198', '10019211', '10019231', '10019233', '10027599', '10028813', '10029205']);
    refused(await upload(admin(), { name: 'meddra', kind: 'MedDRA', version: '26.0' }, { name: 'meddra.csv', bytes: Buffer.from(MEDDRA_CSV) }), 409, 'coding.dictionary_exists');
    const [row, outcome] = (await codingAudit()).slice(auditBefore + 1);
    expect(row).toMatchObject({ action: 'coding.dictionary_upload', entity_type: 'coding_dictionary', entity_id: String(meddra.id), actor_username: 'admin' });
    expect(row?.new_value).toMatchObject({ name: 'MedDRA', version: '26.0', file: 'meddra.csv' });
    expect(outcome).toMatchObject({ action: 'coding.dictionary_import', entity_id: String(meddra.id), actor_username: 'admin', new_value: expect.objectContaining({ termCount: 7, enabled: true }) as unknown });
    expect((await db().selectFrom('coding_dictionaries').select('file_bytes').where('id', '=', meddra.id).executeTakeFirstOrThrow()).file_bytes).toBeNull();
  });

  it('imports an xlsx dictionary as a new version beside the old one', async () => {
    const sheet: Row[] = [
      ['code', 'term', 'term_en', 'level', 'parent_code'].map((value) => ({ value })),
      ['10029205', '神经系统疾病', 'Nervous system disorders', 'SOC', ''].map((value) => ({ value })),
      ['10019231', '头痛', 'Headaches', 'HLGT', '10029205'].map((value) => ({ value })),
    ];
    const bytes = await writeXlsxFile([{ sheet: 'Terms', data: sheet }], {}).toBuffer();
    const next = await imported({ name: 'MedDRA', kind: 'MedDRA', version: '27.0' }, { name: 'meddra.xlsx', bytes });
    expect(next.failure).toBe(null);
    expect(next.termCount).toBe(2);
    const list = ok(await get(admin(), '/dcap/sys/coding/list')) as CodingDictionary[];
    expect(list.map((d) => `${d.name} ${d.version}`)).toEqual(['MedDRA 27.0', 'MedDRA 26.0']);
    ok(await post(admin(), '/dcap/sys/coding/delete', { id: next.id }));
    expect((await codingAudit()).at(-1)).toMatchObject({ action: 'coding.dictionary_delete', entity_id: String(next.id), old_value: expect.objectContaining({ version: '27.0', termCount: 2 }) as unknown });
    expect((ok(await get(admin(), '/dcap/sys/coding/list')) as CodingDictionary[]).map((d) => d.version)).toEqual(['26.0']);
    expect(await db().selectFrom('coding_terms').select('code').where('dictionary_id', '=', next.id).execute()).toEqual([]);
  });

  it('searches terms by text in either language (starting matches first), code prefix and level, a page at a time', async () => {
    const search = async (query: string) => ok(await get(admin(), `/dcap/sys/coding/terms?dictionaryId=${String(meddra.id)}&${query}`)) as CodingTermPage;
    const head = await search('text=head');
    expect(head.terms.map((t) => t.termEn)).toEqual(['Head pain', 'Headache', 'Headaches', 'Headaches NEC']);
    expect(head.terms[0]).toMatchObject({ path: '神经系统疾病 > 头痛 > 头痛 NEC > 头痛 > 头疼', pathEn: 'Nervous system disorders > Headaches > Headaches NEC > Headache > Head pain' });
    // 头痛 inside 偏头痛 (migraine) too, after the terms that start with it.
    expect((await search('text=%E5%A4%B4%E7%97%9B')).terms.map((t) => t.term)).toEqual(['头痛', '头痛', '头痛 NEC', '偏头痛']);
    expect((await search('code=1001&level=LLT')).terms.map((t) => t.code)).toEqual(['10019198']);
    const paged = await search('level=LLT&pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.terms.map((t) => t.code)).toEqual(['10028813']);
    expect((await search('text=100%25')).total).toBe(0);
  });

  it('resumes an import interrupted between batches: progress shown while importing, every term stored once', async () => {
    const count = TERM_BATCH * 2 + 500;
    const lines = ['code,term', ...Array.from({ length: count }, (_, i) => `B${String(i)},Term ${String(i)}`)];
    const queued = ok(await upload(admin(), { name: 'Big list', kind: 'other', version: '1' }, { name: 'big.csv', bytes: Buffer.from(lines.join('\n')) })) as CodingDictionary;
    // A worker that stops (the server shuts down) after the first batch: the job goes back to the queue.
    const stopping = new JobWorker(rs.study.t.deps);
    stopping.register({
      kind: codingImportJobHandler.kind,
      run: (context) =>
        codingImportJobHandler.run({
          ...context,
          step: async (name, work) => {
            const value = await context.step(name, work);
            if (name === 'terms.0') await stopping.stop();
            return value;
          },
        }),
    });
    expect(await stopping.runOnce()).toBe(true);
    const job = await db().selectFrom('jobs').selectAll().where('kind', '=', 'coding.import').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', progress_done: 1, progress_total: 4 });
    expect(await info(queued.id)).toMatchObject({ status: 'importing', progress: { done: 1, total: 4 }, enabled: false });
    expect((await termCodes(queued.id)).length).toBe(TERM_BATCH);
    // Not offered for coding, nor deleted, while importing.
    const setup = ok(await get(rs.people.dataManager, '/dcap/coding/setup')) as CodingSetup;
    expect(setup.dictionaries.map((d) => d.id)).not.toContain(queued.id);
    refused(await post(admin(), '/dcap/sys/coding/delete', { id: queued.id }), 409, 'coding.dictionary_importing');
    expect(await drain()).toBe(1);
    expect(await info(queued.id)).toMatchObject({ status: 'ready', termCount: count, enabled: true, progress: null });
    const codes = await termCodes(queued.id);
    expect(codes.length).toBe(count);
    expect(new Set(codes).size).toBe(count);
    expect((await db().selectFrom('jobs').select(['status', 'progress_done']).where('id', '=', job.id).executeTakeFirstOrThrow())).toEqual({ status: 'succeeded', progress_done: 4 });
    // A worker that died after the import's last step: run again, the job finds it ready and writes nothing.
    await db().updateTable('jobs').set({ status: 'queued', finished_at: null }).where('id', '=', job.id).execute();
    expect(await drain()).toBe(1);
    expect((await termCodes(queued.id)).length).toBe(count);
    expect((await codingAudit()).filter((row) => row.action === 'coding.dictionary_import' && row.entity_id === String(queued.id))).toHaveLength(1);
    ok(await post(admin(), '/dcap/sys/coding/delete', { id: queued.id }));
  });
});

describe('coding in a project', () => {
  const AE_PATH = 'AETAB.AETERM';
  let meddraId: number;
  let fieldId: number;

  it('lets the data manager choose the adverse-event term column with a dictionary; others may not', async () => {
    meddraId = (await db().selectFrom('coding_dictionaries').select('id').where('version', '=', '26.0').executeTakeFirstOrThrow()).id;
    const { dataManager, coordinator, siteBUser } = rs.people;
    const setup = ok(await get(dataManager, '/dcap/coding/setup')) as CodingSetup;
    expect(setup.rights).toEqual({ configure: true, code: true });
    expect(setup.candidates.map((c) => c.path)).toEqual(expect.arrayContaining(['INITIALS', 'CMTAB.CMTRT', AE_PATH]));
    expect(setup.candidates.map((c) => c.path)).not.toContain('CMTAB.CMDOSE');
    expect(setup.candidates.find((c) => c.path === AE_PATH)).toMatchObject({ fieldName: '不良事件 / 不良事件名称', fieldNameEn: 'Adverse events / Term' });
    refused(await get(coordinator, '/dcap/coding/setup'), 403, 'permission.project_forbidden');
    refused(await post(siteBUser, '/dcap/coding/field/save', { instrumentId: rs.instruments.AE, path: AE_PATH, dictionaryId: meddraId }), 403, 'permission.project_forbidden');
    refused(await post(dataManager, '/dcap/coding/field/save', { instrumentId: rs.instruments.AE, path: 'AETAB.AESTDAT', dictionaryId: meddraId }), 422, 'coding.field_not_text');
    const saved = ok(await post(dataManager, '/dcap/coding/field/save', { instrumentId: rs.instruments.AE, path: AE_PATH, dictionaryId: meddraId })) as CodingSetup;
    expect(saved.fields).toMatchObject([{ instrumentId: rs.instruments.AE, path: AE_PATH, dictionaryName: 'MedDRA', dictionaryVersion: '26.0', fieldNameEn: 'Adverse events / Term' }]);
    expect(saved.candidates.map((c) => c.path)).not.toContain(AE_PATH);
    fieldId = saved.fields[0]?.id ?? 0;
    expect((await codingAudit()).at(-1)).toMatchObject({ action: 'coding.field_add', entity_type: 'coding_field', project_id: rs.projectId });
  });

  it('changes a coded field’s dictionary and removes a field nothing is coded in, audited', async () => {
    const { dataManager } = rs.people;
    const other = await imported({ name: 'Local terms', kind: 'other', version: '1' }, { name: 'local.csv', bytes: Buffer.from('code,term\nX1,Something') });
    const added = ok(await post(dataManager, '/dcap/coding/field/save', { instrumentId: rs.instruments.DM, path: 'INITIALS', dictionaryId: meddraId })) as CodingSetup;
    const initials = added.fields.find((f) => f.path === 'INITIALS');
    if (!initials) throw new Error('no field');
    const changed = ok(await post(dataManager, '/dcap/coding/field/save', { instrumentId: rs.instruments.DM, path: 'INITIALS', dictionaryId: other.id })) as CodingSetup;
    expect(changed.fields.find((f) => f.path === 'INITIALS')).toMatchObject({ id: initials.id, dictionaryName: 'Local terms' });
    expect((await codingAudit()).at(-1)).toMatchObject({ action: 'coding.field_update', old_value: expect.objectContaining({ dictionary: 'MedDRA 26.0' }) as unknown, new_value: expect.objectContaining({ dictionary: 'Local terms 1' }) as unknown });
    const removed = ok(await post(dataManager, '/dcap/coding/field/delete', { id: initials.id })) as CodingSetup;
    expect(removed.fields.map((f) => f.path)).toEqual([AE_PATH]);
    expect((await codingAudit()).at(-1)).toMatchObject({ action: 'coding.field_remove', entity_id: String(initials.id) });
  });

  const values = async (who: Persona, query = '') => ok(await get(who, `/dcap/coding/values?fieldId=${String(fieldId)}${query}`)) as CodingValuePage;

  it('lists the captured terms of the sites the caller may see, and codes every value with the same text at once', async () => {
    const { coordinator, dataManager, siteBUser } = rs.people;
    await saveAe(coordinator, atA, ['Headache', 'Nausea']);
    await saveAe(coordinator, alsoAtA, [' headache ']);
    await saveAe(siteBUser, atB, ['HEADACHE']);
    const all = await values(dataManager);
    expect(all.total).toBe(4);
    expect(all.values.every((v) => v.state === 'uncoded' && v.visitNameEn === 'Adverse event log')).toBe(true);
    const atSiteB = await values(siteBUser);
    expect(atSiteB.values.map((v) => [v.value, v.siteName])).toEqual([['HEADACHE', '华山医院']]);

    const headache = all.values.find((v) => v.value === 'Headache');
    if (!headache) throw new Error('no headache');
    // A site-B data manager cannot code site A's value: it answers as a panel that does not exist.
    refused(await post(siteBUser, '/dcap/coding/code', { panelInstanceId: headache.panelInstanceId, path: headache.path, termCode: '10019211' }), 404, 'subject.panel_not_found');
    refused(await post(dataManager, '/dcap/coding/code', { panelInstanceId: headache.panelInstanceId, path: headache.path, termCode: '99999999' }), 404, 'coding.term_not_found');
    refused(await post(coordinator, '/dcap/coding/code', { panelInstanceId: headache.panelInstanceId, path: headache.path, termCode: '10019211' }), 403, 'permission.project_forbidden');

    expect(ok(await post(dataManager, '/dcap/coding/code', { panelInstanceId: headache.panelInstanceId, path: headache.path, termCode: '10019211', sameText: true }))).toEqual({ coded: 3 });
    const after = await values(dataManager);
    expect(after.values.map((v) => `${v.value.trim()}:${v.state}:${v.coding?.code ?? ''}`).sort()).toEqual(['HEADACHE:coded:10019211', 'Headache:coded:10019211', 'Nausea:uncoded:', 'headache:coded:10019211']);
    expect(after.values.find((v) => v.value === 'Headache')?.coding).toMatchObject({ term: '头痛', termEn: 'Headache', pathEn: 'Nervous system disorders > Headaches > Headaches NEC > Headache', dictionaryName: 'MedDRA', dictionaryVersion: '26.0', verbatim: 'Headache', codedBy: rs.people.dataManager.username });
    expect((await values(dataManager, '&state=uncoded')).values.map((v) => v.value)).toEqual(['Nausea']);
    const audit = (await codingAudit()).filter((row) => row.action === 'coding.code');
    expect(audit).toHaveLength(3);
    expect(audit.map((row) => row.site_id).sort()).toEqual([rs.siteA.id, rs.siteA.id, rs.siteB.id].sort());
    expect(audit[0]?.new_value).toMatchObject({ path: AE_PATH, code: '10019211', term: '头痛' });
  });

  it('exports the coding listing of the caller’s sites in their language, one state if asked, audited', async () => {
    const { dataManager, siteBUser, coordinator } = rs.people;
    const csv = await rs.study.t.request({ method: 'GET', url: `/dcap/coding/export?fieldId=${String(fieldId)}&format=csv`, headers: { token: dataManager.token, 'accept-language': 'en-US' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Subject,Site,Visit,Verbatim,Coding state,Dictionary,Version,Code,Term,Term (English),Hierarchy,Verbatim when coded,Coded by,Coded at');
    // The same values as the list: three coded to Headache, Nausea not coded.
    expect(lines).toHaveLength(1 + (await values(dataManager)).total);
    expect(lines.filter((line) => line.includes(',Coded,MedDRA,26.0,10019211,头痛,Headache,Nervous system disorders > Headaches > Headaches NEC > Headache,'))).toHaveLength(3);
    expect(lines.filter((line) => line.includes(',Nausea,Not coded,'))).toHaveLength(1);
    const uncoded = await rs.study.t.request({ method: 'GET', url: `/dcap/coding/export?fieldId=${String(fieldId)}&format=csv&state=uncoded`, headers: { token: dataManager.token } });
    const uncodedLines = uncoded.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(uncodedLines[0]?.startsWith('受试者,中心,访视,原始文本,编码状态')).toBe(true);
    expect(uncodedLines.slice(1).map((line) => line.split(',')[4])).toEqual(['未编码']);
    // Site B's data manager gets site B's value only; a coordinator without the coding right nothing.
    const siteB = await rs.study.t.request({ method: 'GET', url: `/dcap/coding/export?fieldId=${String(fieldId)}&format=csv`, headers: { token: siteBUser.token } });
    expect(siteB.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((line) => line.split(',')[3])).toEqual(['HEADACHE']);
    expect((await rs.study.t.request({ method: 'GET', url: `/dcap/coding/export?fieldId=${String(fieldId)}`, headers: { token: coordinator.token } })).statusCode).toBe(403);
    const audit = (await codingAudit()).filter((row) => row.action === 'coding.export');
    expect(audit).toHaveLength(3);
    expect(audit[0]?.new_value).toMatchObject({ path: AE_PATH, state: null, rows: lines.length - 1 });
    expect(audit[1]?.new_value).toMatchObject({ state: 'uncoded', rows: 1 });
  });

  it('shows a value changed after coding as needing recoding, recodes it and uncodes another, audited', async () => {
    const { coordinator, dataManager } = rs.people;
    await saveAe(coordinator, atA, ['Migraine', 'Nausea']);
    const changed = await values(dataManager, '&state=needsRecoding');
    expect(changed.values.map((v) => [v.value, v.coding?.verbatim])).toEqual([['Migraine', 'Headache']]);
    const [migraine] = changed.values;
    if (!migraine) throw new Error('no migraine');
    ok(await post(dataManager, '/dcap/coding/code', { panelInstanceId: migraine.panelInstanceId, path: migraine.path, termCode: '10027599' }));
    expect((await values(dataManager, '&state=needsRecoding')).total).toBe(0);
    const recode = (await codingAudit()).at(-1);
    expect(recode).toMatchObject({ action: 'coding.recode', entity_type: 'field_coding' });
    expect(recode?.old_value).toMatchObject({ verbatim: 'Headache', code: '10019211' });
    expect(recode?.new_value).toMatchObject({ verbatim: 'Migraine', code: '10027599' });

    const [otherA] = (await values(dataManager, '&text=headache')).values.filter((v) => v.subjectId === alsoAtA.id);
    if (!otherA) throw new Error('no value');
    ok(await post(dataManager, '/dcap/coding/uncode', { panelInstanceId: otherA.panelInstanceId, path: otherA.path }));
    refused(await post(dataManager, '/dcap/coding/uncode', { panelInstanceId: otherA.panelInstanceId, path: otherA.path }), 409, 'coding.not_coded');
    expect((await codingAudit()).at(-1)).toMatchObject({ action: 'coding.uncode', old_value: expect.objectContaining({ code: '10019211' }) as unknown });
  });

  it('refuses to delete a dictionary or remove a field in use, and offers a disabled dictionary for no new coding', async () => {
    const { dataManager } = rs.people;
    refused(await post(admin(), '/dcap/sys/coding/delete', { id: meddraId }, 'en-US'), 409, 'coding.dictionary_in_use');
    refused(await post(dataManager, '/dcap/coding/field/delete', { id: fieldId }), 409, 'coding.field_in_use');
    const disabled = ok(await post(admin(), '/dcap/sys/coding/enable', { id: meddraId, enabled: false })) as CodingDictionary;
    expect(disabled).toMatchObject({ enabled: false, codingCount: 2 });
    expect((await codingAudit()).at(-1)).toMatchObject({ action: 'coding.dictionary_disable', old_value: expect.objectContaining({ enabled: true }) as unknown });
    refused(await get(dataManager, `/dcap/coding/terms?dictionaryId=${String(meddraId)}&text=head`), 404, 'coding.dictionary_not_found');
    const [nausea] = (await values(dataManager, '&state=uncoded')).values;
    if (!nausea) throw new Error('no nausea');
    refused(await post(dataManager, '/dcap/coding/code', { panelInstanceId: nausea.panelInstanceId, path: nausea.path, termCode: '10028813' }), 409, 'coding.dictionary_disabled');
    ok(await post(admin(), '/dcap/sys/coding/enable', { id: meddraId, enabled: true }));
    expect((ok(await get(dataManager, `/dcap/coding/terms?dictionaryId=${String(meddraId)}&text=nause`)) as CodingTermPage).terms.map((t) => t.code)).toEqual(['10028813']);
  });
});
