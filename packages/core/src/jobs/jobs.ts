import { z } from 'zod';

/**
 * Background jobs (ARCHITECTURE §1: long work is a database row claimed with FOR UPDATE SKIP LOCKED).
 * A job is queued, then running on one worker, then ends succeeded, failed or cancelled.
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job that will not change any more. */
export function isJobFinished(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

/** Progress as steps done out of a total; the total is 0 until the job knows it. */
export const jobProgressSchema = z.object({ done: z.number(), total: z.number() });
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** Why a job failed: a catalogue code with its parameters, rendered in the reader's language. */
export const jobErrorSchema = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])), message: z.string() });
export type JobError = z.infer<typeof jobErrorSchema>;

/** Percent done, 0 to 100, for a progress bar; a finished job that succeeded is 100. */
export function jobPercent(status: JobStatus, progress: JobProgress): number {
  if (status === 'succeeded') return 100;
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.done * 100) / progress.total));
}
