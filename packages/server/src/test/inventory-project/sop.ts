import type { SopStatus } from '@dcap/core';
import { multipartForm } from '../../modules/attachments/attachments.fixture.js';
import type { Fixture, PersonaName } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';

/**
 * SOP management (spec 000 §2.2 /sopManage/sopDetail) acts on the session's project: every member reads, the
 * stranger included in their own project; those who set the study up upload and submit (the member limited
 * to site B too: SOPs are study-wide documents); approving is the project administrators'. The versions the
 * review calls name are written straight to the database by a fresh user, so no persona approves their own.
 */
const MANAGERS_ANYWHERE: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'];
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

async function aVersion(f: Fixture, status: SopStatus): Promise<{ documentId: number; versionId: number }> {
  const db = f.study.t.database.db;
  const userId = await f.freshUser();
  const document = await db.insertInto('sop_documents').values({ project_id: f.projectId, code: f.unique('MX-SOP-'), title: 'Matrix SOP', title_en: '', created_by: userId }).returning('id').executeTakeFirstOrThrow();
  const version = await db
    .insertInto('sop_versions')
    .values({ document_id: document.id, version: 1, status, file_name: 'm.pdf', content_type: 'application/pdf', size: PDF.length, sha256: '-', content: PDF, note: '', uploaded_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { documentId: document.id, versionId: version.id };
}

const review = (action: string, status: SopStatus, extra: Record<string, unknown> = {}): Entry['call'] =>
  async (f) => enterManagers(f, { method: 'POST', url: `/dcap/sop/${action}`, body: { versionId: (await aVersion(f, status)).versionId, ...extra } });

export const SOP_ENTRIES: Record<string, Entry> = {
  'GET /dcap/sop/list': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/sop/list?status=DRAFT' }) },
  'GET /dcap/sop/detail/:documentId': { allowed: MEMBERS_ANYWHERE, call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/sop/detail/${String((await aVersion(f, 'DRAFT')).documentId)}` }) },
  'GET /dcap/sop/download': { allowed: MEMBERS_ANYWHERE, call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/sop/download?versionId=${String((await aVersion(f, 'APPROVED')).versionId)}` }) },
  'POST /dcap/sop/upload': {
    allowed: MANAGERS_ANYWHERE,
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/sop/upload', raw: multipartForm({ code: f.unique('MX-UP-'), title: 'Uploaded' }, { name: 'up.pdf', type: 'application/pdf', bytes: PDF }) }),
  },
  'POST /dcap/sop/submit': { allowed: MANAGERS_ANYWHERE, call: review('submit', 'DRAFT') },
  'POST /dcap/sop/approve': { call: review('approve', 'REVIEW') },
  'POST /dcap/sop/reject': { call: review('reject', 'REVIEW', { comment: 'Incomplete' }) },
  'POST /dcap/sop/retire': { call: review('retire', 'APPROVED') },
};
