import {
  changeSubjectStatusSchema,
  decideRequestSchema,
  enrolSubjectSchema,
  rollbackRequestSchema,
  saveSubjectSchema,
  screeningResultSchema,
  subjectIdParamsSchema,
  subjectListPageSchema,
  subjectListSchema,
  subjectOptionsSchema,
  subjectRequestListSchema,
  subjectRequestPageSchema,
  subjectRequestSchema,
  subjectSchema,
  updateSubjectSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import {
  addSubject,
  changeSubjectStatus,
  decideSubjectRequest,
  enrolByHand,
  getSubject,
  listSubjectRequests,
  listSubjects,
  recordScreeningResult,
  requestRollback,
  subjectOptions,
  updateSubjectInfo,
} from './service.js';

const TAG = 'subjects';

/**
 * Subjects of the session's project and environment (spec 002 §1, §3, §4): the list, adding, information,
 * status changes, enrolment, screening results and the screening-plan rollback requests. Each call acts
 * only within the caller's sites (COMPLIANCE WF-3).
 */
export function registerSubjectRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/subject/options',
    summary: 'The sites a subject may be added at and the project’s subject settings',
    tag: TAG,
    access: { project: 'record.view' },
    response: subjectOptionsSchema,
    handler: ({ caller }) => subjectOptions(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/list',
    summary: 'Subjects of the caller’s sites with filters and paging, and the count per status',
    tag: TAG,
    access: { project: 'record.view' },
    body: subjectListSchema,
    response: subjectListPageSchema,
    handler: ({ caller, body }) => listSubjects(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/save',
    summary: 'Add a subject at a site; a duplicate name is refused with a warning unless confirmed',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: saveSubjectSchema,
    response: subjectSchema,
    successMessage: 'subject.added',
    handler: ({ caller, body }) => addSubject(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/subject/info/:id',
    summary: 'One subject’s information',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    params: subjectIdParamsSchema,
    response: subjectSchema,
    handler: ({ caller, params }) => getSubject(deps, caller, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/update',
    summary: 'Change a subject’s information (fields left out keep their value)',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: updateSubjectSchema,
    response: subjectSchema,
    handler: ({ caller, body }) => updateSubjectInfo(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/status',
    summary: 'Change a subject’s status by the transition table (enrolment has its own call)',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: changeSubjectStatusSchema,
    response: subjectSchema,
    handler: ({ caller, body }) => changeSubjectStatus(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/enrol',
    summary: 'Enrol a subject with its random number, treatment phase and first drug number',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: enrolSubjectSchema,
    response: subjectSchema,
    successMessage: 'subject.enrolled',
    handler: ({ caller, body }) => enrolByHand(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/screening',
    summary: 'Record a subject’s screening result (a failure with its reason)',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: screeningResultSchema,
    response: subjectSchema,
    handler: ({ caller, body }) => recordScreeningResult(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/request/rollback',
    summary: 'Ask for a subject’s screening-period plan to be rolled back',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: rollbackRequestSchema,
    response: subjectRequestSchema,
    successMessage: 'subject.request_sent',
    handler: ({ caller, body }) => requestRollback(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/request/decide',
    summary: 'Approve or reject a subject request (never one’s own)',
    tag: TAG,
    access: { project: 'subject.decide', site: 'scoped' },
    body: decideRequestSchema,
    response: subjectRequestSchema,
    handler: ({ caller, body }) => decideSubjectRequest(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/subject/request/list',
    summary: 'Subject requests of the caller’s sites',
    tag: TAG,
    access: { project: 'record.view' },
    body: subjectRequestListSchema,
    response: subjectRequestPageSchema,
    handler: ({ caller, body }) => listSubjectRequests(deps, caller, body),
  });
}
