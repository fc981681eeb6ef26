import { AppError, isDesignEnvironment } from '@dcap/core';
import type { Transaction } from 'kysely';
import { translatingErrors } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Caller, ProjectAuditEntry } from '../roles/caller.js';
import { projectAuditor, requireProjectState } from '../roles/caller.js';

export type DesignAudit = (entry: Omit<ProjectAuditEntry, 'env'>) => Promise<void>;
export type DesignWork<T> = (trx: Transaction<Database>, audit: DesignAudit) => Promise<T>;

/**
 * The session's environment must be a development one (spec 000 §4.3: "Some functions are available only
 * in dev-type environments (dev, sde)"): the design is drafted there and reaches test and production only
 * by publishing. A caller acting on a project other than their session's has no environment in it.
 */
async function requireDevEnvironment(trx: Transaction<Database>, caller: Caller): Promise<string> {
  const projectId = caller.project.project.id;
  const key = caller.actor.currentProjectId === projectId ? caller.actor.currentEnv : null;
  const env =
    key === null
      ? undefined
      : await trx.selectFrom('project_envs').select(['type', 'status']).where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
  if (!env || !isDesignEnvironment(env)) throw new AppError('design.dev_env_required');
  return key ?? '';
}

/**
 * Runs a design change: one transaction that first checks the project status allows configuration edits
 * (spec 000 §4.3; the caller holds the design right, so "paused on test" is open to them) and that the
 * session is in a development environment, then does the work, whose audit rows commit with it.
 */
export async function designWrite<T>(deps: ServiceDeps, caller: Caller, work: DesignWork<T>, context: Record<string, string> = {}): Promise<T> {
  return translatingErrors(
    () =>
      deps.db.transaction().execute(async (trx) => {
        await requireProjectState(trx, caller, 'configDataEditable', true);
        const env = await requireDevEnvironment(trx, caller);
        const audit = await projectAuditor(trx, caller);
        return work(trx, (entry) => audit({ ...entry, env }));
      }),
    context,
  );
}
