import type { ServiceDeps } from '../../deps.js';
import { insertJob } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';
import type { ScanResult } from './scan.js';
import { scanEnv } from './scan.js';
import * as repo from './repo.js';

/**
 * The periodic reminder scan (docs/decisions.md "Visit reminders"). Every server queues the scan of the
 * current hour slot (and of the two before it, so a slot missed while no server ran is caught up); the slot
 * is a key, so one job per slot is queued however many servers try. The job scans each environment in a
 * step of its own, so a job taken back after a crash goes on with the environments not yet done.
 */
export const REMINDER_JOB_KIND = 'visit.reminders';
const HOUR_MS = 3_600_000;
/** Slots looked back at besides the current one. */
const CATCH_UP_SLOTS = 2;

/** The start of the hour holding `moment` (the study's zone has whole-hour offsets). */
export function hourSlot(moment: Date): Date {
  return new Date(Math.floor(moment.getTime() / HOUR_MS) * HOUR_MS);
}

/** Queues the scans of the current and the previous hour slots not queued yet; returns the slots queued. */
export async function queueReminderScans(deps: ServiceDeps): Promise<Date[]> {
  const current = hourSlot(deps.clock.now());
  const queued: Date[] = [];
  for (let back = CATCH_UP_SLOTS; back >= 0; back -= 1) {
    const slot = new Date(current.getTime() - back * HOUR_MS);
    const claimed = await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.claimSlot(trx, slot))) return false;
      const job = await insertJob(trx, { kind: REMINDER_JOB_KIND, projectId: null, env: null, params: { slot: slot.toISOString() }, createdBy: null, total: 0 });
      await repo.setSlotJob(trx, slot, job.id);
      return true;
    });
    if (claimed) queued.push(slot);
  }
  return queued;
}

export const reminderJobHandler: JobHandler = {
  kind: REMINDER_JOB_KIND,
  async run(context) {
    const slot = new Date((context.job.params as { slot: string }).slot);
    const envs = await repo.envsWithDesign(context.deps.db);
    await context.setTotal(envs.length);
    for (const env of envs) {
      await context.step<ScanResult>(`env.${String(env.id)}`, (trx) => scanEnv(context.deps, trx, { id: env.id, projectId: env.project_id, key: env.key }, slot));
    }
  },
};

/** Queues the scans now and every `intervalMs`, waking the worker when one was queued, until stopped. */
export function scheduleReminderScans(deps: ServiceDeps, intervalMs: number, wake: () => void, warn: (message: string) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = queueReminderScans(deps)
      .then((queued) => {
        if (queued.length > 0) wake();
      })
      .catch((error: unknown) => {
        warn(`visit reminders: ${error instanceof Error ? error.message : String(error)}`);
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
