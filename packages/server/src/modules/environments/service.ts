import type { Environment } from '@dcap/core';
import { AppError, applyPatch, auditValues, changeSet, hasChanges, isCleanableEnv, sortEnvironments } from '@dcap/core';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { createEnvSchema, updateEnvSchema } from '@dcap/core';
import { translatingErrors } from '../../db/errors.js';
import type { EnvRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import { insertAuditRow } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';
import * as repo from './repo.js';

export function presentEnv(row: EnvRow): Environment {
  return {
    id: row.id,
    projectId: row.project_id,
    key: row.key,
    envKey: row.key,
    name: row.name,
    eName: row.name_en,
    type: row.type,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

function audit(trx: Executor, actor: Actor, meta: RequestMeta, env: EnvRow, action: string, values: { oldValue?: unknown; newValue?: unknown }) {
  return insertAuditRow(trx, {
    actorId: actor.userId,
    actorUsername: actor.username,
    action,
    entityType: 'environment',
    entityId: env.id,
    projectId: env.project_id,
    env: env.key,
    ...values,
    ip: meta.ip,
  });
}

/** The project's environments in the spec's fixed order, sde last (spec 000 §2.6). */
export async function listEnvironments(deps: ServiceDeps, projectId: number): Promise<Environment[]> {
  return sortEnvironments((await repo.listEnvs(deps.db, projectId)).map(presentEnv));
}

export async function createEnvironment(deps: ServiceDeps, actor: Actor, body: z.output<typeof createEnvSchema>, meta: RequestMeta): Promise<Environment> {
  return translatingErrors(
    () =>
      deps.db.transaction().execute(async (trx) => {
        const row = await repo.insertEnv(trx, { project_id: body.projectId, key: body.key, type: body.type, name: body.name, name_en: body.eName ?? null });
        await audit(trx, actor, meta, row, 'env.create', { newValue: { key: row.key, type: row.type, name: row.name, eName: row.name_en } });
        return presentEnv(row);
      }),
    { key: body.key },
  );
}

/** Loads an environment of the request's project; another project's id is "not found". */
async function ownEnv(db: Executor, context: ProjectContext, id: number): Promise<EnvRow> {
  const env = await repo.findEnv(db, id);
  if (!env || env.project_id !== context.project.id) throw new AppError('env.not_found');
  return env;
}

export async function updateEnvironment(deps: ServiceDeps, actor: Actor, context: ProjectContext, body: z.output<typeof updateEnvSchema>, meta: RequestMeta): Promise<Environment> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await ownEnv(trx, context, body.id);
    const next = applyPatch({ name: before.name, eName: before.name_en }, body);
    const after = await repo.updateEnv(trx, before.id, { name: next.name, name_en: next.eName });
    // Old and new values of what changed only (COMPLIANCE AT-1, AT-6); an update changing nothing adds no row.
    const changes = changeSet({ name: before.name, eName: before.name_en }, { name: after.name, eName: after.name_en });
    if (hasChanges(changes)) await audit(trx, actor, meta, after, 'env.update', auditValues(changes));
    return presentEnv(after);
  });
}

export async function setEnvironmentStatus(deps: ServiceDeps, actor: Actor, context: ProjectContext, id: number, status: EnvRow['status'], meta: RequestMeta): Promise<Environment> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await ownEnv(trx, context, id);
    const after = await repo.updateEnv(trx, before.id, { status });
    if (before.status !== after.status) await audit(trx, actor, meta, after, 'env.status', { oldValue: { status: before.status }, newValue: { status: after.status } });
    return presentEnv(after);
  });
}

/**
 * Tables holding study data scoped by project and environment. Cleaning an environment empties them for
 * that environment; each later data domain (subjects, record data, queries …) registers its table here.
 */
export const ENVIRONMENT_DATA_TABLES: readonly string[] = [];

/** Empties one environment's study data, table by table, inside the caller's transaction. */
export async function removeEnvironmentData(trx: Executor, env: EnvRow): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const table of ENVIRONMENT_DATA_TABLES) {
    const result = await sql`DELETE FROM ${sql.table(table)} WHERE project_id = ${env.project_id} AND env = ${env.key}`.execute(trx);
    removed[table] = Number(result.numAffectedRows ?? 0);
  }
  return removed;
}

/**
 * Cleans an environment's study data (spec 000 §7.5 cleanEnv). Never production (COMPLIANCE RT-2): data
 * entered for a real study is never hard-deleted. Returns what was removed, table by table.
 */
export async function cleanEnvironment(deps: ServiceDeps, actor: Actor, context: ProjectContext, id: number, meta: RequestMeta): Promise<{ env: string; removed: Record<string, number> }> {
  return deps.db.transaction().execute(async (trx) => {
    const env = await ownEnv(trx, context, id);
    if (!isCleanableEnv(env.type)) throw new AppError('env.not_cleanable');
    const removed = await removeEnvironmentData(trx, env);
    await audit(trx, actor, meta, env, 'env.clean', { newValue: { removed } });
    return { env: env.key, removed };
  });
}
