import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';

/** The visit schedule and visit tasks of site A's subject. */
export const SCHEDULE_ENTRIES: Record<string, Entry> = {
  // The visit schedule: calls naming site A's subject, visit or panel (the inventory's study data); the task
  // summary reads the session's project, each member asking in their own. The matrix project is in config, so
  // writes let through are refused by its status; the task calls answer that visit tasks are off.
  'GET /dcap/schedule/subject/:subjectId': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/schedule/subject/${String(f.studyData.subjectId)}` }) },
  'POST /dcap/schedule/setActualDate': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/setActualDate', body: { eventInstanceId: f.studyData.eventInstanceId, actualDate: '2024-03-05', reason: 'matrix' } }),
  },
  'POST /dcap/schedule/addUnscheduled': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/addUnscheduled', body: { subjectId: f.studyData.subjectId, eventId: await unscheduledEventOf(f) } }),
  },
  'POST /dcap/schedule/addRepeat': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/addRepeat', body: { subjectId: f.studyData.subjectId, eventId: await unscheduledEventOf(f) } }),
  },
  'POST /dcap/schedule/addLogEntry': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/schedule/addLogEntry', body: { panelInstanceId: f.studyData.panelInstanceId } }) },
  'GET /dcap/visitTask/summary': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/visitTask/summary' }) },
  'GET /dcap/visitTask/list': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/visitTask/list?bucket=overdue&siteId=${String(f.siteA)}` }) },
  'GET /dcap/visitTask/visitRecords/:eventInstanceId': {
    call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/visitTask/visitRecords/${String(f.studyData.eventInstanceId)}` }),
  },
  // QC tasks: the summary counts within each member's own sites; the list names site A.
  'GET /dcap/qcTask/summary': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/qcTask/summary' }) },
  'GET /dcap/qcTask/list': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/qcTask/list?stage=verify&siteId=${String(f.siteA)}` }) },
};

/** The unscheduled event of the design the inventory's test environment runs (0 when there is none). */
async function unscheduledEventOf(f: Fixture): Promise<number> {
  const design = await f.study.t.database.db
    .selectFrom('env_designs as d')
    .innerJoin('project_envs as e', 'e.id', 'd.env_id')
    .innerJoin('design_versions as v', 'v.id', 'd.design_version_id')
    .select('v.snapshot')
    .where('e.project_id', '=', f.projectId)
    .where('e.key', '=', f.studyData.env)
    .executeTakeFirst();
  const events = ((design?.snapshot ?? { events: [] }) as { events: { id: number; type: string }[] }).events;
  return events.find((event) => event.type === 'UNSCHEDULED')?.id ?? 0;
}
