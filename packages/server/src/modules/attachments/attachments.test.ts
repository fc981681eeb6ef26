import { ATTACHMENT_MAX_BYTES } from '@dcap/core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject } from '../../test/records.fixture.js';
import type { FilePart } from './attachments.fixture.js';
import { JPEG, PDF, PHOTO, PNG, ROUTE, markSaved, openAttachmentStudy, upload } from './attachments.fixture.js';

/**
 * Attachments of study data and the spreadsheet import of a repeatable table (spec 002 §2, §5, §7): uploads
 * with their audit rows (COMPLIANCE AT-3), every refusal leaving nothing behind, site scope (WF-3).
 */
let rs: RecordsStudy;
let subject: AddedSubject;
let dmPanel: number;
let cmPanel: number;
let people: RecordsStudy['people'];

const IMPORT = '/dcap/project/recordData/attachment/import';
const LIST = '/dcap/project/recordData/attachment/list';
const png = (name = 'photo.png'): FilePart => ({ name, type: 'image/png', bytes: PNG });

beforeAll(async () => {
  rs = await openAttachmentStudy('ATT');
  people = rs.people;
  subject = await addSubject(rs, people.coordinator, rs.siteA.id);
  dmPanel = subject.panelInstances.screening?.DM ?? 0;
  cmPanel = subject.panelInstances.baseline?.CM ?? 0;
  await markSaved(rs, dmPanel);
});

afterAll(async () => {
  await rs.study.t.close();
});

const db = () => rs.study.t.database.db;
const counts = async () => ({
  attachments: Number((await db().selectFrom('attachments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  audit: Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});
const auditRows = (action: string, entityId: number) =>
  db().selectFrom('audit_log').select(['action', 'site_id', 'env', 'actor_username', 'old_value', 'new_value']).where('action', '=', action).where('entity_id', '=', String(entityId)).execute();
const fieldUpload = (who: Persona, file: FilePart | null, fields: Record<string, string | number | undefined> = {}, lang?: string) =>
  upload(rs, who, IMPORT, { recordId: subject.id, eventInsId: subject.eventInstances.screening, instrumentInsId: dmPanel, field: PHOTO, scheduleId: '', recordDataId: '', ...fields }, file, lang);
/** Switches project configuration flags on (spec 000 §3), as the project configuration page does. */
async function setConfig(flags: Record<string, boolean>): Promise<void> {
  const project = await db().selectFrom('projects').select('config').where('id', '=', rs.projectId).executeTakeFirstOrThrow();
  await db().updateTable('projects').set({ config: JSON.stringify({ ...(project.config as object), ...flags }) }).where('id', '=', rs.projectId).execute();
}
const list = (who: Persona, body: Record<string, unknown>) => rs.study.t.call('POST', LIST, { token: who.token, body });
const picture = (who: Persona, id: number, thumbnail = '0') => rs.study.t.request({ method: 'GET', url: `/dcap/project/recordData/attachment/picture/${String(rs.projectId)}/${String(id)}?thumbnail=${thumbnail}`, headers: { token: who.token } });

describe('field images (spec 002 §5, §7)', () => {
  let uploadedId = 0;

  it('AT-3 stores an uploaded image with its hash and writes the upload audit row with site and environment', async () => {
    const reply = await fieldUpload(people.coordinator, png());
    const data = ok(reply) as { id: number; name: string; contentType: string; size: number; sha256: string; path: string; createdBy: string };
    expect(reply.body.msg).toBe('上传成功');
    expect(data).toMatchObject({ name: 'photo.png', contentType: 'image/png', size: PNG.length, path: PHOTO, panelInstanceId: dmPanel, subjectId: subject.id });
    uploadedId = data.id;
    const stored = await db().selectFrom('attachments').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(Buffer.compare(Buffer.from(stored.content), PNG)).toBe(0);
    expect(stored.thumbnail).toBeNull();
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [row, ...more] = await auditRows('attachment.upload', data.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ site_id: rs.siteA.id, env: 'uat', actor_username: people.coordinator.username });
    expect(row?.new_value).toMatchObject({ name: 'photo.png', sha256: stored.sha256, size: PNG.length, path: PHOTO, kind: 'field' });
  });

  it('lists the field’s attachments with id, name, size, type, time and who', async () => {
    const items = ok(await list(people.monitor, { recordId: subject.id, instrumentInsId: dmPanel, field: PHOTO })) as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: uploadedId, name: 'photo.png', size: PNG.length, contentType: 'image/png', createdById: people.coordinator.id });
    expect(typeof items[0]?.createdAt).toBe('string');
    expect(ok(await list(people.coordinator, { instrumentInsId: dmPanel, field: 'OTHER' }))).toEqual([]);
  });

  it('answers the picture’s bytes with their content type, the thumbnail flag giving the original (no server thumbnails)', async () => {
    const full = await picture(people.monitor, uploadedId);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(full.rawPayload, PNG)).toBe(0);
    const thumb = await picture(people.monitor, uploadedId, '1');
    expect(Buffer.compare(thumb.rawPayload, PNG)).toBe(0);
  });

  it('refuses a text file called x.png, and a PNG renamed .jpg, by their bytes; nothing is written', async () => {
    const before = await counts();
    refused(await fieldUpload(people.coordinator, { name: 'x.png', type: 'image/png', bytes: Buffer.from('not an image at all') }, {}, 'en-US'), 400, 'attachment.type_forbidden');
    const renamed = await fieldUpload(people.coordinator, { name: 'renamed.jpg', type: 'image/jpeg', bytes: PNG }, {}, 'en-US');
    refused(renamed, 400, 'attachment.type_forbidden');
    expect(renamed.body.msg).toBe('Only image files (JPG, PNG) may be uploaded');
    refused(await fieldUpload(people.coordinator, { name: 'scan.pdf', type: 'application/pdf', bytes: PDF }), 400, 'attachment.type_forbidden');
    expect(await counts()).toEqual(before);
  });

  it('refuses a file of 10 MB or more with the spec’s message, and takes a JPEG just under', async () => {
    const before = await counts();
    const big = Buffer.concat([PNG, Buffer.alloc(ATTACHMENT_MAX_BYTES - PNG.length)]);
    const reply = await fieldUpload(people.coordinator, { name: 'big.png', type: 'image/png', bytes: big }, {}, 'en-US');
    refused(reply, 400, 'attachment.too_large');
    expect(reply.body.msg).toBe('The file size must be under 10MB');
    refused(await fieldUpload(people.coordinator, { name: 'huge.png', type: 'image/png', bytes: Buffer.concat([big, Buffer.alloc(1024)]) }), 400, 'attachment.too_large');
    expect(await counts()).toEqual(before);
    const under = Buffer.concat([JPEG, Buffer.alloc(ATTACHMENT_MAX_BYTES - 1 - JPEG.length)]);
    const taken = ok(await fieldUpload(people.coordinator, { name: 'under.jpg', type: 'image/jpeg', bytes: under })) as { id: number; size: number; contentType: string };
    expect(taken).toMatchObject({ size: ATTACHMENT_MAX_BYTES - 1, contentType: 'image/jpeg' });
  });

  it('refuses a name already in the field’s list (file {name} already exists)', async () => {
    const before = await counts();
    const reply = await fieldUpload(people.coordinator, png('PHOTO.png'), {}, 'en-US');
    refused(reply, 409, 'attachment.name_taken');
    expect(reply.body.msg).toBe('The file PHOTO.png already exists');
    expect(await counts()).toEqual(before);
  });

  it('refuses an upload until the panel was saved, with the prompt to enter and save it first', async () => {
    const unsaved = subject.panelInstances.visit2?.VS ?? 0;
    const dmOfOther = (await addSubject(rs, people.coordinator, rs.siteA.id)).panelInstances.screening?.DM ?? 0;
    const before = await counts();
    const reply = await fieldUpload(people.coordinator, png(), { instrumentInsId: dmOfOther, recordId: undefined, eventInsId: undefined }, 'en-US');
    refused(reply, 409, 'attachment.panel_not_saved');
    expect(reply.body.msg).toBe('Enter and save the required panel data first');
    expect(unsaved).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('refuses a field that is not an upload field of the panel, and ids that do not belong together', async () => {
    refused(await fieldUpload(people.coordinator, png(), { field: 'INITIALS' }), 400, 'attachment.field_unknown');
    refused(await fieldUpload(people.coordinator, png(), { field: 'NOPE' }), 400, 'attachment.field_unknown');
    refused(await fieldUpload(people.coordinator, png(), { eventInsId: subject.eventInstances.baseline }), 400, 'attachment.ids_mismatch');
    refused(await fieldUpload(people.coordinator, null), 400, 'request.invalid');
  });

  it('refuses uploading without the data-entry right (a monitor), and answers another site’s ids as unknown', async () => {
    refused(await fieldUpload(people.monitor, png('m.png')), 403, 'permission.project_forbidden');
    refused(await fieldUpload(people.siteBUser, png('b.png')), 404, 'subject.panel_not_found');
    refused(await list(people.siteBUser, { instrumentInsId: dmPanel, field: PHOTO }), 404, 'subject.panel_not_found');
    const other = await picture(people.siteBUser, uploadedId);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ errorCode: string }>().errorCode).toBe('attachment.not_found');
    refused(await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(uploadedId)}`, { token: people.siteBUser.token }), 404, 'attachment.not_found');
  });

  it('AT-3 deletes logically with an audit row of what was deleted; the list and the picture no longer have it', async () => {
    const id = (ok(await fieldUpload(people.coordinator, png('to-delete.png'))) as { id: number }).id;
    const reply = await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(id)}`, { token: people.coordinator.token, lang: 'en-US' });
    ok(reply);
    expect(reply.body.msg).toBe('The attachment was deleted');
    const row = await db().selectFrom('attachments').select(['deleted_at', 'deleted_by', 'content']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.deleted_by).toBe(people.coordinator.id);
    expect(row.content.length).toBe(PNG.length);
    const [audit] = await auditRows('attachment.delete', id);
    expect(audit).toMatchObject({ site_id: rs.siteA.id, env: 'uat' });
    expect(audit?.old_value).toMatchObject({ name: 'to-delete.png', path: PHOTO });
    const names = (ok(await list(people.coordinator, { instrumentInsId: dmPanel, field: PHOTO })) as { name: string }[]).map((item) => item.name);
    expect(names).not.toContain('to-delete.png');
    expect((await picture(people.coordinator, id)).statusCode).toBe(404);
    refused(await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(id)}`, { token: people.coordinator.token }), 404, 'attachment.not_found');
    // The name is free again once deleted.
    ok(await fieldUpload(people.coordinator, png('to-delete.png')));
  });

  it('WF-2 refuses uploads and deletions once the field is locked or frozen, or the panel signed', async () => {
    const id = (ok(await fieldUpload(people.coordinator, png('kept.png'))) as { id: number }).id;
    await db().insertInto('field_values').values({ panel_instance_id: dmPanel, path: PHOTO, value: null, status: 'LOCKED' }).execute();
    const before = await counts();
    refused(await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(id)}`, { token: people.coordinator.token }), 409, 'attachment.field_locked');
    refused(await fieldUpload(people.coordinator, png('late.png')), 409, 'attachment.field_locked');
    await db().updateTable('field_values').set({ status: 'COMPLETED', frozen: true }).where('panel_instance_id', '=', dmPanel).where('path', '=', PHOTO).execute();
    refused(await fieldUpload(people.coordinator, png('late.png')), 409, 'attachment.field_locked');
    await db().deleteFrom('field_values').where('panel_instance_id', '=', dmPanel).where('path', '=', PHOTO).execute();
    await db().updateTable('panel_instances').set({ status: 'SIGNED' }).where('id', '=', dmPanel).execute();
    refused(await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(id)}`, { token: people.coordinator.token }), 409, 'attachment.field_locked');
    expect(await counts()).toEqual(before);
    await db().updateTable('panel_instances').set({ status: 'INCOMPLETE' }).where('id', '=', dmPanel).execute();
  });
});

describe('source documents, visit records and identity cards', () => {
  it('AT-3 takes a PDF source document of a saved panel; monitors who verify list and view it', async () => {
    const reply = await upload(rs, people.coordinator, '/dcap/project/recordData/source/import', { instrumentInsId: dmPanel }, { name: 'hospital-record.pdf', type: 'application/pdf', bytes: PDF });
    const data = ok(reply) as { id: number; contentType: string; kind: string };
    expect(data).toMatchObject({ contentType: 'application/pdf', kind: 'source' });
    expect(await auditRows('attachment.upload', data.id)).toHaveLength(1);
    const items = ok(await list(people.monitor, { kind: 'source', instrumentInsId: dmPanel })) as { id: number }[];
    expect(items.map((item) => item.id)).toEqual([data.id]);
    const view = await picture(people.monitor, data.id);
    expect(view.headers['content-type']).toBe('application/pdf');
    // A data manager (review, freeze, lock; neither enters nor verifies) does not read source documents.
    refused(await list(people.dataManager, { kind: 'source', instrumentInsId: dmPanel }), 403, 'permission.project_forbidden');
    expect((await picture(people.dataManager, data.id)).statusCode).toBe(403);
    refused(await upload(rs, people.coordinator, '/dcap/project/recordData/source/import', { instrumentInsId: dmPanel }, { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('x') }), 400, 'attachment.pdf_or_image_only');
  });

  it('AT-3 takes visit records of a visit (event instance) where the project has visit tasks, and lists them by visit', async () => {
    const visit = subject.eventInstances.baseline ?? 0;
    const before = await counts();
    refused(await upload(rs, people.coordinator, '/dcap/visitTask/uploadVisitRecord', { eventInsId: visit }, { name: 'visit.jpg', type: 'image/jpeg', bytes: JPEG }), 409, 'schedule.visit_tasks_off');
    expect(await counts()).toEqual(before);
    await setConfig({ visitTask: true });
    const data = ok(await upload(rs, people.coordinator, '/dcap/visitTask/uploadVisitRecord', { eventInsId: visit }, { name: 'visit.jpg', type: 'image/jpeg', bytes: JPEG })) as { id: number; eventInstanceId: number; kind: string };
    expect(data).toMatchObject({ kind: 'visitRecord', eventInstanceId: visit });
    const [audit] = await auditRows('attachment.upload', data.id);
    expect(audit).toMatchObject({ site_id: rs.siteA.id, env: 'uat' });
    expect((ok(await list(people.monitor, { kind: 'visitRecord', eventInsId: visit })) as unknown[]).length).toBe(1);
    refused(await upload(rs, people.siteBUser, '/dcap/visitTask/uploadVisitRecord', { eventInsId: visit }, { name: 'b.jpg', type: 'image/jpeg', bytes: JPEG }), 404, 'subject.event_not_found');
  });

  it('takes an identity-card image only where the project pre-screens', async () => {
    const send = () => upload(rs, people.coordinator, '/dcap/prescreen/subject/uploadIdCard', { recordId: subject.id }, { name: 'id.png', type: 'image/png', bytes: PNG });
    const before = await counts();
    refused(await send(), 409, 'attachment.prescreen_off');
    expect(await counts()).toEqual(before);
    await setConfig({ preScreen: true });
    const data = ok(await send()) as { id: number; kind: string };
    expect(data.kind).toBe('idCard');
    expect((ok(await list(people.coordinator, { kind: 'idCard', recordId: subject.id })) as unknown[]).length).toBe(1);
    // Identity cards are read only by those who enter data.
    refused(await list(people.monitor, { kind: 'idCard', recordId: subject.id }), 403, 'permission.project_forbidden');
  });
});

describe('spreadsheet import into a repeatable table (spec 002 §2, §5)', () => {
  const IMPORT_SHEET = '/dcap/project/recordData/import';
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const sheet = async (rows: (string | number | Date | null)[][]) => writeXlsxFile([{ sheet: 'CM', data: rows.map((row) => row.map((value) => (value === null ? null : value instanceof Date ? { value, format: 'yyyy-mm-dd' } : { value }))) }], {}).toBuffer();
  const send = (bytes: Buffer, table = rs.cm.table, lang = 'en-US', name = 'cm.xlsx') =>
    upload(rs, people.coordinator, IMPORT_SHEET, { instrumentInsId: cmPanel, table }, { name, type: XLSX_TYPE, bytes }, lang);

  it('AT-3 reads the rows with per-row errors in the caller’s language, saves nothing and audits the import', async () => {
    const before = await db().selectFrom('field_values').select('path').where('panel_instance_id', '=', cmPanel).execute();
    const file = await sheet([
      ['药物名称', '剂量', '开始日期', '给药途径'],
      ['Aspirin', 100, '2024/01/02', '口服'],
      ['Heparin', 5000, 'tomorrow', 'IM'],
      ['Insulin', '10', new Date(Date.UTC(2024, 4, 6)), '12'],
      ['Saline', null, '20240601', 'intravenous'],
    ]);
    const preview = ok(await send(file)) as { rows: { row: number; values: Record<string, unknown> }[]; errors: { row: number; column: string; code: string; message: string }[]; total: number; huge: boolean; columns: string[] };
    expect(preview.total).toBe(4);
    expect(preview.huge).toBe(false);
    expect(preview.columns).toEqual([rs.cm.drug, rs.cm.dose, rs.cm.start, ROUTE]);
    expect(preview.rows[0]?.values).toEqual({ [rs.cm.drug]: 'Aspirin', [rs.cm.dose]: 100, [rs.cm.start]: '2024-01-02', [ROUTE]: '1' });
    expect(preview.rows[2]?.values).toEqual({ [rs.cm.drug]: 'Insulin', [rs.cm.dose]: 10, [rs.cm.start]: '2024-05-06', [ROUTE]: '2' });
    expect(preview.rows[3]?.values).toEqual({ [rs.cm.drug]: 'Saline', [rs.cm.dose]: null, [rs.cm.start]: '2024-06-01', [ROUTE]: '2' });
    expect(preview.errors).toEqual([
      { row: 3, column: rs.cm.dose, code: 'attachment.cell_max', message: 'Must not be greater than 1000' },
      { row: 3, column: rs.cm.start, code: 'attachment.cell_date', message: '“tomorrow” is not a valid date' },
      { row: 3, column: ROUTE, code: 'attachment.cell_option', message: '“IM” is not one of the options' },
    ]);
    expect(await db().selectFrom('field_values').select('path').where('panel_instance_id', '=', cmPanel).execute()).toEqual(before);
    const [audit] = await auditRows('record.table_import', cmPanel);
    expect(audit).toMatchObject({ site_id: rs.siteA.id, env: 'uat' });
    expect(audit?.new_value).toMatchObject({ table: rs.cm.table, rows: 4, errors: 3, file: 'cm.xlsx' });
  });

  it('switches to huge-data mode above 50 rows', async () => {
    const rows = [['Drug'], ...Array.from({ length: 51 }, (_, index) => [`D${String(index)}`])];
    const preview = ok(await send(await sheet(rows))) as { total: number; huge: boolean };
    expect(preview).toMatchObject({ total: 51, huge: true });
  });

  it('asks for an .xlsx when given a legacy .xls (by its bytes), and refuses what is no spreadsheet', async () => {
    const before = await counts();
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const reply = await send(xls, rs.cm.table, 'en-US', 'old.xls');
    refused(reply, 400, 'attachment.sheet_xls');
    expect(reply.body.msg).toContain('save the file as .xlsx');
    refused(await send(Buffer.from('a,b,c\n1,2,3'), rs.cm.table, 'en-US', 'data.xlsx'), 400, 'attachment.sheet_unreadable');
    refused(await send(await sheet([['unknown', 'header'], ['1', '2']])), 400, 'attachment.sheet_no_columns');
    refused(await send(await sheet([['Drug']])), 400, 'attachment.sheet_empty');
    refused(await send(await sheet([['Drug'], ['x']]), 'NOTABLE'), 400, 'attachment.table_unknown');
    expect(await counts()).toEqual(before);
  });

  it('refuses a table that is not repeatable (the lab table) and another site’s panel', async () => {
    const lbPanel = subject.panelInstances.screening?.LB ?? 0;
    refused(await upload(rs, people.coordinator, IMPORT_SHEET, { instrumentInsId: lbPanel, table: rs.lab.table }, { name: 'lb.xlsx', type: XLSX_TYPE, bytes: await sheet([['x'], ['1']]) }), 400, 'attachment.table_unknown');
    refused(await upload(rs, people.siteBUser, IMPORT_SHEET, { instrumentInsId: cmPanel, table: rs.cm.table }, { name: 'cm.xlsx', type: XLSX_TYPE, bytes: await sheet([['Drug'], ['x']]) }), 404, 'subject.panel_not_found');
  });

  it('gives the template: column titles in the caller’s language, then the keys', async () => {
    const reply = await rs.study.t.request({ method: 'GET', url: `/dcap/project/recordData/importTemplate/${String(cmPanel)}/${rs.cm.table}`, headers: { token: people.coordinator.token, 'accept-language': 'en-US' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    const [first] = await readXlsxFile(reply.rawPayload);
    expect(first?.data[0]).toEqual(['Drug', 'Dose', 'Start date', 'Route']);
    expect(first?.data[1]).toEqual([rs.cm.drug, rs.cm.dose, rs.cm.start, ROUTE]);
    const zh = await rs.study.t.request({ method: 'GET', url: `/dcap/project/recordData/importTemplate/${String(cmPanel)}/${rs.cm.table}`, headers: { token: people.coordinator.token, 'accept-language': 'zh-CN' } });
    const [zhFirst] = await readXlsxFile(zh.rawPayload);
    expect(zhFirst?.data[0]).toEqual(['药物名称', '剂量', '开始日期', '给药途径']);
    // The template read back is accepted as is: the key row is skipped.
    refused(await send(zh.rawPayload), 400, 'attachment.sheet_empty');
    const other = await rs.study.t.request({ method: 'GET', url: `/dcap/project/recordData/importTemplate/${String(cmPanel)}/${rs.cm.table}`, headers: { token: people.siteBUser.token } });
    expect(other.statusCode).toBe(404);
  });
});
