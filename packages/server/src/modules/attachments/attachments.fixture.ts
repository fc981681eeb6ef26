import type { Panel, PaletteWidget, TableColumn, Widget } from '@dcap/core';
import { createWidget } from '@dcap/core';
import type { Persona } from '../roles/study.fixture.js';
import { ok, setStatus } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { openRecordsStudy } from '../../test/records.fixture.js';
import type { Reply } from '../../test/harness.js';

/** A 1×1 PNG and a tiny JPEG: real magic numbers (core attachments/files.ts reads only those). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
export const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

export interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body with text fields and one file part named `file`, as a browser's FormData sends it. */
export function multipartForm(fields: Record<string, string | number | undefined>, file: FilePart | null): { payload: Buffer; contentType: string } {
  const boundary = '----dcapAttachmentBoundary9XkP2';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The same reply shape as the harness's `call`, for a multipart POST. */
export async function upload(rs: RecordsStudy, who: Persona, url: string, fields: Record<string, string | number | undefined>, file: FilePart | null, lang?: string): Promise<Reply> {
  const form = multipartForm(fields, file);
  const headers: Record<string, string> = { token: who.token, 'content-type': form.contentType };
  if (lang) headers['accept-language'] = lang;
  const response = await rs.study.t.request({ method: 'POST', url, headers, payload: form.payload });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Keys the attachment tests add to the records study's design. */
export const PHOTO = 'PHOTO';
export const ROUTE = 'CMROUTE';
/** The image column of the concomitant-medication table: a photo of the medicine's box, per row. */
export const BOX = 'CMBOX';
/** An upload field beside the concomitant-medication table: a photo of the prescription, once per panel. */
export const PRESCRIPTION = 'CMRX';

function widget(item: PaletteWidget, key: string, name: string, nameEn: string, options: Partial<Widget['options']> = {}): Widget {
  const made = createWidget(item, new Set());
  return { ...made, key, model: key, name, nameEn, options: { ...made.options, ...options } };
}

/**
 * The records study (test/records.fixture.ts) with two additions published as its next version: an image
 * upload field PHOTO on demographics, and a route column (radio: keys 11 and 12, values 1 and 2, oral and intravenous), a dose range of 0 to
 * 1000 and an image column BOX in the repeatable concomitant-medication table, and an upload field PRESCRIPTION after
 * that table. Subjects added afterwards get this design.
 */
export async function openAttachmentStudy(code = 'ATT'): Promise<RecordsStudy> {
  const rs = await openRecordsStudy(code);
  const { study, projectId, people } = rs;
  const db = study.t.database.db;
  const pm = people.projectAdmin;
  const before = await db.selectFrom('projects').select('status').where('id', '=', projectId).executeTakeFirstOrThrow();
  await setStatus(study, projectId, 'CONFIG');
  ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: pm.token }));
  const draft = async (id: number) => (await db.selectFrom('instruments').select('panel').where('id', '=', id).executeTakeFirstOrThrow()).panel as Panel;
  const save = async (id: number, list: Widget[], panel: Panel) => {
    const reply = await study.t.call('POST', '/dcap/project/field/saveAllCfg', { token: pm.token, body: { instrumentId: id, list, config: panel.config } });
    if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  };

  const dm = await draft(rs.instruments.DM);
  await save(rs.instruments.DM, [...dm.list, widget('uploader', PHOTO, '照片', 'Photo')], dm);

  const cm = await draft(rs.instruments.CM);
  const list = cm.list.map((item) => {
    if (item.model !== rs.cm.table) return item;
    const columns = (item.options.columns ?? []) as TableColumn[];
    const route = widget('radio', `${rs.cm.table}_${ROUTE}`, '给药途径', 'Route', {
      options: [
        { key: '11', value: '1', label: '口服', labelEn: 'Oral' },
        { key: '12', value: '2', label: '静脉', labelEn: 'Intravenous' },
      ],
    });
    const withRange = columns.map((column) => (column.key === rs.cm.dose ? { ...column, widget: { ...column.widget, options: { ...column.widget.options, min: 0, max: 1000 } } } : column));
    const box = widget('uploader', `${rs.cm.table}_${BOX}`, '药盒照片', 'Box photo');
    return {
      ...item,
      options: {
        ...item.options,
        columns: [
          ...withRange,
          { key: ROUTE, title: '给药途径', titleEn: 'Route', width: '20%', widget: { ...route, table: rs.cm.table } },
          { key: BOX, title: '药盒照片', titleEn: 'Box photo', width: '15%', widget: { ...box, table: rs.cm.table } },
        ],
      },
    };
  });
  await save(rs.instruments.CM, [...list, widget('uploader', PRESCRIPTION, '处方照片', 'Prescription photo')], cm);
  ok(await study.t.call('POST', '/dcap/project/design/publish', { token: pm.token, body: { projectId, target: 'uat', note: 'Attachments' } }));
  await setStatus(study, projectId, before.status);
  ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: pm.token }));
  return rs;
}

/** Marks a panel instance saved once, as the panel save does (spec 002 §5: uploads wait for it). */
export async function markSaved(rs: RecordsStudy, panelInstanceId: number): Promise<void> {
  await rs.study.t.database.db.updateTable('panel_instances').set({ first_saved_at: new Date(), version: 1 }).where('id', '=', panelInstanceId).execute();
}
