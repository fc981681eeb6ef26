import {
  alterationExportQuerySchema,
  alterationListQuerySchema,
  alterationPageSchema,
  answerQuerySchema,
  derivedLogSchema,
  fieldAuditSchema,
  fieldRefQuerySchema,
  panelQueriesQuerySchema,
  panelQueriesSchema,
  queryExportQuerySchema,
  queryFilterOptionsSchema,
  queryIdQuerySchema,
  queryListQuerySchema,
  queryPageSchema,
  querySchema,
  queryThreadSchema,
  raiseQuerySchema,
  settleQuerySchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { exportAlterations, exportQueries } from './export.js';
import { listManagedQueries, panelQueries, queryThread } from './reads.js';
import { actOnQuery, raiseQuery } from './service.js';
import { alterationLog, derivedLog, fieldAudit, filterOptions } from './trail-service.js';

const TAG = 'queries';
const VIEW_ONE = { project: 'record.view', site: 'scoped' } as const;

/** Queries on fields (spec 002 §3, §6), the query management list, and the audit trail screens of study data. */
export function registerQueryRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/query/raise',
    summary: 'Raise a query on one field of a panel instance, in Chinese, English or both (not on a locked field)',
    tag: TAG,
    access: { project: 'query.raise', site: 'scoped' },
    body: raiseQuerySchema,
    response: querySchema,
    successMessage: 'query.raised',
    handler: ({ caller, body }) => raiseQuery(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/query/answer',
    summary: 'Answer an open query (answerQuery or handleAllQuery)',
    tag: TAG,
    access: { project: 'query.answer', site: 'scoped' },
    body: answerQuerySchema,
    response: querySchema,
    successMessage: 'query.answered',
    handler: ({ caller, body }) => actOnQuery(deps, caller, 'answer', body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/query/close',
    summary: 'Close an answered query (query), or any unclosed one (handleAllQuery)',
    tag: TAG,
    access: { project: 'query.raise', site: 'scoped' },
    body: settleQuerySchema,
    response: querySchema,
    successMessage: 'query.closed',
    handler: ({ caller, body }) => actOnQuery(deps, caller, 'close', body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/query/cancel',
    summary: 'Cancel an unclosed query: its raiser (or raising role, as the project is configured) or handleAllQuery',
    tag: TAG,
    access: { project: 'query.raise', site: 'scoped' },
    body: settleQuerySchema,
    response: querySchema,
    successMessage: 'query.canceled',
    handler: ({ caller, body }) => actOnQuery(deps, caller, 'cancel', body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/query/thread',
    summary: 'A query with its comments, oldest first, and what the caller may do with it',
    tag: TAG,
    access: VIEW_ONE,
    query: queryIdQuerySchema,
    response: queryThreadSchema,
    handler: ({ caller, query }) => queryThread(deps, caller, query.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/query/panel',
    summary: 'The queries of a panel instance, or of one of its fields',
    tag: TAG,
    access: VIEW_ONE,
    query: panelQueriesQuerySchema,
    response: panelQueriesSchema,
    handler: ({ caller, query }) => panelQueries(deps, caller, query.panelInstanceId, query.path),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/query/options',
    summary: 'Choices of the query and alteration log filters: the caller’s sites, the design’s visits and panels, who acted',
    tag: TAG,
    access: { project: 'record.view' },
    response: queryFilterOptionsSchema,
    handler: ({ caller }) => filterOptions(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/query/list',
    summary: 'Query management: queries at the caller’s sites by site, status, visit, panel, subject and age, with counts',
    tag: TAG,
    access: { project: 'record.view' },
    query: queryListQuerySchema,
    response: queryPageSchema,
    handler: ({ caller, query }) => listManagedQueries(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/query/export',
    summary: 'The query management list under its filters as xlsx or CSV (times with the offset of the given zone)',
    tag: TAG,
    access: { project: 'record.view' },
    query: queryExportQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => exportQueries(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/audit/field',
    summary: 'The audit log of one field: its values and statuses, its queries and the signatures over it',
    tag: TAG,
    access: VIEW_ONE,
    query: fieldRefQuerySchema,
    response: fieldAuditSchema,
    handler: ({ caller, query }) => fieldAudit(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/audit/derived',
    summary: 'The derived log of a formula field: its formula, its inputs and their audit rows in one sequence',
    tag: TAG,
    access: VIEW_ONE,
    query: fieldRefQuerySchema,
    response: derivedLogSchema,
    handler: ({ caller, query }) => derivedLog(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/audit/alteration',
    summary: 'The alteration log: audit rows of study data in the session’s environment at the caller’s sites, newest first',
    tag: TAG,
    access: { project: 'record.view' },
    query: alterationListQuerySchema,
    response: alterationPageSchema,
    handler: ({ caller, query }) => alterationLog(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/audit/alteration/export',
    summary: 'The alteration log under its filters as xlsx or CSV, oldest first (times with the offset of the given zone)',
    tag: TAG,
    access: { project: 'record.view' },
    query: alterationExportQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => exportAlterations(deps, caller, query),
  });
}
