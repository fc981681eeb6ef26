import type { EnvType } from '@dcap/core';
import { sql } from 'kysely';
import type { EnvRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

export async function listEnvs(db: Executor, projectId: number): Promise<EnvRow[]> {
  return db.selectFrom('project_envs').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

export async function findEnv(db: Executor, id: number): Promise<EnvRow | undefined> {
  return db.selectFrom('project_envs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findEnvByKey(db: Executor, projectId: number, key: string): Promise<EnvRow | undefined> {
  return db.selectFrom('project_envs').selectAll().where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
}

export async function insertEnv(
  db: Executor,
  values: { project_id: number; key: string; type: EnvType; name: string; name_en: string | null },
): Promise<EnvRow> {
  return db.insertInto('project_envs').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEnv(db: Executor, id: number, values: Partial<Pick<EnvRow, 'name' | 'name_en' | 'status'>>): Promise<EnvRow> {
  return db.updateTable('project_envs').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The environment a user last chose in a project (migration 0014), kept across sessions. */
export async function findLastEnv(db: Executor, userId: number, projectId: number): Promise<string | null> {
  const row = await db.selectFrom('user_project_envs').select('env').where('user_id', '=', userId).where('project_id', '=', projectId).executeTakeFirst();
  return row?.env ?? null;
}

export async function rememberEnv(db: Executor, values: { userId: number; projectId: number; env: string; at: Date }): Promise<void> {
  await db
    .insertInto('user_project_envs')
    .values({ user_id: values.userId, project_id: values.projectId, env: values.env, chosen_at: values.at })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ env: values.env, chosen_at: values.at }))
    .execute();
}

/**
 * One value that changes whenever the project's configuration or development design changes: the project
 * row's version, and the count and latest change of its instruments, events, visit matrix and
 * dictionaries. Deletions change a count; edits change a revision or a time.
 */
export async function configRevision(db: Executor, projectId: number): Promise<string | null> {
  const result = await sql<{ revision: string | null }>`
    SELECT md5(concat_ws('|',
      p.version,
      (SELECT count(*) || '.' || coalesce(sum(i.revision), 0) || '.' || coalesce(max(i.updated_at)::text, '') FROM instruments i WHERE i.project_id = p.id),
      (SELECT count(*) || '.' || coalesce(max(e.updated_at)::text, '') FROM events e WHERE e.project_id = p.id),
      (SELECT count(*) || '.' || coalesce(sum(m.event_id::bigint * 1000003 + m.instrument_id), 0) FROM event_instruments m WHERE m.project_id = p.id),
      (SELECT count(*) || '.' || coalesce(max(d.updated_at)::text, '') FROM dicts d WHERE d.project_id = p.id)
    )) AS revision
    FROM projects p WHERE p.id = ${projectId}`.execute(db);
  return result.rows[0]?.revision ?? null;
}

/** Removes one environment's rows from a study-data table; the table name comes from the code, never a request. */
export async function deleteEnvRows(db: Executor, table: string, projectId: number, env: string): Promise<number> {
  const result = await sql`DELETE FROM ${sql.table(table)} WHERE project_id = ${projectId} AND env = ${env}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
