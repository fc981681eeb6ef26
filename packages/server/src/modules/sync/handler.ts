import type { SyncType } from '@dcap/core';
import { AppError, SYNC_DIRECTIONS, SYNC_JOB_KIND } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { requireProjectStatus } from '../../http/project-write.js';
import { appendAudit } from '../audit/trail.js';
import type { StoredJob } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';
import { syncDesign } from './design.js';
import type { SyncParams } from './presenter.js';
import { syncParamsSchema } from './presenter.js';

/**
 * One part of a sync, in the step's transaction: the project's status is checked again (it may have
 * changed while the job was queued), then the part runs and its audit row, on behalf of the requester,
 * commits with it and with the job's progress.
 */
async function runPart(trx: Transaction<Database>, job: StoredJob, params: SyncParams, type: SyncType, now: Date) {
  const projectId = job.project_id;
  if (projectId === null) throw new AppError('project.not_found');
  await requireProjectStatus(trx, projectId, 'configDataEditable', true);
  if (type === 'data') throw new AppError('sync.data_not_copied');
  const { source, target } = SYNC_DIRECTIONS[params.direction];
  const synced = await syncDesign(trx, projectId, params.direction, params.requestedBy.username, now);
  await appendAudit(trx, {
    actorId: params.requestedBy.id,
    actorUsername: params.requestedBy.username,
    actorRole: params.requestedBy.role,
    action: 'design.sync',
    entityType: 'design_version',
    entityId: synced.versionId,
    projectId,
    env: target,
    oldValue: { target, version: synced.result.previousVersion ?? null },
    newValue: { job: job.id, direction: params.direction, source, target, version: synced.result.version, changes: synced.changes },
    ip: null,
  });
  return synced.result;
}

/** The handler of sync jobs: one step per part named in `typesStr`. */
export function syncJobHandler(now: () => Date): JobHandler {
  return {
    kind: SYNC_JOB_KIND,
    run: async (context) => {
      const params = syncParamsSchema.parse(context.job.params);
      await context.setTotal(params.types.length);
      for (const type of params.types) await context.step(type, (trx) => runPart(trx, context.job, params, type, now()));
    },
  };
}
