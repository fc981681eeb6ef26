import type { ErrorCode } from '@dcap/core';
import { AppError } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/trail.js';
import { appendAudit } from '../audit/trail.js';
import type { StoredJob } from './repo.js';
import * as repo from './repo.js';

/**
 * What a job's handler is given. The work happens in `step`s: each runs in one transaction that also
 * records the step's result and the job's progress, so a step either happened and is recorded or did not
 * happen at all. A job interrupted between steps (the server stopped, crashed or stalled) is run again
 * from the start by whichever worker claims it next, and the steps already recorded are skipped.
 */
export interface JobContext {
  job: StoredJob;
  deps: ServiceDeps;
  /** Sets how many steps the job has, for its progress. */
  setTotal(total: number): Promise<void>;
  /** Runs one step exactly once; returns its recorded result when an earlier attempt already ran it. */
  step<T>(name: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

export interface JobHandler {
  kind: string;
  run(context: JobContext): Promise<void>;
}

export interface WorkerOptions {
  /** How long an idle worker waits before looking for work again. */
  pollMs: number;
  /** How often a running job's heartbeat is written. */
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this is taken back from its worker. */
  staleMs: number;
  /** Claims after which a job that keeps being interrupted is given up. */
  maxAttempts: number;
  warn(message: string): void;
}

export const DEFAULT_WORKER_OPTIONS: Omit<WorkerOptions, 'warn'> = { pollMs: 1000, heartbeatMs: 5000, staleMs: 60_000, maxAttempts: 3 };

/** The server is stopping: the job goes back to the queue before its next step. */
class Interrupted extends Error {}
/** The job is no longer this worker's: it was reclaimed by another, or cancelled. */
class Lost extends Error {}

/** A failure as stored on the job: its catalogue code and parameters, rendered in the reader's language when read. */
export interface StoredJobError {
  code: ErrorCode;
  params: Record<string, string | number>;
}

/** Whether a handler's error is the worker stopping the job (the server stops, or the job is no longer its own), not a failure. */
export const isJobStop = (error: unknown): boolean => error instanceof Interrupted || error instanceof Lost;

export function jobErrorOf(error: unknown): StoredJobError {
  if (error instanceof AppError) return { code: error.code, params: error.params };
  return { code: 'job.internal_error', params: {} };
}

/** Audit rows of the job's start and end are the requester's: the worker acts on their behalf. */
async function auditJob(trx: Executor, job: StoredJob, action: 'job.start' | 'job.finish', newValue: unknown): Promise<void> {
  await appendAudit(trx, {
    actorId: job.created_by,
    actorUsername: job.created_by === null ? null : await repo.requesterUsername(trx, job.created_by),
    action,
    entityType: 'job',
    entityId: job.id,
    projectId: job.project_id,
    env: job.env,
    newValue,
    ip: null,
  });
}

/**
 * Runs background jobs (ARCHITECTURE §1): claims queued rows with FOR UPDATE SKIP LOCKED, runs the handler
 * registered for the job's kind, keeps a heartbeat while it runs, and records the end. Any number of
 * workers may run against one database. `start` runs the loop (the server does at start-up); tests call
 * `drain` to run what is queued, in the test's own flow.
 */
export class JobWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: WorkerOptions;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private abort = new AbortController();
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly deps: ServiceDeps,
    options: Partial<WorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_WORKER_OPTIONS, warn: (message) => console.warn(message), ...options };
  }

  register(handler: JobHandler): void {
    if (this.handlers.has(handler.kind)) throw new Error(`a handler for ${handler.kind} is registered already`);
    this.handlers.set(handler.kind, handler);
  }

  /** Starts looking for work: first takes back jobs of workers that died, then claims jobs as they come. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.abort = new AbortController();
    this.loop = this.run();
  }

  /** Stops after the current step; a job in the middle goes back to the queue for any worker to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Looks for work now instead of at the next poll (a job was just queued by this instance). */
  wake(): void {
    this.wakeUp?.();
  }

  /** Runs queued jobs until none is left; returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOnce()) count += 1;
    return count;
  }

  /** Claims and runs one job; false when nothing was queued. */
  async runOnce(): Promise<boolean> {
    const job = await repo.claimNext(this.deps.db, [...this.handlers.keys()]);
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /**
   * Takes back running jobs whose heartbeat went stale: queued again to continue from their last recorded
   * step, or failed once they have been claimed `maxAttempts` times (a job that kills its worker every
   * time must not do so forever). Returns how many were taken back.
   */
  async reclaimStale(): Promise<number> {
    return this.deps.db.transaction().execute(async (trx) => {
      const stale = await repo.lockStale(trx, this.options.staleMs);
      for (const job of stale) {
        if (job.attempts >= this.options.maxAttempts) {
          const error = jobErrorOf(new AppError('job.abandoned', { attempts: job.attempts }));
          const failed = await repo.failStale(trx, job.id, error);
          await auditJob(trx, failed, 'job.finish', { kind: failed.kind, status: 'failed', error });
        } else {
          await repo.requeueStale(trx, job.id);
        }
      }
      return stale.length;
    });
  }

  private warnOf(error: unknown): void {
    this.options.warn(`background jobs: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** A failing database (restart, failover) is reported and tried again at the next poll, never fatal. */
  private async tryRunOnce(): Promise<boolean> {
    try {
      return await this.runOnce();
    } catch (error) {
      this.warnOf(error);
      return false;
    }
  }

  private async tryReclaim(): Promise<void> {
    try {
      await this.reclaimStale();
    } catch (error) {
      this.warnOf(error);
    }
  }

  private isStopping(): boolean {
    return this.stopping;
  }

  private async run(): Promise<void> {
    await this.tryReclaim();
    let lastReclaim = Date.now();
    while (!this.isStopping()) {
      const ran = await this.tryRunOnce();
      if (Date.now() - lastReclaim >= this.options.staleMs) {
        lastReclaim = Date.now();
        await this.tryReclaim();
      }
      if (!ran && !this.isStopping()) await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private async execute(claimed: StoredJob): Promise<void> {
    const handler = this.handlers.get(claimed.kind);
    if (!handler) return;
    const { db } = this.deps;
    const attempt = claimed.attempts;
    const signal = this.abort.signal;
    const recorded: Record<string, unknown> = { ...((claimed.result ?? {}) as Record<string, unknown>) };
    await db.transaction().execute((trx) => auditJob(trx, claimed, 'job.start', { kind: claimed.kind, params: claimed.params, attempt }));
    const beat = setInterval(() => {
      repo.heartbeat(db, claimed.id, attempt).catch((error: unknown) => {
        this.options.warn(`job ${claimed.id}: heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }, this.options.heartbeatMs);
    beat.unref();
    const context: JobContext = {
      job: claimed,
      deps: this.deps,
      setTotal: (total) => repo.setTotal(db, claimed.id, attempt, total),
      step: async <T>(name: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
        if (name in recorded) return recorded[name] as T;
        if (signal.aborted) throw new Interrupted();
        return db.transaction().execute(async (trx) => {
          const own = await repo.lockOwnJob(trx, claimed.id, attempt);
          if (own?.status !== 'running') throw new Lost();
          const stored = (own.result ?? {}) as Record<string, unknown>;
          if (name in stored) return stored[name] as T;
          const value = await work(trx);
          await repo.recordStep(trx, claimed.id, name, value);
          recorded[name] = value;
          return value;
        });
      },
    };
    try {
      await handler.run(context);
      await this.finish(claimed, attempt, 'succeeded', null, recorded);
    } catch (error) {
      if (error instanceof Interrupted) await repo.requeue(db, claimed.id, attempt);
      else if (!(error instanceof Lost)) {
        if (!(error instanceof AppError)) this.options.warn(`job ${claimed.id} (${claimed.kind}) failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        await this.finish(claimed, attempt, 'failed', jobErrorOf(error), recorded);
      }
    } finally {
      clearInterval(beat);
    }
  }

  /** The job's end and its audit row commit together. */
  private async finish(job: StoredJob, attempt: number, status: 'succeeded' | 'failed', error: StoredJobError | null, result: Record<string, unknown>): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const ended = await repo.finishJob(trx, job.id, attempt, status, error);
      if (ended) await auditJob(trx, ended, 'job.finish', { kind: job.kind, status, result, error });
    });
  }
}
