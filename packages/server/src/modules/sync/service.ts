import type { Locale, ProjectAction, SyncDirection, SyncTask, SyncTaskPage, SyncType } from '@dcap/core';
import { AppError, canInProject, isJobFinished, SYNC_DIRECTIONS, SYNC_JOB_KIND } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { ProjectContext } from '../projects/access.js';
import * as jobs from '../jobs/queue.js';
import type { JobWorker } from '../jobs/worker.js';
import { requireSourceDesign } from './design.js';
import type { SyncParams } from './presenter.js';
import { presentSyncTask, syncParamsSchema } from './presenter.js';
import * as repo from './repo.js';

/** Two requests for one project queue one sync: the second waits here, then sees the first's job. */
const SYNC_QUEUE_LOCK = 724300103;

/** The right a sync in this direction needs, to start it and to cancel it. */
function syncRight(direction: SyncDirection): ProjectAction {
  return direction === 'syncData' ? 'design.edit' : 'env.manage';
}

/** The caller's standing, recorded with the job for the audit rows it writes on their behalf. */
function standing(caller: ProjectCaller): string | null {
  const access = caller.project.access;
  if (access.platformAdmin) return 'admin';
  if (access.projectAdmin) return 'projectAdmin';
  return access.role ? `role:${access.role.id}` : null;
}

/**
 * POST /dcap/project/syncData and syncDataToTest (spec 000 §7.4): queues the synchronisation as a
 * background job and returns its task. Only the design is synchronised: study data is never copied
 * between environments (docs/decisions.md), so a request naming `data` is refused before anything is
 * queued. The project must allow configuration changes (spec 000 §4.3), the target environment must exist
 * and the source must have a design; one sync per project runs at a time. The request and its audit row
 * commit with the queued job.
 */
export async function startSync(deps: ServiceDeps, worker: JobWorker, caller: ProjectCaller, direction: SyncDirection, types: readonly SyncType[]): Promise<SyncTask> {
  if (types.includes('data')) throw new AppError('sync.data_not_copied');
  const projectId = caller.project.project.id;
  const { source, target } = SYNC_DIRECTIONS[direction];
  const rule = { state: 'configDataEditable', designer: true, right: syncRight(direction) } as const;
  const id = await projectWrite(deps, caller, rule, async (trx, audit) => {
    await repo.lockSyncQueue(trx, SYNC_QUEUE_LOCK, projectId);
    if (await jobs.hasActiveJob(trx, projectId, SYNC_JOB_KIND)) throw new AppError('sync.in_progress');
    const env = await repo.findEnvByKey(trx, projectId, target);
    if (!env) throw new AppError('design.target_env_missing', { target });
    await requireSourceDesign(trx, projectId, direction);
    const params: SyncParams = {
      direction,
      types: [...types],
      requestedBy: { id: caller.actor.userId, username: caller.actor.username, role: standing(caller) },
    };
    const job = await jobs.insertJob(trx, { kind: SYNC_JOB_KIND, projectId, env: target, params, createdBy: caller.actor.userId, total: types.length });
    await audit({ action: 'sync.request', entityType: 'job', entityId: job.id, env: target, newValue: { direction, types, source, target } });
    return job.id;
  });
  worker.wake();
  return syncTask(deps, caller.project, id, caller.meta.locale);
}

/** POST /dcap/project/syncTask/list: the project's sync tasks, newest first. */
export async function listSyncTasks(deps: ServiceDeps, context: ProjectContext, page: number, pageSize: number, locale: Locale): Promise<SyncTaskPage> {
  const { total, rows } = await jobs.listProjectJobs(deps.db, context.project.id, SYNC_JOB_KIND, (page - 1) * pageSize, pageSize);
  return { total, records: rows.map((row) => presentSyncTask(row, locale)) };
}

/** POST /dcap/project/syncTask/detail: one task of the project; another project's is "not found". */
export async function syncTask(deps: ServiceDeps, context: ProjectContext, id: number, locale: Locale): Promise<SyncTask> {
  const row = await jobs.findProjectJob(deps.db, context.project.id, SYNC_JOB_KIND, id);
  if (!row) throw new AppError('sync.task_not_found');
  return presentSyncTask(row, locale);
}

/**
 * POST /dcap/project/syncTask/cancel (docs/decisions.md, "Background jobs"): a queued task is cancelled at
 * once; a running one is marked cancelled and its worker stops at the next step boundary, keeping the parts
 * already done; an ended one is refused. Cancelling needs the right that starting the task's direction
 * needs, and is allowed in every project status (stopping work never changes the design). The status change
 * and its audit row commit together.
 */
export async function cancelSync(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<SyncTask> {
  const projectId = caller.project.project.id;
  await projectWrite(deps, caller, {}, async (trx, audit) => {
    const job = await jobs.lockProjectJob(trx, projectId, SYNC_JOB_KIND, id);
    if (!job) throw new AppError('sync.task_not_found');
    const params = syncParamsSchema.parse(job.params);
    if (!canInProject(caller.project.access, syncRight(params.direction))) throw new AppError('permission.project_forbidden');
    if (isJobFinished(job.status)) throw new AppError('sync.task_finished');
    await jobs.cancelJob(trx, job.id);
    await audit({ action: 'job.cancel', entityType: 'job', entityId: job.id, env: job.env, oldValue: { status: job.status }, newValue: { status: 'cancelled' } });
  });
  return syncTask(deps, caller.project, id, caller.meta.locale);
}
