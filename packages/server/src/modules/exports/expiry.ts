import type { ServiceDeps } from '../../deps.js';
import { appendAudit } from '../audit/trail.js';
import * as repo from './repo.js';

const PER_RUN = 100;

/**
 * Deletes the files of finished exports older than the retention period (EXPORT_RETENTION_DAYS, 7 by
 * default): their chunks go, the task stays with status `expired`, and each expiry is audited in the same
 * transaction. The pieces of exports whose job failed are deleted too (the job's end is audited already). Locked with SKIP LOCKED, so several instances may run it at once. Returns how many expired.
 */
export async function expireExports(deps: ServiceDeps): Promise<number> {
  let count = 0;
  for (;;) {
    const expired = await deps.db.transaction().execute(async (trx) => {
      // The pieces a failed job left are of no use to anyone: they go, and the task says failed.
      for (const task of await repo.lockAbandoned(trx, PER_RUN)) {
        await repo.deleteChunks(trx, task.id);
        await repo.updateTask(trx, task.id, { status: 'failed', finished_at: deps.clock.now() });
      }
      const due = await repo.lockExpired(trx, deps.clock.now(), PER_RUN);
      for (const task of due) {
        await repo.deleteChunks(trx, task.id);
        await repo.updateTask(trx, task.id, { status: 'expired' });
        await appendAudit(trx, {
          actorId: null,
          actorUsername: null,
          action: 'export.expire',
          entityType: 'export_task',
          entityId: task.id,
          projectId: task.project_id,
          env: task.env,
          oldValue: { status: 'finished' },
          newValue: { status: 'expired', expiresAt: task.expires_at?.toISOString() ?? null },
          ip: null,
        });
      }
      return due.length;
    });
    count += expired;
    if (expired < PER_RUN) return count;
  }
}

/** Runs the clean-up now and then every `intervalMs` until the returned function is called. */
export function scheduleExportExpiry(deps: ServiceDeps, intervalMs: number, warn: (message: string) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = expireExports(deps).catch((error: unknown) => {
      warn(`export expiry: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
