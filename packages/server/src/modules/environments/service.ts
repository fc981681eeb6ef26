import type { Environment } from '@dcap/core';
import { AppError, applyPatch, auditValues, changeSet, hasChanges, isCleanableEnv, sortEnvironments } from '@dcap/core';
import type { z } from 'zod';
import type { createEnvSchema, updateEnvSchema } from '@dcap/core';
import type { EnvRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';
import { presentEnv } from './presenter.js';
import * as repo from './repo.js';

export { presentEnv } from './presenter.js';
/**
 * How other modules read and add environments inside their own transaction (a new project's environments,
 * the session's environment choice): through this module, never its repository.
 */
export { findEnvByKey, findLastEnv, insertEnv, listEnvs, rememberEnv } from './repo.js';

/** The audit row of an environment change: the environment is the entity, and the row names its key. */
const envEntry = (env: EnvRow, action: string, values: { oldValue?: unknown; newValue?: unknown }) => ({
  action,
  entityType: 'environment',
  entityId: env.id,
  env: env.key,
  ...values,
});

/** The project's environments in the spec's fixed order, sde last (spec 000 §2.6). */
export async function listEnvironments(deps: ServiceDeps, projectId: number): Promise<Environment[]> {
  return sortEnvironments((await repo.listEnvs(deps.db, projectId)).map(presentEnv));
}

/**
 * Environment administration is open in every project status (spec 000 §7.5 names no status rule), so the
 * writes below check no status; each commits with its audit row.
 */
export async function createEnvironment(deps: ServiceDeps, caller: ProjectCaller, body: z.output<typeof createEnvSchema>): Promise<Environment> {
  return projectWrite(deps, caller, { errorContext: { key: body.key } }, async (trx, audit) => {
    const row = await repo.insertEnv(trx, { project_id: caller.project.project.id, key: body.key, type: body.type, name: body.name, name_en: body.eName ?? null });
    await audit(envEntry(row, 'env.create', { newValue: { key: row.key, type: row.type, name: row.name, eName: row.name_en } }));
    return presentEnv(row);
  });
}

/** Loads an environment of the request's project; another project's id is "not found". */
async function ownEnv(db: Executor, context: ProjectContext, id: number): Promise<EnvRow> {
  const env = await repo.findEnv(db, id);
  if (!env || env.project_id !== context.project.id) throw new AppError('env.not_found');
  return env;
}

export async function updateEnvironment(deps: ServiceDeps, caller: ProjectCaller, body: z.output<typeof updateEnvSchema>): Promise<Environment> {
  return projectWrite(deps, caller, {}, async (trx, audit) => {
    const before = await ownEnv(trx, caller.project, body.id);
    const next = applyPatch({ name: before.name, eName: before.name_en }, body);
    const after = await repo.updateEnv(trx, before.id, { name: next.name, name_en: next.eName });
    // Old and new values of what changed only (COMPLIANCE AT-1, AT-6); an update changing nothing adds no row.
    const changes = changeSet({ name: before.name, eName: before.name_en }, { name: after.name, eName: after.name_en });
    if (hasChanges(changes)) await audit(envEntry(after, 'env.update', auditValues(changes)));
    return presentEnv(after);
  });
}

export async function setEnvironmentStatus(deps: ServiceDeps, caller: ProjectCaller, id: number, status: EnvRow['status']): Promise<Environment> {
  return projectWrite(deps, caller, {}, async (trx, audit) => {
    const before = await ownEnv(trx, caller.project, id);
    const after = await repo.updateEnv(trx, before.id, { status });
    if (before.status !== after.status) await audit(envEntry(after, 'env.status', { oldValue: { status: before.status }, newValue: { status: after.status } }));
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
  for (const table of ENVIRONMENT_DATA_TABLES) removed[table] = await repo.deleteEnvRows(trx, table, env.project_id, env.key);
  return removed;
}

/**
 * Cleans an environment's study data (spec 000 §7.5 cleanEnv). Never production (COMPLIANCE RT-2): data
 * entered for a real study is never hard-deleted. Returns what was removed, table by table.
 */
export async function cleanEnvironment(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<{ env: string; removed: Record<string, number> }> {
  return projectWrite(deps, caller, {}, async (trx, audit) => {
    const env = await ownEnv(trx, caller.project, id);
    if (!isCleanableEnv(env.type)) throw new AppError('env.not_cleanable');
    const removed = await removeEnvironmentData(trx, env);
    await audit(envEntry(env, 'env.clean', { newValue: { removed } }));
    return { env: env.key, removed };
  });
}
