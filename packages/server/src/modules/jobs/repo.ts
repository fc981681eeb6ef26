import type { JobStatus } from '@dcap/core';
import { sql } from 'kysely';
import type { JobRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A job as the database holds it, with its JSON columns as stored. */
export type StoredJob = JobRow;

export interface NewJob {
  kind: string;
  projectId: number | null;
  env: string | null;
  params: unknown;
  createdBy: number | null;
  total: number;
}

/** Queues a job inside the caller's transaction, so the request that asks for it and its audit row commit together. */
export async function insertJob(db: Executor, job: NewJob): Promise<StoredJob> {
  return db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      project_id: job.projectId,
      env: job.env,
      params: JSON.stringify(job.params),
      result: '{}',
      created_by: job.createdBy,
      progress_total: job.total,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims the oldest queued job of the given kinds: the row is locked with SKIP LOCKED, so two workers
 * (on any number of instances) never take the same job, and a worker never waits on another's claim.
 * The claim counts an attempt; the attempt number fences the worker from then on.
 */
export async function claimNext(db: Executor, kinds: readonly string[]): Promise<StoredJob | undefined> {
  if (kinds.length === 0) return undefined;
  const result = await sql<StoredJob>`
    UPDATE jobs
    SET status = 'running', started_at = coalesce(started_at, now()), heartbeat_at = now(), attempts = attempts + 1
    WHERE id = (
      SELECT id FROM jobs
      WHERE status = 'queued' AND kind IN (${sql.join(kinds)})
      ORDER BY id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return result.rows[0];
}

/** Locks the job for a step of the worker holding `attempt`; undefined when it is no longer that worker's. */
export async function lockOwnJob(db: Executor, id: number, attempt: number): Promise<{ status: JobStatus; result: unknown } | undefined> {
  const row = await db.selectFrom('jobs').select(['status', 'attempts', 'result']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row || row.attempts !== attempt) return undefined;
  return { status: row.status, result: row.result };
}

/** Records one finished step: its result under its name, one more step done, a fresh heartbeat. */
export async function recordStep(db: Executor, id: number, name: string, value: unknown): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      result: sql<string>`result || jsonb_build_object(${name}::text, ${JSON.stringify(value ?? null)}::jsonb)`,
      progress_done: sql<number>`progress_done + 1`,
      heartbeat_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function setTotal(db: Executor, id: number, attempt: number, total: number): Promise<void> {
  await db.updateTable('jobs').set({ progress_total: total }).where('id', '=', id).where('attempts', '=', attempt).execute();
}

/** Tells the others the worker holding `attempt` is alive; false when the job is no longer its own. */
export async function heartbeat(db: Executor, id: number, attempt: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ heartbeat_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a job held by `attempt`; undefined when it was no longer that worker's (reclaimed or cancelled). */
export async function finishJob(db: Executor, id: number, attempt: number, status: 'succeeded' | 'failed', error: unknown): Promise<StoredJob | undefined> {
  return db
    .updateTable('jobs')
    .set({ status, error: error === null ? null : JSON.stringify(error), finished_at: sql<Date>`now()`, heartbeat_at: null })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

/** Puts a job its worker gave up (the server is stopping) back in the queue for any worker to continue. */
export async function requeue(db: Executor, id: number, attempt: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', heartbeat_at: null })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Running jobs whose heartbeat is older than `staleMs`: their worker died or stalled. Locked with SKIP
 * LOCKED, so a job whose step is committing right now (its row locked by that step) is left alone.
 */
export async function lockStale(db: Executor, staleMs: number): Promise<StoredJob[]> {
  const result = await sql<StoredJob>`
    SELECT * FROM jobs
    WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => ${staleMs / 1000})
    ORDER BY id
    FOR UPDATE SKIP LOCKED`.execute(db);
  return result.rows;
}

export async function requeueStale(db: Executor, id: number): Promise<void> {
  await db.updateTable('jobs').set({ status: 'queued', heartbeat_at: null }).where('id', '=', id).execute();
}

export async function failStale(db: Executor, id: number, error: unknown): Promise<StoredJob> {
  return db
    .updateTable('jobs')
    .set({ status: 'failed', error: JSON.stringify(error), finished_at: sql<Date>`now()`, heartbeat_at: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findJob(db: Executor, id: number): Promise<StoredJob | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether the project has a job of this kind queued or running. */
export async function hasActiveJob(db: Executor, projectId: number, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

export type ListedJob = StoredJob & { created_by_username: string | null };

/** A project's jobs of one kind, newest first, with who asked for each. */
export async function listProjectJobs(db: Executor, projectId: number, kind: string, offset: number, limit: number): Promise<{ total: number; rows: ListedJob[] }> {
  const base = db.selectFrom('jobs as j').where('j.project_id', '=', projectId).where('j.kind', '=', kind);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .selectAll('j')
    .select('u.username as created_by_username')
    .orderBy('j.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: count.n, rows };
}

export async function findProjectJob(db: Executor, projectId: number, kind: string, id: number): Promise<ListedJob | undefined> {
  return db
    .selectFrom('jobs as j')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .selectAll('j')
    .select('u.username as created_by_username')
    .where('j.id', '=', id)
    .where('j.project_id', '=', projectId)
    .where('j.kind', '=', kind)
    .executeTakeFirst();
}

/** Locks a project's job of one kind for a change of its status; undefined when the project has no such job. */
export async function lockProjectJob(db: Executor, projectId: number, kind: string, id: number): Promise<StoredJob | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).where('project_id', '=', projectId).where('kind', '=', kind).forUpdate().executeTakeFirst();
}

/**
 * Cancels a queued or running job. A queued one is never claimed; a running one's worker finds the status
 * at its next step and stops there, and neither its end nor a requeue overwrites it (both require `running`).
 */
export async function cancelJob(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'cancelled', finished_at: sql<Date>`now()`, heartbeat_at: null })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** The login name of the user who requested a job, for the audit rows the worker writes on their behalf. */
export async function requesterUsername(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? null;
}
