import {
  bulkFieldActionResultSchema,
  bulkFieldActionSchema,
  fieldActionResultSchema,
  fieldActionSchema,
  signatureImageParamsSchema,
  signatureListResultSchema,
  signatureListSchema,
  signatureSchema,
  signSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { applyBulkAction, applyFieldAction } from './actions-service.js';
import { listSignatures, sign, signatureImageOf } from './sign-service.js';

const TAG = 'workflow';

/**
 * The field workflow and electronic signatures (spec 002 §4 "Field action rules"; docs/workflow.md). Each
 * action's own right (verify, review, lock, freeze, data entry) is checked by the service from core's table;
 * the route asks for the right to see the data.
 */
export function registerWorkflowRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/workflow/field',
    summary: 'One workflow action on one field (verify, review, lock, freeze, inactivate, activate, recalculate, clear and their undo), as core’s transition table allows',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    body: fieldActionSchema,
    response: fieldActionResultSchema,
    handler: ({ caller, body }) => applyFieldAction(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/workflow/bulk',
    summary: 'One workflow action on every entered field of a panel, visit or subject where the table allows it; answers the counts applied and skipped',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    body: bulkFieldActionSchema,
    response: bulkFieldActionResultSchema,
    handler: ({ caller, body }) => applyBulkAction(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/signature/sign',
    summary: 'Electronically sign a panel, visit or subject with the signer’s own login name and password, a meaning and the acknowledged attestation',
    tag: TAG,
    access: { project: 'record.sign', site: 'scoped' },
    body: signSchema,
    response: signatureSchema,
    successMessage: 'signature.signed',
    handler: ({ caller, body, meta }) => sign(deps, caller, body, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordData/signature/list',
    summary: 'The signatures of a subject, or those covering one of its panels, with signer, time and meaning, broken ones included',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    body: signatureListSchema,
    response: signatureListResultSchema,
    handler: ({ caller, body }) => listSignatures(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/recordData/signature/image/:id',
    summary: 'The signature image its signer had in use when signing, for whoever may see the signed subject’s data',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    params: signatureImageParamsSchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, params }) => signatureImageOf(deps, caller, params.id),
  });
}
