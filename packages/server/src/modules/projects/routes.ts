import {
  applyOnlineSchema,
  applyStatusChangeSchema,
  approveOnlineBodySchema,
  approveOnlineQuerySchema,
  createProjectSchema,
  decideStatusChangeSchema,
  FLOW_STATUSES,
  headerNotice,
  progressStep,
  projectIdBodySchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectSchema,
  projectStepSchema,
  queryId,
  queryInt,
  resetProQuerySchema,
  resetResultSchema,
  resetTestQuerySchema,
  saveProjectSchema,
  statusChangeApplicationSchema,
  updateStatusQuerySchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromParams, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import * as lifecycle from './lifecycle-service.js';
import { resetProductionData, resetTestData } from './reset-service.js';
import { createProject, listProjects, projectInfo, updateProject } from './service.js';


/** Projects and their lifecycle (spec 000 §4.2 and §7.4). */
export function registerProjectRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/list',
    summary: 'The workplace project list with the spec’s filters',
    tag: 'projects',
    access: 'signedIn',
    query: projectListQuerySchema,
    response: z.array(projectSchema),
    handler: ({ actor, query }) => listProjects(deps, actor, query.filter, query.keyword),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/apply',
    summary: 'Apply for a new project; the applicant becomes its administrator',
    tag: 'projects',
    access: { platform: 'project.create' },
    body: createProjectSchema,
    response: projectSchema,
    handler: ({ actor, body, meta }) => createProject(deps, actor, body, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/save',
    summary: 'Save the project configuration (optimistic on version)',
    tag: 'projects',
    access: { project: 'project.configure', locate: ({ body }) => (body as { id: number }).id },
    body: saveProjectSchema,
    response: projectSchema,
    handler: ({ actor, project, body, meta }) => updateProject(deps, actor, project, body, meta),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/info/:projectId',
    summary: 'One project with the caller’s abilities in it',
    tag: 'projects',
    access: { project: 'project.view', locate: fromParams },
    params: projectIdParamsSchema,
    response: projectSchema,
    handler: ({ project }) => Promise.resolve(projectInfo(project)),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/step/:projectId',
    summary: 'The nine-step progress index and header notice',
    tag: 'projects',
    access: { project: 'project.view', locate: fromParams },
    params: projectIdParamsSchema,
    response: projectStepSchema,
    handler: ({ project: { project } }) =>
      Promise.resolve({ status: project.status, prevStatus: project.prev_status, step: progressStep(project.status, project.prev_status), notice: headerNotice(project.status) }),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/nextStep/:projectId/:n',
    summary: 'Move to the next step; n is the step the caller saw, so a stale screen cannot skip a step',
    tag: 'lifecycle',
    access: { project: 'project.lifecycle', locate: fromParams },
    params: z.strictObject({ projectId: queryId(), n: queryInt().min(0).max(FLOW_STATUSES.length - 1) }),
    response: projectSchema,
    handler: ({ actor, project, params, meta }) => lifecycle.step(deps, actor, project, 'nextStep', meta, FLOW_STATUSES[params.n]),
  });

  const simple = [
    ['confirmProjectInternalTest', 'Confirm the internal test: internal test → test', 'project.lifecycle', (a, p, m) => lifecycle.step(deps, a, p, 'confirmInternalTest', m)],
    ['applyAuditConfig', 'Apply for the configuration audit', 'project.lifecycle', (a, p, m) => lifecycle.applyAuditConfig(deps, a, p, m)],
    ['saConfirmConfig', 'Confirm the audited configuration: config → internal test', 'project.approve', (a, p, m) => lifecycle.step(deps, a, p, 'saConfirmConfig', m)],
    ['confirmProjectUatTest', 'Confirm the UAT test', 'project.lifecycle', (a, p, m) => lifecycle.confirmUatTest(deps, a, p, m)],
    ['lockProject', 'Lock the project', 'project.approve', (a, p, m) => lifecycle.lock(deps, a, p, m)],
    ['unlockProject', 'Unlock the project to the status it was locked from', 'project.approve', (a, p, m) => lifecycle.unlock(deps, a, p, m)],
  ] as const satisfies readonly [string, string, 'project.lifecycle' | 'project.approve', lifecycle.SimpleAction][];
  for (const [name, summary, right, run] of simple) {
    routes.add(app, {
      method: 'POST',
      url: `/dcap/project/${name}`,
      summary,
      tag: 'lifecycle',
      access: { project: right, locate: fromBody },
      body: projectIdBodySchema,
      response: projectSchema,
      handler: ({ actor, project, meta }) => run(actor, project, meta),
    });
  }

  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/updateStatus',
    summary: 'Move the project directly along a legal edge (new and old status)',
    tag: 'lifecycle',
    access: { project: 'project.approve', locate: fromQuery },
    query: updateStatusQuerySchema,
    response: projectSchema,
    handler: ({ actor, project, query, meta }) => lifecycle.updateStatus(deps, actor, project, query.status, query.oldStatus, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/applyOnline',
    summary: 'Apply to go online, with an optional reason (the UAT test must be confirmed)',
    tag: 'lifecycle',
    access: { project: 'project.lifecycle', locate: fromBody },
    body: applyOnlineSchema,
    response: projectSchema,
    handler: ({ actor, project, body, meta }) => lifecycle.applyOnline(deps, actor, project, meta, body.reason ?? null),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/approveApplyOnline',
    summary: 'Approve (online) or reject the application to go online; never the applicant; a rejection needs a reason',
    tag: 'lifecycle',
    access: { project: 'project.approve', locate: fromQuery },
    query: approveOnlineQuerySchema,
    body: approveOnlineBodySchema,
    response: projectSchema,
    handler: ({ actor, project, query, body, meta }) => lifecycle.approveApplyOnline(deps, actor, project, query.approve, meta, body?.reason ?? null),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/resetTest',
    summary: 'Reset the named parts (typesStr: design, data; data when left out) of every non-production environment while the project is in testing',
    tag: 'lifecycle',
    access: { project: 'project.lifecycle', locate: fromQuery },
    query: resetTestQuerySchema,
    response: resetResultSchema,
    handler: ({ actor, project, query, meta }) => resetTestData(deps, actor, project, query.typesStr ?? ['data'], meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/resetPro',
    summary: 'Reset the named parts (typesStr) of production before go-live; confirmCode must be the project code',
    tag: 'lifecycle',
    access: { project: 'project.resetProduction', locate: fromQuery },
    query: resetProQuerySchema,
    response: resetResultSchema,
    handler: ({ actor, project, query, meta }) => resetProductionData(deps, actor, project, query.typesStr, query.confirmCode, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/applyProjectStatusChange',
    summary: 'Apply for a status change (suspend, continue, lock, unlock, freeze, unfreeze)',
    tag: 'lifecycle',
    access: { project: 'project.lifecycle', locate: fromBody },
    body: applyStatusChangeSchema,
    response: statusChangeApplicationSchema,
    handler: ({ actor, project, body, meta }) => lifecycle.applyStatusChange(deps, actor, project, body.type, body.reason, meta),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/statusChangeApplications',
    summary: 'The project’s status-change applications, newest first',
    tag: 'lifecycle',
    access: { project: 'project.view', locate: fromBody },
    body: projectIdBodySchema,
    response: z.array(statusChangeApplicationSchema),
    handler: ({ project }) => lifecycle.listApplications(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/decideStatusChange',
    summary: 'Approve or reject a status-change application (never the applicant)',
    tag: 'lifecycle',
    access: { project: 'project.approve', locate: fromBody },
    body: decideStatusChangeSchema,
    response: projectSchema,
    handler: ({ actor, project, body, meta }) => lifecycle.decideStatusChange(deps, actor, project, body, meta),
  });
}
