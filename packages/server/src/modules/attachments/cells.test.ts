import type { RecordPanel } from '@dcap/core';
import { ROW_KEY_FIELD, evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject } from '../../test/records.fixture.js';
import type { FilePart } from './attachments.fixture.js';
import { BOX, PNG, openAttachmentStudy, upload } from './attachments.fixture.js';

/**
 * Images in the cells of a repeatable table (spec 002 §2 tables, §5 image upload; docs/decisions.md
 * "Attachments"): keyed by the row-stable cell path, only on rows the panel stores, with the field rules, the
 * site scope and the audit rows of field images, and gone with their row.
 */
let rs: RecordsStudy;
let subject: AddedSubject;
let cmPanel: number;
let people: RecordsStudy['people'];

beforeAll(async () => {
  rs = await openAttachmentStudy('ATC');
  people = rs.people;
  subject = await addSubject(rs, people.coordinator, rs.siteA.id);
  cmPanel = subject.panelInstances.baseline?.CM ?? 0;
});

afterAll(async () => {
  await rs.study.t.close();
});

const IMPORT = '/dcap/project/recordData/attachment/import';
const db = () => rs.study.t.database.db;
const png = (name: string): FilePart => ({ name, type: 'image/png', bytes: PNG });
const cell = (row: string) => `${rs.cm.table}#${row}.${BOX}`;
const cellUpload = (who: Persona, path: string, file: FilePart, lang?: string) => upload(rs, who, IMPORT, { instrumentInsId: cmPanel, field: path }, file, lang);
const names = async (who: Persona, path: string) =>
  (ok(await rs.study.t.call('POST', '/dcap/project/recordData/attachment/list', { token: who.token, body: { instrumentInsId: cmPanel, field: path } })) as { name: string }[]).map((item) => item.name);
const counts = async () => ({
  attachments: Number((await db().selectFrom('attachments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  audit: Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});
const read = async () => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(cmPanel)}`, { token: people.coordinator.token })) as RecordPanel;
/** The study's day, as the server's save computes it (core time/study-day.ts). */
const today = () => studyToday(rs.study.t.clock.now());
/** Saves the table's rows as the panel entry page does: the engine's values, row keys kept, a reason per deleted row. */
async function saveRows(panel: RecordPanel, rows: Record<string, unknown>[], deleted: string[] = []): Promise<RecordPanel> {
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, [rs.cm.table]: rows }, { today }).values;
  const reasons = Object.fromEntries(deleted.map((row) => [`${rs.cm.table}#${row}`, { code: 'TRANSCRIPTION_ERROR' }]));
  const body = { panelInstanceId: cmPanel, version: panel.version, values, reasons };
  return ok(await rs.study.t.call('POST', '/dcap/project/recordDataManage/save', { token: people.coordinator.token, body })) as RecordPanel;
}
const rowsOf = (panel: RecordPanel) => panel.values[rs.cm.table] as Record<string, unknown>[];

describe('images in the cells of a repeatable table (spec 002 §2, §5)', () => {
  let saved: RecordPanel;

  it('refuses a cell of a row the panel does not store yet, with the prompt to save first; nothing is written', async () => {
    const before = await counts();
    const reply = await cellUpload(people.coordinator, cell('r1'), png('box.png'), 'en-US');
    // The panel was never saved: the panel's own prompt comes first.
    refused(reply, 409, 'attachment.panel_not_saved');
    saved = await saveRows(await read(), [{ [rs.cm.drug]: 'Aspirin' }, { [rs.cm.drug]: 'Heparin' }]);
    expect(rowsOf(saved).map((row) => row[ROW_KEY_FIELD])).toEqual(['r1', 'r2']);
    const unknownRow = await cellUpload(people.coordinator, cell('r9'), png('box.png'), 'en-US');
    refused(unknownRow, 409, 'attachment.row_unknown');
    expect(unknownRow.body.msg).toBe('This table row has not been saved or was deleted; save the form first');
    expect(await counts()).toMatchObject({ attachments: before.attachments });
  });

  it('AT-3 stores an image under the row-stable cell path with its audit row; a name once per cell', async () => {
    const data = ok(await cellUpload(people.coordinator, cell('r2'), png('box.png'))) as { id: number; path: string; panelInstanceId: number };
    expect(data).toMatchObject({ path: cell('r2'), panelInstanceId: cmPanel });
    const audit = await db().selectFrom('audit_log').select(['site_id', 'env', 'new_value']).where('action', '=', 'attachment.upload').where('entity_id', '=', String(data.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ site_id: rs.siteA.id, env: 'uat' });
    expect(audit[0]?.new_value).toMatchObject({ path: cell('r2'), kind: 'field', name: 'box.png' });
    expect(await names(people.monitor, cell('r2'))).toEqual(['box.png']);
    expect(await names(people.monitor, cell('r1'))).toEqual([]);
    // Another row's cell is another list: the same name is new there.
    ok(await cellUpload(people.coordinator, cell('r1'), png('box.png')));
    refused(await cellUpload(people.coordinator, cell('r2'), png('BOX.png')), 409, 'attachment.name_taken');
  });

  it('refuses columns that are not image columns, unknown columns and tables, and the column without its row', async () => {
    const before = await counts();
    for (const path of [`${rs.cm.table}#r1.${rs.cm.drug}`, `${rs.cm.table}#r1.NOPE`, `NOTABLE#r1.${BOX}`, BOX, `${rs.cm.table}_${BOX}`]) {
      refused(await cellUpload(people.coordinator, path, png('x.png')), 400, 'attachment.field_unknown');
    }
    refused(await cellUpload(people.coordinator, cell('r2'), { name: 'box.txt', type: 'text/plain', bytes: Buffer.from('text') }), 400, 'attachment.type_forbidden');
    expect(await counts()).toEqual(before);
  });

  it('WF-3 answers another site’s cell as unknown and refuses a user without the data-entry right', async () => {
    refused(await cellUpload(people.siteBUser, cell('r2'), png('b.png')), 404, 'subject.panel_not_found');
    refused(await cellUpload(people.monitor, cell('r2'), png('m.png')), 403, 'permission.project_forbidden');
  });

  it('WF-2 refuses changes to a locked cell’s images', async () => {
    const [id] = (await db().selectFrom('attachments').select('id').where('path', '=', cell('r2')).execute()).map((row) => row.id);
    await db().updateTable('field_values').set({ status: 'LOCKED' }).where('panel_instance_id', '=', cmPanel).where('path', '=', cell('r2')).execute();
    refused(await cellUpload(people.coordinator, cell('r2'), png('late.png')), 409, 'attachment.field_locked');
    refused(await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(id)}`, { token: people.coordinator.token }), 409, 'attachment.field_locked');
    await db().updateTable('field_values').set({ status: 'ENTERING' }).where('panel_instance_id', '=', cmPanel).where('path', '=', cell('r2')).execute();
  });

  it('keeps a row’s images with the row when a row before it is deleted and another added', async () => {
    const [first, second] = rowsOf(saved);
    const after = await saveRows(saved, [second ?? {}, { [rs.cm.drug]: 'Insulin' }], ['r1']);
    expect(rowsOf(after).map((row) => row[ROW_KEY_FIELD])).toEqual(['r2', 'r3']);
    expect(first?.[ROW_KEY_FIELD]).toBe('r1');
    expect(await names(people.coordinator, cell('r2'))).toEqual(['box.png']);
    expect(await names(people.coordinator, cell('r3'))).toEqual([]);
    // The deleted row's images went with it: not listed, not served, not deletable, and none may be added.
    const [gone] = await db().selectFrom('attachments').select('id').where('path', '=', cell('r1')).execute();
    expect(await names(people.coordinator, cell('r1'))).toEqual([]);
    const picture = await rs.study.t.request({ method: 'GET', url: `/dcap/project/recordData/attachment/picture/${String(rs.projectId)}/${String(gone?.id)}`, headers: { token: people.coordinator.token } });
    expect(picture.statusCode).toBe(404);
    refused(await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(gone?.id)}`, { token: people.coordinator.token }), 404, 'attachment.not_found');
    refused(await cellUpload(people.coordinator, cell('r1'), png('again.png')), 409, 'attachment.row_unknown');
    ok(await cellUpload(people.coordinator, cell('r3'), png('insulin.png')));
  });

  it('IM-2 the save that deletes a row deletes its images logically in its transaction, each audited with the row and its reason', async () => {
    // The row r1 was deleted by the save of the test before.
    const rows = await db().selectFrom('attachments').select(['id', 'path', 'deleted_at', 'deleted_by']).where('panel_instance_id', '=', cmPanel).orderBy('id').execute();
    expect(rows.map((row) => [row.path, row.deleted_by])).toEqual([
      [cell('r2'), null],
      [cell('r1'), people.coordinator.id],
      [cell('r3'), null],
    ]);
    const gone = rows.find((row) => row.path === cell('r1'));
    const audits = await db().selectFrom('audit_log').selectAll().where('action', '=', 'attachment.delete').where('entity_id', '=', String(gone?.id)).execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity_type: 'attachment', site_id: rs.siteA.id, env: 'uat', actor_username: people.coordinator.username, new_value: { withRow: `${rs.cm.table}#r1` } });
    expect(audits[0]?.old_value).toMatchObject({ path: cell('r1'), name: 'box.png' });
    // The row's own audit row and its images' share the reason the user gave for deleting the row.
    const [rowAudit] = await db().selectFrom('audit_log').select(['id', 'reason']).where('action', '=', 'record.rowDelete').where('entity_id', '=', `${String(cmPanel)}:${rs.cm.table}#r1`).execute();
    expect(rowAudit?.reason).toBeTruthy();
    expect(audits[0]?.reason).toBe(rowAudit?.reason);
    expect(Number(audits[0]?.id)).toBeGreaterThan(Number(rowAudit?.id));
  });
});
