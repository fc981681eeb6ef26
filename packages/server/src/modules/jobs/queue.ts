/**
 * The job queue as other modules use it (ARCHITECTURE §1: long work is a job): queue a job, tell whether
 * one of a kind is active, list or read a project's jobs, and cancel one. The worker claims and runs them.
 */
export type { ListedJob, StoredJob } from './repo.js';
export { cancelJob, findProjectJob, hasActiveJob, insertJob, listProjectJobs, lockProjectJob } from './repo.js';
/** A job's step written by a handler inside its own write transaction (record import's all-or-none apply). */
export { recordStep } from './repo.js';
/** Who requested a job, for the audit rows a handler writes on their behalf. */
export { requesterUsername } from './repo.js';
