import type { EnvType } from '@dcap/core';
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
