import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';

/** Subjects and their requests. */
export const SUBJECT_ENTRIES: Record<string, Entry> = {
  // Subjects: the list, options and requests read the session's project (each member in their own); calls
  // naming a subject or site name site A's (the inventory's study data). The matrix project is in config, so
  // writes let through are refused by its status and change nothing.
  'GET /dcap/subject/options': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/subject/options' }) },
  'POST /dcap/subject/list': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/list', body: {} }) },
  'POST /dcap/subject/request/list': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/request/list', body: {} }) },
  'POST /dcap/subject/save': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/save', body: { siteId: f.siteA, name: 'matrix' } }) },
  'GET /dcap/subject/info/:id': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/subject/info/${String(f.studyData.subjectId)}` }) },
  'POST /dcap/subject/update': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/update', body: { id: f.studyData.subjectId, version: 1, phone: '1' } }) },
  'POST /dcap/subject/status': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/status', body: { id: f.studyData.subjectId, version: 1, status: 'DEL', reason: 'matrix' } }),
  },
  'POST /dcap/subject/enrol': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/enrol', body: { id: f.studyData.subjectId, version: 1, randomNo: 'R', treatmentPhase: 'P', firstDrugNo: 'D' } }),
  },
  'POST /dcap/subject/screening': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/screening', body: { id: f.studyData.subjectId, version: 1, result: 'success' } }) },
  'POST /dcap/subject/request/rollback': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/request/rollback', body: { subjectId: f.studyData.subjectId, reason: 'matrix' } }),
  },
  // A fresh pending request of site A's subject for each call, asked by someone who never decides.
  'POST /dcap/subject/request/decide': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/subject/request/decide', body: { id: await siteARequest(f), approve: false, comment: 'matrix' } }),
  },
};

/** A fresh pending rollback request of site A's subject, written straight to the database. */
async function siteARequest(f: Fixture): Promise<number> {
  const db = f.study.t.database.db;
  const subject = await db.selectFrom('subjects').selectAll().where('id', '=', f.studyData.subjectId).executeTakeFirstOrThrow();
  await db.updateTable('subject_requests').set({ state: 'rejected' }).where('subject_id', '=', subject.id).where('state', '=', 'pending').execute();
  const row = await db
    .insertInto('subject_requests')
    .values({
      project_id: subject.project_id,
      env_id: subject.env_id,
      site_id: subject.site_id,
      subject_id: subject.id,
      kind: 'screeningRollback',
      reason: 'matrix',
      requested_by: await f.freshUser(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
