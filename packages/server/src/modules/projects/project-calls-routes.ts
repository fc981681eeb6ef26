import {
  applyPreScreenSuspendSchema,
  dataAvailabilitySchema,
  externalTestRecordSchema,
  externalTestSchema,
  headerNotice,
  idParamsSchema,
  oncePublishedSchema,
  optionalProjectQuerySchema,
  processConfigDetailSchema,
  processConfigSchema,
  progressStep,
  projectFileSchema,
  projectIdBodySchema,
  projectLoginInfoSchema,
  projectSchema,
  projectStepSchema,
  publishDesignSchema,
  publishResultSchema,
  saveProcessConfigSchema,
  sessionSelectionSchema,
  statusChangeApplicationSchema,
  storeSelectionParamsSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { publishDesign } from '../publishing/service.js';
import { processConfigDetail, saveProcessConfig } from './process-config-service.js';
import { dataBaseAvailability, deletePicture, oncePublished, projectLoginInfo, recordExternalTest, storeSelection } from './project-calls-service.js';
import { applyPreScreenSuspend } from './pre-screen-service.js';
import { projectInfo } from './service.js';

const TAG = 'projects';

/**
 * The project calls of spec 000 §7.4 that act on the session's current project or settle what the spec
 * leaves open (docs/decisions.md, "Project calls"; docs/api.md).
 */
export function registerProjectCallRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/info/',
    summary: 'The session’s current project with the caller’s abilities in it',
    tag: TAG,
    access: { project: 'project.view' },
    response: projectSchema,
    handler: ({ project }) => Promise.resolve(projectInfo(project)),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/step/',
    summary: 'The current project’s nine-step progress index and header notice',
    tag: TAG,
    access: { project: 'project.view' },
    response: projectStepSchema,
    handler: ({ project: { project } }) =>
      Promise.resolve({ status: project.status, prevStatus: project.prev_status, step: progressStep(project.status, project.prev_status), notice: headerNotice(project.status) }),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/store/:projectId/:roleId/:env',
    summary: 'Switch the session to a project, one of the caller’s roles there (0: none, administrators only) and an environment',
    tag: 'session',
    access: 'signedIn',
    params: storeSelectionParamsSchema,
    response: sessionSelectionSchema,
    handler: ({ actor, params, meta }) => storeSelection(deps, actor, meta, params),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/dataBaseNotAvailable',
    summary: 'Whether the study database of the session’s environment takes no data entry now, and why',
    tag: TAG,
    access: { project: 'project.view', locate: fromQuery },
    query: optionalProjectQuerySchema,
    response: dataAvailabilitySchema,
    handler: ({ caller }) => dataBaseAvailability(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/getLoginInfo/:id',
    summary: 'What the project’s own sign-in page shows before sign-in: code, names, sponsor, applications',
    tag: TAG,
    access: 'public',
    params: idParamsSchema,
    response: projectLoginInfoSchema,
    handler: ({ params }) => projectLoginInfo(deps, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/deletePicture/:id',
    summary: 'Delete a picture of the project’s UI settings or description (kept, marked deleted, for the audit trail)',
    tag: TAG,
    access: { project: 'project.configure', locate: fromQuery },
    params: idParamsSchema,
    query: optionalProjectQuerySchema,
    response: projectFileSchema,
    handler: ({ caller, params }) => deletePicture(deps, caller, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/publish',
    summary: 'Publish the design: the draft to test, or the tested version to production (as design/publish)',
    tag: 'publishing',
    access: { project: 'design.edit', locate: fromBody },
    body: publishDesignSchema,
    response: publishResultSchema,
    handler: ({ caller, body }) => publishDesign(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/oncePublished',
    summary: 'Whether the project’s design was ever published',
    tag: 'publishing',
    access: { project: 'project.view', locate: fromBody },
    body: projectIdBodySchema,
    response: oncePublishedSchema,
    handler: ({ caller }) => oncePublished(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/processConfig/detail',
    summary: 'The audit steps (verify, review, sign) the project uses, in order',
    tag: TAG,
    access: { project: 'project.view', locate: fromBody },
    body: processConfigDetailSchema,
    response: processConfigSchema,
    handler: ({ caller }) => processConfigDetail(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/processConfig/save',
    summary: 'Choose the audit steps the project uses and their order',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: saveProcessConfigSchema,
    response: processConfigSchema,
    handler: ({ caller, body }) => saveProcessConfig(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/externalTest',
    summary: 'Record the sponsor’s external acceptance test result with notes (project in test)',
    tag: 'lifecycle',
    access: { project: 'project.lifecycle', locate: fromBody },
    body: externalTestSchema,
    response: z.array(externalTestRecordSchema),
    handler: ({ caller, body }) => recordExternalTest(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/applyPreScreenSuspend',
    summary: 'Apply to suspend pre-screening; a platform administrator who is not the applicant decides',
    tag: 'lifecycle',
    access: { project: 'project.lifecycle', locate: fromBody },
    body: applyPreScreenSuspendSchema,
    response: statusChangeApplicationSchema,
    handler: ({ caller, body }) => applyPreScreenSuspend(deps, caller, body.reason),
  });
}
