import { syncQuerySchema, syncTaskDetailSchema, syncTaskListSchema, syncTaskPageSchema, syncTaskSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import type { JobWorker } from '../jobs/worker.js';
import { syncJobHandler } from './handler.js';
import { cancelSync, listSyncTasks, startSync, syncTask } from './service.js';

const TAG = 'sync';

/** Environment synchronisation as background jobs (spec 000 §7.4 syncData, syncDataToTest; §2.2 task list). */
export function registerSyncRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, worker: JobWorker): void {
  worker.register(syncJobHandler(() => deps.clock.now()));
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/syncData',
    summary: 'Queue a sync of the development design to test (typesStr: design); returns the task',
    tag: TAG,
    access: { project: 'design.edit', locate: fromQuery },
    query: syncQuerySchema,
    response: syncTaskSchema,
    handler: ({ caller, query }) => startSync(deps, worker, caller, 'syncData', query.typesStr),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/syncDataToTest',
    summary: 'Queue a sync of the production design into test, to reproduce a problem (typesStr: design); returns the task',
    tag: TAG,
    access: { project: 'env.manage', locate: fromQuery },
    query: syncQuerySchema,
    response: syncTaskSchema,
    handler: ({ caller, query }) => startSync(deps, worker, caller, 'syncDataToTest', query.typesStr),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/syncTask/list',
    summary: 'The project’s sync tasks, newest first, with status, progress, who and when',
    tag: TAG,
    access: { project: 'env.manage', locate: fromBody },
    body: syncTaskListSchema,
    response: syncTaskPageSchema,
    handler: ({ project, body, meta }) => listSyncTasks(deps, project, body.page ?? 1, body.pageSize ?? 20, meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/syncTask/detail',
    summary: 'One sync task with its result per part',
    tag: TAG,
    access: { project: 'env.manage', locate: fromBody },
    body: syncTaskDetailSchema,
    response: syncTaskSchema,
    handler: ({ project, body, meta }) => syncTask(deps, project, body.id, meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/syncTask/cancel',
    summary: 'Cancel a queued or running sync task (a running one stops at its next step); returns the task',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: syncTaskDetailSchema,
    response: syncTaskSchema,
    handler: ({ caller, body }) => cancelSync(deps, caller, body.id),
  });
}
