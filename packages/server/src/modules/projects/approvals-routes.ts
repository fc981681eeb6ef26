import { approvalCountSchema, approvalItemSchema, projectGatesSchema, projectIdParamsSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { fromParams } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { countApprovals, listApprovals, projectGates } from './approvals-service.js';

/** The lifecycle gates and the approvals inbox (docs/decisions.md, "Lifecycle gates"). */
export function registerApprovalRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/gates/:projectId',
    summary: 'What is still missing before the project may enter internal test, and before it may go online',
    tag: 'lifecycle',
    access: { project: 'project.view', locate: fromParams },
    params: projectIdParamsSchema,
    response: projectGatesSchema,
    handler: ({ project }) => projectGates(deps, project),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/approvals',
    summary: 'The approvals inbox: pending applications (going online, status changes) the caller may decide, oldest first',
    tag: 'lifecycle',
    access: 'signedIn',
    response: approvalItemSchema.array(),
    handler: ({ actor }) => listApprovals(deps, actor),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/approvals/count',
    summary: 'How many applications wait for the caller’s decision (the header badge)',
    tag: 'lifecycle',
    access: 'signedIn',
    response: approvalCountSchema,
    handler: ({ actor }) => countApprovals(deps, actor),
  });
}
