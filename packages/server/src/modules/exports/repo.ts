import { sql } from 'kysely';
import type { EnvRow, ExportTaskRow, ExportTasksTable } from '../../db/schema.js';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../audit/repo.js';

/** Export tasks and their file chunks (migration 0018). */

export async function insertTask(db: Executor, values: Insertable<ExportTasksTable>): Promise<ExportTaskRow> {
  return db.insertInto('export_tasks').values(values).returningAll().executeTakeFirstOrThrow();
}

export type TaskWithUser = ExportTaskRow & { username: string | null; job_status: string | null; job_error: unknown };

function tasks(db: Executor) {
  return db
    .selectFrom('export_tasks')
    .leftJoin('users', 'users.id', 'export_tasks.created_by')
    .leftJoin('jobs', 'jobs.id', 'export_tasks.job_id')
    .selectAll('export_tasks')
    .select(['users.username as username', 'jobs.status as job_status', 'jobs.error as job_error']);
}

export async function findTask(db: Executor, projectId: number, envId: number, id: number): Promise<TaskWithUser | undefined> {
  return tasks(db).where('export_tasks.id', '=', id).where('export_tasks.project_id', '=', projectId).where('export_tasks.env_id', '=', envId).executeTakeFirst();
}

export async function lockTask(db: Executor, projectId: number, envId: number, id: number): Promise<ExportTaskRow | undefined> {
  return db.selectFrom('export_tasks').selectAll().where('id', '=', id).where('project_id', '=', projectId).where('env_id', '=', envId).forUpdate().executeTakeFirst();
}

/** A project environment's tasks, newest first; `owner` limits them to one requester's. */
export async function listTasks(db: Executor, projectId: number, envId: number, owner: number | null, offset: number, limit: number): Promise<{ total: number; rows: TaskWithUser[] }> {
  let base = db.selectFrom('export_tasks').where('project_id', '=', projectId).where('env_id', '=', envId).where('status', '<>', 'deleted');
  if (owner !== null) base = base.where('created_by', '=', owner);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let query = tasks(db).where('export_tasks.project_id', '=', projectId).where('export_tasks.env_id', '=', envId).where('export_tasks.status', '<>', 'deleted');
  if (owner !== null) query = query.where('export_tasks.created_by', '=', owner);
  const rows = await query.orderBy('export_tasks.id', 'desc').offset(offset).limit(limit).execute();
  return { total: count.n, rows };
}

export async function taskOfJob(db: Executor, jobId: number): Promise<ExportTaskRow | undefined> {
  return db.selectFrom('export_tasks').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export async function updateTask(db: Executor, id: number, values: Updateable<ExportTasksTable>): Promise<void> {
  await db.updateTable('export_tasks').set(values).where('id', '=', id).execute();
}

/** Appends one piece of the file; the sequence number makes a replayed step collide instead of duplicating. */
export async function insertChunk(db: Executor, taskId: number, seq: number, data: Buffer): Promise<void> {
  if (data.length === 0) return;
  await db.insertInto('export_file_chunks').values({ task_id: taskId, seq, data }).execute();
}

/** Pieces of the file after `afterSeq`, a few at a time, so a download holds one piece in memory at once. */
export async function chunksAfter(db: Executor, taskId: number, afterSeq: number, limit: number): Promise<{ seq: number; data: Buffer }[]> {
  return db.selectFrom('export_file_chunks').select(['seq', 'data']).where('task_id', '=', taskId).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
}

export async function deleteChunks(db: Executor, taskId: number): Promise<void> {
  await db.deleteFrom('export_file_chunks').where('task_id', '=', taskId).execute();
}

/** Finished tasks whose file expired before `now`, locked so two instances never expire one twice. */
export async function lockExpired(db: Executor, now: Date, limit: number): Promise<ExportTaskRow[]> {
  const result = await sql<ExportTaskRow>`
    SELECT * FROM export_tasks WHERE status = 'finished' AND expires_at <= ${now} ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(db);
  return result.rows;
}

/** Tasks still marked queued or running whose job ended without finishing them (failed, or given up). */
export async function lockAbandoned(db: Executor, limit: number): Promise<ExportTaskRow[]> {
  const result = await sql<ExportTaskRow>`
    SELECT t.* FROM export_tasks t JOIN jobs j ON j.id = t.job_id
    WHERE t.status IN ('queued', 'running') AND j.status IN ('failed', 'cancelled')
    ORDER BY t.id LIMIT ${limit} FOR UPDATE OF t SKIP LOCKED`.execute(db);
  return result.rows;
}

/** The project's code, for the file name. */
export async function projectCode(db: Executor, projectId: number): Promise<string | undefined> {
  return (await db.selectFrom('projects').select('code').where('id', '=', projectId).executeTakeFirst())?.code;
}

/** The environment row of a task, for reads that take a data scope. */
export async function envRow(db: Executor, envId: number): Promise<EnvRow | undefined> {
  return db.selectFrom('project_envs').selectAll().where('id', '=', envId).executeTakeFirst();
}
