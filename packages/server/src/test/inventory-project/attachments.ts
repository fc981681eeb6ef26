import type { Fixture } from '../inventory.fixture.js';
import { multipartForm, PNG } from '../../modules/attachments/attachments.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';
import { siteAStudyData } from './study-data.js';

/** Uploads, lists and deletions of attachments on site A's data. */
export const ATTACHMENT_ENTRIES: Record<string, Entry> = {
  // Attachments: uploads are multipart (as the users import sends its sheet) and name site A's panel, visit or
  // subject; callers let through are refused by the matrix project's status or the data's own rules. Deletion
  // and the picture name a fresh attachment of site A, written straight to the database.
  'POST /dcap/project/recordData/attachment/import': {
    call: async (f) =>
      enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/attachment/import', raw: multipartForm({ instrumentInsId: (await siteAStudyData(f)).panelInstanceId, field: 'PHOTO' }, MATRIX_PNG) }),
  },
  'POST /dcap/project/recordData/source/import': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/source/import', raw: multipartForm({ instrumentInsId: (await siteAStudyData(f)).panelInstanceId }, MATRIX_PNG) }),
  },
  'POST /dcap/visitTask/uploadVisitRecord': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/visitTask/uploadVisitRecord', raw: multipartForm({ eventInsId: (await siteAStudyData(f)).eventInstanceId }, MATRIX_PNG) }),
  },
  'POST /dcap/prescreen/subject/uploadIdCard': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/prescreen/subject/uploadIdCard', raw: multipartForm({ recordId: (await siteAStudyData(f)).subjectId }, MATRIX_PNG) }),
  },
  'POST /dcap/project/recordData/attachment/list': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/attachment/list', body: { instrumentInsId: (await siteAStudyData(f)).panelInstanceId, field: 'PHOTO' } }),
  },
  'GET /dcap/project/recordData/attachment/delete/:id': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/project/recordData/attachment/delete/${String(await siteAAttachment(f))}` }),
  },
  'GET /dcap/project/recordData/attachment/picture/:projectId/:id': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/project/recordData/attachment/picture/${f.projectId}/${String(await siteAAttachment(f))}?thumbnail=1` }),
  },
  'POST /dcap/project/recordData/import': {
    call: async (f) =>
      enterManagers(f, {
        method: 'POST',
        url: '/dcap/project/recordData/import',
        raw: multipartForm({ instrumentInsId: (await siteAStudyData(f)).panelInstanceId, table: 'MATRIXTABLE' }, { name: 'rows.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: Buffer.from('PK') }),
      }),
  },
  'GET /dcap/project/recordData/importTemplate/:instrumentInsId/:table': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/project/recordData/importTemplate/${String((await siteAStudyData(f)).panelInstanceId)}/MATRIXTABLE` }),
  },
};

const MATRIX_PNG = { name: 'matrix.png', type: 'image/png', bytes: PNG };

/** A fresh image of site A's panel, written straight to the database (999999 when site A has no panel). */
async function siteAAttachment(f: Fixture): Promise<number> {
  const { panelInstanceId } = await siteAStudyData(f);
  const db = f.study.t.database.db;
  const panel = await db.selectFrom('panel_instances').selectAll().where('id', '=', panelInstanceId).executeTakeFirst();
  if (!panel) return 999999;
  const row = await db
    .insertInto('attachments')
    .values({
      project_id: panel.project_id,
      env_id: panel.env_id,
      site_id: panel.site_id,
      subject_id: panel.subject_id,
      kind: 'field',
      event_instance_id: panel.event_instance_id,
      panel_instance_id: panel.id,
      path: 'PHOTO',
      name: `matrix-${String(f.study.t.clock.now().getTime())}-${String(Math.random()).slice(2, 8)}.png`,
      content_type: 'image/png',
      size: PNG.length,
      sha256: 'matrix',
      content: PNG,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
