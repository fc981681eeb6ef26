import type { ProjectAccess, RoleRight } from '@dcap/core';
import { AppError, intersectScopes } from '@dcap/core';
import type { ProjectRow } from '../../db/schema.js';
import type { Actor } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

/** The project a request acts on and what the caller is there. */
export interface ProjectContext {
  project: ProjectRow;
  access: ProjectAccess;
}

/**
 * Resolves the caller's standing in a project (spec 000 §6). A platform administrator has all rights; a
 * project administrator of this project has project rights; anyone else acts through the session's
 * current role, which must belong to this project, limited to the role's sites and to the sites of their
 * own assignment. A caller with no standing at all gets 404, so guessing ids reveals nothing.
 */
export async function resolveProjectAccess(db: Executor, actor: Actor, projectId: number): Promise<ProjectContext> {
  const project = await repo.findProject(db, projectId);
  if (!project) throw new AppError('project.not_found');
  const platformAdmin = actor.admin || actor.systemAdmin;
  const projectAdmin =
    !platformAdmin &&
    (await repo.isProjectAdmin(db, projectId, actor.userId));

  let role: ProjectAccess['role'] = null;
  if (actor.currentProjectId === projectId && actor.currentRoleId !== null) {
    const row = await repo.findActiveGrant(db, projectId, actor.currentRoleId, actor.userId);
    if (row) {
      role = {
        id: row.id,
        enabled: row.enabled,
        // The column's CHECK constraint admits only core's rights.
        rights: row.rights as RoleRight[],
        // What the holder acts for: their grant within the role's sites. Callers read it through core's
        // siteScope, which also gives a disabled role no site (spec 000 §6).
        sites: intersectScopes(row.role_all ? 'all' : row.role_sites, row.user_all ? 'all' : row.user_sites),
      };
    }
  }
  if (!platformAdmin && !projectAdmin && !role) {
    const member = await repo.isMember(db, projectId, actor.userId);
    // A member whose session is in another project is told to switch; a stranger learns nothing.
    throw new AppError(member ? 'project.no_current' : 'project.not_found');
  }
  return { project, access: { platformAdmin, projectAdmin, role } };
}
