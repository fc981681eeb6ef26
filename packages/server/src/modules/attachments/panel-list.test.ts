import type { RecordPanel } from '@dcap/core';
import { evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject } from '../../test/records.fixture.js';
import type { FilePart } from './attachments.fixture.js';
import { BOX, PHOTO, PNG, PRESCRIPTION, markSaved, openAttachmentStudy, upload } from './attachments.fixture.js';

/**
 * The panel-wide list of field images (spec 002 §7 list call, kind `panelFields`; docs/decisions.md
 * "Attachments"): the entry page asks once for a panel's upload fields and image cells, and is answered what
 * the per-field lists answer together, in the same scope.
 */
let rs: RecordsStudy;
let subject: AddedSubject;
let cmPanel: number;
let people: RecordsStudy['people'];

beforeAll(async () => {
  rs = await openAttachmentStudy('ATP');
  people = rs.people;
  subject = await addSubject(rs, people.coordinator, rs.siteA.id);
  cmPanel = subject.panelInstances.baseline?.CM ?? 0;
});

afterAll(async () => {
  await rs.study.t.close();
});

const LIST = '/dcap/project/recordData/attachment/list';
const db = () => rs.study.t.database.db;
const png = (name: string): FilePart => ({ name, type: 'image/png', bytes: PNG });
const cell = (row: string) => `${rs.cm.table}#${row}.${BOX}`;
const fieldUpload = async (panel: number, path: string, name: string) =>
  (ok(await upload(rs, people.coordinator, '/dcap/project/recordData/attachment/import', { instrumentInsId: panel, field: path }, png(name))) as { id: number }).id;
const list = (who: Persona, body: Record<string, unknown>) => rs.study.t.call('POST', LIST, { token: who.token, body });
type Listed = { id: number; name: string; path: string | null; kind: string; createdBy: string | null };
const panelList = async (who: Persona) => ok(await list(who, { kind: 'panelFields', instrumentInsId: cmPanel })) as Listed[];
const read = async () => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(cmPanel)}`, { token: people.coordinator.token })) as RecordPanel;
/** The study's day, as the server's save computes it (core time/study-day.ts). */
const today = () => studyToday(rs.study.t.clock.now());
/** Saves the table's rows as the panel entry page does: the engine's values, row keys kept, a reason per deleted row. */
async function saveRows(rows: Record<string, unknown>[], deleted: string[] = []): Promise<void> {
  const panel = await read();
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, [rs.cm.table]: rows }, { today }).values;
  const reasons = Object.fromEntries(deleted.map((row) => [`${rs.cm.table}#${row}`, { code: 'TRANSCRIPTION_ERROR' }]));
  ok(await rs.study.t.call('POST', '/dcap/project/recordDataManage/save', { token: people.coordinator.token, body: { panelInstanceId: cmPanel, version: panel.version, values, reasons } }));
}

describe('all field images of a panel in one list (spec 002 §7)', () => {
  it('answers the upload field’s and every image cell’s images with their paths, what the per-field lists answer together', async () => {
    await saveRows([{ [rs.cm.drug]: 'Aspirin' }, { [rs.cm.drug]: 'Heparin' }, { [rs.cm.drug]: 'Insulin' }]);
    await fieldUpload(cmPanel, PRESCRIPTION, 'rx.png');
    await fieldUpload(cmPanel, cell('r1'), 'aspirin.png');
    await fieldUpload(cmPanel, cell('r3'), 'insulin.png');
    await fieldUpload(cmPanel, cell('r3'), 'insulin-back.png');
    // Not field images of this panel: a source document of it, and an image of another panel of the subject.
    ok(await upload(rs, people.coordinator, '/dcap/project/recordData/source/import', { instrumentInsId: cmPanel }, png('source.png')));
    const dmPanel = subject.panelInstances.screening?.DM ?? 0;
    await markSaved(rs, dmPanel);
    await fieldUpload(dmPanel, PHOTO, 'face.png');

    const all = await panelList(people.monitor);
    expect(all.map((item) => [item.path, item.name])).toEqual([
      [PRESCRIPTION, 'rx.png'],
      [cell('r1'), 'aspirin.png'],
      [cell('r3'), 'insulin.png'],
      [cell('r3'), 'insulin-back.png'],
    ]);
    expect(all.every((item) => item.kind === 'field' && item.createdBy === `Name of ${people.coordinator.username}`)).toBe(true);
    const one = async (path: string) => ok(await list(people.monitor, { instrumentInsId: cmPanel, field: path })) as Listed[];
    const perField = [...(await one(PRESCRIPTION)), ...(await one(cell('r1'))), ...(await one(cell('r2'))), ...(await one(cell('r3')))];
    expect(all).toEqual(perField.sort((a, b) => a.id - b.id));
  });

  it('leaves out deleted images, a deleted row’s images and those of a row the panel does not store', async () => {
    const [back] = (await panelList(people.coordinator)).filter((item) => item.name === 'insulin-back.png');
    ok(await rs.study.t.call('GET', `/dcap/project/recordData/attachment/delete/${String(back?.id)}`, { token: people.coordinator.token }));
    const rows = (await read()).values[rs.cm.table] as Record<string, unknown>[];
    await saveRows(rows.slice(1), ['r1']);
    // An image of a row never stored, not marked deleted: left out as the per-field list leaves it out.
    const panel = await db().selectFrom('panel_instances').selectAll().where('id', '=', cmPanel).executeTakeFirstOrThrow();
    await db()
      .insertInto('attachments')
      .values({
        project_id: panel.project_id,
        env_id: panel.env_id,
        site_id: panel.site_id,
        subject_id: panel.subject_id,
        kind: 'field',
        event_instance_id: panel.event_instance_id,
        panel_instance_id: panel.id,
        path: cell('r9'),
        name: 'stray.png',
        content_type: 'image/png',
        size: PNG.length,
        sha256: 'stray',
        content: PNG,
        created_by: null,
      })
      .execute();
    expect(ok(await list(people.monitor, { instrumentInsId: cmPanel, field: cell('r9') }))).toEqual([]);
    expect((await panelList(people.monitor)).map((item) => [item.path, item.name])).toEqual([
      [PRESCRIPTION, 'rx.png'],
      [cell('r3'), 'insulin.png'],
    ]);
  });

  it('WF-3 answers another site’s panel as unknown, and refuses ids not the panel’s and a request without the panel', async () => {
    refused(await list(people.siteBUser, { kind: 'panelFields', instrumentInsId: cmPanel }), 404, 'subject.panel_not_found');
    refused(await list(people.monitor, { kind: 'panelFields', instrumentInsId: cmPanel, eventInsId: subject.eventInstances.screening }), 400, 'attachment.ids_mismatch');
    refused(await list(people.monitor, { kind: 'panelFields' }), 400, 'request.invalid');
  });
});
