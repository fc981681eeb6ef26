import {
  addedLogEntrySchema,
  attachmentListSchema,
  addedVisitSchema,
  addLogEntrySchema,
  addVisitSchema,
  setActualDateResultSchema,
  setActualDateSchema,
  subjectScheduleParamsSchema,
  subjectScheduleQuerySchema,
  subjectScheduleSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSummaryQuerySchema,
  taskSummarySchema,
  visitRecordsParamsSchema,
  qcListQuerySchema,
  qcListSchema,
  qcSummarySchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { qcList, qcSummary } from './qc-tasks.js';
import { addLogEntry, addVisit, setVisitActualDate, subjectSchedule, taskList, taskSummary, visitRecordList } from './service.js';

const TAG = 'schedule';

/**
 * The visit schedule of the session's project and environment (spec 002 §2 "visit/schedule management",
 * "event-panel matrix", "task summary"): a subject's matrix, visit dates, added visits and log entries, and
 * the visit tasks per site. Every call names data of one site or lists within the caller's sites.
 */
export function registerScheduleRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/schedule/subject/:subjectId',
    summary: 'A subject’s event × panel matrix: visits with planned and actual dates and window status, panels with status and open queries',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    params: subjectScheduleParamsSchema,
    query: subjectScheduleQuerySchema,
    response: subjectScheduleSchema,
    handler: ({ caller, params }) => subjectSchedule(deps, caller, params.subjectId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/schedule/setActualDate',
    summary: 'Record or clear the day a visit took place (a reason when changing a saved day; a warning outside the window)',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: setActualDateSchema,
    response: setActualDateResultSchema,
    successMessage: 'schedule.date_saved',
    handler: ({ caller, body }) => setVisitActualDate(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/schedule/addUnscheduled',
    summary: 'Add an unscheduled visit to a subject, with its panels',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: addVisitSchema,
    response: addedVisitSchema,
    successMessage: 'schedule.visit_added',
    handler: ({ caller, body }) => addVisit(deps, caller, body, 'unscheduled'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/schedule/addRepeat',
    summary: 'Add the next instance of a repeatable visit to a subject, with its panels',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: addVisitSchema,
    response: addedVisitSchema,
    successMessage: 'schedule.visit_added',
    handler: ({ caller, body }) => addVisit(deps, caller, body, 'repeat'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/schedule/addLogEntry',
    summary: 'Add another entry of a log visit’s panel (the panel’s next number)',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: addLogEntrySchema,
    response: addedLogEntrySchema,
    successMessage: 'schedule.entry_added',
    handler: ({ caller, body }) => addLogEntry(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/visitTask/summary',
    summary: 'Visit tasks per site of the caller: due today, due this week, overdue and upcoming visits',
    tag: TAG,
    access: { project: 'record.view' },
    query: taskSummaryQuerySchema,
    response: taskSummarySchema,
    handler: ({ caller }) => taskSummary(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/visitTask/list',
    summary: 'The visits of one task bucket, optionally of one site, a page at a time',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    query: taskListQuerySchema,
    response: taskListSchema,
    handler: ({ caller, query }) => taskList(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/visitTask/visitRecords/:eventInstanceId',
    summary: 'The visit records uploaded for a visit task',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    params: visitRecordsParamsSchema,
    response: attachmentListSchema,
    handler: ({ caller, params }) => visitRecordList(deps, caller, params.eventInstanceId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/qcTask/summary',
    summary: 'QC tasks per site of the caller: panels waiting for verification, review and signature',
    tag: TAG,
    access: { project: 'record.view' },
    response: qcSummarySchema,
    handler: ({ caller }) => qcSummary(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/qcTask/list',
    summary: 'The panels waiting for one QC step, optionally of one site or visit, the longest waiting first, a page at a time',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    query: qcListQuerySchema,
    response: qcListSchema,
    handler: ({ caller, query }) => qcList(deps, caller, query),
  });
}
