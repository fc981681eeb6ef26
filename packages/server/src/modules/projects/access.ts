import type { ProjectAccess, RoleRight } from '@dcap/core';
import { AppError, intersectScopes } from '@dcap/core';
import type { EnvRow, ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

/** The project a request acts on and what the caller is there. */
export interface ProjectContext {
  project: ProjectRow;
  access: ProjectAccess;
  /**
   * Read with the standing, so a call spends no statement on them again: the alias of the caller's role
   * (audit rows record it) and the session's environment in this project (null: none). Absent on contexts
   * built another way, whose users read them themselves.
   */
  roleAlias?: string | null;
  sessionEnv?: EnvRow | null;
}

/**
 * Resolves the caller's standing in a project (spec 000 §6). A platform administrator has all rights; a
 * project administrator of this project has project rights; anyone else acts through the session's
 * current role, which must belong to this project, limited to the role's sites and to the sites of their
 * own assignment. A caller with no standing at all gets 404, so guessing ids reveals nothing.
 */
export async function resolveProjectAccess(db: Executor, actor: Actor, projectId: number): Promise<ProjectContext> {
  const inProject = actor.currentProjectId === projectId;
  const standing = await repo.findProjectStanding(db, projectId, actor.userId, inProject ? actor.currentRoleId : null, inProject ? actor.currentEnv : null);
  if (!standing) throw new AppError('project.not_found');
  const { project, grant } = standing;
  const platformAdmin = actor.admin || actor.systemAdmin;
  const projectAdmin = !platformAdmin && standing.projectAdmin;

  const role: ProjectAccess['role'] = grant && {
    id: grant.id,
    enabled: grant.enabled,
    // The column's CHECK constraint admits only core's rights.
    rights: grant.rights as RoleRight[],
    // What the holder acts for: their grant within the role's sites. Callers read it through core's
    // siteScope, which also gives a disabled role no site (spec 000 §6).
    sites: intersectScopes(grant.role_all ? 'all' : grant.role_sites, grant.user_all ? 'all' : grant.user_sites),
  };
  if (!platformAdmin && !projectAdmin && !role) {
    const member = await repo.isMember(db, projectId, actor.userId);
    // A member whose session is in another project is told to switch; a stranger learns nothing.
    throw new AppError(member ? 'project.no_current' : 'project.not_found');
  }
  return { project, access: { platformAdmin, projectAdmin, role }, roleAlias: grant?.alias ?? null, sessionEnv: standing.env };
}
