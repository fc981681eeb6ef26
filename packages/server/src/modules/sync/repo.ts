import { sql } from 'kysely';
import type { EnvRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** Serialises sync requests of one project until the transaction ends (one sync per project at a time). */
export async function lockSyncQueue(db: Executor, lockKey: number, projectId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${lockKey}, ${projectId})`.execute(db);
}

export async function findEnvByKey(db: Executor, projectId: number, key: string): Promise<Pick<EnvRow, 'id'> | undefined> {
  return db.selectFrom('project_envs').select('id').where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
}
