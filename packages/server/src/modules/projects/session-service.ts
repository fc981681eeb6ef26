import type { ProjectStatus } from '@dcap/core';
import { AppError, auditValues, changeSet, hasChanges, isPlatformAdmin, sessionEnvironment } from '@dcap/core';
import type { EnvRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { appendAudit } from '../audit/trail.js';
import { setSessionSelection } from '../auth/sessions.js';
import { findLastEnv, listEnvs, rememberEnv } from '../environments/service.js';
import { findProject, isProjectAdmin, userRolesInProject } from './repo.js';

export interface SessionSelection {
  projectId: number | null;
  roleId: number | null;
  env: string | null;
}

/**
 * Moves the session to a project, role and environment in one transaction with its audit row: which role
 * and environment a person acted in is part of every later row's meaning (COMPLIANCE AT-1), so a switch
 * records where the session was and where it went. A switch to where it already is records nothing.
 */
export async function setSelection(
  deps: ServiceDeps,
  actor: Actor,
  selection: SessionSelection,
  meta: RequestMeta,
  options: { rememberEnv?: boolean; /** Recorded with the new values (the session a window took its selection from). */ origin?: Record<string, unknown> } = {},
): Promise<void> {
  const before = { projectId: actor.currentProjectId, roleId: actor.currentRoleId, env: actor.currentEnv };
  await deps.db.transaction().execute(async (trx) => {
    await setSessionSelection(trx, actor.sessionId, selection);
    // Spec 000 §4.4: an environment the user chose is kept beyond the session, for their next entry.
    if (options.rememberEnv && selection.projectId !== null && selection.env !== null) {
      await rememberEnv(trx, { userId: actor.userId, projectId: selection.projectId, env: selection.env, at: deps.clock.now() });
    }
    const changes = changeSet(before, { ...selection });
    if (!hasChanges(changes)) return;
    await appendAudit(trx, {
      actorId: actor.userId,
      actorUsername: actor.username,
      action: 'session.switch',
      entityType: 'session',
      entityId: actor.sessionId,
      projectId: selection.projectId,
      env: selection.env,
      ...(options.origin ? { oldValue: auditValues(changes).oldValue, newValue: { ...auditValues(changes).newValue, ...options.origin } } : auditValues(changes)),
      ip: meta.ip,
    });
  });
  deps.sessions.forgetSession(actor.sessionId);
}


/**
 * Which environment a session lands in: the user's last choice while it can still be chosen, otherwise
 * production once the study runs and test before (core sessionEnvironment). Null when none is usable (the
 * web then shows /tools/EnvDisabled).
 */
export function defaultEnvironment(envs: readonly EnvRow[], status: ProjectStatus, lastChosen: string | null = null): string | null {
  return sessionEnvironment(envs, status, lastChosen)?.key ?? null;
}

/**
 * Switches the session to a project (spec 000 §4.4 "store project"): its first enabled role and default
 * environment. A platform or project administrator may enter without a role; anyone else needs one.
 */
export async function storeProject(deps: ServiceDeps, actor: Actor, meta: RequestMeta, projectId: number): Promise<SessionSelection> {
  const { db } = deps;
  const project = await findProject(db, projectId);
  if (!project || project.status === 'OFFLINE') throw new AppError('project.not_found');
  const manager = isPlatformAdmin(actor) || (await isProjectAdmin(db, projectId, actor.userId));
  const roles = await userRolesInProject(db, actor.userId, projectId);
  if (!manager && roles.length === 0) throw new AppError('project.not_found');
  const [envs, lastChosen] = await Promise.all([listEnvs(db, projectId), findLastEnv(db, actor.userId, projectId)]);
  const selection = { projectId, roleId: roles[0]?.id ?? null, env: defaultEnvironment(envs, project.status, lastChosen) };
  await setSelection(deps, actor, selection, meta);
  return selection;
}

/** Switches the session's role within its current project; a disabled role cannot be chosen (spec 000 §5). */
export async function storeRole(deps: ServiceDeps, actor: Actor, meta: RequestMeta, roleId: number): Promise<SessionSelection> {
  const { db } = deps;
  if (actor.currentProjectId === null) throw new AppError('project.no_current');
  const role = (await userRolesInProject(db, actor.userId, actor.currentProjectId)).find((r) => r.id === roleId);
  if (!role) throw new AppError('role.not_found');
  if (!role.enabled) throw new AppError('role.disabled');
  const selection = { projectId: actor.currentProjectId, roleId, env: actor.currentEnv };
  await setSelection(deps, actor, selection, meta);
  return selection;
}

/** GET /dcap/projectEnv/selectEnv/{env}: an environment of the current project whose status is normal. */
export async function selectEnvironment(deps: ServiceDeps, actor: Actor, meta: RequestMeta, key: string): Promise<SessionSelection> {
  const { db } = deps;
  if (actor.currentProjectId === null) throw new AppError('project.no_current');
  const env = (await listEnvs(db, actor.currentProjectId)).find((e) => e.key === key);
  if (!env) throw new AppError('env.not_found');
  if (env.status !== 'normal') throw new AppError('env.disabled');
  const selection = { projectId: actor.currentProjectId, roleId: actor.currentRoleId, env: env.key };
  await setSelection(deps, actor, selection, meta, { rememberEnv: true });
  return selection;
}
