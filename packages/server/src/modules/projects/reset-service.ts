import type { ResetResult, SyncType } from '@dcap/core';
import { AppError, canResetProduction, canResetTestData, isCleanableEnv } from '@dcap/core';
import type { EnvRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import { projectWrite } from '../../http/project-write.js';
import { listEnvs, removeEnvironmentData } from '../environments/service.js';
import { clearEnvVersion } from '../publishing/snapshot.js';
import type { ProjectContext } from './access.js';
import * as repo from './repo.js';
import { projectEntry } from './service.js';

/**
 * Resets the named parts of some environments inside the caller's transaction: `data` empties their study
 * data, `design` takes away the design version they run (versions themselves are never removed, so data
 * entered with one keeps its design; the environment runs nothing until the next publication or sync).
 */
async function resetEnvironments(trx: Executor, envs: readonly EnvRow[], types: readonly SyncType[]): Promise<Omit<ResetResult, 'types'>> {
  const removed: ResetResult['removed'] = {};
  const designs: ResetResult['designs'] = {};
  for (const env of envs) {
    if (types.includes('data')) removed[env.key] = await removeEnvironmentData(trx, env);
    if (types.includes('design')) {
      designs[env.key] = await clearEnvVersion(trx, env.id);
    }
  }
  return { removed, designs };
}

/**
 * Reset test data (spec 000 §4.2, §7.4 resetTest with typesStr): while the project is still being tested,
 * resets the named parts of every environment but production, in one audited transaction. Without
 * `typesStr` only the study data is reset, as before the call took parts. The development environment's
 * draft is never touched: it is the design being tested.
 */
export async function resetTestData(deps: ServiceDeps, actor: Actor, context: ProjectContext, types: readonly SyncType[], meta: RequestMeta): Promise<ResetResult> {
  // The status rule (core canResetTestData) is checked on the row locked for the reset.
  return projectWrite(deps, { actor, project: context, meta }, {}, async (trx, audit) => {
    const project = await repo.findProjectForUpdate(trx, context.project.id);
    if (!project) throw new AppError('project.not_found');
    if (!canResetTestData(project.status)) throw new AppError('project.status_forbids', { status: project.status });
    const envs = (await listEnvs(trx, project.id)).filter((env) => isCleanableEnv(env.type));
    const result = { types: [...types], ...(await resetEnvironments(trx, envs, types)) };
    await audit(projectEntry(project.id, 'project.resetTest', { newValue: result }));
    return result;
  });
}

/**
 * Reset production data (spec 000 §4.2, §7.4 resetPro): a right of its own (`project.resetProduction`,
 * project administrators only) and a typed confirmation: `confirmCode` must be the project's code. Refused
 * once the project has gone online (core canResetProduction, docs/decisions.md).
 */
export async function resetProductionData(
  deps: ServiceDeps,
  actor: Actor,
  context: ProjectContext,
  types: readonly SyncType[],
  confirmCode: string,
  meta: RequestMeta,
): Promise<ResetResult> {
  return projectWrite(deps, { actor, project: context, meta }, {}, async (trx, audit) => {
    const project = await repo.findProjectForUpdate(trx, context.project.id);
    if (!project) throw new AppError('project.not_found');
    if (confirmCode !== project.code) throw new AppError('project.reset_confirmation_mismatch');
    if (!canResetProduction(project.status)) throw new AppError('project.reset_production_live', { status: project.status });
    const envs = (await listEnvs(trx, project.id)).filter((env) => env.type === 'prd');
    const result = { types: [...types], ...(await resetEnvironments(trx, envs, types)) };
    await audit(projectEntry(project.id, 'project.resetPro', { newValue: result }));
    return result;
  });
}
