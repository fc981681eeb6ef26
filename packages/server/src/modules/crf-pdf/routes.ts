import { blankCrfQuerySchema, casebookParamsSchema, casebookQuerySchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { blankCrf, casebook } from './service.js';

const TAG = 'crf';

/** The CRF report of spec 002 §3 (export modules): the blank annotated CRF and a subject's casebook, as PDFs. */
export function registerCrfPdfRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/crf/blank',
    summary: 'The blank annotated CRF of the session environment’s design (or of the draft, for designers), whole or one panel, as PDF',
    tag: TAG,
    access: { project: 'record.view' },
    query: blankCrfQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => blankCrf(deps, caller, query),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/crf/casebook/:subjectId',
    summary: 'One subject’s casebook as PDF: every visit and panel with values, field statuses, signatures and queries (audited)',
    tag: TAG,
    access: { project: 'data.export', site: 'scoped' },
    params: casebookParamsSchema,
    query: casebookQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, params, query }) => casebook(deps, caller, params.subjectId, query),
  });
}
